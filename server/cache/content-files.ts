// The content store's file cache: each content file's text with its parsed and validated values, kept while the
// file's stat stamp holds and git's HEAD has not moved.
import { lstat } from 'node:fs/promises'
import type { z } from 'zod'
import { gitHeadStamp } from '../lib/git-head'
import { NotPlainFileError, notPlainReason, readPlainFile } from '../lib/plain-file'

/** A content file as last read: its text, parsed YAML and validated values, valid while its stat stamp holds. */
export interface CachedFile {
  stamp: string
  text: string
  yaml?: { value: unknown } | { error: Error }
  validated: WeakMap<z.ZodType, unknown>
  /** Why the file is not read (a symbolic link, a folder: server/lib/plain-file.ts); its text is then empty. */
  unreadable?: string
  /** When the file is broken: its last valid version per schema (null: there is none). */
  fallbacks: WeakMap<z.ZodType, { value: unknown } | null>
}

/** A link put in the file's place between its look and its read is unreadable too; other errors stand. */
const keepReason = (entry: CachedFile) => (err: unknown) => {
  if (!(err instanceof NotPlainFileError)) throw err
  entry.unreadable = err.message
  return ''
}

/** HEAD is looked at no more than this often; file stamps are checked on every read. */
const HEAD_CHECK_MS = 20

/**
 * Every load first checks the file's size, mtime and inode (and, at most every 20 ms, git's HEAD and the ref it
 * names): a changed file is read again, and a moved HEAD drops every entry. The values parsed and validated from a
 * file are kept on its entry by the content store (server/lib/content-store.ts), so they go with it.
 */
export class ContentFileCache {
  private files = new Map<string, CachedFile>()
  private head: { at: number; stamp: Promise<string> } | null = null

  constructor(readonly root: string) {}

  /** Drops every cached file when HEAD moved (a belt to the per-file stamps' braces). */
  private async checkHead(): Promise<void> {
    const now = Date.now()
    if (this.head && now - this.head.at < HEAD_CHECK_MS) return
    const previous = this.head ? await this.head.stamp : null
    const stamp = gitHeadStamp(this.root)
    this.head = { at: now, stamp }
    if (previous !== null && previous !== (await stamp)) this.files.clear()
  }

  /** The file's entry as it is now; a file that cannot be read (missing included) throws and is forgotten. */
  async load(path: string): Promise<CachedFile> {
    await this.checkHead()
    try {
      const info = await lstat(path)
      const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`
      const known = this.files.get(path)
      if (known?.stamp === stamp) return known
      const entry: CachedFile = { stamp, text: '', validated: new WeakMap(), fallbacks: new WeakMap() }
      const unreadable = notPlainReason(info)
      if (unreadable) entry.unreadable = unreadable
      else entry.text = await readPlainFile(path).then((data) => data.toString('utf8'), keepReason(entry))
      this.files.set(path, entry)
      return entry
    } catch (err) {
      this.files.delete(path)
      throw err
    }
  }
}

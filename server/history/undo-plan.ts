// What undoing one change would write: its inverse applied to today's files (a three-way merge per file, as
// `git revert` does), or the later change that touched the same lines when it cannot be undone on its own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { blobAt, git, GitCommandError, resolveCommit } from './git-read'
import { HistoryError } from './history-error'
import { describeEntries } from './entry-words'
import { logRecords } from './log-records'
import type { HistoryEntry } from './history.types'
import { HISTORY_PATHS, isUploadPath, itemOfPath, referencedUploads } from './items'
import { requireCommit } from './commit-detail'
import { findUpload, validateRestored } from './restore-plan'
import { readDisk } from './uncommitted'

export interface UndoPlan {
  hash: string
  parent: string
  /** The change being undone, as History lists it. */
  entry: HistoryEntry
  writes: { path: string; bytes: Buffer | null }[]
  items: string[]
  message: string
  restoredImages: string[]
}

/** A later change touched the same lines: the undo is refused and names it. */
export class UndoConflict extends HistoryError {
  constructor(
    message: string,
    readonly details: { conflict: HistoryEntry; item: string; path: string; before: string },
  ) {
    super(409, message)
    this.name = 'UndoConflict'
  }
}

async function entryOf(root: string, hash: string): Promise<HistoryEntry> {
  const [entry] = await describeEntries(root, await logRecords(root, [], ['-n', '1'], [hash]))
  return entry
}

const same = (a: Buffer | null, b: Buffer | null) => (a === null ? b === null : b !== null && a.equals(b))

/**
 * The file as it should be after taking the change (base -> undone) out of `current`; null content means the file
 * goes; `conflict` when a later edit of the same lines (or of a whole image) stands in the way.
 */
async function inverse(
  current: Buffer | null,
  base: Buffer | null,
  undone: Buffer | null,
  path: string,
): Promise<{ bytes: Buffer | null } | 'conflict'> {
  if (same(current, base)) return { bytes: undone }
  if (same(current, undone)) return { bytes: current }
  if (current === null || base === null || undone === null || isUploadPath(path)) return 'conflict'
  const dir = await mkdtemp(join(tmpdir(), 'undo-'))
  try {
    const files = ['current', 'base', 'undone'].map((n) => join(dir, n))
    await Promise.all([writeFile(files[0], current), writeFile(files[1], base), writeFile(files[2], undone)])
    try {
      return { bytes: Buffer.from(await git(dir, ['merge-file', '-p', ...files]), 'utf8') }
    } catch (err) {
      // merge-file exits with the number of conflicts; a negative (>127) exit is a real failure.
      if (err instanceof GitCommandError && err.code !== null && err.code > 0 && err.code < 128) return 'conflict'
      throw err
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The first change after `hash` whose version of the file the undo cannot be applied to: the one that is in the way. */
async function conflictingChange(
  root: string,
  hash: string,
  path: string,
  base: Buffer | null,
  undone: Buffer | null,
): Promise<HistoryEntry> {
  const later = (await git(root, ['rev-list', '--reverse', '--first-parent', `${hash}..HEAD`, '--', path])).split('\n').filter(Boolean)
  for (const rev of later) {
    if ((await inverse(await blobAt(root, rev, path), base, undone, path)) === 'conflict') return entryOf(root, rev)
  }
  return entryOf(root, later.at(-1) ?? 'HEAD')
}

/** Works out the undo of one content change against the files on disk now; runs inside the write queue to write. */
export async function planUndo(root: string, rev: string): Promise<UndoPlan> {
  const hash = await requireCommit(root, rev)
  const parent = await resolveCommit(root, `${hash}^1`)
  const entry = await entryOf(root, hash)
  if (!parent) {
    throw new HistoryError(422, 'This is the initial content: undoing it would empty the site. Restore an item to a later version instead.')
  }
  const paths = (await git(root, ['diff-tree', '-r', '-z', '--name-only', '--no-renames', parent, hash, '--', ...HISTORY_PATHS]))
    .split('\0')
    .filter(Boolean)
  if (paths.length === 0) throw new HistoryError(422, `${entry.shortHash} did not change the site's content; there is nothing to undo.`)

  const writes = new Map<string, Buffer | null>()
  for (const path of paths) {
    const base = await blobAt(root, hash, path)
    const undone = await blobAt(root, parent, path)
    const current = await readDisk(root, path)
    const result = await inverse(current, base, undone, path)
    if (result === 'conflict') {
      const later = await conflictingChange(root, hash, path, base, undone)
      const item = itemOfPath(path) ?? path
      throw new UndoConflict(
        `A later change, "${later.summary}" (${later.shortHash}), changed the same part of ${path}. Restore the item as it was before this change instead, or cancel.`,
        { conflict: later, item, path, before: parent },
      )
    }
    if (!same(result.bytes, current)) writes.set(path, result.bytes)
  }
  for (const [path, bytes] of writes) if (bytes && !isUploadPath(path)) validateRestored(path, bytes.toString('utf8'), hash)

  // Pictures the content refers to again come back if a separate change removed them since.
  const restoredImages: string[] = []
  for (const [path, bytes] of [...writes]) {
    if (!bytes || isUploadPath(path)) continue
    for (const upload of referencedUploads(bytes.toString('utf8'))) {
      if (writes.has(upload) || (await readDisk(root, upload)) !== null) continue
      const image = await findUpload(root, parent, upload)
      if (!image) continue
      writes.set(upload, image)
      restoredImages.push(upload)
    }
  }

  const items = [...new Set([...writes.keys()].map((p) => itemOfPath(p)).filter((i): i is string => i !== null))]
  return {
    hash,
    parent,
    entry,
    writes: [...writes].map(([path, bytes]) => ({ path, bytes })),
    items,
    message: `Undo "${entry.summary}" (${entry.shortHash})`,
    restoredImages,
  }
}

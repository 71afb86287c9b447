// Uploads waiting for the save that uses them: kept under DATA_DIR/pending-uploads (outside git), committed into
// uploads/ together with the first content change that refers to them, so adding a picture is one commit.
import { copyFile, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileExists, writeFileAtomic } from '../lib/files'
import { UPLOAD_NAME_PATTERN, UPLOADS_DIR, uploadItem } from './uploads.store'

/** A pending upload no save used within a day is dropped (the dashboard saves within seconds of uploading). */
const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000

export class PendingUploads {
  readonly dir: string

  constructor(
    dataDir: string,
    private readonly contentRoot: string,
  ) {
    this.dir = join(dataDir, 'pending-uploads')
  }

  private file(name: string): string {
    if (!UPLOAD_NAME_PATTERN.test(name)) throw new Error(`Not an upload name: ${name}`)
    return join(this.dir, name)
  }

  async save(name: string, data: Uint8Array): Promise<void> {
    await this.prune()
    await writeFileAtomic(this.file(name), data)
  }

  /** The waiting file's bytes, or null (also for names that are not upload names). */
  async read(name: string): Promise<Buffer | null> {
    if (!UPLOAD_NAME_PATTERN.test(name)) return null
    return readFile(this.file(name)).catch(() => null)
  }

  async has(name: string): Promise<boolean> {
    return UPLOAD_NAME_PATTERN.test(name) && fileExists(this.file(name))
  }

  async discard(name: string): Promise<void> {
    if (UPLOAD_NAME_PATTERN.test(name)) await rm(this.file(name), { force: true })
  }

  /**
   * ContentRepo companion hook: the pending uploads that the files a change wrote mention are copied into uploads/
   * (the pending copy stays until the commit succeeds, so a failed save leaves the upload waiting as it was).
   */
  async companionsOf(paths: string[]): Promise<{ paths: string[]; items: string[] }> {
    const names = new Set<string>()
    for (const path of paths) {
      if (!/^content\/.+\.(ya?ml|md|json)$/.test(path)) continue
      const text = await readFile(join(this.contentRoot, path), 'utf8').catch(() => '')
      for (const m of text.matchAll(/\/uploads\/([a-z0-9][a-z0-9-]*\.(?:jpg|png|webp|gif))(?![a-z0-9.-])/g)) names.add(m[1])
    }
    const added: string[] = []
    for (const name of [...names].sort()) {
      const target = join(this.contentRoot, UPLOADS_DIR, name)
      if (!(await this.has(name)) || (await fileExists(target))) continue
      await mkdir(join(this.contentRoot, UPLOADS_DIR), { recursive: true })
      await copyFile(this.file(name), target)
      added.push(name)
    }
    return { paths: added.map((n) => `${UPLOADS_DIR}/${n}`), items: added.map(uploadItem) }
  }

  /** After a commit: the uploads it took in are no longer pending. */
  async settle(items: string[]): Promise<string[]> {
    const settled: string[] = []
    for (const item of items) {
      const name = item.startsWith(`${UPLOADS_DIR}/`) ? item.slice(UPLOADS_DIR.length + 1) : ''
      if (!(await this.has(name)) || !(await fileExists(join(this.contentRoot, UPLOADS_DIR, name)))) continue
      await this.discard(name)
      settled.push(name)
    }
    return settled
  }

  /** Drops pending uploads older than a day (an upload whose save never came). */
  async prune(now = Date.now()): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    for (const name of names) {
      const info = await stat(join(this.dir, name)).catch(() => null)
      if (info && now - info.mtimeMs > PENDING_MAX_AGE_MS) await rm(join(this.dir, name), { force: true })
    }
  }
}

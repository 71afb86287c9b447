// A fingerprint of everything under content/ plus git's HEAD, taken once for all the requests that arrived together.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

function stampOf(path: string): string {
  const s = statSync(path, { throwIfNoEntry: false })
  return s ? `${s.size}:${s.mtimeMs}:${s.ino}` : '-'
}

/** A directory's entries as last listed, reused while the directory's own stamp holds. */
interface Listing {
  stamp: string
  files: string[]
  dirs: string[]
}

/** A directory changed this recently is listed again even when its stamp looks the same (coarse file-system clocks). */
const RACY_MS = 2000

/** HEAD's text, read again only when its stamp changed or it changed in the last RACY_MS (git renames it in). */
let headCache: { path: string; stamp: string; text: string } | null = null

function readHead(path: string): string | null {
  const s = statSync(path, { throwIfNoEntry: false })
  if (!s) return null
  const stamp = `${s.size}:${s.mtimeMs}:${s.ino}`
  if (headCache?.path === path && headCache.stamp === stamp && Date.now() - s.mtimeMs >= RACY_MS) return headCache.text
  try {
    headCache = { path, stamp, text: readFileSync(path, 'utf8').trim() }
  } catch {
    return null
  }
  return headCache.text
}

function headStamp(root: string): string {
  const gitDir = join(root, '.git')
  const head = readHead(join(gitDir, 'HEAD'))
  if (head === null) return '-'
  const ref = /^ref:\s*(\S+)/.exec(head)?.[1]
  if (!ref || ref.includes('..')) return head
  return `${head}|${stampOf(join(gitDir, ref))}|${stampOf(join(gitDir, 'packed-refs'))}`
}

/**
 * `current()` answers with a fingerprint taken after the call was made, so a change made with plain git (or by
 * hand) before a request is always seen by it. The check is synchronous and runs once per turn of the event loop:
 * requests that arrived together share it, so under load the file system is asked once per batch of requests.
 * Every file is stat'ed on every check (an in-place edit changes only the file); a directory is listed again only
 * when its own stamp changed (an entry added, removed or renamed into it, atomic writes included) or it changed in
 * the last RACY_MS, and missing files are stat'ed without throwing: about a third of the cost of listing everything.
 */
export class ContentGeneration {
  private value = ''
  private checkedAt = -1
  private listings = new Map<string, Listing>()

  /** `dirs`: the directories under root whose files count (content/ by default; uploads/ for image hashes). */
  constructor(
    readonly root: string,
    private dirs: string[] = ['content'],
  ) {}

  private stamps(dir: string, out: string[], now: number): void {
    const s = statSync(dir, { throwIfNoEntry: false })
    if (!s?.isDirectory()) {
      this.listings.delete(dir)
      out.push(`${dir}/:-`)
      return
    }
    const stamp = `${s.mtimeMs}:${s.ino}`
    let listing = this.listings.get(dir)
    if (!listing || listing.stamp !== stamp || now - s.mtimeMs < RACY_MS) {
      const entries = readdirSync(dir, { withFileTypes: true })
      listing = {
        stamp,
        files: entries.filter((e) => !e.isDirectory()).map((e) => join(dir, e.name)),
        dirs: entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name)),
      }
      this.listings.set(dir, listing)
    }
    out.push(`${dir}/:${stamp}`)
    for (const file of listing.files) out.push(`${file}:${stampOf(file)}`)
    for (const sub of listing.dirs) this.stamps(sub, out, now)
  }

  async current(): Promise<string> {
    const arrived = performance.now()
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (this.checkedAt < arrived) {
      const out: string[] = []
      for (const dir of this.dirs) this.stamps(join(this.root, dir), out, Date.now())
      this.value = `${headStamp(this.root)}\n${out.join('\n')}`
      this.checkedAt = performance.now()
    }
    return this.value
  }
}

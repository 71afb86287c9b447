// A fingerprint of everything under content/ plus git's HEAD, taken once for all the requests that arrived together.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

function stampOf(path: string): string {
  try {
    const s = statSync(path)
    return `${s.size}:${s.mtimeMs}:${s.ino}`
  } catch {
    return '-'
  }
}

function contentStamps(dir: string, out: string[]): void {
  let entries: import('node:fs').Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const e of entries) {
    const path = join(dir, e.name)
    if (e.isDirectory()) contentStamps(path, out)
    else out.push(`${path}:${stampOf(path)}`)
  }
}

function headStamp(root: string): string {
  const gitDir = join(root, '.git')
  let head = ''
  try {
    head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim()
  } catch {
    return '-'
  }
  const ref = /^ref:\s*(\S+)/.exec(head)?.[1]
  if (!ref || ref.includes('..')) return head
  return `${head}|${stampOf(join(gitDir, ref))}|${stampOf(join(gitDir, 'packed-refs'))}`
}

/**
 * `current()` answers with a fingerprint taken after the call was made, so a change made with plain git (or by
 * hand) before a request is always seen by it. The check is synchronous (a few dozen stat calls, well under a
 * millisecond) and runs once per turn of the event loop: requests that arrived together share it, so under load
 * the file system is asked once per batch of requests, not once per request.
 */
export class ContentGeneration {
  private value = ''
  private checkedAt = -1

  constructor(readonly root: string) {}

  async current(): Promise<string> {
    const arrived = performance.now()
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (this.checkedAt < arrived) {
      const out: string[] = []
      contentStamps(join(this.root, 'content'), out)
      this.value = `${headStamp(this.root)}\n${out.join('\n')}`
      this.checkedAt = performance.now()
    }
    return this.value
  }
}

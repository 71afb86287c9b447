// A cheap fingerprint of the content repo's HEAD (no git process): changes on commit, checkout, reset, revert or pull.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

async function fileStamp(path: string): Promise<string> {
  try {
    const s = await stat(path)
    return `${s.size}:${s.mtimeMs}`
  } catch {
    return '-'
  }
}

/** HEAD's text plus the size and mtime of the ref it points to (loose ref file and packed-refs). */
export async function gitHeadStamp(root: string): Promise<string> {
  const gitDir = join(root, '.git')
  const head = await readFile(join(gitDir, 'HEAD'), 'utf8').catch(() => '')
  const ref = /^ref:\s*(\S+)/.exec(head)?.[1]
  if (!ref || ref.includes('..')) return head.trim()
  const [loose, packed] = await Promise.all([fileStamp(join(gitDir, ref)), fileStamp(join(gitDir, 'packed-refs'))])
  return `${head.trim()}|${loose}|${packed}`
}

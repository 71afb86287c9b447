// Content files with hand edits not yet committed, as `git status` sees them; and a content file as it is on disk.
import { resolveInside } from '../lib/files'
import { NotPlainFileError, readPlainFile } from '../lib/plain-file'
import { git } from './git-read'
import type { UncommittedFile } from './history.types'
import { HISTORY_PATHS } from './items'

/** A content file as it is on disk now; null when it does not exist or is a symbolic link (never followed). */
export async function readDisk(root: string, path: string): Promise<Buffer | null> {
  try {
    return await readPlainFile(resolveInside(root, path))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err instanceof NotPlainFileError && err.link)) return null
    throw err
  }
}

/** Content files with uncommitted edits (hand edits not yet committed), as `git status` sees them. */
export async function uncommittedFiles(root: string, paths: string[] = HISTORY_PATHS): Promise<UncommittedFile[]> {
  const out = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...paths])
  const files: UncommittedFile[] = []
  for (const entry of out.split('\0')) {
    if (entry.length < 4) continue
    const xy = entry.slice(0, 2)
    const path = entry.slice(3)
    // writeFileAtomic's temp files exist only for the moment of a save.
    if (/\.tmp-write$/.test(path)) continue
    files.push({ path, state: describeStatus(xy) })
  }
  return files
}

function describeStatus(xy: string): string {
  if (xy === '??') return 'untracked'
  const code = xy.trim()[0] ?? 'M'
  return { M: 'modified', A: 'added', D: 'deleted', R: 'renamed', C: 'copied', U: 'conflicted', T: 'type changed' }[code] ?? 'modified'
}

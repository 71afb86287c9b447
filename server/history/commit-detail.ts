// One commit's change, field by field, and files (images) as they were at a commit.
import { diffContentFile } from './field-diff'
import { blobAt, git, resolveCommit, textAt } from './git-read'
import { HistoryError } from './history-error'
import { describeEntries } from './entry-words'
import { logRecords } from './log-records'
import type { CommitDetail, ItemChange } from './history.types'
import { HISTORY_PATHS, isUploadPath } from './items'
import { namePictures } from './picture-words'

export async function requireCommit(root: string, rev: string): Promise<string> {
  const full = await resolveCommit(root, rev)
  if (!full) throw new HistoryError(404, `No commit ${rev} in the content history`)
  return full
}

/** One commit with every content file it changed, as field-level before/after. */
export async function commitDetail(root: string, rev: string): Promise<CommitDetail> {
  const hash = await requireCommit(root, rev)
  // Listed even when it touched no content (a link to it still shows what it is).
  const [meta] = await describeEntries(root, await logRecords(root, [], ['-n', '1'], [hash]))
  const parent = (await resolveCommit(root, `${hash}^1`)) ?? null
  const diffArgs = parent
    ? ['diff-tree', '-r', '-z', '--name-only', '--no-renames', parent, hash, '--', ...HISTORY_PATHS]
    : ['diff-tree', '-r', '-z', '--name-only', '--no-renames', '--root', hash, '--', ...HISTORY_PATHS]
  const paths = (await git(root, diffArgs))
    .split('\0')
    .filter(Boolean)
    .filter((p) => p !== hash)
  const changes: ItemChange[] = []
  const texts: { path: string; text: string | null }[] = []
  for (const path of paths) {
    if (isUploadPath(path)) {
      const before = parent ? (await blobAt(root, parent, path)) !== null : false
      const after = (await blobAt(root, hash, path)) !== null
      const change = diffContentFile(path, before ? '' : null, after ? '' : null)
      if (change) changes.push({ ...change, imageUrl: fileUrl(after ? hash : parent!, path) })
      continue
    }
    const before = parent ? await textAt(root, parent, path) : null
    const after = await textAt(root, hash, path)
    texts.push({ path, text: before }, { path, text: after })
    const change = diffContentFile(path, before, after)
    if (change) changes.push(change)
  }
  // Images after the content that uses them, named by it.
  namePictures(changes, texts).sort((a, b) => Number(isUploadPath(a.path)) - Number(isUploadPath(b.path)))
  return { ...meta, parent, changes }
}

/** The URL that serves a file as it was at a commit (see history.routes.ts). */
function fileUrl(hash: string, path: string): string {
  return `/api/admin/history/commits/${hash}/file?path=${encodeURIComponent(path)}`
}

/** An image (or any content file) as it was at a commit; null when that commit does not have it. */
export async function fileAtCommit(root: string, rev: string, path: string): Promise<Buffer | null> {
  if (!/^(content|uploads)\/[A-Za-z0-9._/-]+$/.test(path) || path.split('/').includes('..')) {
    throw new HistoryError(400, 'Only files under content/ and uploads/ can be shown')
  }
  const hash = await requireCommit(root, rev)
  return blobAt(root, hash, path)
}

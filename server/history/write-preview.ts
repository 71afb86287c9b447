// What a restore or an undo would change, field by field, from the files as they are now (its confirmation shows it).
import { diffContentFile } from './field-diff'
import type { ItemChange } from './history.types'
import { isUploadPath } from './items'
import { namePictures } from './picture-words'
import { readDisk } from './uncommitted'

/**
 * The planned writes as item changes (now -> after). A picture that comes back is shown from `imagesFrom` (a commit
 * that has it), one that goes from the site as it is now.
 */
export async function previewWrites(
  root: string,
  writes: { path: string; bytes: Buffer | null }[],
  imagesFrom: string,
): Promise<ItemChange[]> {
  const changes: ItemChange[] = []
  const texts: { path: string; text: string | null }[] = []
  for (const { path, bytes } of writes) {
    const now = await readDisk(root, path)
    if (!isUploadPath(path)) texts.push({ path, text: now?.toString('utf8') ?? null }, { path, text: bytes?.toString('utf8') ?? null })
    const change = isUploadPath(path)
      ? diffContentFile(path, now ? '' : null, bytes ? '' : null)
      : diffContentFile(path, now?.toString('utf8') ?? null, bytes?.toString('utf8') ?? null)
    if (!change) continue
    if (isUploadPath(path))
      change.imageUrl = bytes ? `/api/admin/history/commits/${imagesFrom}/file?path=${encodeURIComponent(path)}` : `/${path}`
    changes.push(change)
  }
  return namePictures(changes, texts).sort((a, b) => Number(isUploadPath(a.path)) - Number(isUploadPath(b.path)))
}

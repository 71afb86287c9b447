// Content items and the files that hold them: the names used in `Content-Item:` trailers, filters and restores.
import { CONTENT_KINDS, kindOfItem, kindOfPath, type SingleFileItem } from '../kinds/content-kinds'
import { UPLOAD_PATH } from '../lib/upload-url'
import { SERVICES_KIND } from '../services/services.kind'

export const CONTENT_DIR = 'content'
export const UPLOADS_DIR = 'uploads'
/** Where history looks: the content files and the uploaded images. */
export const HISTORY_PATHS = [CONTENT_DIR, UPLOADS_DIR]

/** Items a restore or filter can name, from the content kinds kept in one file. `services/<id>` stands for one service. */
export const SINGLE_FILE_ITEMS = Object.fromEntries(
  CONTENT_KINDS.filter((k) => !k.file.includes('{id}')).map((k) => [k.item, k.file]),
) as Record<SingleFileItem, string>

const SERVICE_ITEM = /^services\/([a-z0-9-]{1,80})$/

export function isServiceItem(item: string): boolean {
  return SERVICE_ITEM.test(item)
}

export function serviceIdOf(item: string): string | null {
  return SERVICE_ITEM.exec(item)?.[1] ?? null
}

/** A single-file item's own name only: `in` would also find an object's built-in keys (`constructor`, `toString`). */
const isSingleFileItem = (item: string): item is SingleFileItem => Object.hasOwn(SINGLE_FILE_ITEMS, item)

/** True for the items this module knows (restorable or filterable); `all` is handled by callers. */
export function isKnownItem(item: string): boolean {
  return isServiceItem(item) || isSingleFileItem(item)
}

/** The repo-relative file that holds an item, or null when the name is unknown. */
export function pathOfItem(item: string): string | null {
  const id = serviceIdOf(item)
  if (id) return SERVICES_KIND.file.replace('{id}', id)
  if (isSingleFileItem(item)) return SINGLE_FILE_ITEMS[item]
  if (item.startsWith('uploads/') && UPLOAD_PATH.test(item)) return item
  return null
}

/** The item a repo-relative path belongs to (developer commits carry no trailers, so items come from paths). */
export function itemOfPath(path: string): string | null {
  const known = kindOfPath(path)
  if (known) return known.item
  if (UPLOAD_PATH.test(path)) return path
  if (path.startsWith(`${CONTENT_DIR}/`)) return path.slice(CONTENT_DIR.length + 1)
  return null
}

/** Whether the owner may restore the item from History (the mailing-list interests are edited in git only). */
export function isRestorableItem(item: string): boolean {
  // A known item always has a kind.
  return isKnownItem(item) && kindOfItem(item)!.restorable
}

export function isUploadPath(path: string): boolean {
  return UPLOAD_PATH.test(path)
}

/** A fallback label in plain words; callers that know a service's title use serviceLabel instead. */
export function itemLabel(item: string): string {
  const id = serviceIdOf(item)
  if (id) return `Service "${id}"`
  if (item === 'all') return 'Whole site'
  const kind = kindOfItem(item)
  if (kind && kind.item === item) return kind.label
  if (item.startsWith('uploads/')) return `Image ${item.slice('uploads/'.length)}`
  return item
}

export function serviceLabel(title: string | undefined, id: string): string {
  return title ? `Service "${title}"` : `Service "${id}"`
}

/** Every `/uploads/<file>` an item's text mentions (service images, testimonial photos, hero image, markdown). */
export function referencedUploads(text: string): string[] {
  const found = new Set<string>()
  for (const m of text.matchAll(/\/uploads\/([A-Za-z0-9._-]+)/g)) found.add(`uploads/${m[1]}`)
  return [...found]
}

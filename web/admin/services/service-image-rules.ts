// A service's pictures as the owner edits them (image-manager.tsx holds the React state): which files are taken, the list
// after a delete, a description or a drag, which pictures still lack a description, and the words said about them.
import { arrayMove } from '@dnd-kit/sortable'
import type { ServiceImage } from '../admin-api'

/** The longest description (alt text) the field takes. */
export const DESCRIPTION_MAX = 300

/** Only a picture goes to the crop dialog; anything else is refused at once. */
export const isPicture = (file: Pick<File, 'type'>): boolean => file.type.startsWith('image/')

export const hasDescription = (image: Pick<ServiceImage, 'alt'>): boolean => !!image.alt?.trim()

/** The warning under the heading, or null when every picture is described. */
export function missingDescriptions(images: readonly Pick<ServiceImage, 'alt'>[]): string | null {
  const missing = images.filter((image) => !hasDescription(image)).length
  return missing === 0 ? null : `${missing} of ${images.length} pictures have no description yet.`
}

/** The pictures without the one deleted. */
export const withoutImage = <T extends Pick<ServiceImage, 'cropped'>>(images: readonly T[], cropped: string): T[] =>
  images.filter((image) => image.cropped !== cropped)

/**
 * The pictures with one description as typed (trimmed; empty clears it), or null when that is what is saved already.
 * `text` is what is saved.
 */
export function withDescription<T extends ServiceImage>(
  images: readonly T[],
  image: T,
  typed: string,
): { images: T[]; text: string } | null {
  const text = typed.trim()
  if (text === (image.alt ?? '')) return null
  return { images: images.map((i) => (i.cropped === image.cropped ? { ...i, alt: text || undefined } : i)), text }
}

/** The line under "Description saved": said only when the description was cleared. */
export const descriptionSavedDetail = (text: string): string | undefined => (text ? undefined : 'The picture has no description now.')

/** Whether the typed description differs from the saved one (the save bar says so until it is saved). */
export const descriptionUnsaved = (typed: string, image: Pick<ServiceImage, 'alt'>): boolean => typed.trim() !== (image.alt ?? '')

/** A description is one line: Enter saves, and a pasted line break becomes a space. */
export const oneLine = (typed: string): string => typed.replace(/\n/g, ' ')

/** The pictures whose field holds unsaved text, with one picture marked or unmarked (the same set when nothing changed). */
export function withTyping(current: ReadonlySet<string>, id: string, unsaved: boolean): ReadonlySet<string> {
  if (current.has(id) === unsaved) return current
  const next = new Set(current)
  if (unsaved) next.add(id)
  else next.delete(id)
  return next
}

/** The pictures after a drag of `active` onto `over`; null when it was dropped nowhere or on itself. */
export function draggedImages<T extends Pick<ServiceImage, 'cropped'>>(
  images: readonly T[],
  active: string,
  over: string | null,
): T[] | null {
  if (over === null || active === over) return null
  const ids = images.map((image) => image.cropped)
  return arrayMove([...images], ids.indexOf(active), ids.indexOf(over))
}

/** A picture's name while it is dragged ("Image 2"). */
export const imageName = (ids: readonly string[], id: string | number): string => `Image ${ids.indexOf(String(id)) + 1}`

/** The drag handle's label: its place, and the cover said for the first. */
export const moveLabel = (index: number, total: number): string => `Move image ${index + 1} of ${total}${index === 0 ? ' (cover)' : ''}`

/** The description field's id, from the picture's address (letters and digits kept). */
export const descriptionFieldId = (cropped: string): string => `alt-${cropped.replace(/[^a-z0-9]/gi, '-')}`

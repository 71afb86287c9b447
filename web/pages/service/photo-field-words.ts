// What one photos question says and offers (photo-field.tsx lays it out): its rules line, each photo's state, the room
// left for more, the add button's words, and what a screen reader hears while photos upload.
import { MAX_PHOTO_MB } from '../../../server/inquiries/photo-rules'
import { countedPhotos, type PhotoItem } from './photo-items'

const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`

/** The rules under the question: how many photos, which kinds, how large. */
export const photoRulesLine = (maxPhotos: number): string =>
  `Up to ${photos(maxPhotos)}: JPEG, PNG or WebP, ${MAX_PHOTO_MB} MB at most each.`

/** The ids that describe the question: its hint and rules, and its error while there is one. */
export const describedBy = (id: string, error?: string): string =>
  [`${id}-hint`, `${id}-rules`, error && `${id}-error`].filter(Boolean).join(' ')

/** How many more photos the question takes (a failed one does not count). */
export const roomLeft = (items: readonly PhotoItem[], maxPhotos: number): number => maxPhotos - countedPhotos(items)

/** The add button's words: "Add more photos" once one is sent or on its way. */
export const addLabel = (items: readonly PhotoItem[]): string => (countedPhotos(items) === 0 ? 'Add photos' : 'Add more photos')

/** The line under a photo's name: its upload's progress, ready, or why it was not sent. */
export function photoState(item: Pick<PhotoItem, 'state' | 'progress' | 'error'>): string {
  if (item.state === 'uploading') return `Uploading ${Math.round(item.progress * 100)}%`
  if (item.state === 'done') return 'Ready to send'
  return `Not sent: ${item.error}`
}

/** What the live region says: the photos still uploading, or nothing. */
export const uploadingNotice = (uploading: number): string => (uploading > 0 ? `${photos(uploading)} uploading` : '')

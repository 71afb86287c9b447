// The photos of one photos question as a list (photo-uploads.ts holds the React state): one photo's progress or result
// written in, one removed, how many count against the question's limit, and the tokens validation and Submit send.
import { placeholderToken } from './photo-upload-rules'

export interface PhotoItem {
  key: string
  name: string
  /** A local object URL for the thumbnail. */
  preview: string
  state: 'uploading' | 'done' | 'failed'
  /** 0..1 while uploading. */
  progress: number
  token?: string
  error?: string
}

/** The list with one photo's change written in. */
export const patchItem = (items: readonly PhotoItem[], key: string, change: Partial<PhotoItem>): PhotoItem[] =>
  items.map((it) => (it.key === key ? { ...it, ...change } : it))

/** The list without the photo with this key. */
export const withoutItem = (items: readonly PhotoItem[], key: string): PhotoItem[] => items.filter((it) => it.key !== key)

/** The photos that count against the question's limit: sent or on their way (a failed one can be replaced). */
export const countedPhotos = (items: readonly PhotoItem[]): number => items.filter((it) => it.state !== 'failed').length

/** What validation counts: every photo sent or on its way (a placeholder token stands in for one on its way). */
export const pendingTokens = (items: readonly PhotoItem[]): string[] =>
  items.filter((it) => it.state !== 'failed').map((it) => it.token ?? placeholderToken(it.key))

/** What Submit sends: the tokens of the photos that arrived. */
export const arrivedTokens = (items: readonly PhotoItem[]): string[] =>
  items.flatMap((it) => (it.state === 'done' && it.token ? [it.token] : []))

/** How many photos are still on their way. */
export const uploadingCount = (items: readonly PhotoItem[]): number => items.filter((it) => it.state === 'uploading').length

// One photos question's photos while the visitor fills in the form: each picked photo is checked here (type, size,
// what its first bytes say), then sent at once to the holding area with its own progress, so typing and choosing go
// on meanwhile; Submit waits only for the photos still on their way and sends the tokens of those that arrived.
import { useCallback, useEffect, useRef, useState } from 'react'
import { uploadInquiryPhoto } from '../../lib/api-upload'
import { shrinkForUpload, sortPicked, uploadFailure } from './photo-upload-rules'
import { arrivedTokens, countedPhotos, patchItem, pendingTokens, uploadingCount, withoutItem, type PhotoItem } from './photo-items'

export type { PhotoItem } from './photo-items'

interface Entry {
  item: PhotoItem
  done: Promise<void>
  abort: AbortController
}

export interface PhotoUploads {
  items: PhotoItem[]
  /** Files refused before sending, each a sentence naming the file. */
  refused: string[]
  add: (files: FileList | File[]) => Promise<void>
  remove: (key: string) => void
  /** What validation counts: every photo sent or on its way (a placeholder token stands in for one on its way). */
  pendingTokens: () => string[]
  /** Waits for photos on their way; the tokens of the photos that arrived. */
  settle: () => Promise<string[]>
  uploading: number
}

let counter = 0

export function usePhotoUploads(serviceId: string, field: { id: string; header: string; maxPhotos: number }): PhotoUploads {
  const [items, setItems] = useState<PhotoItem[]>([])
  const [refused, setRefused] = useState<string[]>([])
  const entries = useRef(new Map<string, Entry>())
  const { id: fieldId, header, maxPhotos: max } = field

  const patch = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((all) => patchItem(all, key, change))
    const entry = entries.current.get(key)
    if (entry) entry.item = { ...entry.item, ...change }
  }, [])

  // Object URLs are let go with the form.
  useEffect(() => {
    const all = entries.current
    return () => {
      for (const entry of all.values()) {
        entry.abort.abort()
        URL.revokeObjectURL(entry.item.preview)
      }
    }
  }, [])

  const add: PhotoUploads['add'] = async (fileList) => {
    const already = countedPhotos([...entries.current.values()].map((e) => e.item))
    const { accepted, refused: problems } = await sortPicked([...fileList], already, { header, maxPhotos: max })
    setRefused(problems)
    for (const file of accepted) {
      const key = `p${++counter}`
      const item: PhotoItem = { key, name: file.name, preview: URL.createObjectURL(file), state: 'uploading', progress: 0 }
      const abort = new AbortController()
      const done = shrinkForUpload(file)
        .then((small) =>
          uploadInquiryPhoto(small, { serviceId, fieldId }, { signal: abort.signal, onProgress: (progress) => patch(key, { progress }) }),
        )
        .then(
          ({ token }) => patch(key, { state: 'done', progress: 1, token }),
          (error: unknown) => {
            const message = uploadFailure(error, file.name, header)
            if (message !== null) patch(key, { state: 'failed', error: message })
          },
        )
      entries.current.set(key, { item, done, abort })
      setItems((all) => [...all, item])
    }
  }

  const remove: PhotoUploads['remove'] = (key) => {
    const entry = entries.current.get(key)
    if (entry) {
      entry.abort.abort()
      URL.revokeObjectURL(entry.item.preview)
      entries.current.delete(key)
    }
    setItems((all) => withoutItem(all, key))
  }

  const settle = useCallback(async () => {
    await Promise.all([...entries.current.values()].map((e) => e.done))
    return arrivedTokens([...entries.current.values()].map((e) => e.item))
  }, [])

  return { items, refused, add, remove, pendingTokens: () => pendingTokens(items), settle, uploading: uploadingCount(items) }
}

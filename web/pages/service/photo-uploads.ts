// One photos question's photos while the visitor fills in the form: each picked photo is checked here (type, size,
// what its first bytes say), then sent at once to the holding area with its own progress, so typing and choosing go
// on meanwhile; Submit waits only for the photos still on their way and sends the tokens of those that arrived.
import { useCallback, useEffect, useRef, useState } from 'react'
import { photoContentProblem, photoProblemBeforeUpload } from '../../../server/inquiries/photo-rules'
import { uploadInquiryPhoto } from '../../lib/api-upload'

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

/** Photos are sent at most this large on their long edge: what the server keeps anyway (PHOTO_MAX_EDGE). */
const SEND_MAX_EDGE = 2048
/** Smaller files go as they are. */
const SHRINK_ABOVE_BYTES = 1024 * 1024

/**
 * A phone photo made smaller before it is sent, when the browser can: drawn upright at 2048 px at most and encoded as
 * JPEG, which on a slow connection takes a fraction of the time, and leaves the camera's metadata (GPS) on the phone.
 * The server cleans what arrives either way; any failure here sends the original.
 */
async function shrinkForUpload(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const scale = Math.min(1, SEND_MAX_EDGE / Math.max(bitmap.width, bitmap.height))
    const width = Math.round(bitmap.width * scale)
    const height = Math.round(bitmap.height * scale)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return file
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0, width, height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.86))
    if (!blob || blob.size >= file.size) return file
    return new File([blob], file.name, { type: 'image/jpeg', lastModified: file.lastModified })
  } catch {
    return file
  }
}

let counter = 0
const placeholder = (key: string) => key.padStart(32, '0').slice(-32)

export function usePhotoUploads(serviceId: string, field: { id: string; header: string; maxPhotos: number }): PhotoUploads {
  const [items, setItems] = useState<PhotoItem[]>([])
  const [refused, setRefused] = useState<string[]>([])
  const entries = useRef(new Map<string, Entry>())
  const { id: fieldId, header, maxPhotos: max } = field

  const patch = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((all) => all.map((it) => (it.key === key ? { ...it, ...change } : it)))
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
    const files = [...fileList]
    const problems: string[] = []
    const accepted: File[] = []
    const already = [...entries.current.values()].filter((e) => e.item.state !== 'failed').length
    for (const file of files) {
      const early = photoProblemBeforeUpload(file)
      const content = early ? null : photoContentProblem(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()))
      if (early) problems.push(early)
      else if (content && 'problem' in content) problems.push(content.problem)
      else if (already + accepted.length >= max) problems.push(`${file.name}: ${header} takes at most ${max} photo${max === 1 ? '' : 's'}.`)
      else accepted.push(file)
    }
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
            if ((error as Error)?.name === 'AbortError') return
            const message =
              error instanceof Error && error.message !== 'Network error'
                ? error.message
                : `${file.name}: could not be sent (connection lost). Remove it and add it again.`
            patch(key, { state: 'failed', error: message.replace(new RegExp(`^${header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `), '') })
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
    setItems((all) => all.filter((it) => it.key !== key))
  }

  const pendingTokens = () => items.filter((it) => it.state !== 'failed').map((it) => it.token ?? placeholder(it.key.replace(/\D/g, '')))

  const settle = useCallback(async () => {
    await Promise.all([...entries.current.values()].map((e) => e.done))
    return [...entries.current.values()].flatMap((e) => (e.item.state === 'done' && e.item.token ? [e.item.token] : []))
  }, [])

  const uploading = items.filter((it) => it.state === 'uploading').length
  return { items, refused, add, remove, pendingTokens, settle, uploading }
}

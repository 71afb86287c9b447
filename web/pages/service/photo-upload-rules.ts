// The rules of one photos question's uploads (photo-uploads.ts holds the React state): which picked files are sent and
// why the others are refused, the photo made smaller before sending, the words for a failed upload, and the stand-in
// token validation counts for a photo still on its way.
import { photoContentProblem, photoProblemBeforeUpload } from '../../../server/inquiries/photo-rules'

/** Photos are sent at most this large on their long edge: what the server keeps anyway (PHOTO_MAX_EDGE). */
export const SEND_MAX_EDGE = 2048
/** Smaller files go as they are. */
export const SHRINK_ABOVE_BYTES = 1024 * 1024

/**
 * The picked files split into those to send and a sentence naming each refused one (its type, size, first bytes, or
 * one too many for the question: `already` photos are sent or on their way).
 */
export async function sortPicked(
  files: readonly File[],
  already: number,
  field: { header: string; maxPhotos: number },
): Promise<{ accepted: File[]; refused: string[] }> {
  const { header, maxPhotos: max } = field
  const refused: string[] = []
  const accepted: File[] = []
  for (const file of files) {
    const early = photoProblemBeforeUpload(file)
    const content = early ? null : photoContentProblem(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()))
    if (early) refused.push(early)
    else if (content && 'problem' in content) refused.push(content.problem)
    else if (already + accepted.length >= max) refused.push(`${file.name}: ${header} takes at most ${max} photo${max === 1 ? '' : 's'}.`)
    else accepted.push(file)
  }
  return { accepted, refused }
}

/** The size a photo is drawn at before sending: its long edge at most SEND_MAX_EDGE, never enlarged. */
export function sendSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, SEND_MAX_EDGE / Math.max(width, height))
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/**
 * A phone photo made smaller before it is sent, when the browser can: drawn upright at 2048 px at most and encoded as
 * JPEG, which on a slow connection takes a fraction of the time, and leaves the camera's metadata (GPS) on the phone.
 * The server cleans what arrives either way; any failure here, or a result no smaller, sends the original.
 */
export async function shrinkForUpload(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const { width, height } = sendSize(bitmap.width, bitmap.height)
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * What the visitor reads under a photo that could not be sent: the server's sentence without the question's name in
 * front (the photo sits under it), or a lost connection in words; null for a photo the visitor removed (aborted).
 */
export function uploadFailure(error: unknown, fileName: string, header: string): string | null {
  if ((error as Error)?.name === 'AbortError') return null
  const message =
    error instanceof Error && error.message !== 'Network error'
      ? error.message
      : `${fileName}: could not be sent (connection lost). Remove it and add it again.`
  return message.replace(new RegExp(`^${escapeRegExp(header)}: `), '')
}

/** The stand-in token (32 characters, as a real one) for the photo with this key ("p12") while it is on its way. */
export const placeholderToken = (key: string) => key.replace(/\D/g, '').padStart(32, '0').slice(-32)

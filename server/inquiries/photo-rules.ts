// What the quote form accepts as a photo, said the same way in the browser (before a byte is sent) and on the server:
// JPEG, PNG or WebP by their first bytes, at most 10 MB, and a type that matches what the file claims to be.
// Zod-free and Node-free, so the public form can use it.

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const MAX_PHOTO_MB = MAX_PHOTO_BYTES / 1024 / 1024

export type PhotoType = 'jpeg' | 'png' | 'webp'
/** Recognised by their signature but not accepted: HEIC that the browser did not convert, GIF, and the rest. */
type OtherType = 'heic' | 'gif' | 'other'

const LABELS: Record<PhotoType | OtherType, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', heic: 'HEIC', gif: 'GIF', other: 'picture' }
const MIME: Record<string, PhotoType | OtherType> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
  'image/gif': 'gif',
}
const EXTENSIONS: Record<string, PhotoType | OtherType> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  heif: 'heic',
  gif: 'gif',
}

export const PHOTO_CONTENT_TYPES: Record<PhotoType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b)
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))

/** The picture type from the first 16 bytes; 'other' when they are not a picture we know. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | OtherType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif'
  if (ascii(bytes, 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(bytes, 8, 12))) return 'heic'
  return 'other'
}

/** What the file says it is: its MIME type, else its name's extension; null when it says nothing we know. */
export function claimedPhotoType(name: string, mimeType: string): PhotoType | OtherType | null {
  const byMime = MIME[mimeType.toLowerCase()]
  if (byMime) return byMime
  if (mimeType && mimeType !== 'application/octet-stream') return 'other'
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase()
  return ext ? (EXTENSIONS[ext] ?? 'other') : null
}

/** A file name fit to show in a sentence: no path, no control characters, not too long. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  return (clean.length > 80 ? `${clean.slice(0, 60)}…${clean.slice(-15)}` : clean) || 'photo'
}

const HEIC_ADVICE =
  'HEIC photos cannot be opened here. Please send it as a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).'

/** Why a file cannot be sent, before reading it: too large, or a type it claims that we do not take. Null when fine so far. */
export function photoProblemBeforeUpload(file: { name: string; type: string; size: number }): string | null {
  const name = displayName(file.name)
  const claimed = claimedPhotoType(file.name, file.type)
  if (claimed === 'heic') return `${name}: ${HEIC_ADVICE}`
  if (claimed !== null && claimed !== 'jpeg' && claimed !== 'png' && claimed !== 'webp') {
    return `${name}: only JPEG, PNG and WebP photos can be sent (this is ${claimed === 'other' ? 'not a photo' : `a ${LABELS[claimed]} file`}).`
  }
  if (file.size === 0) return `${name}: the file is empty.`
  if (file.size > MAX_PHOTO_BYTES)
    return `${name}: larger than ${MAX_PHOTO_MB} MB (${(file.size / 1024 / 1024).toFixed(1)} MB). Please choose a smaller photo.`
  return null
}

/** Why these bytes are not the photo the file claims to be; null with the type when they are. */
export function photoContentProblem(file: { name: string; type: string }, head: Uint8Array): { problem: string } | { type: PhotoType } {
  const name = displayName(file.name)
  const actual = sniffPhotoType(head)
  const claimed = claimedPhotoType(file.name, file.type)
  if (actual === 'heic') return { problem: `${name}: ${HEIC_ADVICE}` }
  if (actual !== 'jpeg' && actual !== 'png' && actual !== 'webp') {
    return {
      problem: `${name}: not a JPEG, PNG or WebP photo${claimed && claimed !== 'other' ? `, although it is named as a ${LABELS[claimed]}` : ''}.`,
    }
  }
  if (claimed !== null && claimed !== actual) {
    return {
      problem: `${name}: the file is not what its type says (named as ${claimed === 'other' ? 'something else' : `a ${LABELS[claimed]}`}, but it is a ${LABELS[actual]}). Please save it again and choose it anew.`,
    }
  }
  return { type: actual }
}

/** Photo tokens: 32 hex digits the server gives out for each held photo. */
export const PHOTO_TOKEN_PATTERN = /^[0-9a-f]{32}$/

// Uploaded images under uploads/: type detection by magic bytes, server-made names, pending saves, deletes, reference checks.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import type { ContentStore } from '../lib/content-store'
import { badRequest, notFound } from '../lib/errors'
import { fileExists, walkFiles } from '../lib/files'
import type { ContentRepo } from '../lib/git'

/** Where uploads wait for the save that uses them (pending-uploads.ts). */
interface PendingUploads {
  save(name: string, data: Uint8Array): Promise<void>
  has(name: string): Promise<boolean>
  discard(name: string): Promise<void>
}

export const UPLOADS_DIR = 'uploads'
export const UPLOAD_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*\.(jpg|png|webp|gif)$/
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024

export type ImageExt = 'jpg' | 'png' | 'webp' | 'gif'

export const IMAGE_CONTENT_TYPES: Record<ImageExt, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

export const uploadItem = (name: string) => `uploads/${name}`
export const uploadUrl = (name: string) => `/uploads/${name}`

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b)

/** The image type from the file's first bytes; null for anything else (SVG, HTML, renamed files). */
export function detectImageType(bytes: Uint8Array): ImageExt | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif'
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

/**
 * The upload file name in an /uploads/ URL (a full URL is first reduced to its path), or null when the URL is
 * not one of ours. Only names matching UPLOAD_NAME_PATTERN pass, so no path can point elsewhere.
 */
export function uploadNameFromUrl(url: string): string | null {
  let path = url
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    try {
      path = new URL(url).pathname
    } catch {
      return null
    }
  }
  const match = /^\/uploads\/([^/]+)$/.exec(path)
  return match && UPLOAD_NAME_PATTERN.test(match[1]) ? match[1] : null
}

/** A readable, unique name: the uploaded file's base name as a slug plus random hex. */
function makeUploadName(originalName: string, ext: ImageExt): string {
  const base = originalName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return `${base || 'image'}-${randomBytes(4).toString('hex')}.${ext}`
}

/** Originals are kept at most this long on their long edge: plenty for a 1600 px lightbox on a 2x screen. */
// Kept files are JPEG-encoded without mozjpeg: its trellis search took about 6 s for a 12-megapixel phone photo on this
// server (plain libjpeg: 0.3 s) while the owner waits, and the public pages show the AVIF/WebP copies, not these.
const MAX_IMAGE_EDGE = 2400

/**
 * Re-encodes the image: a corrupt file with a valid signature is refused, EXIF orientation is applied to the
 * pixels, all metadata (GPS, camera, EXIF) is dropped, and the long edge is capped at MAX_IMAGE_EDGE. GIFs, which
 * may be animated and carry no EXIF, are only checked and kept as they are.
 */
async function cleanImage(bytes: Uint8Array, ext: ImageExt): Promise<Uint8Array> {
  try {
    const image = sharp(bytes, { animated: ext === 'gif' || ext === 'webp' })
    await image.metadata()
    if (ext === 'gif') return bytes
    const out = image.rotate().resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
    if (ext === 'jpg') return await out.jpeg({ quality: 90 }).toBuffer()
    if (ext === 'png') return await out.png().toBuffer()
    return await out.webp({ quality: 90 }).toBuffer()
  } catch {
    throw badRequest('The file is not a readable image')
  }
}

/** A rectangle of the picture in pixels, as it stands upright (its EXIF orientation applied, as browsers show it). */
export interface CropArea {
  x: number
  y: number
  width: number
  height: number
}

/** Crops are kept at most this wide: a sharp card on a retina screen, small enough for a phone to load quickly. */
const MAX_CROP_WIDTH = 2400

/** The upright size of a readable image; a file that does not decode is refused. */
async function uprightSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata().catch(() => null)
  if (!meta?.width || !meta.height) throw badRequest('The file is not a readable image')
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }
}

/** The crop as a JPEG (no transparency: a transparent area becomes white, as the dashboard's canvas made it). */
async function cropImage(bytes: Uint8Array, area: CropArea): Promise<Uint8Array> {
  try {
    return await sharp(bytes)
      .rotate()
      .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
      .resize({ width: MAX_CROP_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer()
  } catch {
    throw badRequest('The file is not a readable image')
  }
}

/**
 * One request for a new picture: cuts the crop from the uploaded original on the server (the browser sends the file
 * once, as picked) and keeps the crop, and the cleaned original when asked, pending like any upload. The crop must
 * lie inside the upright picture; nothing is kept when anything is refused.
 */
export async function saveCroppedUpload(
  pending: PendingUploads,
  bytes: Uint8Array,
  originalName: string,
  area: CropArea,
  keepOriginal: boolean,
): Promise<{ url: string; original?: string }> {
  const ext = detectImageType(bytes)
  if (!ext) throw badRequest('Only JPEG, PNG, WebP and GIF images can be uploaded')
  const size = await uprightSize(bytes)
  if (area.x + area.width > size.width || area.y + area.height > size.height) {
    throw badRequest(`crop: the rectangle must lie inside the picture (${size.width} x ${size.height} pixels)`)
  }
  const [cropped, original] = await Promise.all([cropImage(bytes, area), keepOriginal ? cleanImage(bytes, ext) : null])
  const croppedName = makeUploadName('cropped', 'jpg')
  await pending.save(croppedName, cropped)
  if (!original) return { url: uploadUrl(croppedName) }
  const keptName = makeUploadName(originalName, ext)
  await pending.save(keptName, original)
  return { url: uploadUrl(croppedName), original: uploadUrl(keptName) }
}

/**
 * Checks and cleans the image and keeps it pending (not committed): the save that first refers to it commits it
 * with the content, so adding a picture is one commit (see pending-uploads.ts). Returns its /uploads/ URL.
 */
export async function saveUpload(pending: PendingUploads, bytes: Uint8Array, originalName: string): Promise<string> {
  const ext = detectImageType(bytes)
  if (!ext) throw badRequest('Only JPEG, PNG, WebP and GIF images can be uploaded')
  const data = await cleanImage(bytes, ext)
  const name = makeUploadName(originalName, ext)
  await pending.save(name, data)
  return uploadUrl(name)
}

/** Deletes an upload as its own commit; one still pending (never saved into content) is only discarded. */
export async function deleteUpload(repo: ContentRepo, store: ContentStore, pending: PendingUploads, url: string): Promise<void> {
  const name = uploadNameFromUrl(url)
  if (!name) throw badRequest('Only images under /uploads/ can be deleted')
  if ((await pending.has(name)) && !(await fileExists(store.path(`${UPLOADS_DIR}/${name}`)))) return pending.discard(name)
  return repo.change({
    message: `Delete image ${name}`,
    items: [uploadItem(name)],
    apply: async () => {
      if (!(await fileExists(store.path(`${UPLOADS_DIR}/${name}`)))) throw notFound(`No uploaded image ${name}`)
      return { paths: [await store.remove(`${UPLOADS_DIR}/${name}`)], result: undefined }
    },
  })
}

/** Text of every content file, for reference checks that also count files the schemas would reject. */
async function allContentText(root: string): Promise<string> {
  const parts: string[] = []
  for await (const file of walkFiles(join(root, 'content'))) {
    if (/\.(ya?ml|md|json)$/.test(file)) parts.push(await readFile(file, 'utf8'))
  }
  return parts.join('\n')
}

/**
 * Which of the given upload URLs no content file mentions any more (call after the referring file is gone) and
 * still exist on disk; returns file names.
 */
export async function findUnreferencedUploads(store: ContentStore, urls: string[]): Promise<string[]> {
  const names = [...new Set(urls.map(uploadNameFromUrl).filter((n): n is string => n !== null))]
  if (names.length === 0) return []
  const text = await allContentText(store.root)
  const unreferenced: string[] = []
  for (const name of names) {
    const mentioned = new RegExp(`/uploads/${name.replace(/[.]/g, '\\.')}(?![a-z0-9.-])`).test(text)
    if (!mentioned && (await fileExists(store.path(`${UPLOADS_DIR}/${name}`)))) unreferenced.push(name)
  }
  return unreferenced
}

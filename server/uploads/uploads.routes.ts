// POST/DELETE /api/upload for the admin (an upload, or a crop cut from it, waits uncommitted for the save that uses it), and GET/HEAD /uploads/{name}.
import { Hono } from 'hono'
import { z } from 'zod'
import type { ContentDeps } from '../lib/content-deps'
import { isAdmin, requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ImageDerivatives } from '../images/image-derivatives'
import { badRequest, firstZodMessage, notFound, unsupportedMediaType } from '../lib/errors'
import { isMultipartForm, jsonBody, limitBody } from '../lib/http'
import { readPlainFile } from '../lib/plain-file'
import { textLine } from '../lib/text'
import {
  IMAGE_CONTENT_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_NAME_PATTERN,
  UPLOADS_DIR,
  deleteUpload,
  saveCroppedUpload,
  saveUpload,
  type CropArea,
  type ImageExt,
  uploadUrl,
} from './uploads.store'
import type { PendingUploads } from './pending-uploads'

/** `GET /api/image-versions` depends on the content and the uploaded files only: the public read cache keeps it. */
export const IMAGE_VERSIONS_READ = /^\/api\/image-versions$/

const TOO_LARGE = `Images can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`
/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024

const pixels = (name: string, min: number) =>
  z.number({ error: `crop: ${name} must be a number of pixels` }).int(`crop: ${name} must be a whole number of pixels`).min(min, `crop: ${name} must be at least ${min}`)

/** The optional "crop" field: a JSON rectangle in the upright picture's pixels. */
const CropSchema = z.object(
  { x: pixels('x', 0), y: pixels('y', 0), width: pixels('width', 1), height: pixels('height', 1) },
  { error: 'crop: send the rectangle as JSON {"x", "y", "width", "height"}' },
)

function readCrop(field: unknown): CropArea | null {
  if (field === undefined) return null
  let value: unknown
  try {
    value = JSON.parse(String(field))
  } catch {
    throw badRequest('crop: send the rectangle as JSON {"x", "y", "width", "height"}')
  }
  const parsed = CropSchema.safeParse(value)
  if (!parsed.success) throw badRequest(firstZodMessage(parsed.error))
  return parsed.data
}

const DeleteUploadSchema = z.object({ url: textLine('url', 'url is required').min(1, 'url is required').max(2000) })

export function createUploadRoutes({ repo, store, images, pendingUploads }: ContentDeps & { images: ImageDerivatives; pendingUploads: PendingUploads }) {
  return new Hono<AppEnv>()
    .post('/upload', requireAdmin, limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, TOO_LARGE), async (c) => {
      if (!isMultipartForm(c.req.header('content-type'))) {
        throw unsupportedMediaType('Send the image as multipart/form-data in the field "image"')
      }
      const form = await c.req.parseBody().catch(() => {
        throw badRequest('The upload could not be read')
      })
      const file = form.image
      if (!(file instanceof File)) throw badRequest('Choose an image to upload (field "image")')
      if (file.size > MAX_UPLOAD_BYTES) throw badRequest(TOO_LARGE)
      const crop = readCrop(form.crop)
      const bytes = new Uint8Array(await file.arrayBuffer())
      // With a crop, one request brings the picture as picked: the server cuts the crop and keeps both when asked.
      if (crop) return c.json(await saveCroppedUpload(pendingUploads, bytes, file.name, crop, form.keepOriginal === 'true'), 201)
      // Kept pending: the save that refers to the URL commits the file with it (its resized copies are made then).
      const url = await saveUpload(pendingUploads, bytes, file.name)
      return c.json({ url }, 201)
    })
    .delete('/upload', requireAdmin, async (c) => {
      const { url } = await jsonBody(c, DeleteUploadSchema)
      await deleteUpload(repo, store, pendingUploads, url)
      return c.json({ ok: true as const })
    })
    // Upload name -> short content hash for the images the public pages show (hero, visible services' images): the
    // root loader carries it so the server renderer and the browser build the same hashed /img/ URLs.
    .get('/image-versions', async (c) => {
      const names = [...(await images.pageImages({ visibleOnly: true })).keys()]
      return c.json(await images.versions(names.map(uploadUrl)))
    })
}

/** Serves uploads/ by exact generated name only; any other name, or a missing file, is 404. */
export function createUploadFileRoutes({ store, pendingUploads }: Pick<ContentDeps, 'store'> & { pendingUploads: PendingUploads }) {
  return new Hono<AppEnv>().get('/uploads/:name', async (c) => {
    const name = c.req.param('name')
    if (!UPLOAD_NAME_PATTERN.test(name)) throw notFound('No such image')
    const committed = async () => readPlainFile(store.path(`${UPLOADS_DIR}/${name}`))
    let data = (await committed().catch(() => null)) as Uint8Array<ArrayBuffer> | null
    // An upload not saved into content yet is shown to the admin only (the dashboard previews it before saving).
    if (!data && isAdmin(c)) data = (await pendingUploads.read(name)) as Uint8Array<ArrayBuffer> | null
    if (!data) throw notFound('No such image')
    const ext = name.slice(name.lastIndexOf('.') + 1) as ImageExt
    return c.body(data, 200, {
      'Content-Type': IMAGE_CONTENT_TYPES[ext],
      'Content-Length': String(data.length),
      // Names are never reused for other bytes, but a revert may remove one: cache briefly, not forever.
      'Cache-Control': 'public, max-age=3600',
    })
  })
}

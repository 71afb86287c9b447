// Quote-form photos over HTTP: the visitor's upload into the holding area (POST /api/inquiry-photos, one photo per
// request so each shows its own progress), the owner's view and download behind the session, the e-mail's signed
// links (/inquiry-photos/...), and deleting an inquiry with its photos.
import { randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest, httpError, notFound, tooManyRequests, unsupportedMediaType } from '../lib/errors'
import { clientAddress, isMultipartForm, limitBody } from '../lib/http'
import { filledHoneypot } from '../lib/public-form'
import { rateLimit, RateLimiter } from '../lib/rate-limit'
import { ServiceIdSchema } from '../services/services.schema'
import { findService } from '../services/services.store'
import type { InquiryStore } from './inquiries.store'
import { cleanPhoto, type PhotoStore } from './inquiry-photos.store'
import { ByteBudget } from './byte-budget'
import type { PhotoLinkSigner } from './photo-links'
import { displayName, MAX_PHOTO_BYTES, MAX_PHOTO_MB, photoContentProblem, photoProblemBeforeUpload } from './photo-rules'

/** Photos per address: 40 in 10 minutes (eight forms of five), and 150 MB an hour however they are split. */
const UPLOAD_LIMIT = { limit: 40, windowMs: 10 * 60 * 1000 }
export const BYTES_PER_HOUR = 150 * 1024 * 1024
/** Room above one photo for the multipart framing, and for a slightly larger file to be refused by name. */
const BODY_LIMIT = MAX_PHOTO_BYTES + 1024 * 1024
const TOO_MANY_BYTES = 'You have sent a lot of photos in the last hour. Please try again later, or send the inquiry without more photos.'

const photoHeaders = (bytes: Buffer, extra: Record<string, string> = {}) => ({
  'Content-Type': 'image/jpeg',
  'Content-Length': String(bytes.length),
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
  ...extra,
})

/** The visitor's file name with a .jpg ending (what the photo is now), safe inside a Content-Disposition header. */
function downloadName(name: string): string {
  const base =
    displayName(name)
      .replace(/\.[a-z0-9]{1,5}$/i, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '-')
      .slice(0, 60) || 'photo'
  return `${base}.jpg`
}

export function createInquiryPhotoRoutes(
  deps: Pick<ContentDeps, 'config' | 'store'> & { inquiries: InquiryStore; inquiryPhotos: PhotoStore },
) {
  const { config, inquiries, inquiryPhotos: photos } = deps
  const budget = new ByteBudget(BYTES_PER_HOUR, 60 * 60 * 1000)
  const address = (c: Context) => clientAddress(c, config.trustProxy)
  void photos.sweepOrphans(inquiries.dir).catch((err) => console.error('Leftover inquiry photos could not be checked:', err))

  const record = async (id: string) => {
    const found = await inquiries.find(id).catch(() => null)
    if (!found) throw notFound('No such inquiry')
    return found
  }

  return new Hono<AppEnv>()
    .post(
      '/inquiry-photos',
      rateLimit(new RateLimiter(UPLOAD_LIMIT.limit, UPLOAD_LIMIT.windowMs), config.trustProxy),
      async (c, next) => {
        if (budget.isSpent(address(c))) throw tooManyRequests(TOO_MANY_BYTES)
        await next()
      },
      limitBody(BODY_LIMIT, `Photos can be at most ${MAX_PHOTO_MB} MB each.`),
      async (c) => {
        if (!isMultipartForm(c.req.header('content-type'))) {
          throw unsupportedMediaType('Send the photo as multipart/form-data in the field "photo"')
        }
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('The photo could not be read')
        })
        const file = form.photo
        const fieldId = typeof form.fieldId === 'string' ? form.fieldId : ''
        // A bot is answered as a person is; its photo is never looked at.
        if (filledHoneypot(form as Record<string, unknown>)) return c.json({ token: randomBytes(16).toString('hex') }, 201)
        const serviceId = ServiceIdSchema.safeParse(form.serviceId)
        const service = serviceId.success ? await findService(deps.store, serviceId.data) : null
        if (!service) throw badRequest('Please choose a service for your inquiry.')
        const field = service.customPhotoFields.find((f) => f.id === fieldId)
        if (!field) throw badRequest(`Unknown form field: ${fieldId || '(none)'}`)
        if (!(file instanceof File)) throw badRequest(`${field.header}: choose a photo to send (field "photo")`)
        budget.spend(address(c), file.size)
        const before = photoProblemBeforeUpload(file)
        if (before) throw httpError(file.size > MAX_PHOTO_BYTES ? 413 : 400, `${field.header}: ${before}`)
        const bytes = new Uint8Array(await file.arrayBuffer())
        const content = photoContentProblem(file, bytes.subarray(0, 16))
        if ('problem' in content) throw badRequest(`${field.header}: ${content.problem}`)
        let cleaned
        try {
          cleaned = await cleanPhoto(bytes)
        } catch {
          throw badRequest(
            `${field.header}: ${displayName(file.name)}: the photo could not be opened (it may be damaged). Please choose another.`,
          )
        }
        const token = await photos.hold(cleaned, { serviceId: service.id, fieldId: field.id, name: file.name })
        return c.json({ token, name: displayName(file.name), width: cleaned.width, height: cleaned.height }, 201)
      },
    )
    .get('/admin/inquiries/:id/photos/:file', requireAdmin, async (c) => {
      const match = /^([0-9a-f]{16})(-thumb)?\.jpg$/.exec(c.req.param('file'))
      if (!match) throw notFound('No such photo')
      const found = await record(c.req.param('id'))
      const meta = found.inquiry.photos?.flatMap((g) => g.files).find((f) => f.id === match[1])
      const bytes = meta && (await photos.read(found.id, match[1], match[2] ? 'thumb' : 'full'))
      if (!meta || !bytes) throw notFound('No such photo')
      const disposition = c.req.query('download') !== undefined ? `attachment; filename="${downloadName(meta.name)}"` : 'inline'
      return c.body(new Uint8Array(bytes), 200, photoHeaders(bytes, { 'Content-Disposition': disposition }))
    })
    .delete('/admin/inquiries/:id', requireAdmin, async (c) => {
      const id = c.req.param('id')
      // The record first: once it is gone the inquiry is gone; photos left by a failure here are swept at start-up.
      if (!(await inquiries.remove(id))) throw notFound('No such inquiry')
      await photos.remove(id)
      return c.json({ ok: true as const })
    })
}

/** GET /inquiry-photos/{inquiry}/{photo}.jpg?expires=&sig=: the e-mail's links; anything but a valid, unexpired signature is 403. */
export function createSignedPhotoRoutes({ inquiryPhotos: photos, photoLinks }: { inquiryPhotos: PhotoStore; photoLinks: PhotoLinkSigner }) {
  return new Hono<AppEnv>().get('/inquiry-photos/:id/:file', async (c) => {
    const id = c.req.param('id')
    const match = /^([0-9a-f]{16})\.jpg$/.exec(c.req.param('file'))
    const valid = match !== null && (await photoLinks.verify(id, match[1], c.req.query('expires'), c.req.query('sig')))
    if (!valid) {
      c.header('Cache-Control', 'no-store')
      throw httpError(403, 'This photo link is not valid or has expired. Open the inquiry in the dashboard to see its photos.')
    }
    const bytes = await photos.read(id, match[1], 'full')
    if (!bytes) throw notFound('This photo is no longer kept.')
    return c.body(
      new Uint8Array(bytes),
      200,
      photoHeaders(bytes, { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' }),
    )
  })
}

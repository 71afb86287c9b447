// POST /api/contact: store the inquiry, then e-mail it (the inbox API is inbox.routes.ts).
import { Hono } from 'hono'
import type { AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest, firstZodMessage } from '../lib/errors'
import { ServiceIdSchema, type Service } from '../services/services.schema'
import { findService, listServices } from '../services/services.store'
import { InquiryStore, newInquiryId } from './inquiries.store'
import { studioToday } from '../lib/studio-time'
import type { StoredInquiry } from './inquiry-record.schema'
import { fieldErrors, inquirySchemaFor, NOT_PROVIDED, type Inquiry } from './inquiry.schema'
import { filledHoneypot, formBody, publicFormGuard } from '../lib/public-form'
import type { MailOutbox } from './mail-outbox'
import type { InsightsCollector } from '../insights/collector'
import { visitOf } from '../insights/visit'
import { shownFieldIds } from '../services/form-rules'
import { deliveryEstimate } from '../pricing/delivery-estimate'
import { readPricing } from '../pricing/pricing.store'
import type { PhotoStore, StoredPhoto } from './inquiry-photos.store'
import { dropdownValues } from './inquiry.schema'

const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 }
/** A person takes longer than this between opening the form and pressing Submit; a script posting at once does not. */
export const TIME_TRAP_MS = 1000

/** The time trap: the form says how long it was open; a bot that fills it faster is answered like the honeypot. */
function tooFast(body: Record<string, unknown>): boolean {
  return typeof body.formMs === 'number' && body.formMs < TIME_TRAP_MS
}

/** Every photo token in the body, well-formed or not (to let a bot's held photos go). */
function tokensIn(body: Record<string, unknown>): string[] {
  const photos = body.photos
  if (!photos || typeof photos !== 'object') return []
  return Object.values(photos as Record<string, unknown>).flatMap((list) =>
    Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [],
  )
}

/** The service the form was for: by `serviceId`, or by title (`service`) from older clients. Hidden ones too: a lead is a lead. */
async function serviceOf(deps: ContentDeps, body: Record<string, unknown>): Promise<Service> {
  const id = ServiceIdSchema.safeParse(body.serviceId)
  const service = id.success
    ? await findService(deps.store, id.data)
    : typeof body.service === 'string'
      ? ((await listServices(deps.store)).find((s) => s.title === (body.service as string).trim()) ?? null)
      : null
  if (!service) throw badRequest('Please choose a service for your inquiry.')
  return service
}

/** Keeps only the answers to the questions this service asked (hidden ones left out), under its own headers; blanks read 'Not provided'. */
function storedInquiry(service: Service, inquiry: Inquiry): StoredInquiry {
  const shown = shownFieldIds(service, dropdownValues(inquiry.customDropdownFields))
  const answers = (fields: { id: string; header: string }[], given: Inquiry['customFields']) =>
    Object.fromEntries(
      fields.filter((f) => shown.has(f.id)).map((f) => [f.id, { header: f.header, value: given[f.id]?.value?.trim() || NOT_PROVIDED }]),
    )
  return {
    firstName: inquiry.firstName,
    lastName: inquiry.lastName,
    email: inquiry.email,
    phone: inquiry.phone,
    address: inquiry.address,
    city: inquiry.city,
    zipcode: inquiry.zipcode,
    eventDate: inquiry.eventDate,
    eventDetails: inquiry.eventDetails,
    referralSource: inquiry.referralSource,
    service: service.title,
    serviceId: service.id,
    ...(service.showBalloonColorSelection ? { balloonColors: inquiry.balloonColors ?? [] } : {}),
    customFields: answers(service.customTextFields, inquiry.customFields),
    customDropdownFields: answers(service.customDropdownFields, inquiry.customDropdownFields),
    fieldOrder: service.fieldOrder,
  }
}

interface InquiryRouteDeps extends ContentDeps {
  mailOutbox: MailOutbox
  insights: InsightsCollector
  inquiries: InquiryStore
  inquiryPhotos: PhotoStore
}

export function createInquiryRoutes(deps: InquiryRouteDeps) {
  const { config, mailOutbox: outbox, inquiries, inquiryPhotos: photos } = deps

  return new Hono<AppEnv>().post('/contact', publicFormGuard(CONTACT_LIMIT.limit, CONTACT_LIMIT.windowMs, config.trustProxy), async (c) => {
    const body = await formBody(c)
    // A bot hears what a person hears; nothing is stored or sent, and photos it may have sent are let go.
    if (filledHoneypot(body) || tooFast(body)) {
      await photos.release(tokensIn(body))
      return c.json({ ok: true as const, id: newInquiryId(new Date()) })
    }
    const service = await serviceOf(deps, body)
    const parsed = inquirySchemaFor(service, studioToday()).safeParse(body)
    if (!parsed.success) {
      return c.json({ error: firstZodMessage(parsed.error), fields: fieldErrors(parsed.error) }, 400)
    }
    const now = new Date()
    const id = newInquiryId(now)
    const inquiry = storedInquiry(service, parsed.data)
    // The zones of the day's price list; an unreadable price list only means no estimate.
    const zones = (await readPricing(deps.store).catch(() => null))?.deliveryZones ?? []
    const estimate = deliveryEstimate(zones, inquiry.zipcode)
    if (estimate) inquiry.deliveryEstimate = estimate
    // Photos first, the record last: the record is what makes the inquiry exist, so a failure leaves nothing behind.
    const wanted = service.customPhotoFields
      .map((f) => ({ fieldId: f.id, tokens: parsed.data.photos[f.id] ?? [] }))
      .filter((w) => w.tokens.length)
    const claimed = await photos.claim(id, service.id, wanted)
    const groups = service.customPhotoFields
      .filter((f) => wanted.some((w) => w.fieldId === f.id))
      .map((f) => ({
        fieldId: f.id,
        header: f.header,
        files: claimed.photos[f.id] ?? ([] as StoredPhoto[]),
        ...missingOf(f.id, wanted, claimed.photos),
      }))
    if (groups.length) inquiry.photos = groups
    let record
    try {
      record = await inquiries.create(inquiry, outbox.initialState(), now, outbox.initialConfirmation(), id)
    } catch (err) {
      await photos.remove(id).catch(() => undefined)
      throw err
    }
    await photos.release(claimed.tokens).catch((err) => console.error('Held photos could not be removed:', err))
    outbox.enqueue(record.id)
    deps.insights.conversion(visitOf(c, config.trustProxy), 'inquiries', service.id)
    return c.json({ ok: true as const, id: record.id, ...(claimed.missing ? { photosNotAttached: claimed.missing } : {}) })
  })
}

/** How many of a field's photos were no longer held (expired or sent twice); nothing when all arrived. */
function missingOf(
  fieldId: string,
  wanted: { fieldId: string; tokens: string[] }[],
  got: Record<string, StoredPhoto[]>,
): { missing?: number } {
  const asked = wanted.find((w) => w.fieldId === fieldId)?.tokens.length ?? 0
  const missing = asked - (got[fieldId]?.length ?? 0)
  return missing > 0 ? { missing } : {}
}

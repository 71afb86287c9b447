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

const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 }

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

/** Keeps only the answers this service asks for, under its own headers; blanks read 'Not provided'. */
function storedInquiry(service: Service, inquiry: Inquiry): StoredInquiry {
  const answers = (fields: { id: string; header: string }[], given: Inquiry['customFields']) =>
    Object.fromEntries(fields.map((f) => [f.id, { header: f.header, value: given[f.id]?.value?.trim() || NOT_PROVIDED }]))
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

export function createInquiryRoutes(deps: ContentDeps & { mailOutbox: MailOutbox; insights: InsightsCollector }) {
  const { config, mailOutbox: outbox } = deps
  const inquiries = InquiryStore.for(config.dataDir)

  return new Hono<AppEnv>()
    .post('/contact', publicFormGuard(CONTACT_LIMIT.limit, CONTACT_LIMIT.windowMs, config.trustProxy), async (c) => {
      const body = await formBody(c)
      // A bot hears what a person hears; nothing is stored or sent.
      if (filledHoneypot(body)) return c.json({ ok: true as const, id: newInquiryId(new Date()) })
      const service = await serviceOf(deps, body)
      const parsed = inquirySchemaFor(service, studioToday()).safeParse(body)
      if (!parsed.success) {
        return c.json({ error: firstZodMessage(parsed.error), fields: fieldErrors(parsed.error) }, 400)
      }
      const record = await inquiries.create(storedInquiry(service, parsed.data), outbox.initialState(), new Date(), outbox.initialConfirmation())
      outbox.enqueue(record.id)
      deps.insights.conversion(visitOf(c, config.trustProxy), 'inquiries', service.id)
      return c.json({ ok: true as const, id: record.id })
    })
}

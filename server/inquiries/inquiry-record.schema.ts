// A stored inquiry as the inbox sees it: the visitor's answers plus receipt time, handling status and the states of its two e-mails.
import { z } from 'zod'

export const INQUIRY_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}$/

const INQUIRY_STATUSES = ['new', 'handled'] as const
export const InquiryStatusSchema = z.enum(INQUIRY_STATUSES, { error: "Status must be 'new' or 'handled'" })
export type InquiryStatus = z.infer<typeof InquiryStatusSchema>

const MAIL_STATES = ['pending', 'sent', 'failed', 'not-configured'] as const

const MailStateSchema = z.object({
  state: z.enum(MAIL_STATES),
  attempts: z.number().int().min(0),
  lastError: z.string().optional(),
  /** ISO time of the next automatic attempt; absent when none is planned. */
  nextAttemptAt: z.string().optional(),
  sentAt: z.string().optional(),
})
export type MailState = z.infer<typeof MailStateSchema>

const Answer = z.object({ header: z.string(), value: z.string() })

/** Read leniently: the form's schema already judged the answers when they arrived. */
const StoredInquirySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  zipcode: z.string(),
  eventDate: z.string(),
  eventDetails: z.string().default(''),
  referralSource: z.string().default(''),
  service: z.string(),
  serviceId: z.string().optional(),
  balloonColors: z.array(z.string()).optional(),
  customFields: z.record(z.string(), Answer).default({}),
  customDropdownFields: z.record(z.string(), Answer).default({}),
  /** The service's custom field order when the inquiry arrived (text and dropdown ids together). */
  fieldOrder: z.array(z.string()).optional(),
})
export type StoredInquiry = z.infer<typeof StoredInquirySchema>

export const InquiryRecordSchema = z.object({
  id: z.string().regex(INQUIRY_ID_PATTERN),
  receivedAt: z.string(),
  status: InquiryStatusSchema,
  handledAt: z.string().optional(),
  inquiry: StoredInquirySchema,
  /** The studio's e-mail (records written before confirmations existed have only this one). */
  mail: MailStateSchema,
  /** The confirmation e-mail to the visitor; absent when none was planned (SMTP not set, MAIL_CONFIRM_VISITOR off, older records). */
  confirmation: MailStateSchema.optional(),
})
export type InquiryRecord = z.infer<typeof InquiryRecordSchema>

export const InquiryStatusFilterSchema = z.enum(['new', 'handled', 'all']).default('all')
export type InquiryStatusFilter = z.infer<typeof InquiryStatusFilterSchema>

/** The custom answers (text and dropdown) in the order the form asked them. */
export function customAnswers(inquiry: StoredInquiry): { id: string; header: string; value: string }[] {
  const all = [...Object.entries(inquiry.customFields), ...Object.entries(inquiry.customDropdownFields)].map(([id, a]) => ({ id, ...a }))
  const order = inquiry.fieldOrder ?? []
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length)
  return all.sort((a, b) => rank(a.id) - rank(b.id))
}

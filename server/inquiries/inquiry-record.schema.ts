// A stored inquiry as the inbox sees it: the visitor's answers plus receipt time, pipeline status, private notes and
// money, its status history and the states of its two e-mails.
import { z } from 'zod'
import { DATE_PATTERN, isCalendarDate } from '../lib/studio-time'
import { textBlock, textLine } from '../lib/text'

export const INQUIRY_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}$/

/** The lead pipeline, in the order a lead moves through it. */
export const INQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'completed', 'lost'] as const
const STATUS_ERROR = `Status must be one of: ${INQUIRY_STATUSES.join(', ')}`
export const InquiryStatusSchema = z.enum(INQUIRY_STATUSES, { error: STATUS_ERROR })
export type InquiryStatus = z.infer<typeof InquiryStatusSchema>

/** Before the pipeline an inquiry was 'new' or 'handled'; a handled one is read (and asked for) as 'contacted'. */
const LEGACY_STATUS: Record<string, InquiryStatus> = { handled: 'contacted' }
export const StatusOrLegacySchema = z.preprocess((v) => (typeof v === 'string' ? (LEGACY_STATUS[v] ?? v) : v), InquiryStatusSchema)

/** Statuses whose event date is held on the calendar. */
export const CALENDAR_STATUSES: readonly InquiryStatus[] = ['new', 'contacted', 'quoted', 'booked']

/** The usual reasons a lead is lost; the owner may write her own instead. */
export const LOST_REASONS = ['Date not available', 'Chose another studio', 'Over budget', 'No reply', 'Event cancelled'] as const

/** A calendar date, YYYY-MM-DD, that exists (the schema's message is the pattern's too). */
export const CalendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(DATE_PATTERN)
    .refine(isCalendarDate, `${label} must be a real date`)

const Money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} must be in whole cents`)

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

/** The photos of one photos field, stored under DATA_DIR/inquiry-photos/<inquiry id>/ (inquiry-photos.store.ts). */
const PhotoGroupSchema = z.object({
  fieldId: z.string(),
  header: z.string(),
  files: z.array(
    z.object({ id: z.string().regex(/^[0-9a-f]{16}$/), name: z.string(), width: z.number(), height: z.number(), bytes: z.number() }),
  ),
  /** Photos the visitor sent that were no longer held when the inquiry arrived (expired, or sent twice). */
  missing: z.number().int().min(0).optional(),
})
export type PhotoGroup = z.infer<typeof PhotoGroupSchema>

/** The delivery estimate the form showed, worked out again on the server from the ZIP and the zones of the day. */
const DeliveryEstimateSchema = z.union([
  z.object({ zip: z.string(), zone: z.string(), fee: z.number() }),
  z.object({ zip: z.string(), outside: z.literal(true) }),
])

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
  /** The service's custom field order when the inquiry arrived (text, dropdown and photo ids together). */
  fieldOrder: z.array(z.string()).optional(),
  photos: z.array(PhotoGroupSchema).optional(),
  deliveryEstimate: DeliveryEstimateSchema.optional(),
})
export type StoredInquiry = z.infer<typeof StoredInquirySchema>

const NoteSchema = z.object({ at: z.string(), text: z.string() })
export type InquiryNote = z.infer<typeof NoteSchema>

/** One status change: when, from what, to what (and why, for a lost lead). */
const StatusChangeSchema = z.object({ at: z.string(), from: StatusOrLegacySchema, to: StatusOrLegacySchema, reason: z.string().optional() })
export type StatusChange = z.infer<typeof StatusChangeSchema>

const DepositSchema = z.object({ amount: z.number(), date: z.string() })

/** One change of the money: the quote set or cleared (amount null), a deposit recorded (with its date) or cleared. */
const MoneyChangeSchema = z.object({
  at: z.string(),
  what: z.enum(['quote', 'deposit']),
  amount: z.number().nullable(),
  date: z.string().optional(),
})
export type MoneyChange = z.infer<typeof MoneyChangeSchema>

export const InquiryRecordSchema = z.object({
  id: z.string().regex(INQUIRY_ID_PATTERN),
  receivedAt: z.string(),
  status: StatusOrLegacySchema,
  /** When an older record was marked 'handled' (kept as it was; its history shows it). */
  handledAt: z.string().optional(),
  /** Why a lost lead was lost; kept while the status is 'lost'. */
  lostReason: z.string().optional(),
  /** The owner's private notes, oldest first; never shown outside the dashboard. */
  notes: z.array(NoteSchema).default([]),
  quotedAmount: z.number().optional(),
  deposit: DepositSchema.optional(),
  history: z.array(StatusChangeSchema).default([]),
  /** Each quote and deposit saved, oldest first (records from before it have none). */
  moneyHistory: z.array(MoneyChangeSchema).optional(),
  inquiry: StoredInquirySchema,
  /** The studio's e-mail (records written before confirmations existed have only this one). */
  mail: MailStateSchema,
  /** The confirmation e-mail to the visitor; absent when none was planned (SMTP not set, MAIL_CONFIRM_VISITOR off, older records). */
  confirmation: MailStateSchema.optional(),
  /** The booking e-mails (server/booking-mail/): each one sent, and the owner's switch that stops them for this lead. */
  bookingMail: z
    .object({
      off: z.boolean().optional(),
      sent: z.array(z.object({ key: z.string(), kind: z.string(), to: z.enum(['client', 'owner']), at: z.string() })).default([]),
    })
    .optional(),
})
export type InquiryRecord = z.infer<typeof InquiryRecordSchema>

/** A lead's quote money for the export (from the quotes, handed in by the app: inquiries never import quotes). */
export interface InquiryMoney {
  totalCents: number
  paidCents: number
  balanceCents: number
}

export const InquiryStatusFilterSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? (LEGACY_STATUS[v] ?? v) : v),
    z.enum([...INQUIRY_STATUSES, 'all'], { error: `${STATUS_ERROR} or all` }),
  )
  .default('all')
export type InquiryStatusFilter = z.infer<typeof InquiryStatusFilterSchema>

/** PATCH /api/admin/inquiries/{id}: any of these; null clears the quote or the deposit. */
export const InquiryChangeSchema = z
  .object(
    {
      status: StatusOrLegacySchema.optional(),
      lostReason: textLine('Lost reason').max(200, 'Lost reason is too long').optional(),
      quotedAmount: Money('Quoted amount').nullable().optional(),
      deposit: z
        .object({ amount: Money('Deposit amount'), date: CalendarDateSchema('Deposit date') }, { error: 'Deposit must be {amount, date}' })
        .nullable()
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'Send the change as a JSON object',
    },
  )
  .strict()
  .refine((c) => Object.keys(c).length > 0, 'Send at least one of status, lostReason, quotedAmount, deposit')
  .refine((c) => c.status !== 'lost' || !!c.lostReason, { message: 'Lost reason is required when a lead is lost', path: ['lostReason'] })
export type InquiryChange = z.infer<typeof InquiryChangeSchema>

export const NoteBodySchema = z.object({ text: textBlock('Note').min(1, 'Note is required').max(5000, 'Note is too long') })

/** The custom answers (text and dropdown) in the order the form asked them. */
export function customAnswers(inquiry: StoredInquiry): { id: string; header: string; value: string }[] {
  const all = [...Object.entries(inquiry.customFields), ...Object.entries(inquiry.customDropdownFields)].map(([id, a]) => ({ id, ...a }))
  const order = inquiry.fieldOrder ?? []
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length)
  return all.sort((a, b) => rank(a.id) - rank(b.id))
}

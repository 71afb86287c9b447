// The e-mails the site sends around a booking, as the owner edits them (content/booking-mail.yaml): each with its own
// on/off, subject and text with placeholders, and when it goes; plus the studio's review link. Shared with the dashboard.
import { z } from 'zod'
import { plainText } from '../lib/text'

/** The e-mails, in the order a booking meets them. */
export const BOOKING_MAILS = ['quoteFollowUp', 'balanceReminder', 'balanceOverdue', 'eventConfirmation', 'thankYou'] as const
export type BookingMailKind = (typeof BOOKING_MAILS)[number]

export const BOOKING_MAIL_LABELS: Record<BookingMailKind, string> = {
  quoteFollowUp: 'Quote follow-up',
  balanceReminder: 'Balance reminder',
  balanceOverdue: 'Balance overdue (to you)',
  eventConfirmation: 'Event confirmation',
  thankYou: 'Thank-you and review',
}

/** The placeholders a subject or text may use, filled in when the e-mail is sent. */
export const PLACEHOLDERS = [
  'firstName',
  'clientName',
  'eventDate',
  'balance',
  'balanceDueDate',
  'payLink',
  'quoteLink',
  'reviewLink',
  'studioName',
] as const

const Days = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} is ${max} at most`)

/** A placeholder as written: `{firstName}`, or with spaces inside the braces (`{ firstName }`), as people type it. */
export const PLACEHOLDER_PATTERN = /\{ *(\w+) *\}/g

const unknownPlaceholder = (text: string) =>
  [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!).find((p) => !(PLACEHOLDERS as readonly string[]).includes(p))

const template = (name: string) =>
  z.object(
    {
      on: z.boolean({ error: `${name}: on must be true or false` }),
      subject: plainText(`${name}: the subject`)
        .min(1, `${name}: the subject is required`)
        .max(200, `${name}: the subject is 200 characters at most`)
        .refine((s) => !unknownPlaceholder(s), {
          error: (i) => `${name}: the subject has an unknown placeholder {${unknownPlaceholder(String(i.input))}}`,
        }),
      body: plainText(`${name}: the text`, { kind: 'block' })
        .min(1, `${name}: the text is required`)
        .max(5000, `${name}: the text is 5,000 characters at most`)
        .refine((s) => !unknownPlaceholder(s), {
          error: (i) => `${name}: the text has an unknown placeholder {${unknownPlaceholder(String(i.input))}}`,
        }),
    },
    { error: `${name}: send {on, subject, body} and its days` },
  )

const BookingMailShape = z.object(
  {
    /** The studio's review page (a Google review link), put in the thank-you as {reviewLink}; empty: none. */
    reviewUrl: z.union(
      [
        z.literal(''),
        z
          .url({ protocol: /^https?$/, error: 'The review link must be a web address (https://...)' })
          .max(500, 'The review link is 500 characters at most'),
      ],
      {
        error: 'The review link must be a web address (https://...) or empty',
      },
    ),
    quoteFollowUp: template(BOOKING_MAIL_LABELS.quoteFollowUp).extend({ afterDays: Days('Quote follow-up: days after the quote', 1, 60) }),
    balanceReminder: template(BOOKING_MAIL_LABELS.balanceReminder).extend({
      daysBefore: z
        .array(Days('Balance reminder: days before the due date', 0, 60), {
          error: 'Balance reminder: days before the due date must be a list',
        })
        .min(1, 'Balance reminder: give at least one day')
        .max(5, 'Balance reminder: five days at most')
        .refine((d) => new Set(d).size === d.length, 'Balance reminder: each day once'),
    }),
    balanceOverdue: template(BOOKING_MAIL_LABELS.balanceOverdue),
    eventConfirmation: template(BOOKING_MAIL_LABELS.eventConfirmation).extend({
      daysBefore: Days('Event confirmation: days before the event', 1, 14),
    }),
    thankYou: template(BOOKING_MAIL_LABELS.thankYou).extend({ afterDays: Days('Thank-you: days after Completed', 0, 30) }),
  },
  { error: 'Send the booking e-mails as a JSON object' },
)

export const BookingMailSchema = BookingMailShape
export const BookingMailSaveSchema = BookingMailShape.extend({ baseVersion: z.string().max(100).optional() })
export type BookingMailSettings = z.infer<typeof BookingMailSchema>
export type BookingMailTemplate = z.infer<typeof BookingMailShape.shape.balanceOverdue>

// The booking e-mails editor's form: the settings as text fields (days as typed), and back; which field a problem belongs
// to and which field shows a refused save's error; when each e-mail goes, in the owner's words.
import {
  BOOKING_MAILS,
  BookingMailSchema,
  type BookingMailKind,
  type BookingMailSettings,
} from '../../../server/booking-mail/booking-mail.schema'

export interface MailDraft {
  on: boolean
  subject: string
  body: string
  /** "7, 1" (balance reminders) or "3"; empty for the overdue note, which has no days. */
  days: string
}
export interface BookingMailDraft {
  reviewUrl: string
  mails: Record<BookingMailKind, MailDraft>
}

const daysOf = (s: BookingMailSettings, kind: BookingMailKind): string => {
  const m = s[kind] as { daysBefore?: number | number[]; afterDays?: number }
  const d = m.daysBefore ?? m.afterDays
  return d === undefined ? '' : Array.isArray(d) ? d.join(', ') : String(d)
}

export function toDraft(s: BookingMailSettings): BookingMailDraft {
  const mails = Object.fromEntries(
    BOOKING_MAILS.map((k) => [k, { on: s[k].on, subject: s[k].subject, body: s[k].body, days: daysOf(s, k) }]),
  ) as BookingMailDraft['mails']
  return { reviewUrl: s.reviewUrl, mails }
}

/** A typed number, or NaN (the schema then says "must be a number" for that field). */
const num = (text: string) => (text.trim() === '' ? NaN : Number(text.trim()))

/** The draft as the API takes it; not yet checked (see `problemOf`). */
export function fromDraft(d: BookingMailDraft): BookingMailSettings {
  const m = d.mails
  const base = (k: BookingMailKind) => ({ on: m[k].on, subject: m[k].subject, body: m[k].body })
  return {
    reviewUrl: d.reviewUrl.trim(),
    quoteFollowUp: { ...base('quoteFollowUp'), afterDays: num(m.quoteFollowUp.days) },
    balanceReminder: {
      ...base('balanceReminder'),
      daysBefore: m.balanceReminder.days
        .split(',')
        .filter((p) => p.trim() !== '')
        .map(num),
    },
    balanceOverdue: base('balanceOverdue'),
    eventConfirmation: { ...base('eventConfirmation'), daysBefore: num(m.eventConfirmation.days) },
    thankYou: { ...base('thankYou'), afterDays: num(m.thankYou.days) },
  }
}

/** The id of a field in the tab (`bm-thankYou-subject`, `bm-reviewUrl`). */
export const fieldId = (kind: BookingMailKind | 'reviewUrl', field?: 'subject' | 'body' | 'days' | 'on') =>
  field ? `bm-${kind}-${field}` : `bm-${kind}`

/** The first problem of the draft and the field it belongs to, or null when it can be saved. */
export function problemOf(d: BookingMailDraft): { id: string; message: string } | null {
  const parsed = BookingMailSchema.safeParse(fromDraft(d))
  if (parsed.success) return null
  const issue = parsed.error.issues[0]!
  const [kind, field] = issue.path as [BookingMailKind | 'reviewUrl', string | undefined]
  if (kind === 'reviewUrl') return { id: fieldId('reviewUrl'), message: issue.message }
  const which = field === 'subject' || field === 'body' || field === 'on' ? field : 'days'
  return { id: fieldId(kind, which), message: issue.message }
}

/** Each part in words, for the stale-edit dialog's comparison ("on, 7, 1: Balance due {balanceDueDate} …"). */
export function bookingMailInWords(s: BookingMailSettings): Record<string, string> {
  const words: Record<string, string> = { reviewUrl: s.reviewUrl }
  for (const k of BOOKING_MAILS)
    words[k] = `${s[k].on ? 'on' : 'off'}${daysOf(s, k) ? `, ${daysOf(s, k)} days` : ''}: ${s[k].subject}\n${s[k].body}`
  return words
}

/** When each e-mail goes and to whom, and what its days field means (none: the overdue note has no days). */
export const MAIL_WHEN: Record<BookingMailKind, { hint: string; days?: string }> = {
  quoteFollowUp: {
    hint: 'To the client, when a quote you sent is still unanswered (not accepted, not expired).',
    days: 'Days after the quote is made',
  },
  balanceReminder: {
    hint: 'To the client, with the payment link, before the balance due date (Pricing: balance due days before the event).',
    days: 'Days before the due date (e.g. 7, 1)',
  },
  balanceOverdue: { hint: 'To you, the day after the balance due date, when the balance is not recorded as paid.' },
  eventConfirmation: { hint: 'To the client, before a booked event.', days: 'Days before the event' },
  thankYou: {
    hint: 'To the client, after you mark the lead Completed, with your review link (sent only when the link is set).',
    days: 'Days after Completed',
  },
}

/**
 * The error shown on a field: the editor's error on the field the last refused save named; none once the error is
 * cleared (an edit, a discard, a save that went through) or when the save named no field.
 */
export function fieldError(badField: string | null, error: string | null): { id: string; message: string } | null {
  return badField && error ? { id: badField, message: error } : null
}

/** The attributes that tie a field to the error shown on it (its text has the id `<field>-error`). */
export function invalidProps(error: { id: string } | null, id: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error?.id === id ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}
}

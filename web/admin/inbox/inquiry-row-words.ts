// What one inquiry's row in the inbox says (inquiry-row.tsx lays it out): its e-mail badges and the sentence when one
// keeps failing, the calendar warnings' badges, its answers with their links, and its balloon colours' swatches.
import { BALLOON_COLORS } from '../../../server/inquiries/balloon-colors'
import { inquiryRows, plural } from '../../../server/inquiries/inquiry-format'
import type { MailState } from '../../../server/inquiries/inquiry-record.schema'
import { formatStudioTime } from '../../../server/lib/studio-time'
import type { CalendarWarning, InquiryRecord } from './inbox-api'

export interface Badge {
  label: string
  tone: string
  title: string
}

const MAIL_BADGES: Record<MailState['state'], Badge> = {
  sent: { label: 'E-mailed', tone: 'ok', title: 'Sent to the studio inbox' },
  pending: { label: 'E-mail queued', tone: 'wait', title: 'Waiting to be sent' },
  failed: { label: 'E-mail failing', tone: 'bad', title: 'Sending failed; it is retried automatically' },
  'not-configured': { label: 'Not e-mailed', tone: 'muted', title: 'E-mail is not set up (SMTP_URL); the inquiry is kept here' },
}

const CONFIRMATION_BADGES: Record<MailState['state'], Badge> = {
  sent: { label: 'Confirmed', tone: 'ok', title: 'The visitor was sent a confirmation' },
  pending: { label: 'Confirmation queued', tone: 'wait', title: "The visitor's confirmation is waiting to be sent" },
  failed: { label: 'Confirmation failing', tone: 'bad', title: "Sending the visitor's confirmation failed; it is retried automatically" },
  'not-configured': { label: 'Not confirmed', tone: 'muted', title: 'E-mail is not set up (SMTP_URL)' },
}

/** The studio's e-mail of the inquiry. */
export const mailBadge = (record: Pick<InquiryRecord, 'mail'>): Badge => MAIL_BADGES[record.mail.state]

/** The visitor's confirmation e-mail; none when no confirmation was planned. */
export const confirmationBadge = (record: Pick<InquiryRecord, 'confirmation'>): Badge | undefined =>
  record.confirmation && CONFIRMATION_BADGES[record.confirmation.state]

/** Retry e-mail now is offered while either e-mail is failing. */
export const mailFailed = (record: Pick<InquiryRecord, 'mail' | 'confirmation'>): boolean =>
  record.mail.state === 'failed' || record.confirmation?.state === 'failed'

/** The note under a failing e-mail: how often it was tried, the last error, and when it is tried again, if ever. */
export function mailFailure(subject: string, mail: MailState): string {
  const error = mail.lastError ? `: ${mail.lastError}` : ''
  const next = mail.nextAttemptAt ? ` Next automatic try ${formatStudioTime(mail.nextAttemptAt)}.` : ' No more automatic tries.'
  return `${subject} failed after ${plural(mail.attempts, 'attempt')}${error}.${next}`
}

/** The failure notes to show: the studio's e-mail, then the visitor's confirmation, each only while it is failing. */
export function mailFailures(record: Pick<InquiryRecord, 'mail' | 'confirmation'>): string[] {
  const notes: string[] = []
  if (record.mail.state === 'failed') notes.push(mailFailure('E-mail', record.mail))
  if (record.confirmation?.state === 'failed') notes.push(mailFailure("The visitor's confirmation", record.confirmation))
  return notes
}

/** A calendar warning's badge on the summary line. */
export const warningBadge = (warning: Pick<CalendarWarning, 'kind'>): string =>
  warning.kind === 'double-booked' ? 'Double booking' : 'Blocked date'

export interface Answer {
  label: string
  value: string
  /** Set on the e-mail address (mailto:) and the phone number (tel:, digits and + only). */
  href?: string
}

/** The answers in form order, links on the e-mail and phone; the balloon colours are shown apart, as swatches. */
export function answers(record: InquiryRecord): Answer[] {
  return inquiryRows(record)
    .filter(([label]) => label !== 'Balloon colors')
    .map(([label, value]) => {
      if (label === 'Email') return { label, value, href: `mailto:${value}` }
      if (label === 'Phone') return { label, value, href: `tel:${value.replace(/[^\d+]/g, '')}` }
      return { label, value }
    })
}

/** Each chosen colour with its swatch (transparent for a name the palette no longer has). */
export const colorSwatches = (names: readonly string[]): { name: string; hex: string }[] =>
  names.map((name) => ({ name, hex: BALLOON_COLORS.find((c) => c.name === name)?.hex ?? 'transparent' }))

/** The pipeline card starts again from the record when any of what it edits changed on the server. */
export const pipelineKey = (record: Pick<InquiryRecord, 'status' | 'quotedAmount' | 'deposit'>): string =>
  `${record.status}|${record.quotedAmount}|${record.deposit?.amount}|${record.deposit?.date}`

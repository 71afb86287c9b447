// An inquiry's history, oldest first: when it arrived, each status change, each quote and deposit saved, and what
// became of its e-mails.
import { formatStudioTime } from '../../../server/lib/studio-time'
import { BOOKING_MAIL_LABELS, BOOKING_MAILS, type BookingMailKind } from '../../../server/booking-mail/booking-mail.schema'
import { formatMoney, plural, shortEventDate, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import type { InquiryRecord } from './inbox-api'

interface Entry {
  at: string
  text: string
}

function mailEntries(record: InquiryRecord): Entry[] {
  const entries: Entry[] = []
  const { mail, confirmation } = record
  if (mail.state === 'sent') entries.push({ at: mail.sentAt ?? record.receivedAt, text: 'E-mailed to the studio' })
  if (mail.state === 'not-configured') entries.push({ at: record.receivedAt, text: 'Not e-mailed: e-mail is not set up' })
  if (mail.state === 'pending') entries.push({ at: record.receivedAt, text: 'E-mail to the studio waiting to be sent' })
  if (mail.state === 'failed')
    entries.push({
      at: record.receivedAt,
      text: `E-mail to the studio failing (${plural(mail.attempts, 'attempt')})${mail.lastError ? `: ${mail.lastError}` : ''}`,
    })
  if (confirmation?.state === 'sent')
    entries.push({ at: confirmation.sentAt ?? record.receivedAt, text: 'Confirmation e-mailed to the visitor' })
  if (confirmation?.state === 'failed')
    entries.push({ at: record.receivedAt, text: `Confirmation to the visitor failing (${plural(confirmation.attempts, 'attempt')})` })
  return entries
}

/** The booking e-mails the site sent (server/booking-mail/). */
function bookingMailEntries(record: InquiryRecord): Entry[] {
  return (record.bookingMail?.sent ?? []).map((s) => {
    const label = (BOOKING_MAILS as readonly string[]).includes(s.kind)
      ? BOOKING_MAIL_LABELS[s.kind as BookingMailKind].replace(' (to you)', '')
      : s.kind
    return { at: s.at, text: `${label} e-mailed to ${s.to === 'owner' ? 'you' : 'the client'}` }
  })
}

export function historyEntries(record: InquiryRecord): Entry[] {
  const entries: Entry[] = [
    { at: record.receivedAt, text: 'Received from the website' },
    ...mailEntries(record),
    ...bookingMailEntries(record),
  ]
  // Records from before the pipeline only knew "handled", with its time.
  if (record.handledAt && !record.history.some((h) => h.at <= record.handledAt!)) {
    entries.push({ at: record.handledAt, text: 'Marked handled (now Contacted)' })
  }
  for (const h of record.history) {
    entries.push({ at: h.at, text: `${STATUS_LABELS[h.from]} → ${STATUS_LABELS[h.to]}${h.reason ? ` (${h.reason})` : ''}` })
  }
  for (const m of record.moneyHistory ?? []) {
    if (m.what === 'quote') entries.push({ at: m.at, text: m.amount === null ? 'Quote cleared' : `Quoted ${formatMoney(m.amount)}` })
    else
      entries.push({
        at: m.at,
        text:
          m.amount === null
            ? 'Deposit cleared'
            : `Deposit of ${formatMoney(m.amount)} received${m.date ? ` on ${shortEventDate(m.date)}` : ''}`,
      })
  }
  for (const n of record.notes) entries.push({ at: n.at, text: 'Note added' })
  return entries.sort((a, b) => a.at.localeCompare(b.at))
}

export function InquiryHistory({ record }: { record: InquiryRecord }) {
  return (
    <section className="admin-inquiry__section" aria-label="History">
      <h3 className="admin-inquiry__section-title">History</h3>
      <ol className="admin-inquiry__history">
        {historyEntries(record).map((e, i) => (
          <li key={i}>
            <time dateTime={e.at}>{formatStudioTime(e.at)}</time> <span>{e.text}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

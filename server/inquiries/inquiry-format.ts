// How an inquiry reads to the studio (e-mail, CSV, inbox): studio-time dates, referral labels, every answer in order.
import { isCalendarDate } from '../lib/studio-time'
import { REFERRAL_SOURCES } from './inquiry.schema'
import { customAnswers, type InquiryRecord, type InquiryStatus } from './inquiry-record.schema'
import { describeEstimate } from '../pricing/delivery-estimate'

export function referralLabel(value: string): string {
  return REFERRAL_SOURCES.find((r) => r.value === value)?.label ?? value
}

/** Every answer in form order as label/value rows. */
export function inquiryRows(record: InquiryRecord): [string, string][] {
  const q = record.inquiry
  const rows: [string, string][] = [
    ['Service', q.service],
    ['Name', `${q.firstName} ${q.lastName}`],
    ['Email', q.email],
    ['Phone', q.phone],
    ['Address', q.address],
    ['City', q.city],
    ['Zipcode', q.zipcode],
    ['Event date', shortEventDate(q.eventDate)],
    ['Event details', q.eventDetails || '—'],
    ['How they found us', q.referralSource ? referralLabel(q.referralSource) : '—'],
  ]
  if (q.balloonColors) rows.push(['Balloon colors', q.balloonColors.length ? q.balloonColors.join(', ') : 'None chosen'])
  for (const answer of customAnswers(q)) rows.push([answer.header, answer.value])
  for (const group of q.photos ?? []) {
    const lost = group.missing ? `; ${plural(group.missing, 'photo')} did not arrive` : ''
    rows.push([group.header, `${plural(group.files.length, 'photo')}${lost}`])
  }
  if (q.deliveryEstimate) rows.push(['Delivery estimate', `${describeEstimate(q.deliveryEstimate)} (estimate shown on the form)`])
  return rows
}

const eventDateFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** An event date (YYYY-MM-DD) as people read it, "Sat, Mar 14, 2026"; anything else is shown as it was sent. */
export function shortEventDate(date: string): string {
  return isCalendarDate(date) ? eventDateFormat.format(new Date(`${date}T00:00:00Z`)) : date
}

/** "1 attempt", "3 attempts". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Money as the studio writes it: "$1,250" or "$1,250.50". */
export function formatMoney(amount: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount)
}

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  completed: 'Completed',
  lost: 'Lost',
}

/** The inbox search: every word must appear in the name, e-mail, phone (digits compared alone too) or service. */
/** The fields a search looks at (the inbox's index keeps only these per inquiry). */
export type SearchFields = Pick<InquiryRecord['inquiry'], 'firstName' | 'lastName' | 'email' | 'phone' | 'service'>

export function matchesSearch(record: { inquiry: SearchFields }, query: string): boolean {
  const q = record.inquiry
  const haystack = `${q.firstName} ${q.lastName} ${q.email} ${q.phone} ${q.service}`.toLowerCase()
  const digits = q.phone.replace(/\D/g, '')
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every(
      (word) =>
        haystack.includes(word) ||
        (/^[\d()+\-. ]+$/.test(word) && word.replace(/\D/g, '') !== '' && digits.includes(word.replace(/\D/g, ''))),
    )
}

// How an inquiry reads to the studio (e-mail, CSV, inbox): studio-time dates, referral labels, every answer in order.
import { REFERRAL_SOURCES, STUDIO_TIME_ZONE } from './inquiry.schema'
import { customAnswers, type InquiryRecord } from './inquiry-record.schema'

/** A time as the studio reads it, e.g. "Sat, Nov 21, 2026, 8:31 PM PST". */
export function formatStudioTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: STUDIO_TIME_ZONE,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

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
    ['Event date', q.eventDate],
    ['Event details', q.eventDetails || '—'],
    ['How they found us', q.referralSource ? referralLabel(q.referralSource) : '—'],
  ]
  if (q.balloonColors) rows.push(['Balloon colors', q.balloonColors.length ? q.balloonColors.join(', ') : 'None chosen'])
  for (const answer of customAnswers(q)) rows.push([answer.header, answer.value])
  return rows
}

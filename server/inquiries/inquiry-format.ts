// How an inquiry reads to the studio (e-mail, CSV, inbox): studio-time dates, referral labels, every answer in order.
import { REFERRAL_SOURCES } from './inquiry.schema'
import { customAnswers, type InquiryRecord } from './inquiry-record.schema'


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

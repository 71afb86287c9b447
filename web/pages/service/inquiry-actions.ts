// What the inquiry form needs once a visitor starts on it: validation (the schema POST /api/contact checks, and zod
// with it), sending, the studio's unavailable dates, which questions the answers ask, and the delivery estimate. Its own
// chunk, loaded on first use rather than with the page.
export { fieldErrors, inquirySchemaFor } from '../../../server/inquiries/inquiry.schema'
export { sendInquiry } from '../../lib/public-api'
export { ErrorSummary, goToField } from '../../components/error-summary'
export { shownFieldIds } from '../../../server/services/form-rules'
export { deliveryEstimate, describeEstimate } from '../../../server/pricing/delivery-estimate'
import { getUnavailableDates } from '../../lib/public-api'

const DAY_MS = 24 * 60 * 60 * 1000
let unavailable: Promise<Set<string>> | undefined

/** The blocked dates of the coming year, asked for once per page; a failure just means no note is shown. */
function unavailableDates(today: string): Promise<Set<string>> {
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + 399 * DAY_MS).toISOString().slice(0, 10)
  unavailable ??= getUnavailableDates(today, to).then(
    (r) => new Set(r.unavailable),
    () => new Set<string>(),
  )
  return unavailable
}

/** Polite, and no bar to sending: the studio may still fit the party in or suggest another day. */
function bookedNote(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
  return `Heads up: we may already be fully booked on ${day}. You are welcome to send your inquiry anyway, and we will let you know what we can do.`
}

/** The note for a chosen event date (null when the date is free), once the blocked dates have arrived. */
export async function availabilityNotes(today: string): Promise<(date: string) => string | null> {
  const blocked = await unavailableDates(today)
  return (date) => (blocked.has(date) ? bookedNote(date) : null)
}

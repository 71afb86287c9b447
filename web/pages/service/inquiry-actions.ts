// What the inquiry form needs once a visitor starts on it: validation (the schema POST /api/contact checks, and zod
// with it), sending, and the studio's unavailable dates. Its own chunk, loaded on first use rather than with the page.
export { fieldErrors, inquirySchemaFor } from '../../../server/inquiries/inquiry.schema'
export { sendInquiry } from '../../lib/public-api'
import { getUnavailableDates } from '../../lib/public-api'

const DAY_MS = 24 * 60 * 60 * 1000
let unavailable: Promise<Set<string>> | undefined

/** The blocked dates of the coming year, asked for once per page; a failure just means no note is shown. */
export function unavailableDates(today: string): Promise<Set<string>> {
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + 399 * DAY_MS).toISOString().slice(0, 10)
  unavailable ??= getUnavailableDates(today, to).then(
    (r) => new Set(r.unavailable),
    () => new Set<string>(),
  )
  return unavailable
}

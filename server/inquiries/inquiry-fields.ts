// The inquiry form's fixed parts (no schema library, so the public form renders without zod).
export const STUDIO_TIME_ZONE = 'America/Los_Angeles'
export const NOT_PROVIDED = 'Not provided'

export const REFERRAL_SOURCES = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'other social media', label: 'Other Social Media' },
  { value: 'internet search', label: 'Internet Search' },
  { value: 'referral', label: 'Friend/Family Referral' },
  { value: 'at an event/party', label: 'At an Event/Party' },
  { value: 'other', label: 'Other' },
] as const

/** Today's date (YYYY-MM-DD) in the studio's time zone, so browser and server agree on "the past". */
export function studioToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: STUDIO_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

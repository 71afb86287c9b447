// The inquiry form's fixed parts (no schema library, so the public form renders without zod).
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

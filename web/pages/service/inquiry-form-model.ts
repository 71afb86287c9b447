// The quote inquiry form's rules, apart from its React parts: what the form holds, what it sends to POST /api/contact,
// which answers it asks for and in what order, which are required and still empty, and the words beside Submit.
import { NOT_PROVIDED } from '../../../server/inquiries/inquiry-fields'
import type { DeliveryEstimate } from '../../../server/pricing/delivery-estimate'
import type { CustomDropdownField, CustomPhotoField, CustomTextField } from '../../../server/services/services.schema'
import type { Service } from '../../lib/public-api'

export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'zipcode',
  'eventDate',
  'eventDetails',
  'referralSource',
] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

export interface FormState extends Record<ContactField, string> {
  balloonColors: string[]
  /** Answers to the service's custom text and dropdown fields, by field id. */
  answers: Record<string, string>
}

export type CustomField = CustomTextField | CustomDropdownField | CustomPhotoField

export const emptyState = (): FormState => ({
  ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, ''])) as Record<ContactField, string>),
  balloonColors: [],
  answers: {},
})

/**
 * The wire payload of POST /api/contact; optional custom fields left blank are sent as 'Not provided'. Questions the
 * answers hide are not sent at all (whatever was typed into them before), nor their photos.
 */
export function toInquiryPayload(
  service: Service,
  state: FormState,
  shown: ReadonlySet<string>,
  photos: (fieldId: string) => string[],
  formMs: number,
) {
  const answer = (f: CustomTextField | CustomDropdownField) => {
    const value = (state.answers[f.id] ?? '').trim()
    return { header: f.header, value: value || (f.optional ? NOT_PROVIDED : '') }
  }
  const { answers: _answers, balloonColors, ...contact } = state
  return {
    ...contact,
    service: service.title,
    serviceId: service.id,
    ...(service.showBalloonColorSelection ? { balloonColors } : {}),
    customFields: Object.fromEntries(service.customTextFields.filter((f) => shown.has(f.id)).map((f) => [f.id, answer(f)])),
    customDropdownFields: Object.fromEntries(service.customDropdownFields.filter((f) => shown.has(f.id)).map((f) => [f.id, answer(f)])),
    photos: Object.fromEntries(
      service.customPhotoFields
        .filter((f) => shown.has(f.id))
        .map((f) => [f.id, photos(f.id)])
        .filter(([, t]) => t.length),
    ),
    formMs,
  }
}

/** The contact answers' labels (all required); the 'Still needed' line names them, and the colours, in lower case. */
export const LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zipcode: 'Zipcode',
  eventDate: 'Event Date',
  balloonColors: 'Balloon Colors',
}

/** The element an answer's errors belong to (`inq-<field>`), for the summary's links and aria-describedby. */
export const fieldId = (key: string) => `inq-${key.replace(/^(custom(Dropdown)?Fields|photos)\./, '')}`

/** The key the validation reports a custom question's problems under. */
export const customKey = (service: Service, id: string) =>
  service.customDropdownFields.some((f) => f.id === id)
    ? `customDropdownFields.${id}`
    : id.startsWith('photos_')
      ? `photos.${id}`
      : `customFields.${id}`

/** Before the form rules have loaded nothing has been answered, so exactly the questions without a rule are asked. */
export function askedWithoutAnswers(service: Service): ReadonlySet<string> {
  return new Set(
    [...service.customTextFields, ...service.customDropdownFields, ...service.customPhotoFields]
      .filter((f) => !f.showWhen)
      .map((f) => f.id),
  )
}

/** The questions asked, in the service's field order. */
export function askedFields(service: Service, asked: ReadonlySet<string>): CustomField[] {
  return service.fieldOrder
    .filter((id) => asked.has(id))
    .map(
      (id) =>
        service.customTextFields.find((f) => f.id === id) ??
        service.customDropdownFields.find((f) => f.id === id) ??
        service.customPhotoFields.find((f) => f.id === id),
    )
    .filter((f): f is CustomField => Boolean(f))
}

/** What the form knows about its answers: their order, which are required, which are still empty, what to call them. */
export function answerChecklist(service: Service, customFields: readonly CustomField[], state: FormState) {
  // Every answer the form may need, in the order the visitor meets them (the event details and referral are optional).
  const order = [
    ...CONTACT_FIELDS.slice(0, 8),
    ...(service.showBalloonColorSelection ? ['balloonColors'] : []),
    ...customFields.map((f) => customKey(service, f.id)),
  ]
  const customFor = (key: string) => customFields.find((f) => customKey(service, f.id) === key)
  const nameOf = (key: string) => LABELS[key]?.toLowerCase() ?? customFor(key)?.header ?? key
  const required = order.filter((key) => {
    if (key === 'balloonColors') return service.balloonColorSelectionRequired
    const custom = customFor(key)
    return custom ? !custom.optional : true
  })
  const isEmpty = (key: string) => {
    if (key === 'balloonColors') return state.balloonColors.length === 0
    if (key in state) return !state[key as ContactField].trim()
    return !(state.answers[key.replace(/^custom(Dropdown)?Fields\./, '')] ?? '').trim()
  }
  return { order, required, empty: required.filter(isEmpty), nameOf }
}

/** The line beside Submit: with nothing answered yet the general sentence, naming what is required; then what is left. */
export function stillNeeded(names: string[], nothingYet: boolean): string {
  if (nothingYet) return `Please complete the required fields (*) to send your inquiry: ${names.join(', ')}.`
  return names.length > 0 ? `Still needed: ${names.join(', ')}` : 'Please complete the required fields (*) to send your inquiry.'
}

/** The error summary's heading after a press of Submit on an incomplete form. */
export const summaryTitle = (problems: number) => `Please fix ${problems === 1 ? '1 answer' : `${problems} answers`} to send your inquiry:`

/** A field's aria-describedby: its hint, then its error; undefined when it has neither. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
}

/**
 * Values already in the form's fields when it mounts (typed before hydration), read by id through `valueOf`: the
 * contact fields and the custom answers that are not empty, or null when there are none.
 */
export function typedValues(service: Service, valueOf: (id: string) => string): Partial<FormState> | null {
  const contact = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, valueOf(f)]).filter(([, v]) => v)) as Partial<
    Record<ContactField, string>
  >
  const ids = [...service.customTextFields, ...service.customDropdownFields].map((f) => f.id)
  const answers = Object.fromEntries(ids.map((id) => [id, valueOf(id)]).filter(([, v]) => v))
  if (Object.keys(contact).length === 0 && Object.keys(answers).length === 0) return null
  return { ...contact, answers }
}

/** The form with what was typed before hydration written in (the answers joined with those already there). */
export const withTyped = (state: FormState, typed: Partial<FormState>): FormState => ({
  ...state,
  ...typed,
  answers: { ...state.answers, ...typed.answers },
})

/** Where a press of Submit on an incomplete form sends focus: the one answer missing, or the summary of them all. */
export function pressFocus(order: readonly string[], errors: Readonly<Record<string, string>>): string {
  const missing = order.filter((key) => key in errors)
  return missing.length === 1 ? fieldId(missing[0]!) : 'summary'
}

/** How many photos, over every photos question, are still on their way. */
export const photosUploading = (questions: Readonly<Record<string, { uploading: number }>>): number =>
  Object.values(questions).reduce((n, s) => n + s.uploading, 0)

/** The photos a question sends: those that arrived once the uploads were waited for, else the tokens it reported. */
export const photosToSend =
  (settled: Readonly<Record<string, string[]>> | null, reported: (fieldId: string) => string[]) => (fieldId: string) =>
    settled ? (settled[fieldId] ?? []) : reported(fieldId)

/** "Delivery to 97214: about $45. An estimate: your quote confirms the fee." once a full ZIP is typed; null before. */
export function estimateNote(estimate: DeliveryEstimate | null, describe: (estimate: DeliveryEstimate) => string): string | null {
  return estimate && `${describe(estimate)}. ${'outside' in estimate ? '' : 'An estimate: your quote confirms the fee.'}`
}

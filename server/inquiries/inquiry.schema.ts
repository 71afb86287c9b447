// The quote inquiry: one schema per service, used by the browser form and by POST /api/contact alike.
import { z } from 'zod'
import { textBlock, textLine } from '../lib/text'
import { EMAIL_PATTERN } from '../mailing-list/mailing-list.schema'
import { colorsShownFor } from './balloon-colors'
import { DATE_PATTERN, isCalendarDate, studioToday } from '../lib/studio-time'
import { NOT_PROVIDED } from './inquiry-fields'
import type { Service } from '../services/services.schema'
import { shownFieldIds } from '../services/form-rules'
import { PHOTO_TOKEN_PATTERN } from './photo-rules'

export { NOT_PROVIDED, REFERRAL_SOURCES } from './inquiry-fields'

const required = (label: string, max = 200) => textLine(label).min(1, `${label} is required`).max(max, 'This answer is too long')

/** A US number: 10 digits, however it is written; a leading country code 1 is allowed. */
export function isUsPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '')
  return /^[0-9+().\-\s]*$/.test(value) && (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')))
}

/** A US ZIP code: 5 digits, or ZIP+4 (97214-1234). */
export const isUsZip = (value: string): boolean => /^\d{5}(?:-?\d{4})?$/.test(value.trim())

export const PHONE_FORMAT_MESSAGE = 'Please enter a 10-digit phone number'
export const ZIP_FORMAT_MESSAGE = 'Please enter a 5-digit ZIP code (or ZIP+4)'

const CustomAnswerSchema = z.object({
  header: textLine('Question').max(200),
  value: textBlock('Answer').max(2000, 'This answer is too long'),
})
/** Answers are keyed by the service's field ids (custom_<n>, dropdown_<n>); nothing else, no prototype keys. */
const CustomAnswersSchema = z
  .record(z.string().regex(/^(custom|dropdown)_[0-9]{1,20}$/), CustomAnswerSchema, {
    error: (issue) => (issue.code === 'invalid_key' ? 'Unknown form field' : 'The answers must be an object'),
  })
  .default({})

/** Photo tokens per photos field (photos_<n>): each names one photo held for this inquiry (POST /api/inquiry-photos). */
const PhotoAnswersSchema = z
  .record(z.string().regex(/^photos_[0-9]{1,20}$/), z.array(z.string().regex(PHOTO_TOKEN_PATTERN, 'Unknown photo')).max(50), {
    error: (issue) => (issue.code === 'invalid_key' ? 'Unknown form field' : 'The photos must be an object of lists'),
  })
  .default({})

/** The part of a service that decides what its inquiry form asks. */
export type InquiryFormConfig = Pick<
  Service,
  | 'title'
  | 'showBalloonColorSelection'
  | 'balloonColorSelectionRequired'
  | 'maxBalloonColors'
  | 'showStandardColors'
  | 'showMetallicColors'
  | 'showCrystalColors'
  | 'showEffectsColors'
  | 'customTextFields'
  | 'customDropdownFields'
  | 'customPhotoFields'
>

/**
 * The inquiry as sent to POST /api/contact, validated for one service. Error paths name the field
 * ('firstName', 'balloonColors', 'customFields.custom_123') so the form can show each message beside it.
 */
export function inquirySchemaFor(service: InquiryFormConfig, today: string = studioToday()) {
  const offered = new Set(colorsShownFor(service).map((c) => c.name))
  const max = service.maxBalloonColors
  return z
    .object({
      firstName: required('First name', 100),
      lastName: required('Last name', 100),
      email: required('Email', 254).regex(EMAIL_PATTERN, 'Please enter a valid email address'),
      phone: required('Phone number', 40).refine((v) => !v.trim() || isUsPhone(v), PHONE_FORMAT_MESSAGE),
      address: required('Address'),
      city: required('City', 100),
      zipcode: required('Zipcode', 20).refine((v) => !v.trim() || isUsZip(v), ZIP_FORMAT_MESSAGE),
      eventDate: textLine('Event date')
        .min(1, 'Event date is required')
        .regex(DATE_PATTERN, 'Event date is required')
        .refine((d) => !DATE_PATTERN.test(d) || isCalendarDate(d), 'Event date must be a real date')
        .refine((d) => d >= today, 'Event date cannot be in the past'),
      eventDetails: textBlock('Event details').max(5000, 'This answer is too long').default(''),
      referralSource: textLine('How did you hear about us').max(100).default(''),
      service: textLine('Service').max(200).default(service.title),
      serviceId: textLine('Service id').max(80).optional(),
      balloonColors: z.array(textLine('Balloon color').max(100)).max(100).optional(),
      customFields: CustomAnswersSchema,
      customDropdownFields: CustomAnswersSchema,
      photos: PhotoAnswersSchema,
      /** How long the form was open before Submit (ms): the time trap (inquiries.routes.ts). */
      formMs: z.number().min(0).optional(),
    })
    .superRefine((inq, ctx) => {
      if (service.showBalloonColorSelection) {
        const colors = inq.balloonColors ?? []
        if (service.balloonColorSelectionRequired && colors.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['balloonColors'], message: 'Please select at least one balloon color' })
        }
        if (max != null && colors.length > max) {
          ctx.addIssue({ code: 'custom', path: ['balloonColors'], message: `You can only select up to ${max} colors` })
        }
        if (colors.some((c) => !offered.has(c))) {
          ctx.addIssue({ code: 'custom', path: ['balloonColors'], message: 'Please choose colors from the list' })
        }
      }
      const shown = shownFieldIds(service, dropdownValues(inq.customDropdownFields))
      checkKnown(ctx, 'customFields', inq.customFields, service.customTextFields)
      checkKnown(ctx, 'customDropdownFields', inq.customDropdownFields, service.customDropdownFields)
      checkKnown(ctx, 'photos', inq.photos, service.customPhotoFields)
      for (const field of service.customTextFields) {
        const value = inq.customFields[field.id]?.value
        if (shown.has(field.id)) checkAnswer(ctx, 'customFields', field, value)
        else checkHidden(ctx, 'customFields', field, value)
      }
      for (const field of service.customDropdownFields) {
        const value = inq.customDropdownFields[field.id]?.value
        if (!shown.has(field.id)) {
          checkHidden(ctx, 'customDropdownFields', field, value)
          continue
        }
        checkAnswer(ctx, 'customDropdownFields', field, value)
        if (value && value !== NOT_PROVIDED && !field.options.includes(value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['customDropdownFields', field.id],
            message: `Please choose one of the ${field.header} options`,
          })
        }
      }
      for (const field of service.customPhotoFields) {
        const tokens = inq.photos[field.id] ?? []
        if (!shown.has(field.id)) {
          if (tokens.length) ctx.addIssue({ code: 'custom', path: ['photos', field.id], message: hiddenMessage(field.header) })
          continue
        }
        if (!field.optional && tokens.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['photos', field.id], message: `${field.header} is required` })
        }
        if (tokens.length > field.maxPhotos) {
          ctx.addIssue({ code: 'custom', path: ['photos', field.id], message: `${field.header}: at most ${field.maxPhotos} photos` })
        }
        if (new Set(tokens).size !== tokens.length) {
          ctx.addIssue({ code: 'custom', path: ['photos', field.id], message: `${field.header}: the same photo is listed twice` })
        }
      }
    })
}

/** The dropdown answers by field id, as the visibility rules read them. */
export function dropdownValues(answers: Record<string, { value: string } | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(answers).flatMap(([id, a]) => (a ? [[id, a.value]] : [])))
}

const hiddenMessage = (header: string) => `${header} is not asked with the answers given: leave it out`

/** An answer to a question the service does not ask is refused, naming it. */
function checkKnown(
  ctx: z.RefinementCtx,
  map: 'customFields' | 'customDropdownFields' | 'photos',
  given: Record<string, unknown>,
  fields: readonly { id: string }[],
) {
  const known = new Set(fields.map((f) => f.id))
  for (const id of Object.keys(given)) {
    if (!known.has(id)) ctx.addIssue({ code: 'custom', path: [map, id], message: `Unknown form field: ${id}` })
  }
}

/** A hidden question left blank (or 'Not provided', as older forms sent every field) is ignored; a real answer is refused. */
function checkHidden(
  ctx: z.RefinementCtx,
  map: 'customFields' | 'customDropdownFields',
  field: { id: string; header: string },
  value: string | undefined,
) {
  if (value && value.trim() && value !== NOT_PROVIDED)
    ctx.addIssue({ code: 'custom', path: [map, field.id], message: hiddenMessage(field.header) })
}

function checkAnswer(
  ctx: z.RefinementCtx,
  map: 'customFields' | 'customDropdownFields',
  field: { id: string; header: string; optional: boolean },
  value: string | undefined,
) {
  const blank = !value || !value.trim() || value === NOT_PROVIDED
  if (!field.optional && blank) {
    ctx.addIssue({ code: 'custom', path: [map, field.id], message: `${field.header} is required` })
  }
}

export type Inquiry = z.output<ReturnType<typeof inquirySchemaFor>>

/** Field errors keyed by dotted path, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.')
    out[key] ??= issue.message
  }
  return out
}

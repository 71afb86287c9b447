// The shape of a service, its inquiry-form configuration and the admin's edits to it; shared by server and browser.
import { z } from 'zod'
import { isShownAt, refineWindow, scheduleShape } from '../lib/schedule'
import { textBlock, textLine } from '../lib/text'
import { UPLOAD_URL } from '../lib/upload-url'
import { firstRuleProblem, ruleProblems } from './form-rules'

export const DEFAULT_SERVICE_ORDER = [
  'bouquets',
  'costumes-parades',
  'balloon-garlands',
  'mosaics',
  'sculptures',
  'custom-creations',
  'corporate-creations',
  'events',
  'jumbos',
  'penelope',
] as const

export const DEFAULT_INQUIRY_FORM_TITLE = 'Get a Quote'
const SERVICE_ID_PATTERN = /^[a-z0-9-]+$/
export const MAX_BALLOON_COLORS_LIMIT = 50

/** The add-service dialog and the server normalise ids the same way, so any client gets the same id. */
export function normaliseServiceId(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9-]/g, '-')
}

export const ServiceIdSchema = z
  .string()
  .min(1, 'Service id is required')
  .max(80, 'Service id is too long')
  .regex(SERVICE_ID_PATTERN, 'Use lowercase letters, numbers and hyphens')

const UploadUrlSchema = z.string().regex(UPLOAD_URL, 'Image URLs must be under /uploads/')

const ServiceImageSchema = z.object({
  cropped: UploadUrlSchema,
  original: UploadUrlSchema,
  /** What the picture shows, in the owner's words: its alt text on every public page, the lightbox and link previews. */
  alt: textLine('Picture description').max(300, 'Picture description is too long (300 characters at most)').optional(),
})
export type ServiceImage = z.infer<typeof ServiceImageSchema>

const header = textLine('Field title').max(200).min(1, 'Title is required')
const instructions = textLine('Instructions').max(1000).min(1, 'Instructions are required')

/** Ask the question only when a dropdown has one of these answers (form-rules.ts applies it). */
export const ShowWhenSchema = z.object({
  field: z.string().regex(/^dropdown_[0-9]+$/, 'A question can only depend on a dropdown'),
  values: z
    .array(textLine('Answer').max(200).min(1, 'Answers cannot be blank'))
    .min(1, 'Choose at least one answer that shows the question')
    .max(100),
})
const showWhen = ShowWhenSchema.nullable().optional()

export const CustomTextFieldSchema = z.object({
  id: z.string().regex(/^custom_[0-9]+$/, 'Custom text field ids are custom_ plus a timestamp'),
  header,
  instructions,
  optional: z.boolean().default(false),
  showWhen,
})
export type CustomTextField = z.infer<typeof CustomTextFieldSchema>

export const CustomDropdownFieldSchema = z.object({
  id: z.string().regex(/^dropdown_[0-9]+$/, 'Dropdown field ids are dropdown_ plus a timestamp'),
  header,
  instructions,
  optional: z.boolean().default(false),
  options: z.array(textLine('Option').max(200).min(1, 'Options cannot be blank')).min(1, 'At least one option is required').max(100),
  showWhen,
})
export type CustomDropdownField = z.infer<typeof CustomDropdownFieldSchema>

export const DEFAULT_MAX_PHOTOS = 5
export const MAX_PHOTOS_LIMIT = 10

/** A photos question: the visitor adds up to `maxPhotos` pictures (inspiration, the venue wall...). */
export const CustomPhotoFieldSchema = z.object({
  id: z.string().regex(/^photos_[0-9]+$/, 'Photo field ids are photos_ plus a timestamp'),
  header,
  instructions,
  optional: z.boolean().default(false),
  maxPhotos: z
    .number()
    .int('Maximum photos must be a whole number')
    .min(1, 'Maximum photos must be at least 1')
    .max(MAX_PHOTOS_LIMIT, `Maximum photos must be at most ${MAX_PHOTOS_LIMIT}`)
    .default(DEFAULT_MAX_PHOTOS),
  showWhen,
})
export type CustomPhotoField = z.infer<typeof CustomPhotoFieldSchema>

const maxBalloonColors = z
  .number()
  .int('Maximum colors must be a whole number')
  .min(1, 'Maximum colors must be at least 1')
  .max(MAX_BALLOON_COLORS_LIMIT, `Maximum colors must be at most ${MAX_BALLOON_COLORS_LIMIT}`)
  .nullable()

/** Everything about a service except its id and images: the fields the editor's Save Changes sends. */
export const ServiceFieldsSchema = z.object({
  title: textLine('Title').min(1, 'Title is required').max(120),
  description: textBlock('Short description').trim().min(1, 'Short description is required').max(500),
  aboutText: textBlock('About text').max(10_000).default(''),
  pricingInfo: textBlock('Pricing information').max(10_000).default(''),
  visible: z.boolean().default(true),
  /** When the service appears and leaves the public site (ISO 8601; absent or null: no limit). */
  ...scheduleShape,
  inquiryFormTitle: textLine('Inquiry form title')
    .max(120)
    .default(DEFAULT_INQUIRY_FORM_TITLE)
    .transform((t) => t || DEFAULT_INQUIRY_FORM_TITLE),
  showBalloonColorSelection: z.boolean().default(false),
  balloonColorSelectionRequired: z.boolean().default(false),
  maxBalloonColors: maxBalloonColors.default(null),
  showStandardColors: z.boolean().default(true),
  showMetallicColors: z.boolean().default(true),
  showCrystalColors: z.boolean().default(true),
  showEffectsColors: z.boolean().default(true),
  customTextFields: z.array(CustomTextFieldSchema).max(50).default([]),
  customDropdownFields: z.array(CustomDropdownFieldSchema).max(50).default([]),
  customPhotoFields: z.array(CustomPhotoFieldSchema).max(5).default([]),
  fieldOrder: z.array(z.string().max(100)).max(200).optional(),
})

/**
 * fieldOrder always lists exactly the custom field ids: unknown ids are dropped and missing ones
 * appended (text fields first, then dropdowns, then photos), so the form never shows a field twice or loses one.
 */
export function reconcileFieldOrder(
  order: readonly string[] | undefined,
  textFields: readonly { id: string }[],
  dropdownFields: readonly { id: string }[],
  photoFields: readonly { id: string }[] = [],
): string[] {
  const ids = [...textFields.map((f) => f.id), ...dropdownFields.map((f) => f.id), ...photoFields.map((f) => f.id)]
  const known = new Set(ids)
  const kept = [...new Set(order ?? [])].filter((id) => known.has(id))
  return [...kept, ...ids.filter((id) => !kept.includes(id))]
}

/** A service as stored in content/services/{id}.yaml and as the API returns it. */
export const ServiceSchema = ServiceFieldsSchema.extend({
  id: ServiceIdSchema,
  images: z.array(ServiceImageSchema).max(100).default([]),
})
  .superRefine(refineWindow)
  .superRefine(refineFormRules)
  .transform(({ id, title, description, visible, showFrom, showUntil, images, ...rest }) => ({
    // Key order of a new service file: who it is and what it shows first, form settings after.
    id,
    title,
    description,
    visible,
    // null (no limit) is written as no key at all.
    showFrom: showFrom ?? undefined,
    showUntil: showUntil ?? undefined,
    images,
    ...rest,
    fieldOrder: reconcileFieldOrder(rest.fieldOrder, rest.customTextFields, rest.customDropdownFields, rest.customPhotoFields),
  }))
export type Service = z.output<typeof ServiceSchema>

/** A rule pointing at a deleted question, at an answer no longer offered, or forming a loop is refused. */
function refineFormRules(
  form: Pick<z.output<typeof ServiceFieldsSchema>, 'customTextFields' | 'customDropdownFields' | 'customPhotoFields'>,
  ctx: z.RefinementCtx,
) {
  for (const problem of ruleProblems(form)) ctx.addIssue({ code: 'custom', path: ['showWhen', problem.fieldId], message: problem.message })
}

export { firstRuleProblem }

const REQUIRED = 'Missing required fields'

/** Body of POST /api/services: the add-service dialog's draft. */
export const NewServiceSchema = z
  .object({
    id: textLine('Service id', REQUIRED).min(1, REQUIRED).max(80).transform(normaliseServiceId),
    title: textLine('Title', REQUIRED).min(1, REQUIRED).max(120),
    description: textBlock('Short description', REQUIRED).trim().min(1, REQUIRED).max(500),
    aboutText: textBlock('About text', REQUIRED).trim().min(1, REQUIRED).max(10_000),
    pricingInfo: textBlock('Pricing information', REQUIRED).trim().min(1, REQUIRED).max(10_000),
    imageUrl: textLine('Image URL').max(500).optional(),
    inquiryFormTitle: textLine('Inquiry form title').max(120).optional(),
    ...scheduleShape,
  })
  .superRefine(refineWindow)
export type NewService = z.output<typeof NewServiceSchema>

/** Body of PUT /api/services/{id}: any subset of the fields (a visibility toggle sends only `visible`). */
export const ServiceUpdateSchema = ServiceFieldsSchema.partial()
  .extend({
    images: z.array(ServiceImageSchema).max(100).optional(),
    /** The version the editor's copy was based on; a stale one answers 409 (docs/architecture.md). */
    baseVersion: z.string().max(100).optional(),
  })
  .strict()
  .superRefine(refineWindow)
export type ServiceUpdate = z.output<typeof ServiceUpdateSchema>

export const ServiceImagesUpdateSchema = z.object({ images: z.array(ServiceImageSchema).max(100) })

export const ServiceOrderSchema = z.array(ServiceIdSchema).max(500)

export const ServiceContentSchema = z.object({
  aboutText: textBlock('About text').max(10_000),
  pricingInfo: textBlock('Pricing information').max(10_000),
})
export type ServiceContent = z.infer<typeof ServiceContentSchema>

/** Whether the public site shows the service at `now` (ms): visible, and inside its show from / until window. */
export const isPublicService = (service: Pick<Service, 'visible' | 'showFrom' | 'showUntil'>, now: number) =>
  service.visible && isShownAt(service, now)

/** Returns services in the given order; ids with no service are skipped, unordered services follow at the end. */
export function orderServices<T extends { id: string }>(services: readonly T[], order: readonly string[]): T[] {
  const byId = new Map(services.map((s) => [s.id, s]))
  const ordered: T[] = []
  for (const id of order) {
    const s = byId.get(id)
    if (s) {
      ordered.push(s)
      byId.delete(id)
    }
  }
  return [...ordered, ...byId.values()]
}

export { parsePricingLines, type PricingLine } from './pricing-lines'

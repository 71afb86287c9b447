// The service editor's form model: built from a saved service, compared with its snapshot, validated with the shared schemas.
import {
  CustomDropdownFieldSchema,
  CustomPhotoFieldSchema,
  CustomTextFieldSchema,
  MAX_BALLOON_COLORS_LIMIT,
  ServiceFieldsSchema,
  reconcileFieldOrder,
  type CustomDropdownField,
  type CustomPhotoField,
  type CustomTextField,
  type Service,
  type ServiceUpdate,
} from '../../../server/services/services.schema'
import { scheduleError, scheduleFromInputs, scheduleInputs } from '../ui/schedule-fields'
import { ruleProblems } from '../../../server/services/form-rules'

/** The spec's hint under every pricing box. */
export const PRICING_HINT = 'Separate items by new lines. Lines with a colon are treated as headers, e.g. "Small bouquet: from $85".'

export interface EditorValues {
  title: string
  description: string
  aboutText: string
  pricingInfo: string
  inquiryFormTitle: string
  showBalloonColorSelection: boolean
  balloonColorSelectionRequired: boolean
  /** As typed: '' means no limit. */
  maxBalloonColors: string
  showStandardColors: boolean
  showMetallicColors: boolean
  showCrystalColors: boolean
  showEffectsColors: boolean
  customTextFields: CustomTextField[]
  customDropdownFields: CustomDropdownField[]
  customPhotoFields: CustomPhotoField[]
  fieldOrder: string[]
  /** Studio time as the datetime-local inputs hold it; '' is no limit. */
  showFrom: string
  showUntil: string
}

export type ColorGroupKey = 'showStandardColors' | 'showMetallicColors' | 'showCrystalColors' | 'showEffectsColors'

export function valuesFromService(s: Service): EditorValues {
  return {
    title: s.title,
    description: s.description,
    aboutText: s.aboutText,
    pricingInfo: s.pricingInfo,
    inquiryFormTitle: s.inquiryFormTitle,
    showBalloonColorSelection: s.showBalloonColorSelection,
    balloonColorSelectionRequired: s.balloonColorSelectionRequired,
    maxBalloonColors: s.maxBalloonColors == null ? '' : String(s.maxBalloonColors),
    showStandardColors: s.showStandardColors,
    showMetallicColors: s.showMetallicColors,
    showCrystalColors: s.showCrystalColors,
    showEffectsColors: s.showEffectsColors,
    customTextFields: s.customTextFields.map((f) => ({ ...f })),
    customDropdownFields: s.customDropdownFields.map((f) => ({ ...f, options: [...f.options] })),
    customPhotoFields: (s.customPhotoFields ?? []).map((f) => ({ ...f })),
    fieldOrder: reconcileFieldOrder(s.fieldOrder, s.customTextFields, s.customDropdownFields, s.customPhotoFields ?? []),
    ...scheduleInputs(s),
  }
}

/** Every field, custom field, option, the field order and each colour toggle take part in the comparison. */
export function sameValues(a: EditorValues, b: EditorValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function parseMaxColors(text: string): number | null {
  const trimmed = text.trim()
  return trimmed === '' ? null : Number(trimmed)
}

/** The one PUT /api/services/{id} body Save Changes sends; blank dropdown options are left out. */
export function toUpdate(v: EditorValues): ServiceUpdate {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    aboutText: v.aboutText,
    pricingInfo: v.pricingInfo,
    inquiryFormTitle: v.inquiryFormTitle.trim(),
    showBalloonColorSelection: v.showBalloonColorSelection,
    balloonColorSelectionRequired: v.balloonColorSelectionRequired,
    maxBalloonColors: parseMaxColors(v.maxBalloonColors),
    showStandardColors: v.showStandardColors,
    showMetallicColors: v.showMetallicColors,
    showCrystalColors: v.showCrystalColors,
    showEffectsColors: v.showEffectsColors,
    customTextFields: v.customTextFields.map((f) => ({ ...f, header: f.header.trim(), instructions: f.instructions.trim() })),
    customDropdownFields: v.customDropdownFields.map((f) => ({
      ...f,
      header: f.header.trim(),
      instructions: f.instructions.trim(),
      options: f.options.map((o) => o.trim()).filter(Boolean),
    })),
    customPhotoFields: v.customPhotoFields.map((f) => ({ ...f, header: f.header.trim(), instructions: f.instructions.trim() })),
    fieldOrder: reconcileFieldOrder(v.fieldOrder, v.customTextFields, v.customDropdownFields, v.customPhotoFields),
    ...scheduleFromInputs(v),
  }
}

/** Error messages keyed by field: 'title', 'maxBalloonColors', `${fieldId}.header`, `${fieldId}.options`... */
export type EditorErrors = Record<string, string>

function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix: string, into: EditorErrors) {
  for (const issue of issues) {
    const key = `${prefix}${String(issue.path[0] ?? '')}`
    if (!(key in into)) into[key] = issue.message
  }
}

export function validate(v: EditorValues): EditorErrors {
  const errors: EditorErrors = {}
  const basics = ServiceFieldsSchema.pick({ title: true, description: true }).safeParse(v)
  if (!basics.success) firstMessages(basics.error.issues, '', errors)

  const max = v.maxBalloonColors.trim()
  if (max !== '') {
    const parsed = ServiceFieldsSchema.shape.maxBalloonColors.safeParse(Number(max))
    if (!/^-?\d+(\.\d+)?$/.test(max)) errors.maxBalloonColors = 'Maximum colors must be a whole number'
    else if (!parsed.success) errors.maxBalloonColors = parsed.error.issues[0].message
  }

  const schedule = scheduleError(v)
  if (schedule) errors.showUntil = schedule

  for (const field of v.customTextFields) {
    const result = CustomTextFieldSchema.safeParse(field)
    if (!result.success) firstMessages(result.error.issues, `${field.id}.`, errors)
  }
  for (const field of v.customDropdownFields) {
    const options = field.options.map((o) => o.trim()).filter(Boolean)
    const result = CustomDropdownFieldSchema.safeParse({ ...field, options })
    if (!result.success) firstMessages(result.error.issues, `${field.id}.`, errors)
  }
  for (const field of v.customPhotoFields) {
    const result = CustomPhotoFieldSchema.safeParse(field)
    if (!result.success) firstMessages(result.error.issues, `${field.id}.`, errors)
  }
  // Rules are judged on the options as they will be saved (blank ones left out).
  const saved = {
    ...v,
    customDropdownFields: v.customDropdownFields.map((f) => ({ ...f, options: f.options.map((o) => o.trim()).filter(Boolean) })),
  }
  for (const problem of ruleProblems(saved)) errors[`${problem.fieldId}.showWhen`] ??= problem.message
  return errors
}

/** custom_ / dropdown_ plus a timestamp, bumped past any id already in use. */
export function newFieldId(prefix: 'custom_' | 'dropdown_' | 'photos_', existing: readonly string[]): string {
  let stamp = Date.now()
  while (existing.includes(`${prefix}${stamp}`)) stamp += 1
  return `${prefix}${stamp}`
}

export { MAX_BALLOON_COLORS_LIMIT }

// The custom form fields' edits (custom-fields-editor.tsx draws them): the questions in their order, a question added,
// changed, removed or moved, a dropdown's options added after one, changed or removed (never the last), and the photo
// limit as its number input holds it.
import {
  DEFAULT_MAX_PHOTOS,
  type CustomDropdownField,
  type CustomPhotoField,
  type CustomTextField,
} from '../../../server/services/services.schema'
import type { EditorValues } from './editor-values'

export type AnyField =
  (CustomTextField & { kind: 'text' }) | (CustomDropdownField & { kind: 'dropdown' }) | (CustomPhotoField & { kind: 'photos' })

type Fields = Pick<EditorValues, 'customTextFields' | 'customDropdownFields' | 'customPhotoFields' | 'fieldOrder'>

/** Every question in fieldOrder's order, with its kind; an id with no question is skipped. */
export const orderedFields = (values: Fields): AnyField[] =>
  values.fieldOrder
    .map((id): AnyField | undefined => {
      const text = values.customTextFields.find((f) => f.id === id)
      if (text) return { ...text, kind: 'text' }
      const dropdown = values.customDropdownFields.find((f) => f.id === id)
      if (dropdown) return { ...dropdown, kind: 'dropdown' }
      const photos = values.customPhotoFields.find((f) => f.id === id)
      return photos && { ...photos, kind: 'photos' }
    })
    .filter((f): f is AnyField => f !== undefined)

/** The ids in use, of every kind (a new id must not be one of them). */
export const fieldIds = (values: Fields): string[] =>
  [...values.customTextFields, ...values.customDropdownFields, ...values.customPhotoFields].map((f) => f.id)

/** A new text question, required and empty, last. */
export const withTextField = <V extends Fields>(v: V, id: string): V => ({
  ...v,
  customTextFields: [...v.customTextFields, { id, header: '', instructions: '', optional: false }],
  fieldOrder: [...v.fieldOrder, id],
})

/** A new dropdown, required, with one empty option, last. */
export const withDropdownField = <V extends Fields>(v: V, id: string): V => ({
  ...v,
  customDropdownFields: [...v.customDropdownFields, { id, header: '', instructions: '', optional: false, options: [''] }],
  fieldOrder: [...v.fieldOrder, id],
})

/** A new photos question, optional, with the default limit, last. */
export const withPhotosField = <V extends Fields>(v: V, id: string): V => ({
  ...v,
  customPhotoFields: [...v.customPhotoFields, { id, header: '', instructions: '', optional: true, maxPhotos: DEFAULT_MAX_PHOTOS }],
  fieldOrder: [...v.fieldOrder, id],
})

export const patchTextField = <V extends Fields>(v: V, id: string, patch: Partial<CustomTextField>): V => ({
  ...v,
  customTextFields: v.customTextFields.map((f) => (f.id === id ? { ...f, ...patch } : f)),
})

export const patchDropdownField = <V extends Fields>(
  v: V,
  id: string,
  patch: (f: CustomDropdownField) => Partial<CustomDropdownField>,
): V => ({
  ...v,
  customDropdownFields: v.customDropdownFields.map((f) => (f.id === id ? { ...f, ...patch(f) } : f)),
})

export const patchPhotosField = <V extends Fields>(v: V, id: string, patch: Partial<CustomPhotoField>): V => ({
  ...v,
  customPhotoFields: v.customPhotoFields.map((f) => (f.id === id ? { ...f, ...patch } : f)),
})

/** The values without the question with this id, of whatever kind, and out of the order. */
export const withoutField = <V extends Fields>(v: V, id: string): V => ({
  ...v,
  customTextFields: v.customTextFields.filter((f) => f.id !== id),
  customDropdownFields: v.customDropdownFields.filter((f) => f.id !== id),
  customPhotoFields: v.customPhotoFields.filter((f) => f.id !== id),
  fieldOrder: v.fieldOrder.filter((x) => x !== id),
})

/** The question moved one place up (-1) or down (1); the same values at either end or for an unknown id. */
export function movedField<V extends Fields>(v: V, id: string, by: -1 | 1): V {
  const order = [...v.fieldOrder]
  const from = order.indexOf(id)
  const to = from + by
  if (from < 0 || to < 0 || to >= order.length) return v
  ;[order[from], order[to]] = [order[to]!, order[from]!]
  return { ...v, fieldOrder: order }
}

/** The options with an empty one after the option at `after` (Enter in an option, or Add Option after the last). */
export const withOptionAfter = (options: readonly string[], after: number): string[] => [
  ...options.slice(0, after + 1),
  '',
  ...options.slice(after + 1),
]

export const withOptionChanged = (options: readonly string[], index: number, value: string): string[] =>
  options.map((o, j) => (j === index ? value : o))

export const withoutOption = (options: readonly string[], index: number): string[] => options.filter((_, j) => j !== index)

/** An option can be removed while another is left: a dropdown needs one. */
export const canRemoveOption = (options: readonly string[]): boolean => options.length > 1

/** The photo limit as its number input shows it ('' while it is not a number). */
export const maxPhotosInput = (maxPhotos: number): number | '' => (Number.isFinite(maxPhotos) ? maxPhotos : '')

/** The photo limit from its number input: NaN for an empty input (the check then says it is missing). */
export const maxPhotosFromInput = (text: string): number => (text === '' ? Number.NaN : Number(text))

// A service's own questions as the owner edits them: shown in their order, added last with the right defaults,
// changed, removed and moved (never past either end), and a dropdown's options, of which one always stays.
import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_PHOTOS } from '../../../server/services/services.schema'
import {
  canRemoveOption,
  fieldIds,
  maxPhotosFromInput,
  maxPhotosInput,
  movedField,
  orderedFields,
  patchDropdownField,
  patchPhotosField,
  patchTextField,
  withDropdownField,
  withOptionAfter,
  withOptionChanged,
  withoutField,
  withoutOption,
  withPhotosField,
  withTextField,
} from './custom-fields-rules'

const values = () => ({
  title: 'Arches',
  customTextFields: [{ id: 'custom_1', header: 'Theme', instructions: 'Tell us', optional: true }],
  customDropdownFields: [
    { id: 'dropdown_2', header: 'Setting', instructions: 'Where?', optional: false, options: ['Indoors', 'Outdoors'] },
  ],
  customPhotoFields: [{ id: 'photos_3', header: 'Photos', instructions: 'Ideas', optional: true, maxPhotos: 4 }],
  fieldOrder: ['dropdown_2', 'photos_3', 'custom_1'],
})

describe('the questions', () => {
  it("come in fieldOrder's order with their kind, an id without a question skipped", () => {
    const v = { ...values(), fieldOrder: ['photos_3', 'gone', 'custom_1', 'dropdown_2'] }
    expect(orderedFields(v).map((f) => `${f.kind}:${f.id}`)).toEqual(['photos:photos_3', 'text:custom_1', 'dropdown:dropdown_2'])
    expect(orderedFields(v)[1]).toEqual({ ...values().customTextFields[0], kind: 'text' })
    expect(fieldIds(v)).toEqual(['custom_1', 'dropdown_2', 'photos_3'])
  })

  it('finds each photos question by its own id among several', () => {
    const photo = (id: string) => ({ id, header: id, instructions: '', optional: true, maxPhotos: 2 })
    const v = { ...values(), customPhotoFields: [photo('photos_3'), photo('photos_5')], fieldOrder: ['photos_5', 'photos_3', 'gone'] }
    expect(orderedFields(v).map((f) => `${f.kind}:${f.id}`)).toEqual(['photos:photos_5', 'photos:photos_3'])
  })

  it('a new one comes last, empty: text and dropdown required, photos optional with the default limit', () => {
    const text = withTextField(values(), 'custom_9')
    expect(text.customTextFields.at(-1)).toEqual({ id: 'custom_9', header: '', instructions: '', optional: false })
    expect(text.fieldOrder).toEqual(['dropdown_2', 'photos_3', 'custom_1', 'custom_9'])
    expect(text.title).toBe('Arches')
    const dropdown = withDropdownField(values(), 'dropdown_9')
    expect(dropdown.customDropdownFields.at(-1)).toEqual({ id: 'dropdown_9', header: '', instructions: '', optional: false, options: [''] })
    expect(dropdown.fieldOrder.at(-1)).toBe('dropdown_9')
    const photos = withPhotosField(values(), 'photos_9')
    expect(photos.customPhotoFields.at(-1)).toEqual({
      id: 'photos_9',
      header: '',
      instructions: '',
      optional: true,
      maxPhotos: DEFAULT_MAX_PHOTOS,
    })
    expect(photos.fieldOrder.at(-1)).toBe('photos_9')
  })

  it('a change touches that question only', () => {
    const v = {
      ...values(),
      customTextFields: [...values().customTextFields, { id: 'custom_4', header: 'B', instructions: 'b', optional: false }],
    }
    const text = patchTextField(v, 'custom_4', { header: 'Colours' })
    expect(text.customTextFields).toEqual([
      v.customTextFields[0],
      { id: 'custom_4', header: 'Colours', instructions: 'b', optional: false },
    ])
    const dropdown = patchDropdownField(values(), 'dropdown_2', (f) => ({ options: [...f.options, 'Tent'] }))
    expect(dropdown.customDropdownFields[0]!.options).toEqual(['Indoors', 'Outdoors', 'Tent'])
    expect(dropdown.customDropdownFields[0]!.header).toBe('Setting')
    expect(patchDropdownField(values(), 'dropdown_x', () => ({ header: 'X' })).customDropdownFields).toEqual(values().customDropdownFields)
    const photos = patchPhotosField(values(), 'photos_3', { maxPhotos: 8 })
    expect(photos.customPhotoFields).toEqual([{ ...values().customPhotoFields[0], maxPhotos: 8 }])
    expect(patchPhotosField(values(), 'photos_x', { maxPhotos: 8 }).customPhotoFields).toEqual(values().customPhotoFields)
    expect(patchTextField(values(), 'custom_x', { header: 'X' }).customTextFields).toEqual(values().customTextFields)
  })

  it('a removed one leaves its list and the order, whatever its kind', () => {
    for (const id of ['custom_1', 'dropdown_2', 'photos_3']) {
      const v = withoutField(values(), id)
      expect(fieldIds(v)).toEqual(fieldIds(values()).filter((x) => x !== id))
      expect(v.fieldOrder).toEqual(values().fieldOrder.filter((x) => x !== id))
    }
  })

  it('moves one place up or down, and not past either end', () => {
    expect(movedField(values(), 'photos_3', -1).fieldOrder).toEqual(['photos_3', 'dropdown_2', 'custom_1'])
    expect(movedField(values(), 'photos_3', 1).fieldOrder).toEqual(['dropdown_2', 'custom_1', 'photos_3'])
    expect(movedField(values(), 'dropdown_2', 1).fieldOrder).toEqual(['photos_3', 'dropdown_2', 'custom_1'])
    const v = values()
    expect(movedField(v, 'dropdown_2', -1)).toBe(v)
    expect(movedField(v, 'custom_1', 1)).toBe(v)
    expect(movedField(v, 'gone', 1)).toBe(v)
    expect(movedField(v, 'gone', -1)).toBe(v)
    expect(v.fieldOrder).toEqual(['dropdown_2', 'photos_3', 'custom_1'])
  })
})

describe("a dropdown's options", () => {
  it('a new empty one goes right after the option it was added from', () => {
    expect(withOptionAfter(['a', 'b', 'c'], 0)).toEqual(['a', '', 'b', 'c'])
    expect(withOptionAfter(['a', 'b', 'c'], 2)).toEqual(['a', 'b', 'c', ''])
    expect(withOptionAfter([''], 0)).toEqual(['', ''])
  })

  it('one changed or removed, the others kept', () => {
    expect(withOptionChanged(['a', 'b', 'c'], 1, 'B')).toEqual(['a', 'B', 'c'])
    expect(withoutOption(['a', 'b', 'c'], 0)).toEqual(['b', 'c'])
    expect(withoutOption(['a', 'b', 'c'], 2)).toEqual(['a', 'b'])
  })

  it('the last one cannot be removed', () => {
    expect(canRemoveOption(['a', 'b'])).toBe(true)
    expect(canRemoveOption(['a'])).toBe(false)
    expect(canRemoveOption([])).toBe(false)
  })
})

describe('the photo limit', () => {
  it('shows as its number, empty when it is not one', () => {
    expect(maxPhotosInput(4)).toBe(4)
    expect(maxPhotosInput(Number.NaN)).toBe('')
    expect(maxPhotosFromInput('6')).toBe(6)
    expect(maxPhotosFromInput('')).toBeNaN()
    expect(maxPhotosFromInput('0')).toBe(0)
  })
})

// The service editor's form model against fixed services and fixed answers: what Save Changes sends, what the owner
// is told is wrong and where, and when the editor says there are unsaved changes.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServiceSchema, type Service } from '../../../server/services/services.schema'
import { newFieldId, sameValues, toUpdate, validate, valuesFromService, type EditorValues } from './editor-values'

const service: Service = ServiceSchema.parse({
  id: 'bouquets',
  title: 'Bouquets',
  description: 'Hand-tied balloon bouquets.',
  pricingInfo: 'Small bouquet: from $85',
  inquiryFormTitle: 'Ask about bouquets',
  showFrom: '2026-12-01T09:00:00-08:00',
  showBalloonColorSelection: true,
  maxBalloonColors: 3,
  showCrystalColors: false,
  customTextFields: [{ id: 'custom_100', header: 'Theme', instructions: 'Tell us the theme', optional: true }],
  customDropdownFields: [{ id: 'dropdown_200', header: 'Size', instructions: 'Pick a size', options: ['Small', 'Large'] }],
  fieldOrder: ['dropdown_200', 'custom_100'],
})

const values = (change: Partial<EditorValues> = {}): EditorValues => ({ ...valuesFromService(service), ...change })

describe('the editor opened on a saved service', () => {
  it('shows the service as typed: the colour limit as text, the schedule in studio time, the saved field order', () => {
    expect(valuesFromService(service)).toEqual({
      title: 'Bouquets',
      description: 'Hand-tied balloon bouquets.',
      aboutText: '',
      pricingInfo: 'Small bouquet: from $85',
      inquiryFormTitle: 'Ask about bouquets',
      showBalloonColorSelection: true,
      balloonColorSelectionRequired: false,
      maxBalloonColors: '3',
      showStandardColors: true,
      showMetallicColors: true,
      showCrystalColors: false,
      showEffectsColors: true,
      customTextFields: [{ id: 'custom_100', header: 'Theme', instructions: 'Tell us the theme', optional: true }],
      customDropdownFields: [
        { id: 'dropdown_200', header: 'Size', instructions: 'Pick a size', optional: false, options: ['Small', 'Large'] },
      ],
      customPhotoFields: [],
      fieldOrder: ['dropdown_200', 'custom_100'],
      showFrom: '2026-12-01T09:00',
      showUntil: '',
    })
    expect(valuesFromService({ ...service, maxBalloonColors: null }).maxBalloonColors).toBe('')
  })

  it('edits a copy: changing an option in the form leaves the saved service as it was', () => {
    const v = valuesFromService(service)
    v.customDropdownFields[0].options.push('Huge')
    v.customTextFields[0].header = 'Party theme'
    expect(service.customDropdownFields[0].options).toEqual(['Small', 'Large'])
    expect(service.customTextFields[0].header).toBe('Theme')
  })
})

describe('unsaved changes', () => {
  it('are none when nothing was touched', () => {
    expect(sameValues(values(), values())).toBe(true)
  })

  it.each<[string, Partial<EditorValues>]>([
    ['the title', { title: 'Bouquet' }],
    ['a colour group', { showCrystalColors: true }],
    ['the colour limit', { maxBalloonColors: '' }],
    ['the field order', { fieldOrder: ['custom_100', 'dropdown_200'] }],
    ['a dropdown option', { customDropdownFields: [{ ...service.customDropdownFields[0], options: ['Small', 'Medium'] }] }],
    ['the schedule', { showUntil: '2026-12-26T00:00' }],
  ])('include %s', (_, change) => {
    expect(sameValues(values(), values(change))).toBe(false)
  })
})

describe('what Save Changes sends', () => {
  it('trims the one-line fields, keeps the long texts as typed and leaves blank dropdown options out', () => {
    const update = toUpdate(
      values({
        title: '  Bouquets  ',
        description: ' Hand-tied. ',
        aboutText: '  Indented first line\n',
        inquiryFormTitle: ' Ask us ',
        customTextFields: [{ id: 'custom_100', header: ' Theme ', instructions: ' Tell us ', optional: true }],
        customDropdownFields: [
          { id: 'dropdown_200', header: ' Size ', instructions: ' Pick ', optional: false, options: [' Small ', '', '  ', 'Large'] },
        ],
      }),
    )
    expect(update).toMatchObject({
      title: 'Bouquets',
      description: 'Hand-tied.',
      aboutText: '  Indented first line\n',
      inquiryFormTitle: 'Ask us',
      customTextFields: [{ id: 'custom_100', header: 'Theme', instructions: 'Tell us', optional: true }],
      customDropdownFields: [{ id: 'dropdown_200', header: 'Size', instructions: 'Pick', optional: false, options: ['Small', 'Large'] }],
    })
  })

  it('sends the colour limit as a number, or null for no limit, and the schedule as instants in studio time', () => {
    expect(toUpdate(values({ maxBalloonColors: ' 5 ' })).maxBalloonColors).toBe(5)
    expect(toUpdate(values({ maxBalloonColors: '  ' })).maxBalloonColors).toBeNull()
    const summer = toUpdate(values({ showFrom: '2027-06-01T09:00', showUntil: '' }))
    expect([summer.showFrom, summer.showUntil]).toEqual(['2027-06-01T09:00:00-07:00', null])
    expect(toUpdate(values()).showFrom).toBe('2026-12-01T09:00:00-08:00')
  })

  it('names every custom field once in the order, dropping fields that were removed and adding new ones at the end', () => {
    const update = toUpdate(
      values({
        customTextFields: [],
        customDropdownFields: [
          service.customDropdownFields[0],
          { id: 'dropdown_300', header: 'Venue', instructions: 'Where', optional: true, options: ['Indoors'] },
        ],
        fieldOrder: ['custom_100', 'dropdown_200', 'dropdown_200'],
      }),
    )
    expect(update.fieldOrder).toEqual(['dropdown_200', 'dropdown_300'])
  })

  it('is accepted by the server as it is', () => {
    expect(ServiceSchema.safeParse({ id: 'bouquets', ...toUpdate(values()) }).success).toBe(true)
  })
})

describe('what the owner is told is wrong, and where', () => {
  it('nothing for the saved service', () => {
    expect(validate(values())).toEqual({})
  })

  it('a blank title and description, each under its own field', () => {
    expect(validate(values({ title: '', description: '  ' }))).toEqual({
      title: 'Title is required',
      description: 'Short description is required',
    })
  })

  it.each([
    ['2.5', 'Maximum colors must be a whole number'],
    ['three', 'Maximum colors must be a whole number'],
    ['0', 'Maximum colors must be at least 1'],
    ['-2', 'Maximum colors must be at least 1'],
  ])('a colour limit of "%s": %s', (typed, message) => {
    expect(validate(values({ maxBalloonColors: typed }))).toEqual({ maxBalloonColors: message })
  })

  it('a colour limit over the most there are', () => {
    expect(validate(values({ maxBalloonColors: '1000' })).maxBalloonColors).toMatch(/^Maximum colors must be at most \d+$/)
  })

  it('a schedule that ends before it starts, under Show until', () => {
    expect(validate(values({ showFrom: '2026-12-26T00:00', showUntil: '2026-12-01T09:00' }))).toEqual({
      showUntil: 'Show until must be after Show from',
    })
  })

  it('custom fields by their id: a blank title, and a dropdown whose options are all blank', () => {
    const errors = validate(
      values({
        customTextFields: [{ id: 'custom_100', header: ' ', instructions: 'Tell us the theme', optional: true }],
        customDropdownFields: [{ id: 'dropdown_200', header: 'Size', instructions: '', optional: false, options: ['', ' '] }],
      }),
    )
    expect(errors).toEqual({
      'custom_100.header': 'Title is required',
      'dropdown_200.instructions': 'Instructions are required',
      'dropdown_200.options': 'At least one option is required',
    })
  })

  it('one message per field, the first: two bad options show what is wrong with the first', () => {
    const options = ['Small\u0007', 'Large\u202E']
    const errors = validate(values({ customDropdownFields: [{ ...service.customDropdownFields[0], options }] }))
    expect(errors).toEqual({ 'dropdown_200.options': 'Option must not contain control characters' })
  })
})

describe('a new custom field', () => {
  afterEach(() => vi.useRealTimers())

  it('is named by the time, moved past any id already in use', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    expect(newFieldId('custom_', [])).toBe('custom_1700000000000')
    expect(newFieldId('dropdown_', ['dropdown_1700000000000', 'dropdown_1700000000001'])).toBe('dropdown_1700000000002')
    expect(newFieldId('custom_', ['dropdown_1700000000000'])).toBe('custom_1700000000000')
  })
})

describe('rules and photo fields in the editor', () => {
  it('a rule left pointing at a deleted dropdown, or at an option no longer there, is an error on that question', () => {
    const v = valuesFromService(service)
    v.customTextFields[0] = { ...v.customTextFields[0], showWhen: { field: 'dropdown_200', values: ['Large'] } }
    expect(validate(v)[`${v.customTextFields[0].id}.showWhen`]).toBeUndefined()
    v.customDropdownFields[0] = { ...v.customDropdownFields[0], options: ['Small', ' '] }
    expect(validate(v)[`${v.customTextFields[0].id}.showWhen`]).toBe('"Theme" depends on "Large", which is no longer an option of "Size".')
    v.customDropdownFields = []
    expect(validate(v)[`${v.customTextFields[0].id}.showWhen`]).toBe(
      '"Theme" depends on a question that no longer exists. Choose another dropdown or show it always.',
    )
  })

  it('a photos field needs a title, instructions and a limit from 1 to 10, and is saved in the field order', () => {
    const v = valuesFromService(service)
    v.customPhotoFields = [{ id: 'photos_300', header: '', instructions: 'x', optional: true, maxPhotos: 11 }]
    v.fieldOrder = ['photos_300', ...v.fieldOrder]
    expect(validate(v)).toMatchObject({
      'photos_300.header': 'Title is required',
      'photos_300.maxPhotos': 'Maximum photos must be at most 10',
    })
    v.customPhotoFields[0] = { ...v.customPhotoFields[0], header: 'Venue photos', maxPhotos: 3 }
    expect(toUpdate(v).fieldOrder?.[0]).toBe('photos_300')
    expect(toUpdate(v).customPhotoFields).toEqual([
      { id: 'photos_300', header: 'Venue photos', instructions: 'x', optional: true, maxPhotos: 3 },
    ])
  })
})

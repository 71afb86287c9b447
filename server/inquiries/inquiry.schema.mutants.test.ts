// The quote form's answers as the server checks them, on the refusals a visitor (or someone posting by hand) meets
// less often: answers and photos of the wrong shape or for questions not asked, colours, dropdown options, hidden
// questions, photo counts, dates and lengths. Each refusal names its field and says what is wrong. Pure.
import { describe, expect, it } from 'vitest'
import { dropdownValues, fieldErrors, inquirySchemaFor, isUsPhone, PHONE_FORMAT_MESSAGE } from './inquiry.schema'
import { sampleInquiry } from './testing-inquiry'

const TOKEN = (n: number) => n.toString(16).padStart(32, '0')
const service = {
  title: 'Arches',
  showBalloonColorSelection: true,
  balloonColorSelectionRequired: true,
  maxBalloonColors: 2,
  showStandardColors: true,
  showMetallicColors: false,
  showCrystalColors: false,
  showEffectsColors: false,
  customTextFields: [
    { id: 'custom_1', header: 'Venue address', instructions: '', optional: false, showWhen: { field: 'dropdown_1', values: ['Yes'] } },
  ],
  customDropdownFields: [{ id: 'dropdown_1', header: 'Delivery', instructions: '', optional: false, options: ['Yes', 'No'] }],
  customPhotoFields: [
    { id: 'photos_1', header: 'Inspiration', instructions: '', optional: false, maxPhotos: 2 },
    {
      id: 'photos_2',
      header: 'Your venue',
      instructions: '',
      optional: true,
      maxPhotos: 3,
      showWhen: { field: 'dropdown_1', values: ['Yes'] },
    },
  ],
} as unknown as Parameters<typeof inquirySchemaFor>[0]

const valid = {
  ...sampleInquiry(),
  serviceId: 'arches',
  service: 'Arches',
  balloonColors: ['Blush'],
  customFields: { custom_1: { header: 'Venue address', value: '12 Park Rd' } },
  customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'Yes' } },
  photos: { photos_1: [TOKEN(1)] },
}
const errors = (patch: Record<string, unknown>) => {
  const result = inquirySchemaFor(service, '2099-01-01').safeParse({ ...valid, ...patch })
  return result.success ? {} : fieldErrors(result.error)
}
const answer = (header: string, value: string) => ({ header, value })

describe('the quote form’s answers on the server', () => {
  it('takes a whole, valid set of answers', () => {
    expect(errors({})).toEqual({})
    expect(errors({ eventDate: '2099-01-01' })).toEqual({})
  })

  it('refuses answers or photos of the wrong shape, or keyed by anything but a question’s id', () => {
    expect(Object.values(errors({ customFields: 'x' }))).toEqual(['The answers must be an object'])
    expect(Object.values(errors({ customDropdownFields: { evil: answer('x', 'y') } }))).toContain('Unknown form field')
    expect(Object.values(errors({ photos: 'x' }))).toEqual(['The photos must be an object of lists'])
    expect(Object.values(errors({ photos: { __proto__x: [TOKEN(1)] } }))).toContain('Unknown form field')
    expect(errors({ photos: { photos_1: ['not-a-token'] } })).toEqual({ 'photos.photos_1.0': 'Unknown photo' })
  })

  it('names an answer to a question this service does not ask', () => {
    expect(errors({ customFields: { ...valid.customFields, custom_9: answer('Old', 'x') } })).toEqual({
      'customFields.custom_9': 'Unknown form field: custom_9',
    })
    expect(errors({ photos: { ...valid.photos, photos_7: [TOKEN(2)] } })).toEqual({ 'photos.photos_7': 'Unknown form field: photos_7' })
  })

  it('colours: at least one, at most the service’s limit, only those its picker offers', () => {
    expect(errors({ balloonColors: [] })).toEqual({ balloonColors: 'Please select at least one balloon color' })
    expect(errors({ balloonColors: ['Blush', 'Ivory'] })).toEqual({})
    expect(errors({ balloonColors: ['Blush', 'Ivory', 'Cream'] })).toEqual({ balloonColors: 'You can only select up to 2 colors' })
    expect(errors({ balloonColors: ['Metallic Gold'] })).toEqual({ balloonColors: 'Please choose colors from the list' })
  })

  it('a dropdown answer must be one of its options', () => {
    expect(errors({ customFields: {}, customDropdownFields: { dropdown_1: answer('Delivery', 'Maybe') } })).toEqual({
      'customDropdownFields.dropdown_1': 'Please choose one of the Delivery options',
    })
    expect(errors({ customFields: {}, customDropdownFields: {} })).toEqual({ 'customDropdownFields.dropdown_1': 'Delivery is required' })
  })

  it('a question hidden by the answers given takes no answer; left blank or "Not provided" it is ignored', () => {
    const no = { customDropdownFields: { dropdown_1: answer('Delivery', 'No') } }
    expect(errors({ ...no })).toEqual({ 'customFields.custom_1': 'Venue address is not asked with the answers given: leave it out' })
    expect(errors({ ...no, customFields: { custom_1: answer('Venue address', 'Not provided') } })).toEqual({})
    expect(errors({ ...no, customFields: { custom_1: answer('Venue address', '  ') } })).toEqual({})
    expect(errors({ ...no, customFields: {}, photos: { photos_1: [TOKEN(1)], photos_2: [TOKEN(2)] } })).toEqual({
      'photos.photos_2': 'Your venue is not asked with the answers given: leave it out',
    })
    expect(errors({ customFields: { custom_1: answer('Venue address', 'Not provided') } })).toEqual({
      'customFields.custom_1': 'Venue address is required',
    })
  })

  it('photos: a required field needs one, no more than its limit, none listed twice', () => {
    expect(errors({ photos: {} })).toEqual({ 'photos.photos_1': 'Inspiration is required' })
    expect(errors({ photos: { photos_1: [TOKEN(1), TOKEN(2)] } })).toEqual({})
    expect(errors({ photos: { photos_1: [TOKEN(1), TOKEN(2), TOKEN(3)] } })).toEqual({ 'photos.photos_1': 'Inspiration: at most 2 photos' })
    expect(errors({ photos: { photos_1: [TOKEN(1), TOKEN(1)] } })).toEqual({
      'photos.photos_1': 'Inspiration: the same photo is listed twice',
    })
  })

  it('dates, e-mail and lengths', () => {
    expect(errors({ eventDate: '2098-12-31' })).toEqual({ eventDate: 'Event date cannot be in the past' })
    expect(errors({ eventDate: '2099-02-30' })).toEqual({ eventDate: 'Event date must be a real date' })
    expect(errors({ eventDate: 'soon' })).toEqual({ eventDate: 'Event date is required' })
    expect(errors({ email: 'jane@' })).toEqual({ email: 'Please enter a valid email address' })
    expect(errors({ customFields: { custom_1: answer('Venue address', 'x'.repeat(2001)) } })).toEqual({
      'customFields.custom_1.value': 'This answer is too long',
    })
    expect(errors({ customFields: { custom_1: answer('Venue address', 'x'.repeat(2000)) } })).toEqual({})
  })
})

describe('the dropdown answers as the visibility rules read them', () => {
  it('by field id, skipping an answer that is missing', () => {
    expect(dropdownValues({ dropdown_1: { value: 'Yes' }, dropdown_2: undefined })).toEqual({ dropdown_1: 'Yes' })
  })
})

// From the run of inquiry.schema.ts after the tests above (84.4%): what was still left unseen.
describe('the quote form’s answers on the server: the rest of each rule', () => {
  const withService = (patch: Record<string, unknown>) => ({ ...(service as object), ...patch }) as typeof service
  const errorsFor = (s: typeof service, patch: Record<string, unknown>) => {
    const result = inquirySchemaFor(s, '2099-01-01').safeParse({ ...valid, ...patch })
    return result.success ? {} : fieldErrors(result.error)
  }

  it('a US phone number: ten digits however written, eleven only after a leading 1, nothing but digits and punctuation', () => {
    expect(isUsPhone('(503) 555-0100')).toBe(true)
    expect(isUsPhone('+1 503.555.0100')).toBe(true)
    expect(isUsPhone('503 555 0100 ext')).toBe(false)
    expect(isUsPhone('x5035550100')).toBe(false)
    expect(isUsPhone('25035550100')).toBe(false)
    expect(isUsPhone('150355501000')).toBe(false)
    expect(isUsPhone('1503555010')).toBe(true)
    expect(errors({ phone: '503-555-0100 call' })).toEqual({ phone: PHONE_FORMAT_MESSAGE })
  })

  it('answers and photos keyed by a longer id are questions too, named when this service does not ask them', () => {
    expect(errors({ photos: { ...valid.photos, photos_12: [TOKEN(2)] } })).toEqual({ 'photos.photos_12': 'Unknown form field: photos_12' })
    expect(errors({ customDropdownFields: { ...valid.customDropdownFields, dropdown_12: answer('Old', 'x') } })).toEqual({
      'customDropdownFields.dropdown_12': 'Unknown form field: dropdown_12',
    })
    for (const key of ['xcustom_1', 'custom_1x']) {
      expect(errors({ customFields: { [key]: answer('Venue address', 'x') } })[`customFields.${key}`]).toBe('Unknown form field')
    }
    for (const key of ['xphotos_1', 'photos_1x'])
      expect(errors({ photos: { [key]: [TOKEN(1)] } })[`photos.${key}`]).toBe('Unknown form field')
  })

  it('a value that is not text is refused naming its field', () => {
    const named: [string, unknown, string][] = [
      ['lastName', 5, 'Last name must be text'],
      ['email', 5, 'Email must be text'],
      ['address', 5, 'Address must be text'],
      ['city', 5, 'City must be text'],
      ['eventDate', 5, 'Event date must be text'],
      ['eventDetails', 5, 'Event details must be text'],
      ['referralSource', 5, 'How did you hear about us must be text'],
      ['service', 5, 'Service must be text'],
      ['serviceId', 5, 'Service id must be text'],
    ]
    for (const [field, value, message] of named) expect(errors({ [field]: value })[field]).toBe(message)
    expect(errors({ balloonColors: [5] })['balloonColors.0']).toBe('Balloon color must be text')
    expect(errors({ customFields: { custom_1: { header: 5, value: 'x' } } })['customFields.custom_1.header']).toBe('Question must be text')
    expect(errors({ customFields: { custom_1: { header: 'Venue address', value: 5 } } })['customFields.custom_1.value']).toBe(
      'Answer must be text',
    )
  })

  it('optional fields left out are empty, and the service named by its title', () => {
    const { eventDetails: _d, referralSource: _r, service: _s, ...rest } = valid
    const result = inquirySchemaFor(service, '2099-01-01').parse(rest)
    expect([result.eventDetails, result.referralSource, result.service]).toEqual(['', '', 'Arches'])
  })

  it('colours are not asked, nor limited, when the service shows no colour picker; no limit set means any number', () => {
    const noPicker = withService({ showBalloonColorSelection: false })
    expect(errorsFor(noPicker, { balloonColors: undefined })).toEqual({})
    const noLimit = withService({ maxBalloonColors: null })
    expect(errorsFor(noLimit, { balloonColors: ['Blush', 'Ivory', 'Cream'] })).toEqual({})
  })

  it('event details: 5,000 characters at most', () => {
    expect(errors({ eventDetails: 'x'.repeat(5000) })).toEqual({})
    expect(errors({ eventDetails: 'x'.repeat(5001) })).toEqual({ eventDetails: 'This answer is too long' })
  })

  it('a required answer of spaces only is missing', () => {
    expect(errors({ customFields: { custom_1: answer('Venue address', '   ') } })).toEqual({
      'customFields.custom_1': 'Venue address is required',
    })
  })

  it('a dropdown hidden by another answer takes no answer; an optional one may be left out or "Not provided"', () => {
    const hiddenDropdown = withService({
      customTextFields: [],
      customPhotoFields: [],
      customDropdownFields: [
        { id: 'dropdown_1', header: 'Delivery', instructions: '', optional: false, options: ['Yes', 'No'] },
        {
          id: 'dropdown_2',
          header: 'Stairs',
          instructions: '',
          optional: true,
          options: ['Yes', 'No'],
          showWhen: { field: 'dropdown_1', values: ['Yes'] },
        },
      ],
    })
    const base = { customFields: {}, photos: {} }
    const no = { dropdown_1: answer('Delivery', 'No') }
    expect(errorsFor(hiddenDropdown, { ...base, customDropdownFields: { ...no, dropdown_2: answer('Stairs', 'Yes') } })).toEqual({
      'customDropdownFields.dropdown_2': 'Stairs is not asked with the answers given: leave it out',
    })
    expect(errorsFor(hiddenDropdown, { ...base, customDropdownFields: no })).toEqual({})
    const yes = { dropdown_1: answer('Delivery', 'Yes') }
    expect(errorsFor(hiddenDropdown, { ...base, customDropdownFields: yes })).toEqual({})
    expect(errorsFor(hiddenDropdown, { ...base, customDropdownFields: { ...yes, dropdown_2: answer('Stairs', 'Not provided') } })).toEqual(
      {},
    )
    expect(errorsFor(hiddenDropdown, { ...base, customDropdownFields: { ...yes, dropdown_2: answer('Stairs', 'Maybe') } })).toEqual({
      'customDropdownFields.dropdown_2': 'Please choose one of the Stairs options',
    })
  })
})

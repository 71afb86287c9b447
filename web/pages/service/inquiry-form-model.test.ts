// The quote inquiry form's rules against a fixed service: what a visitor's answers become on the wire, which questions
// are asked in what order, what the line beside Submit names, and where each message is attached.
import { describe, expect, it } from 'vitest'
import { ServiceSchema, type Service } from '../../../server/services/services.schema'
import {
  answerChecklist,
  askedFields,
  askedWithoutAnswers,
  customKey,
  describedBy,
  emptyState,
  fieldId,
  stillNeeded,
  summaryTitle,
  toInquiryPayload,
  type FormState,
} from './inquiry-form-model'

const service: Service = ServiceSchema.parse({
  id: 'arches',
  title: 'Balloon Arches',
  description: 'Organic arches for any venue.',
  showBalloonColorSelection: true,
  balloonColorSelectionRequired: true,
  customTextFields: [
    { id: 'custom_1', header: 'Theme', instructions: 'Tell us the theme', optional: true },
    { id: 'custom_2', header: 'Venue notes', instructions: 'Stairs? Parking?', showWhen: { field: 'dropdown_3', values: ['Indoors'] } },
  ],
  customDropdownFields: [{ id: 'dropdown_3', header: 'Setting', instructions: 'Where is it?', options: ['Indoors', 'Outdoors'] }],
  customPhotoFields: [{ id: 'photos_4', header: 'Inspiration', instructions: 'Pictures you like', optional: true }],
  fieldOrder: ['dropdown_3', 'custom_2', 'custom_1', 'photos_4'],
})

const filled = (change: Partial<FormState> = {}): FormState => ({
  ...emptyState(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '503-555-0100',
  address: '1 Main St',
  city: 'Portland',
  zipcode: '97214',
  eventDate: '2027-03-01',
  ...change,
})
const all = new Set(['custom_1', 'custom_2', 'dropdown_3', 'photos_4'])
const noPhotos = () => []

describe('what the form sends', () => {
  it('sends the contact answers as typed, the service, the colours and the time the form was open', () => {
    const payload = toInquiryPayload(service, filled({ balloonColors: ['Red'] }), all, noPhotos, 4200)
    expect(payload).toMatchObject({
      firstName: 'Ada',
      zipcode: '97214',
      eventDetails: '',
      referralSource: '',
      service: 'Balloon Arches',
      serviceId: 'arches',
      balloonColors: ['Red'],
      formMs: 4200,
    })
    expect(payload).not.toHaveProperty('answers')
  })

  it('sends no colours for a service that does not ask for them', () => {
    const plain = { ...service, showBalloonColorSelection: false }
    expect(toInquiryPayload(plain, filled({ balloonColors: ['Red'] }), all, noPhotos, 0)).not.toHaveProperty('balloonColors')
  })

  it('trims answers, sends an optional blank as "Not provided" and a required blank as empty (so it is refused)', () => {
    const state = filled({ answers: { custom_1: '  ', custom_2: '  Back door  ', dropdown_3: '' } })
    const payload = toInquiryPayload(service, state, all, noPhotos, 0)
    expect(payload.customFields).toEqual({
      custom_1: { header: 'Theme', value: 'Not provided' },
      custom_2: { header: 'Venue notes', value: 'Back door' },
    })
    expect(payload.customDropdownFields).toEqual({ dropdown_3: { header: 'Setting', value: '' } })
  })

  it('leaves out the questions the answers hide, whatever was typed into them, and their photos', () => {
    const state = filled({ answers: { custom_1: 'Gold', custom_2: 'Typed before switching', dropdown_3: 'Outdoors' } })
    const payload = toInquiryPayload(service, state, new Set(['custom_1', 'dropdown_3']), () => ['tok'], 0)
    expect(Object.keys(payload.customFields)).toEqual(['custom_1'])
    expect(Object.keys(payload.customDropdownFields)).toEqual(['dropdown_3'])
    expect(payload.photos).toEqual({})
  })

  it('sends an answer never typed like a blank one', () => {
    const payload = toInquiryPayload(service, filled(), all, noPhotos, 0)
    expect(payload.customFields.custom_1).toEqual({ header: 'Theme', value: 'Not provided' })
    expect(payload.customDropdownFields.dropdown_3).toEqual({ header: 'Setting', value: '' })
  })

  it('leaves out a dropdown the answers hide', () => {
    const payload = toInquiryPayload(service, filled({ answers: { dropdown_3: 'Indoors' } }), new Set(['custom_1']), noPhotos, 0)
    expect(payload.customDropdownFields).toEqual({})
  })

  it('sends a photos question only with photos in it', () => {
    expect(toInquiryPayload(service, filled(), all, () => ['a', 'b'], 0).photos).toEqual({ photos_4: ['a', 'b'] })
    expect(toInquiryPayload(service, filled(), all, noPhotos, 0).photos).toEqual({})
  })
})

describe('which questions are asked', () => {
  it('before anything is answered: exactly the questions without a rule', () => {
    expect([...askedWithoutAnswers(service)].sort()).toEqual(['custom_1', 'dropdown_3', 'photos_4'])
  })

  it('in the order the owner set, skipping what is not asked and any stale id in the order', () => {
    const stale = { ...service, fieldOrder: ['gone_9', ...service.fieldOrder!] }
    expect(askedFields(stale, new Set(['photos_4', 'custom_1', 'dropdown_3', 'gone_9'])).map((f) => f.id)).toEqual([
      'dropdown_3',
      'custom_1',
      'photos_4',
    ])
  })
})

describe('what is required and still needed', () => {
  const fields = askedFields(service, all)

  it('orders the answers as the visitor meets them: contact answers, colours, then the questions', () => {
    const { order } = answerChecklist(service, fields, emptyState())
    expect(order).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'address',
      'city',
      'zipcode',
      'eventDate',
      'balloonColors',
      'customDropdownFields.dropdown_3',
      'customFields.custom_2',
      'customFields.custom_1',
      'photos.photos_4',
    ])
  })

  it('names every answer in words, in lower case for the contact answers', () => {
    const { order, nameOf } = answerChecklist(service, fields, emptyState())
    expect(order.map(nameOf)).toEqual([
      'first name',
      'last name',
      'email',
      'phone',
      'address',
      'city',
      'zipcode',
      'event date',
      'balloon colors',
      'Setting',
      'Venue notes',
      'Theme',
      'Inspiration',
    ])
  })

  it('asks for no colours on a service without the colour picker', () => {
    const plain = { ...service, showBalloonColorSelection: false }
    expect(answerChecklist(plain, fields, emptyState()).order).not.toContain('balloonColors')
  })

  it('counts a question never answered as empty', () => {
    const state = filled({ balloonColors: ['Red'] })
    expect(answerChecklist(service, fields, state).empty).toEqual(['customDropdownFields.dropdown_3', 'customFields.custom_2'])
  })

  it('requires the colours only when the owner said so, and no optional question', () => {
    const { required } = answerChecklist(service, fields, emptyState())
    expect(required).toContain('balloonColors')
    expect(required).toContain('customDropdownFields.dropdown_3')
    expect(required).toContain('customFields.custom_2')
    expect(required).not.toContain('customFields.custom_1')
    expect(required).not.toContain('photos.photos_4')
    const relaxed = answerChecklist({ ...service, balloonColorSelectionRequired: false }, fields, emptyState())
    expect(relaxed.required).not.toContain('balloonColors')
  })

  it('counts an answer of spaces as empty, and names what is left in words', () => {
    const state = filled({ city: '   ', balloonColors: ['Red'], answers: { dropdown_3: 'Indoors', custom_2: ' ' } })
    const { empty, nameOf } = answerChecklist(service, fields, state)
    expect(empty).toEqual(['city', 'customFields.custom_2'])
    expect(empty.map(nameOf)).toEqual(['city', 'Venue notes'])
    expect(nameOf('balloonColors')).toBe('balloon colors')
    expect(nameOf('somethingElse')).toBe('somethingElse')
  })

  it('counts no colours picked as empty', () => {
    const state = filled({ answers: { dropdown_3: 'Indoors', custom_2: 'Stairs' } })
    expect(answerChecklist(service, fields, state).empty).toEqual(['balloonColors'])
  })

  it('says what is required before anything is answered, then only what is left', () => {
    expect(stillNeeded(['first name', 'email'], true)).toBe(
      'Please complete the required fields (*) to send your inquiry: first name, email.',
    )
    expect(stillNeeded(['email', 'city'], false)).toBe('Still needed: email, city')
    expect(stillNeeded([], false)).toBe('Please complete the required fields (*) to send your inquiry.')
  })

  it('heads the error summary with the number of answers to fix', () => {
    expect(summaryTitle(1)).toBe('Please fix 1 answer to send your inquiry:')
    expect(summaryTitle(3)).toBe('Please fix 3 answers to send your inquiry:')
  })
})

describe('where messages are attached', () => {
  it('links a problem to its field, whatever kind of question it is', () => {
    expect(fieldId('email')).toBe('inq-email')
    expect(fieldId('customFields.custom_2')).toBe('inq-custom_2')
    expect(fieldId('customDropdownFields.dropdown_3')).toBe('inq-dropdown_3')
    expect(fieldId('photos.photos_4')).toBe('inq-photos_4')
  })

  it('files each question under the key the validation reports it by', () => {
    const twoDropdowns = {
      ...service,
      customDropdownFields: [...service.customDropdownFields, { ...service.customDropdownFields[0], id: 'dropdown_5' }],
    }
    expect(customKey(twoDropdowns, 'dropdown_5')).toBe('customDropdownFields.dropdown_5')
    expect(customKey(twoDropdowns, 'custom_1')).toBe('customFields.custom_1')
    expect(customKey(service, 'dropdown_3')).toBe('customDropdownFields.dropdown_3')
    expect(customKey(service, 'photos_4')).toBe('photos.photos_4')
    expect(customKey(service, 'custom_1')).toBe('customFields.custom_1')
  })

  it('describes a field by its hint, then its error, or by nothing', () => {
    expect(describedBy('inq-x', 'Hint', 'Wrong')).toBe('inq-x-hint inq-x-error')
    expect(describedBy('inq-x', undefined, 'Wrong')).toBe('inq-x-error')
    expect(describedBy('inq-x', 'Hint', undefined)).toBe('inq-x-hint')
    expect(describedBy('inq-x', undefined, undefined)).toBeUndefined()
  })
})

// The quote form's rules around its React parts: what a quick visitor typed before the app started is kept, where a
// press of Submit sends focus, how many photos are on their way and which tokens are sent, and the delivery note.
import { describe, expect, it } from 'vitest'
import { ServiceSchema, type Service } from '../../../server/services/services.schema'
import { describeEstimate } from '../../../server/pricing/delivery-estimate'
import {
  answerChecklist,
  askedFields,
  askedWithoutAnswers,
  emptyState,
  estimateNote,
  photosToSend,
  photosUploading,
  pressFocus,
  typedValues,
  withTyped,
} from './inquiry-form-model'

const service: Service = ServiceSchema.parse({
  id: 'arches',
  title: 'Balloon Arches',
  description: 'Organic arches.',
  customTextFields: [{ id: 'custom_1', header: 'Theme', instructions: 'Tell us', optional: true }],
  customDropdownFields: [{ id: 'dropdown_3', header: 'Setting', instructions: 'Where?', options: ['Indoors', 'Outdoors'] }],
  customPhotoFields: [{ id: 'photos_4', header: 'Inspiration', instructions: 'Pictures', optional: true }],
  fieldOrder: ['dropdown_3', 'custom_1', 'photos_4'],
})

describe('typed before the app started', () => {
  it('keeps the contact fields and answers that hold something, read by their ids', () => {
    const page: Record<string, string> = { firstName: 'Ada', email: 'ada@example.com', custom_1: 'Gold', dropdown_3: '', photos_4: 'x' }
    const asked: string[] = []
    const typed = typedValues(service, (id) => {
      asked.push(id)
      return page[id] ?? ''
    })
    expect(typed).toEqual({ firstName: 'Ada', email: 'ada@example.com', answers: { custom_1: 'Gold' } })
    expect(asked).toContain('referralSource')
    expect(asked).not.toContain('photos_4')
  })

  it('is nothing when every field is empty; an answer alone or a contact field alone counts', () => {
    expect(typedValues(service, () => '')).toBeNull()
    expect(typedValues(service, (id) => (id === 'dropdown_3' ? 'Indoors' : ''))).toEqual({ answers: { dropdown_3: 'Indoors' } })
    expect(typedValues(service, (id) => (id === 'zipcode' ? '97214' : ''))).toEqual({ zipcode: '97214', answers: {} })
  })

  it('is written into the form, the answers joined with those already there', () => {
    const state = { ...emptyState(), lastName: 'Lovelace', answers: { custom_1: 'Silver', dropdown_3: 'Outdoors' } }
    const next = withTyped(state, { firstName: 'Ada', answers: { custom_1: 'Gold' } })
    expect(next).toEqual({ ...state, firstName: 'Ada', answers: { custom_1: 'Gold', dropdown_3: 'Outdoors' } })
    expect(withTyped(state, { firstName: 'Ada' }).answers).toEqual(state.answers)
  })
})

describe('a press of Submit on an incomplete form', () => {
  it('sends focus to the one answer missing, or to the summary when there are several', () => {
    const order = ['firstName', 'email', 'customDropdownFields.dropdown_3', 'photos.photos_4']
    expect(pressFocus(order, { email: 'E-mail is required' })).toBe('inq-email')
    expect(pressFocus(order, { 'customDropdownFields.dropdown_3': 'Setting is required' })).toBe('inq-dropdown_3')
    expect(pressFocus(order, { email: 'E-mail is required', firstName: 'First name is required' })).toBe('summary')
    // An error the checklist does not list does not count as the one missing.
    expect(pressFocus(order, { other: 'x', email: 'E-mail is required' })).toBe('inq-email')
    expect(pressFocus(order, {})).toBe('summary')
  })
})

describe('photos', () => {
  it('counts the photos on their way over every photos question', () => {
    expect(photosUploading({ photos_4: { uploading: 2 }, photos_5: { uploading: 1 } })).toBe(3)
    expect(photosUploading({ photos_4: { uploading: 0 } })).toBe(0)
    expect(photosUploading({})).toBe(0)
  })

  it('sends what arrived once the uploads were waited for, else the tokens each question reported', () => {
    const reported = (id: string) => (id === 'photos_4' ? ['reported'] : [])
    expect(photosToSend(null, reported)('photos_4')).toEqual(['reported'])
    const settled = photosToSend({ photos_4: ['arrived'] }, reported)
    expect(settled('photos_4')).toEqual(['arrived'])
    expect(settled('photos_5')).toEqual([])
  })
})

describe('the delivery note', () => {
  it('says the fee with a caution, the outside-the-area sentence alone, nothing before a full ZIP', () => {
    const inside = { zip: '97214', zone: 'Central', fee: 25 }
    expect(estimateNote(inside, describeEstimate)).toBe(`${describeEstimate(inside)}. An estimate: your quote confirms the fee.`)
    const outside = { zip: '99999', outside: true as const }
    expect(estimateNote(outside, describeEstimate)).toBe(`${describeEstimate(outside)}. `)
    expect(estimateNote(null, describeEstimate)).toBeNull()
  })
})

describe('the checklist of a service without colour selection', () => {
  it('names the contact answers and the questions only, nothing for colours', () => {
    const plain = { ...service, showBalloonColorSelection: false }
    const { order, required, empty, nameOf } = answerChecklist(plain, askedFields(plain, askedWithoutAnswers(plain)), emptyState())
    expect(order).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'address',
      'city',
      'zipcode',
      'eventDate',
      'customDropdownFields.dropdown_3',
      'customFields.custom_1',
      'photos.photos_4',
    ])
    expect(required).not.toContain('customFields.custom_1')
    expect(empty.map(nameOf)).toContain('Setting')
  })
})

// The Testimonials tab's forms as the owner uses them: the leave warning for the add form, what Add and Save send or
// why they refuse (the spec's words), the editor's fields, the list after a save or delete, and the delete question.
import { describe, expect, it } from 'vitest'
import type { VersionedTestimonial as Testimonial } from '../admin-api'
import {
  EMPTY_ADD,
  MISSING_FIELDS,
  addDraftChanged,
  addInput,
  deleteQuestion,
  editProblem,
  editedTestimonial,
  editorDraft,
  replaceTestimonial,
  withoutTestimonial,
} from './testimonial-form'

const saved = (id: string, over: Partial<Testimonial> = {}): Testimonial =>
  ({ id, quote: `Quote ${id}`, author: `Author ${id}`, position: '', imageSrc: '/img/a.jpg', version: 'v1', ...over }) as Testimonial

describe('the add form', () => {
  it('holds something unsaved once any field has more than spaces', () => {
    expect(addDraftChanged(EMPTY_ADD)).toBe(false)
    expect(addDraftChanged({ quote: '  ', author: ' ', position: '\n' })).toBe(false)
    expect(addDraftChanged({ ...EMPTY_ADD, quote: 'Lovely' })).toBe(true)
    expect(addDraftChanged({ ...EMPTY_ADD, author: 'Ana' })).toBe(true)
    expect(addDraftChanged({ ...EMPTY_ADD, position: 'CEO' })).toBe(true)
  })

  it('sends the quote, customer and role with no image; refuses without a quote or a customer', () => {
    expect(addInput({ quote: ' Lovely arch ', author: 'Ana', position: 'Bride' })).toMatchObject({
      quote: 'Lovely arch',
      author: 'Ana',
      position: 'Bride',
      imageSrc: '',
    })
    expect(addInput({ quote: '', author: 'Ana', position: '' })).toBeNull()
    expect(addInput({ quote: '   ', author: 'Ana', position: '' })).toBeNull()
    expect(addInput({ quote: 'Lovely', author: '', position: '' })).toBeNull()
    expect(MISSING_FIELDS).toBe('Quote and Customer are required.')
  })
})

describe('the editor', () => {
  it('shows every field, empty ones as empty', () => {
    expect(editorDraft(saved('t1'))).toEqual({
      quote: 'Quote t1',
      author: 'Author t1',
      position: '',
      photo: '',
      photoAlt: '',
      featured: false,
    })
    expect(editorDraft(saved('t2', { position: 'CEO', photo: '/uploads/p.jpg', photoAlt: 'Ana smiling', featured: true }))).toEqual({
      quote: 'Quote t2',
      author: 'Author t2',
      position: 'CEO',
      photo: '/uploads/p.jpg',
      photoAlt: 'Ana smiling',
      featured: true,
    })
    const bare = { id: 't3', quote: 'Q', author: 'A', imageSrc: '' } as Testimonial
    expect(editorDraft(bare)).toEqual({ quote: 'Q', author: 'A', position: '', photo: '', photoAlt: '', featured: false })
  })

  it("refuses a save with the schema's first problem, and allows a complete one", () => {
    const draft = editorDraft(saved('t1'))
    expect(editProblem(draft, '/img/a.jpg')).toBeNull()
    expect(editProblem({ ...draft, quote: ' ' }, '/img/a.jpg')).toBe(MISSING_FIELDS)
    expect(editProblem({ ...draft, author: '' }, '/img/a.jpg')).toBe(MISSING_FIELDS)
    expect(editProblem({ ...draft, photo: 'https://elsewhere.example/p.jpg' }, '')).toBe('Photo must be an uploaded picture (/uploads/...)')
  })

  it('sends the edited fields with the image kept and the version it was read at', () => {
    const t = saved('t1', { imageSrc: '/img/keep.jpg' })
    const sent = editedTestimonial(t, { ...editorDraft(t), quote: ' New words ', featured: true }, 'v7')
    expect(sent).toMatchObject({
      id: 't1',
      quote: 'New words',
      author: 'Author t1',
      imageSrc: '/img/keep.jpg',
      featured: true,
      version: 'v7',
    })
  })
})

describe('the list', () => {
  it('takes a saved testimonial in its place, and loses a deleted one', () => {
    const list = [saved('a'), saved('b'), saved('c')]
    const b = saved('b', { quote: 'Changed', version: 'v2' })
    expect(replaceTestimonial(list, b)).toEqual([saved('a'), b, saved('c')])
    expect(replaceTestimonial(list, saved('z'))).toEqual(list)
    expect(replaceTestimonial(null, b)).toBeNull()
    expect(withoutTestimonial(list, 'b')!.map((t) => t.id)).toEqual(['a', 'c'])
    expect(withoutTestimonial(list, 'z')).toEqual(list)
    expect(withoutTestimonial(null, 'a')).toBeNull()
  })

  it('asks before a delete, naming the customer', () => {
    expect(deleteQuestion('Ana Ruiz')).toBe('Are you sure you want to delete the testimonial from Ana Ruiz? This action cannot be undone.')
    expect(deleteQuestion(undefined)).toBe('Are you sure you want to delete the testimonial from ? This action cannot be undone.')
  })
})

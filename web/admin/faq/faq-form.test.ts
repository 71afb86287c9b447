// The FAQ editor's form against fixed questions: what the owner sees to edit, what Save sends, and what she is told
// when a question cannot be saved (naming which one).
import { describe, expect, it } from 'vitest'
import { faqProblem, toDrafts, toItems, type Draft } from './faq-form'

const saved = [
  { id: 'do-you-deliver', question: 'Do you deliver?', answer: 'Yes.', showFrom: '2026-12-01T09:00:00-08:00' },
  { id: 'how-far-ahead', question: 'How far ahead?', answer: 'Two weeks.' },
]
const fresh = (change: Partial<Draft> = {}): Draft => ({
  key: 'new-1',
  question: 'Balloons outdoors?',
  answer: 'Yes, with care.',
  schedule: { showFrom: '', showUntil: '' },
  ...change,
})

describe('the FAQ form', () => {
  it('opens each question with its id as its key and its schedule in studio time, a side without a date empty', () => {
    expect(toDrafts(saved)).toEqual([
      {
        key: 'do-you-deliver',
        id: 'do-you-deliver',
        question: 'Do you deliver?',
        answer: 'Yes.',
        schedule: { showFrom: '2026-12-01T09:00', showUntil: '' },
      },
      {
        key: 'how-far-ahead',
        id: 'how-far-ahead',
        question: 'How far ahead?',
        answer: 'Two weeks.',
        schedule: { showFrom: '', showUntil: '' },
      },
    ])
  })

  it('saves the questions as they were, a new one without an id, and no side of a schedule left empty', () => {
    expect(toItems([...toDrafts(saved), fresh({ schedule: { showFrom: '', showUntil: '2027-01-02T18:30' } })])).toEqual([
      { id: 'do-you-deliver', question: 'Do you deliver?', answer: 'Yes.', showFrom: '2026-12-01T09:00:00-08:00' },
      { id: 'how-far-ahead', question: 'How far ahead?', answer: 'Two weeks.' },
      { question: 'Balloons outdoors?', answer: 'Yes, with care.', showUntil: '2027-01-02T18:30:00-08:00' },
    ])
  })

  it('has nothing to say about questions that can be saved', () => {
    expect(faqProblem([...toDrafts(saved), fresh()])).toBeNull()
    expect(faqProblem([])).toBeNull()
  })

  it('names the question a problem belongs to, counting from one', () => {
    expect(faqProblem([...toDrafts(saved), fresh({ answer: '   ' })])).toBe('Question 3: Answer is required')
    expect(faqProblem([fresh({ question: '' })])).toBe('Question 1: Question is required')
    expect(faqProblem([fresh({ schedule: { showFrom: '2027-01-02T10:00', showUntil: '2027-01-01T10:00' } })])).toMatch(/^Question 1: /)
  })

  it('says what is wrong with the list as a whole without naming a question', () => {
    const twice = toDrafts([saved[0], { ...saved[1], id: 'do-you-deliver' }])
    expect(faqProblem(twice)).toBe('Two questions have the same id')
    expect(faqProblem(Array.from({ length: 101 }, (_, i) => fresh({ key: `k${i}` })))).toBe('At most 100 questions')
  })
})

// What the owner sees of the FAQ's save at its limits, written from the mutation run's survivors (issue 32): each
// limit's message at one over and the value at the limit accepted, the answer trimmed, whole-list messages without a
// question number, and a hand-written file whose ids are not the site's.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const put = (items: unknown) => t.call('PUT', '/api/faq', { json: { items }, cookie })
const refusal = async (items: unknown) => {
  const res = await put(items)
  expect(res.status).toBe(400)
  return ((await res.json()) as { error: string }).error
}
const faqFile = () => readFileSync(join(t.root, 'content/faq.yaml'), 'utf8')

describe('the FAQ save at its limits', () => {
  it('takes a question of 300 characters and an answer of 5,000, and names the field one over', async () => {
    expect(await refusal([{ question: 'q'.repeat(301), answer: 'a' }])).toBe('Question 1: Question is too long (300 characters at most)')
    expect(await refusal([{ question: 'Why?', answer: 'a'.repeat(5001) }])).toBe(
      'Question 1: Answer is too long (5,000 characters at most)',
    )
    const res = await put([{ question: 'q'.repeat(300), answer: 'a'.repeat(5000) }])
    expect(res.status).toBe(200)
    expect(faqFile()).toContain('q'.repeat(300))
  })

  it('takes 100 questions and refuses 101, without a question number', async () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `q${i}`, question: `Q${i}?`, answer: 'Yes.' }))
    expect(await refusal(list(101))).toBe('At most 100 questions')
    expect((await put(list(100))).status).toBe(200)
  })

  it('says which question is wrong only when the problem is in one', async () => {
    expect(await refusal('x')).toBe('items must be the list of questions')
    const twice = [
      { id: 'a', question: 'A?', answer: 'x' },
      { id: 'a', question: 'B?', answer: 'y' },
    ]
    expect(await refusal(twice)).toBe('Two questions have the same id')
    expect(
      await refusal([
        { question: 'Why?', answer: 'x' },
        { id: 'Not An Id', question: 'How?', answer: 'y' },
      ]),
    ).toBe('Question 2: Question ids are lowercase letters, digits and hyphens')
  })

  it('names the answer when it holds a control character', async () => {
    expect(await refusal([{ question: 'Why?', answer: 'Bell \u0007 here' }])).toBe('Question 1: Answer must not contain control characters')
  })

  it('a save that only respaces a hand-written file says it updated the questions', async () => {
    writeFileSync(join(t.root, 'content/faq.yaml'), '[{id: ahead, question: How far ahead?, answer: Two weeks.}]\n')
    t.git('add', 'content/faq.yaml')
    t.git('commit', '-qm', 'FAQ by hand')
    expect((await put([{ id: 'ahead', question: 'How far ahead?', answer: 'Two weeks.' }])).status).toBe(200)
    expect(t.subjects()[0]).toBe('FAQ: Update questions')
    expect(faqFile()).toBe('[ { id: ahead, question: How far ahead?, answer: Two weeks. } ]\n')
  })

  it('trims the answer and keeps its inside as written', async () => {
    const res = await put([{ id: 'ahead', question: 'How far ahead?', answer: '  Two **weeks**.\n\nOr more.  \n' }])
    expect(res.status).toBe(200)
    expect(((await res.json()) as { items: { answer: string }[] }).items[0]?.answer).toBe('Two **weeks**.\n\nOr more.')
  })
})

describe('a FAQ file written by hand', () => {
  it.each([
    ['an id with capitals', '- id: Ahead\n  question: How far ahead?\n  answer: Two weeks.\n'],
    ['an id after other text', '- id: x/ahead\n  question: How far ahead?\n  answer: Two weeks.\n'],
    ['an id before other text', '- id: ahead/x\n  question: How far ahead?\n  answer: Two weeks.\n'],
    ['an empty question', '- id: ahead\n  question: ""\n  answer: Two weeks.\n'],
  ])('with %s is not shown as it is, and says which file', async (_name, text) => {
    writeFileSync(join(t.root, 'content/faq.yaml'), text)
    const res = await t.call('GET', '/api/faq')
    expect(res.status).toBe(500)
    expect(((await res.json()) as { error: string }).error).toMatch(/^content\/faq\.yaml: /)
  })
})

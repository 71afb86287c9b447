// A FAQ question's schedule cleared: null (or the field left out) removes it from the file, and the question shows.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const faqFile = () => readFileSync(join(ctx.t.root, 'content/faq.yaml'), 'utf8')
async function save(items: unknown[]) {
  const { version } = (await (await ctx.t.call('GET', '/api/admin/faq', { cookie: ctx.cookie })).json()) as { version: string }
  return ctx.t.call('PUT', '/api/faq', { json: { items, baseVersion: version }, cookie: ctx.cookie })
}
const question = { question: 'Is Santa available?', answer: 'Every weekend in December.' }

describe("clearing a question's schedule", () => {
  it.each([
    ['null', { showFrom: null, showUntil: null }],
    ['left out', {}],
  ])('%s: no schedule in the file, and the public sees the question', async (_, cleared) => {
    expect((await save([{ ...question, showFrom: '2099-01-01T00:00:00Z', showUntil: '2099-02-01T00:00:00Z' }])).status).toBe(200)
    expect(faqFile()).toMatch(/showFrom:/)
    expect(await (await ctx.t.call('GET', '/api/faq')).json()).toEqual([])
    const res = await save([{ ...question, ...cleared }])
    expect(res.status).toBe(200)
    expect(faqFile()).not.toMatch(/showFrom|showUntil/)
    expect(((await (await ctx.t.call('GET', '/api/faq')).json()) as { question: string }[]).map((q) => q.question)).toEqual([
      question.question,
    ])
  })

  it('an empty date is refused naming the question and the field, and the file keeps its schedule', async () => {
    expect((await save([{ ...question, showUntil: '2099-02-01T00:00:00Z' }])).status).toBe(200)
    const before = faqFile()
    const res = await save([{ ...question, showUntil: '' }])
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/^Question 1: Show until/)
    expect(faqFile()).toBe(before)
  })
})

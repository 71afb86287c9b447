import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => {
  ;({ t, cookie } = ctx)
  writeFileSync(
    join(t.root, 'content/faq.yaml'),
    '- id: booking\n  question: How far ahead?\n  answer: Four **weeks**.\n- id: area\n  question: Do you deliver?\n  answer: Across Portland.\n',
  )
  t.git('add', 'content/faq.yaml')
  t.git('commit', '-qm', 'Add FAQ')
})

const faqFile = () => readFileSync(join(t.root, 'content/faq.yaml'), 'utf8')
const adminRead = async () =>
  (await t.call('GET', '/api/admin/faq', { cookie })).json() as Promise<{
    items: { id: string; question: string; answer: string }[]
    version: string
  }>

describe('GET /api/faq', () => {
  it('answers the questions in order, to anyone', async () => {
    const res = await t.call('GET', '/api/faq')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { id: 'booking', question: 'How far ahead?', answer: 'Four **weeks**.' },
      { id: 'area', question: 'Do you deliver?', answer: 'Across Portland.' },
    ])
  })

  it('is an empty list when there is no FAQ file', async () => {
    t.git('rm', '-q', 'content/faq.yaml')
    expect(await (await t.call('GET', '/api/faq')).json()).toEqual([])
  })

  it('the admin read carries the version; without a session it answers 401', async () => {
    expect((await adminRead()).version).toMatch(/^[0-9a-f]{16}$/)
    expect((await t.call('GET', '/api/admin/faq')).status).toBe(401)
  })
})

describe('PUT /api/faq', () => {
  it('adds, edits, reorders and deletes in one commit touching only faq.yaml', async () => {
    const { items, version } = await adminRead()
    const next = [
      { question: 'Is latex eco-friendly?', answer: 'Natural latex.' },
      { ...items[1], answer: 'Across the metro area.' },
    ]
    const res = await t.call('PUT', '/api/faq', { json: { items: next, baseVersion: version }, cookie })
    expect(res.status).toBe(200)
    const saved = await res.json()
    expect(saved.items.map((i: { question: string }) => i.question)).toEqual(['Is latex eco-friendly?', 'Do you deliver?'])
    expect(saved.items[0].id).toMatch(/^is-latex-eco-friendly-[0-9a-f]{6}$/)
    expect(saved.version).not.toBe(version)
    expect(await (await t.call('GET', '/api/faq')).json()).toEqual(saved.items)
    expect(t.subjects()[0]).toBe(
      'FAQ: Add question "Is latex eco-friendly?", update question "Do you deliver?", delete question "How far ahead?"',
    )
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/faq.yaml')
    expect(t.git('log', '-1', '--format=%B')).toContain('Content-Item: faq')
  })

  it('several changes of a kind are counted; a new question without letters or a long one gets a tidy id', async () => {
    const { items, version } = await adminRead()
    const edited = items.map((i) => ({ ...i, answer: `${i.answer} Ask us.` }))
    const long = 'What happens if it rains on the days of the party, with the garland already up?'
    const added = [
      { question: long, answer: 'We move it.' },
      { question: '¿¡!?', answer: 'Sí.' },
    ]
    const first = await t.call('PUT', '/api/faq', { json: { items: edited, baseVersion: version }, cookie })
    expect(t.subjects()[0]).toBe('FAQ: Update 2 questions')
    const res = await t.call('PUT', '/api/faq', { json: { items: [...(await first.json()).items, ...added] }, cookie })
    expect(t.subjects()[0]).toBe('FAQ: Add 2 questions')
    const ids = (await res.json()).items.slice(2).map((i: { id: string }) => i.id)
    expect(ids[0]).toMatch(/^what-happens-if-it-rains-on-the-days-of-[0-9a-f]{6}$/)
    expect(ids[1]).toMatch(/^question-[0-9a-f]{6}$/)
  })

  it('a reorder alone says so', async () => {
    const { items, version } = await adminRead()
    await t.call('PUT', '/api/faq', { json: { items: [items[1], items[0]], baseVersion: version }, cookie })
    expect(t.subjects()[0]).toBe('FAQ: Reorder questions')
    expect(faqFile().indexOf('area')).toBeLessThan(faqFile().indexOf('booking'))
  })

  it.each([
    ['an empty question', [{ question: '', answer: 'x' }], /^Question 1: Question is required$/],
    [
      'an empty answer in the second question',
      [
        { question: 'Why?', answer: 'Because.' },
        { question: 'How?', answer: '  ' },
      ],
      /^Question 2: Answer is required$/,
    ],
    ['a question on two lines', [{ question: 'a\nb', answer: 'x' }], /Question must be one line/],
    ['a bad id', [{ id: '../x', question: 'Why?', answer: 'x' }], /Question ids are lowercase/],
    [
      'two questions with one id',
      [
        { id: 'a', question: 'A', answer: 'x' },
        { id: 'a', question: 'B', answer: 'y' },
      ],
      /Two questions have the same id/,
    ],
    ['no list', undefined, /items must be the list of questions/],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, items, message) => {
    const before = faqFile()
    const res = await t.call('PUT', '/api/faq', { json: { items }, cookie })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(message)
    expect(faqFile()).toBe(before)
    expect(t.subjects()[0]).toBe('Add FAQ')
  })

  it('answers 401 without a session', async () => {
    expect((await t.call('PUT', '/api/faq', { json: { items: [] } })).status).toBe(401)
    expect(t.subjects()[0]).toBe('Add FAQ')
  })

  it('refuses a save on a stale copy with 409 and the list as it is now', async () => {
    const { items, version } = await adminRead()
    expect((await t.call('PUT', '/api/faq', { json: { items: [items[0]], baseVersion: version }, cookie })).status).toBe(200)
    const res = await t.call('PUT', '/api/faq', {
      json: { items: [...items, { question: 'New?', answer: 'Yes.' }], baseVersion: version },
      cookie,
    })
    expect(res.status).toBe(409)
    expect((await res.json()).current).toHaveLength(1)
    expect(faqFile()).not.toContain('New?')
  })

  it('is part of the history: shown per question and restorable', async () => {
    const before = t.git('rev-parse', 'HEAD').trim()
    const { items, version } = await adminRead()
    await t.call('PUT', '/api/faq', {
      json: { items: [{ ...items[0], question: 'How early should I book?' }, items[1]], baseVersion: version },
      cookie,
    })
    const detail = await (await t.call('GET', `/api/admin/history/commits/${t.git('rev-parse', 'HEAD').trim()}`, { cookie })).json()
    expect(detail.changes[0]).toMatchObject({
      item: 'faq',
      label: 'FAQ',
      fields: [{ label: 'Question "How early should I book?" › Question', before: 'How far ahead?' }],
    })
    const filter = await (await t.call('GET', '/api/admin/history?item=faq', { cookie })).json()
    expect(filter.entries).toHaveLength(2)
    const res = await t.call('POST', '/api/admin/history/restore', { json: { hash: before, item: 'faq' }, cookie })
    expect(res.status).toBe(200)
    expect((await (await t.call('GET', '/api/faq')).json())[0].question).toBe('How far ahead?')
  })
})

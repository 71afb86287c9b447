// The FAQ page's data: each question with its markdown answer and that answer as HTML, or null when they cannot be read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { failing, fakeApi, type FakeApi } from '../../lib/testing-api'
import { faqLoader } from './faq-loader'

let api: FakeApi
const items = [
  { id: 'q1', question: 'Do you deliver?', answer: 'Yes, **every day**.' },
  { id: 'q2', question: 'Helium?', answer: '<b>raw</b> is text' },
]
beforeEach(() => {
  api = fakeApi({ 'GET /faq': items })
})
afterEach(() => vi.restoreAllMocks())

describe('faqLoader', () => {
  it('keeps each question and its markdown, and adds the answer as HTML without raw HTML, in order', async () => {
    const request = new Request('https://studio.example/faq')
    const { items: loaded } = await faqLoader({ request })
    expect(loaded).toEqual([
      { ...items[0], html: expect.stringContaining('<strong>every day</strong>') },
      { ...items[1], html: expect.not.stringContaining('<b>') },
    ])
    expect(api.sent.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: '/faq' }])
    // toMatchObject would pass any signal (an AbortSignal has no keys of its own): the same one, by identity.
    expect(api.sent[0].signal).toBe(request.signal)
  })

  it('answers null and logs why when the questions cannot be read', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    api.routes['GET /faq'] = failing(502)
    expect(await faqLoader({ request: new Request('https://studio.example/faq') })).toEqual({ items: null })
    expect(String(logged.mock.calls[0]?.[0])).toContain('Failed (502)')
  })
})

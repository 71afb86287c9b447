// The public forms' guards at their edges: a body of exactly 32 KiB is read and one byte more is 413 in the form's
// words; the rate limit lets the last allowed post through and refuses the next; a JSON body that is not an object
// (a list, a string, null) is 400; and the honeypot filled by anything but blanks.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { onError } from './errors'
import { filledHoneypot, formBody, publicFormGuard } from './public-form'

/** A fresh app per test: the limiter is the app's own. */
function freshApp(limit = 100) {
  const fresh = new Hono()
  fresh.onError(onError)
  fresh.post('/form', publicFormGuard(limit, 60_000, []), async (c) => c.json({ keys: Object.keys(await formBody(c)) }))
  return fresh
}
const post = (target: Hono, body: string) =>
  target.request('http://site.test/form', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
/** A JSON object body of exactly `length` bytes. */
const bodyOf = (length: number) => `{"a":"${'x'.repeat(length - '{"a":""}'.length)}"}`

describe('the 32 KiB form limit', () => {
  it('reads a form of exactly 32 KiB', async () => {
    const res = await post(freshApp(), bodyOf(32 * 1024))
    expect([res.status, await res.json()]).toEqual([200, { keys: ['a'] }])
  })

  it('refuses one byte more in the form’s words', async () => {
    const res = await post(freshApp(), bodyOf(32 * 1024 + 1))
    expect([res.status, await res.json()]).toEqual([413, { error: 'The form is too large. Please shorten your answers.' }])
  })
})

describe('the rate limit', () => {
  it('lets the third post of three through and refuses the fourth', async () => {
    const app = freshApp(3)
    for (let i = 1; i <= 3; i++) expect((await post(app, '{}')).status, `post ${i}`).toBe(200)
    const res = await post(app, '{}')
    expect([res.status, await res.json()]).toEqual([429, { error: 'Too many requests. Please try again later.' }])
  })
})

describe('the body', () => {
  it.each(['[]', '[{"a":1}]', '"a"', 'null', '1', 'true'])('%s is not an object: 400', async (body) => {
    const res = await post(freshApp(), body)
    expect([res.status, await res.json()]).toEqual([400, { error: 'The request body must be a JSON object' }])
  })
})

describe('the honeypot', () => {
  it.each([undefined, null, '', ' ', '\t\n'])('%j is empty', (website) => expect(filledHoneypot({ website })).toBe(false))
  it.each(['x', ' x ', 0, false, [], {}])('%j fills it', (website) => expect(filledHoneypot({ website })).toBe(true))
  it('another field filled is not the honeypot', () => expect(filledHoneypot({ url: 'x', Website: 'x' })).toBe(false))
})

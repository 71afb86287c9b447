// What createApp adds around every API answer, at its edges: a public read is revalidated and varies by cookie, an
// admin answer is never stored, a route's own "never store" stays (the availability the quote form reads), and the
// two upload calls carry their own body limits instead of the JSON one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSON_BODY_LIMIT } from './lib/http'
import { createTestApp, makeJpeg, type TestApp } from './testing/test-app'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.login()
})
afterAll(() => t.cleanup())

describe('Cache-Control on API answers', () => {
  it('a public read may be kept by the browser but is revalidated each time, and varies by cookie', async () => {
    const res = await t.call('GET', '/api/site-settings')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('vary')).toMatch(/(^|,\s*)Cookie(\s*,|$)/)
  })

  it("the owner's read of the same answer is never stored", async () => {
    const res = await t.call('GET', '/api/site-settings', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a refused or failed public read is never stored', async () => {
    const res = await t.call('GET', '/api/services/no-such-service')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it("a visitor's post answered 200 is never stored", async () => {
    // A sign-up the honeypot marks as a bot's: answered as a person's would be, nothing else done.
    const res = await t.call('POST', '/api/subscribe', {
      json: { email: 'a@example.com', firstName: 'A', lastName: 'B', segment_ids: [], website: 'https://spam.test' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a public read the route itself marks never-stored keeps that (the dates the quote form reads)', async () => {
    const res = await t.call('GET', '/api/availability?from=2026-01-01&to=2026-01-31')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('body limits', () => {
  /** A real JPEG padded past the JSON limit (bytes after the end marker are ignored by decoders). */
  async function bigJpeg(): Promise<Uint8Array> {
    const jpeg = await makeJpeg(64, 48)
    const big = new Uint8Array(JSON_BODY_LIMIT + 64 * 1024)
    big.set(jpeg)
    return big
  }

  it('an upload over the JSON limit is not refused for its size', async () => {
    const data = new FormData()
    data.append('image', new File([(await bigJpeg()) as Uint8Array<ArrayBuffer>], 'big.jpg', { type: 'image/jpeg' }))
    const res = await t.call('POST', '/api/upload', { body: data, cookie })
    expect(res.status).toBe(201)
  })

  it('a quote-form photo over the JSON limit is not refused for its size', async () => {
    const data = new FormData()
    data.append('photo', new File([(await bigJpeg()) as Uint8Array<ArrayBuffer>], 'big.jpg', { type: 'image/jpeg' }))
    const res = await t.call('POST', '/api/inquiry-photos', { body: data })
    // Read through to the form's own check (no service named), not refused for its size.
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, 'Please choose a service for your inquiry.'])
  })

  it('any other call over the JSON limit is refused with 413', async () => {
    const big = 'x'.repeat(JSON_BODY_LIMIT + 1)
    for (const path of ['/api/site-settings', '/api/uploads', '/api/inquiry-photos/x', '/api/upload/x']) {
      const res = await t.call('PUT', path, { json: { big }, cookie })
      expect(res.status, path).toBe(413)
    }
  })
})

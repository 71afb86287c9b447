// What createApp adds around every API answer, at its edges: a public read is revalidated and varies by cookie, an
// admin answer is never stored, a route's own "never store" stays (the availability the quote form reads), and the
// two upload calls carry their own body limits instead of the JSON one.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { resetClock } from './lib/clock'
import { JSON_BODY_LIMIT } from './lib/http'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from './testing/test-app'

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

describe('every feature answers under /api', () => {
  /** One call to each router (the owner's read where it has one) and its answer: 200, or the router's own refusal. */
  const CALLS: [string, string, number | string][] = [
    ['GET', '/api/site-settings', 200],
    ['GET', '/api/check-auth', 200],
    ['GET', '/api/admin/passkeys', 200],
    ['GET', '/api/services', 200],
    ['GET', '/api/testimonials', 200],
    ['GET', '/api/delivery-installation-content', 200],
    ['GET', '/api/admin/faq', 200],
    ['GET', '/api/pricing', 200],
    ['GET', '/api/quotes/not-a-token', 'This quote link is not valid. Please check the link in your e-mail, or contact the studio.'],
    ['GET', '/api/admin/booking-mail', 200],
    ['GET', '/api/image-versions', 200],
    ['POST', '/api/contact', 'Please choose a service for your inquiry.'],
    ['GET', '/api/admin/inquiries', 200],
    ['GET', '/api/admin/inquiries/x/photos/y', 'No such photo'],
    ['GET', '/api/admin/calendar/warnings', 200],
    ['GET', '/api/flodesk-segments', 200],
    ['GET', '/api/admin/history', 200],
    ['POST', '/api/git/webhook', 'No content remote webhook is set up on this site'],
    ['GET', '/api/admin/insights', 200],
    ['GET', '/api/admin/backups', 200],
    ['GET', '/api/admin/clock', 200],
  ]

  it('each router is reached at its /api address', async () => {
    const answers: [string, number | string][] = []
    for (const [method, path] of CALLS) {
      const res = await t.call(method, path, { cookie, ...(method === 'POST' ? { json: {} } : {}) })
      answers.push([`${method} ${path}`, res.status === 200 ? 200 : ((await res.json()) as { error: string }).error])
    }
    expect(answers).toEqual(CALLS.map(([method, path, answer]) => [`${method} ${path}`, answer]))
  })

  it('outside /api only the public files, reports and pages are routed', () => {
    const outside = new Set(t.app.routes.filter((r) => !r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`))
    // ALL /*: the middleware every answer goes through (security headers, the session, compression).
    expect([...outside].sort()).toEqual([
      'ALL /*',
      'GET /*',
      'GET /healthz',
      'GET /img/:hash/:size/:file',
      'GET /img/:size/:file',
      'GET /inquiry-photos/:id/:file',
      'GET /robots.txt',
      'GET /sitemap.xml',
      'GET /uploads/:name',
    ])
  })
})

describe('the security headers', () => {
  const POLICY =
    "default-src 'self'; script-src 'self' 'inline-speculation-rules'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

  it('are on every answer: files, reports, pages, refusals, and the refusals of odd paths a probe gets', async () => {
    const answers: [string, { cookie?: string; json?: unknown }][] = [
      ['GET /uploads/hero-image.jpg', {}],
      ['GET /healthz', {}],
      ['GET /robots.txt', {}],
      ['GET /img/320/no-such.avif', {}],
      ['GET /services/bouquets', {}],
      ['POST /nope', { json: {} }],
      ['GET /api/admin/inquiries', {}],
      ['GET /api/no-such-call', {}],
      ['PUT /api/services/bouquets', { json: { x: 'x'.repeat(JSON_BODY_LIMIT) }, cookie: 'session=none' }],
      ['GET /api/admin%2finquiries', {}],
      ['GET /api//services', {}],
      ['GET /uploads/..%5chero-image.jpg', {}],
      ['GET /api/services/%ZZ', {}],
      ['POST /contact%ZZ', { json: {} }],
    ]
    const missing: string[] = []
    for (const [call, options] of answers) {
      const [method, path] = call.split(' ') as [string, string]
      const res = await t.call(method, path, options)
      const headers = [
        res.headers.get('content-security-policy') === POLICY,
        res.headers.get('x-content-type-options') === 'nosniff',
        res.headers.get('x-frame-options') === 'DENY',
        res.headers.get('referrer-policy') === 'strict-origin-when-cross-origin',
      ]
      if (headers.includes(false)) missing.push(`${call} (${res.status}): ${headers.join(' ')}`)
    }
    expect(missing).toEqual([])
  })
})

describe('answers outside the API and the pages', () => {
  it('a post to an address nobody serves is 404 {error}', async () => {
    const res = await t.call('POST', '/nope', { json: {} })
    expect([res.status, await res.json()]).toEqual([404, { error: 'Not found' }])
  })
})

describe('Vary on a public read', () => {
  it('keeps Accept-Encoding beside Cookie, for a plain and a compressed answer', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const res = await t.call('GET', '/api/site-settings', { headers: { 'Accept-Encoding': encoding } })
      const vary = (res.headers.get('vary') ?? '').split(/,\s*/).sort()
      expect(vary, encoding).toEqual(['Accept-Encoding', 'Cookie'])
    }
  })
})

describe('PUBLIC_CACHE_SECONDS before a scheduled change', () => {
  afterEach(() => resetClock())

  it('a CDN may keep a public read only until the seasonal hero starts', async () => {
    const files = fixtureFiles(await makeJpeg())
    files['content/site.yaml'] = `${files['content/site.yaml']}  seasonal:
    title: Winter balloons
    image: /uploads/hero-image.jpg
    showFrom: '2031-12-01T00:00:00Z'
`
    const cached = await createTestApp({ files, env: { PUBLIC_CACHE_SECONDS: '60', FAKE_NOW: '2031-11-30T23:55:00Z' } })
    try {
      const res = await cached.call('GET', '/api/site-settings')
      const [, fresh, stale] = /^public, s-maxage=(\d+), stale-while-revalidate=(\d+)$/.exec(res.headers.get('cache-control') ?? '') ?? []
      expect(Number(fresh)).toBe(60)
      // Five minutes to the start, less the moments the test took: never the 600 s an unscheduled read gets.
      expect(Number(stale)).toBeGreaterThan(200)
      expect(Number(stale)).toBeLessThanOrEqual(240)
    } finally {
      await cached.cleanup()
    }
  })
})

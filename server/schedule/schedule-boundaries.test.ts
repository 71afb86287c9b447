// What a CDN is told when a scheduled FAQ question or seasonal hero is about to appear: no copy may outlive the
// moment (the headers end there); and the preview server's clock, moved by the owner, with what she may send.
import { afterEach, describe, expect, it } from 'vitest'
import { moveClockTo, resetClock } from '../lib/clock'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'

const NOW = Date.parse('2026-12-01T16:00:00Z')
const IN_100_S = new Date(NOW + 100_000).toISOString()
const LATER = '2027-01-01T00:00:00-08:00'

let t: TestApp | undefined
afterEach(() => {
  resetClock()
  t?.cleanup()
  t = undefined
})

async function app(extraFiles: Record<string, string>, env: Record<string, string> = {}) {
  const files = { ...fixtureFiles(await makeJpeg()), ...extraFiles }
  t = await createTestApp({ files, env: { PUBLIC_CACHE_SECONDS: '60', ...env } })
  moveClockTo(NOW)
  return t
}
/** Seconds a CDN may keep /api/faq fresh and stale, as the answer says. */
async function cdnSeconds(app: TestApp, path = '/api/faq') {
  const header = (await app.call('GET', path)).headers.get('cache-control') ?? ''
  const m = /s-maxage=(\d+), stale-while-revalidate=(\d+)/.exec(header)
  return m ? { fresh: Number(m[1]), stale: Number(m[2]) } : header
}

describe('a schedule boundary ahead', () => {
  it('a FAQ question appearing in 100 s: fresh for 60 s and stale for at most the 40 s after', async () => {
    const a = await app({
      'content/faq.yaml': `- id: santa\n  question: Is Santa available?\n  answer: Yes.\n  showFrom: ${IN_100_S}\n  showUntil: ${LATER}\n`,
    })
    const { fresh, stale } = (await cdnSeconds(a)) as { fresh: number; stale: number }
    expect(fresh).toBe(60)
    expect(stale).toBeGreaterThanOrEqual(38)
    expect(stale).toBeLessThanOrEqual(40)
  })

  it('a seasonal hero appearing in 100 s: the same for the site settings', async () => {
    const site = fixtureFiles(new Uint8Array())['content/site.yaml'] as string
    const seasonal = `  seasonal:\n    title: Holiday balloons\n    image: /uploads/bouquet-one.jpg\n    imageAlt: A red bouquet\n    showFrom: ${IN_100_S}\n    showUntil: ${LATER}\n`
    const a = await app({ 'content/site.yaml': `${site}${seasonal}` })
    const seconds = (await cdnSeconds(a, '/api/site-settings')) as { fresh: number; stale: number }
    expect(seconds.fresh).toBe(60)
    expect(seconds.stale).toBeLessThanOrEqual(40)
  })

  it('with nothing scheduled, the usual ten intervals stale', async () => {
    const a = await app({ 'content/faq.yaml': '- id: parking\n  question: Where do I park?\n  answer: Behind the studio.\n' })
    expect(await cdnSeconds(a)).toEqual({ fresh: 60, stale: 600 })
  })
})

describe('moving the preview server clock', () => {
  it('moves it to the time sent, and answers the new now', async () => {
    const a = await app({}, { FAKE_NOW: '2026-12-01T08:00:00-08:00' })
    const cookie = await a.login()
    const res = await a.call('PUT', '/api/admin/clock', { json: { now: '2026-12-24T18:00:00-08:00' }, cookie })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { now: string; moved: boolean }
    expect(body.moved).toBe(true)
    expect(Date.parse(body.now) - Date.parse('2026-12-25T02:00:00Z')).toBeLessThan(5_000)
    expect(Date.parse(body.now) - Date.parse('2026-12-25T02:00:00Z')).toBeGreaterThanOrEqual(0)
  })

  it('refuses a missing or almost-ISO time with a 400 naming now, and leaves the clock', async () => {
    const a = await app({}, { FAKE_NOW: '2026-12-01T08:00:00-08:00' })
    const cookie = await a.login()
    const missing = await a.call('PUT', '/api/admin/clock', { json: {}, cookie })
    expect([missing.status, await missing.json()]).toEqual([400, { error: 'now must be a date and time' }])
    for (const now of ['next week', '2026-12-24 18:00', '2026-13-01T00:00:00Z']) {
      const res = await a.call('PUT', '/api/admin/clock', { json: { now }, cookie })
      expect([res.status, await res.json()], now).toEqual([
        400,
        { error: 'now must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00-08:00' },
      ])
    }
    const clock = (await (await a.call('GET', '/api/admin/clock', { cookie })).json()) as { now: string }
    expect(Math.abs(Date.parse(clock.now) - NOW)).toBeLessThan(5_000)
  })
})

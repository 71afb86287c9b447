import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GARLANDS_SERVICE, sampleInquiry } from '../inquiries/testing-inquiry'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { emptyDay } from './day-counts'
import type { InsightsReport } from './insights.schema'
import { AGENTS } from './testing-agents'

let t: TestApp
let admin: string

/**
 * A fixed clock: 10:30 PM on July 3 in Portland, already July 4 in UTC, so a day counted in the wrong time zone shows.
 * Set before the app is made (its collector and limits read the clock they were made with).
 */
const NOW = new Date('2026-07-04T05:30:00Z')
const TODAY = '2026-07-03'

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  const files = { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE }
  t = await createTestApp({ files, env: { TRUST_PROXY: '1' } })
  admin = await t.login()
})
afterEach(() => {
  t.cleanup()
  vi.useRealTimers()
})

interface Visitor {
  address: string
  userAgent: string
  headers?: Record<string, string>
  cookie?: string
}

/** What a public page's beacon sends: text/plain JSON, as navigator.sendBeacon does with a string. */
const beacon = (v: Visitor, path: string, referrer = '') =>
  t.call('POST', '/api/collect', {
    body: JSON.stringify({ path, referrer }),
    cookie: v.cookie,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': v.address, 'User-Agent': v.userAgent, ...v.headers },
  })

const as = (v: Visitor) => ({ 'X-Forwarded-For': v.address, 'User-Agent': v.userAgent, ...v.headers })

async function insights(query = `from=${TODAY}&to=${TODAY}`): Promise<InsightsReport> {
  const res = await t.call('GET', `/api/admin/insights?${query}`, { cookie: admin })
  expect(res.status).toBe(200)
  return res.json()
}

describe('collecting page views', () => {
  it('counts what several visitors did, by source, campaign, device and service, and what they asked for', async () => {
    const ana: Visitor = { address: '203.0.113.10', userAgent: AGENTS.iphone }
    const ben: Visitor = { address: '203.0.113.11', userAgent: AGENTS.windows }
    const cai: Visitor = { address: '203.0.113.12', userAgent: AGENTS.ipad }
    const dee: Visitor = { address: '203.0.113.13', userAgent: AGENTS.android }
    // Ana comes from an Instagram post of the spring campaign, looks at garlands, then home, and sends an inquiry.
    await beacon(ana, '/services/balloon-garlands?utm_source=instagram&utm_medium=social&utm_campaign=spring', 'https://l.instagram.com/')
    await beacon(ana, '/', 'http://site.test/services/balloon-garlands')
    const sent = await t.call('POST', '/api/contact', { json: sampleInquiry(), headers: as(ana) })
    expect(sent.status).toBe(200)
    // Ben searched Google; Cai typed the address and signs up for the mailing list; Dee came from the fair's flyer.
    await beacon(ben, '/', 'https://www.google.com/')
    await beacon(ben, '/services/mosaics/', 'http://site.test/')
    await beacon(cai, '/services/balloon-garlands')
    const subscribed = await t.call('POST', '/api/subscribe', {
      json: { email: 'cai@example.com', firstName: 'Cai', lastName: 'Li', segment_ids: ['weddings'] },
      headers: as(cai),
    })
    expect(subscribed.status).toBe(200)
    await beacon(dee, '/services/mosaics?utm_source=bridal-fair&utm_campaign=fair-2026&fbclid=xyz')
    await beacon(dee, '/services/balloon-garlands')

    const r = await insights()
    expect(r.totals).toEqual({ visitors: 4, pageviews: 7, inquiries: 1, signups: 1 })
    expect(r.days).toEqual([{ date: TODAY, visitors: 4, pageviews: 7 }])
    expect(r.pages).toEqual([
      { path: '/services/balloon-garlands', pageviews: 3 },
      { path: '/', pageviews: 2 },
      { path: '/services/mosaics', pageviews: 2 },
    ])
    expect(r.sources).toEqual([
      { source: '(direct)', visitors: 1, inquiries: 0, signups: 1 },
      { source: 'instagram', visitors: 1, inquiries: 1, signups: 0 },
      { source: 'bridal-fair', visitors: 1, inquiries: 0, signups: 0 },
      { source: 'google', visitors: 1, inquiries: 0, signups: 0 },
    ])
    expect(r.campaigns).toEqual([
      { campaign: 'spring', visitors: 1, inquiries: 1, signups: 0 },
      { campaign: 'fair-2026', visitors: 1, inquiries: 0, signups: 0 },
    ])
    expect(r.mediums).toEqual([{ medium: 'social', visitors: 1 }])
    expect(r.devices).toEqual([
      { device: 'phone', visitors: 2 },
      { device: 'desktop', visitors: 1 },
      { device: 'tablet', visitors: 1 },
    ])
    expect(r.services).toEqual([
      { id: 'balloon-garlands', title: 'Balloon Garlands', views: 3, visitors: 3, inquiries: 1 },
      { id: 'mosaics', title: 'Mosaics', views: 2, visitors: 2, inquiries: 0 },
      { id: 'bouquets', title: 'Bouquets', views: 0, visitors: 0, inquiries: 0 },
      { id: 'secret', title: 'Secret', views: 0, visitors: 0, inquiries: 0 },
    ])
    expect(r.landingPages).toEqual([{ path: '/services/balloon-garlands', inquiries: 1, signups: 1 }])
  })

  it('does not count bots, visitors sending DNT or Sec-GPC, the admin, or addresses that are no page', async () => {
    const person = (n: number, headers?: Record<string, string>): Visitor => ({ address: `203.0.113.${n}`, userAgent: AGENTS.mac, headers })
    for (const v of [
      { address: '66.249.66.1', userAgent: AGENTS.googlebot },
      { address: '203.0.113.20', userAgent: AGENTS.headless },
      { address: '203.0.113.21', userAgent: AGENTS.curl },
      person(22, { DNT: '1' }),
      person(23, { 'Sec-GPC': '1' }),
      { ...person(24), cookie: admin },
    ]) {
      expect((await beacon(v, '/')).status).toBe(204)
    }
    // The admin's and a DNT visitor's inquiry are not counted either.
    expect((await t.call('POST', '/api/contact', { json: sampleInquiry(), headers: as(person(22, { DNT: '1' })) })).status).toBe(200)
    expect((await t.call('POST', '/api/contact', { json: sampleInquiry(), cookie: admin, headers: as(person(24)) })).status).toBe(200)
    for (const path of ['/services/secret', '/services/nope', '/admin', '/api/services', '/wp-login.php', '/about/x']) {
      expect((await beacon(person(30), path)).status).toBe(204)
    }
    expect((await insights()).totals).toEqual({ visitors: 0, pageviews: 0, inquiries: 0, signups: 0 })
    await beacon(person(30), '/about')
    expect((await insights()).totals).toMatchObject({ visitors: 1, pageviews: 1 })
  })

  it('answers 204 with no cookie and no body; public answers set no cookie', async () => {
    const res = await beacon({ address: '203.0.113.40', userAgent: AGENTS.android }, '/')
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.text()).toBe('')
    for (const path of ['/api/services', '/api/site-settings', '/api/testimonials']) {
      expect((await t.call('GET', path)).headers.get('set-cookie'), path).toBeNull()
    }
  })

  it('refuses malformed beacons with 4xx {error} naming the field, and counts nothing', async () => {
    const send = (body: string, type = 'text/plain') =>
      t.call('POST', '/api/collect', {
        body,
        headers: { 'Content-Type': type, 'X-Forwarded-For': '203.0.113.50', 'User-Agent': AGENTS.iphone },
      })
    const cases: [Response, number, RegExp][] = [
      [await send('{'), 400, /not valid JSON/],
      [await send('[1]'), 400, /JSON object/],
      [await send('{}'), 400, /path/],
      [await send('{"path": 42}'), 400, /path/],
      [await send('{"path": "services"}'), 400, /path must start with \//],
      [await send(JSON.stringify({ path: '/', referrer: 'x'.repeat(3000) })), 400, /referrer is too long/],
      [await send(JSON.stringify({ path: '/' }), 'application/x-www-form-urlencoded'), 415, /JSON/],
      [await send(JSON.stringify({ path: '/', referrer: 'x'.repeat(5000) })), 413, /4 KiB/],
    ]
    for (const [res, status, error] of cases) {
      expect(res.status).toBe(status)
      expect((await res.json()).error).toMatch(error)
    }
    expect((await insights()).totals.pageviews).toBe(0)
  })

  it('refuses a beacon posted from another site', async () => {
    const res = await t.call('POST', '/api/collect', {
      body: JSON.stringify({ path: '/' }),
      headers: {
        'Content-Type': 'text/plain',
        Origin: 'https://evil.example',
        'User-Agent': AGENTS.iphone,
        'X-Forwarded-For': '203.0.113.60',
      },
    })
    expect(res.status).toBe(403)
    expect((await insights()).totals.pageviews).toBe(0)
  })

  it('keeps a flood of made-up sources and campaigns to a small day file with counts only', async () => {
    for (let i = 0; i < 400; i++) {
      const v = { address: `198.18.${i >> 8}.${i & 255}`, userAgent: AGENTS.android }
      await beacon(v, `/?utm_source=spam-${i}&utm_campaign=${'c'.repeat(50)}${i}&utm_medium=m${i}`, `https://spam${i}.example/`)
    }
    await t.deps.insights.flush()
    const dir = join(t.dataDir, 'insights', '2026')
    expect(readdirSync(dir)).toEqual(['2026-07-03.json'])
    const file = join(dir, '2026-07-03.json')
    expect(statSync(file).size).toBeLessThan(30_000)
    expect(readFileSync(file, 'utf8')).not.toMatch(/198\.18|Android/)
    const r = await insights()
    expect(r.totals.visitors).toBe(400)
    expect(r.sources.length).toBe(201)
    expect(r.sources.at(-1)).toMatchObject({ source: '(other)', visitors: 200 })
    expect(r.campaigns.length).toBe(101)
  })
})

describe('reading insights', () => {
  it('needs the admin session', async () => {
    for (const path of ['/api/admin/insights', '/api/admin/insights.csv']) {
      const res = await t.call('GET', path)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Not authenticated' })
    }
  })

  it('gives every day of the range and the period before it from the stored days', async () => {
    await beacon({ address: '203.0.113.70', userAgent: AGENTS.iphone }, '/')
    await t.deps.insights.flush()
    const r = await insights(`from=2026-06-27&to=${TODAY}`)
    expect(r.days.map((d) => d.date)).toEqual([
      '2026-06-27',
      '2026-06-28',
      '2026-06-29',
      '2026-06-30',
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
    ])
    expect(r.days.at(-1)).toEqual({ date: TODAY, visitors: 1, pageviews: 1 })
    expect(r.previous).toMatchObject({ from: '2026-06-20', to: '2026-06-26', totals: { visitors: 0, pageviews: 0 } })
    expect(r.previous.days).toHaveLength(7)
    const yesterday = await insights('from=2026-07-04&to=2026-07-04')
    expect(yesterday.previous.totals.visitors).toBe(1)
    // Without a range: the last 30 days.
    expect((await insights('')).days).toHaveLength(30)
  })

  it('keeps the days for years: one stored two years ago is read back in a two-year range and compared a year later', async () => {
    const today = TODAY
    const old = '2024-07-03' // 730 days before (2024 has a February 29)
    const file = join(t.dataDir, 'insights', old.slice(0, 4), `${old}.json`)
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, JSON.stringify({ ...emptyDay(old), visitors: 12, pageviews: 30, pages: { '/': 30 } }))
    await beacon({ address: '203.0.113.75', userAgent: AGENTS.iphone }, '/')
    await t.deps.insights.flush()

    const twoYears = await insights(`from=${old}&to=${today}`)
    expect(twoYears.days).toHaveLength(731)
    expect(twoYears.days[0]).toEqual({ date: old, visitors: 12, pageviews: 30 })
    expect(twoYears.days.at(-1)).toEqual({ date: today, visitors: 1, pageviews: 1 })
    expect(twoYears.totals.visitors).toBe(13)
    // The year up to today against the year before it: that year holds the old day.
    const year = await insights(`from=2025-07-03&to=${today}`)
    expect(year.previous).toMatchObject({ from: '2024-07-02', totals: { visitors: 12, pageviews: 30 } })
    expect(existsSync(file)).toBe(true)
  })

  it('refuses a bad range with 400 naming the field', async () => {
    for (const [query, error] of [
      ['from=2026-13-01&to=2026-12-01', /^from must be a date/],
      ['from=2026-11-01&to=yesterday', /^to must be a date/],
      ['from=2026-11-02&to=2026-11-01', /from must not be after to/],
      ['from=2020-01-01&to=2026-11-01', /at most 800 days/],
    ] as const) {
      const res = await t.call('GET', `/api/admin/insights?${query}`, { cookie: admin })
      expect(res.status, query).toBe(400)
      expect((await res.json()).error).toMatch(error)
    }
  })

  it('exports the report as CSV', async () => {
    await beacon({ address: '203.0.113.80', userAgent: AGENTS.iphone }, '/services/mosaics?utm_source=instagram')
    const today = TODAY
    const res = await t.call('GET', `/api/admin/insights.csv?from=${today}&to=${today}`, { cookie: admin })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="insights-${today}-to-${today}.csv"`)
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(rows[0]).toBe('List,Name,Visitors,Page views,Inquiries,Sign-ups,Conversion rate')
    expect(rows).toContain(`Day,${today},1,1,,,`)
    expect(rows).toContain('Source,instagram,1,,0,0,0.0%')
    expect(rows).toContain('Service,Mosaics,1,1,0,,0.0%')
  })
})

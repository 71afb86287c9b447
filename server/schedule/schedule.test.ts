// Changes that wait for their date, on the real app (temp content root, server rendering from the build): a service,
// an FAQ question and a seasonal hero checked before, inside and after their windows with the server's clock moved,
// on the same running app, its caches warm. Nothing is saved at the boundaries: the site turns over by itself.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeJpeg, fixtureFiles, createTestApp, type TestApp } from '../testing/test-app'
import { moveClockTo, resetClock } from '../lib/clock'
import { loadConfig, PROJECT_ROOT } from '../lib/config'
import { serverEntryPath } from '../render/page-renderer'

const CLIENT_DIR = process.env.CLIENT_DIR ?? join(PROJECT_ROOT, 'dist/client')

// Dec 1, 2026, 9:00 AM to Dec 27, 2026, midnight, studio time (UTC-8).
const FROM = '2026-12-01T09:00:00-08:00'
const UNTIL = '2026-12-27T00:00:00-08:00'
/** The moved clock runs on, so "just before" leaves the checks time to finish (a few hundred ms) before the boundary. */
const BEFORE = Date.parse('2026-12-01T16:59:00Z')
const OPENS = Date.parse('2026-12-01T17:00:00Z')
const CLOSES = Date.parse('2026-12-27T08:00:00Z')

let t: TestApp
let cookie: string
beforeAll(async () => {
  if (!existsSync(serverEntryPath(CLIENT_DIR))) throw new Error('Server rendering tests need the build: run `npm run build` first')
  const files = fixtureFiles(await makeJpeg())
  files['content/faq.yaml'] = '- id: parking\n  question: Where do I park?\n  answer: Behind the studio.\n'
  t = await createTestApp({ files, env: { CLIENT_DIR, PUBLIC_CACHE_SECONDS: '60' } })
  cookie = await t.login()
}, 60_000)
afterAll(() => {
  resetClock()
  t?.cleanup()
})

const get = (path: string) => t.call('GET', path)
const json = async (path: string, withCookie = false) => (await t.call('GET', path, withCookie ? { cookie } : {})).json()
const publicIds = async () => ((await json('/api/services')) as { id: string }[]).map((s) => s.id)
const graphOf = (html: string) =>
  JSON.stringify([...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1])))

/** What the public sees of the Mosaics service at the clock's current time, every place it can appear. */
async function mosaicsEverywhere() {
  const home = await (await get('/')).text()
  const page = await get('/services/mosaics')
  const pageHtml = await page.text()
  const sitemap = await (await get('/sitemap.xml')).text()
  return {
    list: (await publicIds()).includes('mosaics'),
    api: (await get('/api/services/mosaics')).status,
    content: (await get('/api/service-content/mosaics')).status,
    page: page.status,
    pageLd: graphOf(pageHtml).includes('"name":"Mosaics"'),
    homeLink: home.includes('href="/services/mosaics"'),
    homeLd: graphOf(home).includes('Mosaics'),
    sitemap: sitemap.includes('/services/mosaics</loc>'),
  }
}
const hidden = { list: false, api: 404, content: 404, page: 404, pageLd: false, homeLink: false, homeLd: false, sitemap: false }
const shown = { list: true, api: 200, content: 200, page: 200, pageLd: true, homeLink: true, homeLd: true, sitemap: true }

describe('a scheduled service', () => {
  it('is refused with a 400 naming the field for a bad date or a window that ends before it starts', async () => {
    const put = (body: unknown) => t.call('PUT', '/api/services/mosaics', { json: body, cookie })
    let res = await put({ showFrom: 'December 1st' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/^Show from must be a date and time \(ISO 8601/)
    res = await put({ showUntil: 20261227 })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/^Show until must be a date and time/)
    res = await put({ showFrom: UNTIL, showUntil: FROM })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Show until must be after Show from' })
    res = await t.call('POST', '/api/services', {
      json: { id: 'x', title: 'X', description: 'X', aboutText: 'X', pricingInfo: 'X', showFrom: '2026-13-01T00:00' },
      cookie,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/^Show from must be a date and time/)
    expect(t.subjects()[0]).not.toMatch(/mosaics|Mosaics|"X"/)
  })

  it('appears at show from and leaves at show until by itself, everywhere at once; the admin sees it all along', async () => {
    moveClockTo(BEFORE - 600_000)
    expect(await mosaicsEverywhere()).toEqual(shown) // warm every cache with the service shown
    const res = await t.call('PUT', '/api/services/mosaics', {
      json: { showFrom: '2026-12-01T17:00:00Z', showUntil: '2026-12-27T00:00' },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ showFrom: FROM, showUntil: UNTIL })
    expect(t.subjects()[0]).toBe('Update service "Mosaics": schedule')
    expect(t.git('show', 'HEAD:content/services/mosaics.yaml')).toContain(`showFrom: ${FROM}`)

    moveClockTo(BEFORE)
    expect(await mosaicsEverywhere()).toEqual(hidden)
    expect(await mosaicsEverywhere()).toEqual(hidden) // and from the caches
    const admin = (await json('/api/services', true)) as { id: string; showFrom?: string }[]
    expect(admin.find((s) => s.id === 'mosaics')).toMatchObject({ showFrom: FROM, showUntil: UNTIL })
    expect((await t.call('GET', '/api/services/mosaics', { cookie })).status).toBe(200)
    // A CDN may not keep an answer past the boundary: 30 s away, fresh for 30 s and never stale after; 5 min away,
    // fresh for the usual 60 s, then stale only until the boundary.
    moveClockTo(OPENS - 30_500)
    expect((await get('/api/services')).headers.get('cache-control')).toBe('public, s-maxage=30, stale-while-revalidate=0')
    moveClockTo(OPENS - 300_500)
    expect((await get('/api/services')).headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=240')

    moveClockTo(OPENS)
    expect(await mosaicsEverywhere()).toEqual(shown)
    moveClockTo(OPENS + 3_600_000)
    expect((await get('/api/services')).headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600')

    moveClockTo(CLOSES - 60_000)
    expect(await mosaicsEverywhere()).toEqual(shown)
    moveClockTo(CLOSES)
    expect(await mosaicsEverywhere()).toEqual(hidden)

    // Cleared (null): no limit again, and the file holds no schedule.
    const cleared = await t.call('PUT', '/api/services/mosaics', { json: { showFrom: null, showUntil: null }, cookie })
    expect(await cleared.json()).not.toHaveProperty('showFrom')
    expect(t.git('show', 'HEAD:content/services/mosaics.yaml')).not.toMatch(/showFrom|showUntil/)
    expect(await mosaicsEverywhere()).toEqual(shown)
  })

  it('an end before a start already stored is refused (400), nothing committed', async () => {
    await t.call('PUT', '/api/services/bouquets', { json: { showFrom: FROM }, cookie })
    const head = t.subjects()[0]
    const res = await t.call('PUT', '/api/services/bouquets', { json: { showUntil: '2026-11-30T00:00:00-08:00' }, cookie })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Show until must be after Show from')
    expect(t.subjects()[0]).toBe(head)
    await t.call('PUT', '/api/services/bouquets', { json: { showFrom: null }, cookie })
  })
})

describe('a scheduled FAQ question and a seasonal hero', () => {
  const faqPage = async () => {
    const html = await (await get('/faq')).text()
    return { page: html.includes('Is Santa available?'), ld: graphOf(html).includes('Is Santa available?') }
  }

  it('the question shows on the FAQ page, its FAQPage JSON-LD and /api/faq only inside its window', async () => {
    moveClockTo(BEFORE - 600_000)
    const { version } = await json('/api/admin/faq', true)
    const items = [
      { id: 'parking', question: 'Where do I park?', answer: 'Behind the studio.' },
      { question: 'Is Santa available?', answer: 'Every weekend in December.', showFrom: FROM, showUntil: UNTIL },
    ]
    let res = await t.call('PUT', '/api/faq', {
      json: { items: [items[0], { ...items[1], showUntil: FROM }], baseVersion: version },
      cookie,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Question 2: Show until must be after Show from' })
    res = await t.call('PUT', '/api/faq', { json: { items, baseVersion: version }, cookie })
    expect(res.status).toBe(200)
    expect((await json('/api/admin/faq', true)).items[1]).toMatchObject({ showFrom: FROM, showUntil: UNTIL })

    expect(await faqPage()).toEqual({ page: false, ld: false })
    expect((await json('/api/faq')).map((q: { id: string }) => q.id)).toEqual(['parking'])
    moveClockTo(OPENS)
    expect(await faqPage()).toEqual({ page: true, ld: true })
    expect(await json('/api/faq')).toHaveLength(2)
    moveClockTo(CLOSES)
    expect(await faqPage()).toEqual({ page: false, ld: false })
  })

  it('the seasonal hero takes the hero’s place inside its window; the standing hero before and after', async () => {
    moveClockTo(BEFORE - 600_000)
    const { version, ...settings } = await json('/api/site-settings', true)
    const seasonal = {
      title: 'Holiday balloons',
      subtitle: 'Book your December party',
      image: '/uploads/bouquet-one.jpg',
      imageAlt: 'A red bouquet',
      showFrom: FROM,
      showUntil: UNTIL,
    }
    let res = await t.call('PUT', '/api/site-settings', {
      json: { ...settings, hero: { ...settings.hero, seasonal: { ...seasonal, showFrom: 'soon' } }, baseVersion: version },
      cookie,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/^Seasonal hero: Show from must be a date and time/)
    res = await t.call('PUT', '/api/site-settings', {
      json: { ...settings, hero: { ...settings.hero, seasonal }, baseVersion: version },
      cookie,
    })
    expect(res.status).toBe(200)
    expect((await json('/api/site-settings', true)).hero.seasonal).toEqual(seasonal)

    const hero = async () => {
      const api = (await json('/api/site-settings')).hero
      const home = await (await get('/')).text()
      expect(api).not.toHaveProperty('seasonal')
      return { api: api.title, page: home.includes('Holiday balloons') }
    }
    moveClockTo(BEFORE)
    expect(await hero()).toEqual({ api: 'Balloons for every party', page: false })
    moveClockTo(OPENS)
    expect(await hero()).toEqual({ api: 'Holiday balloons', page: true })
    expect((await json('/api/site-settings')).hero).toMatchObject({
      image: '/uploads/bouquet-one.jpg',
      imageAlt: 'A red bouquet',
      primaryHref: '/contact',
    })
    moveClockTo(CLOSES)
    expect(await hero()).toEqual({ api: 'Balloons for every party', page: false })
  })
})

describe('the server clock', () => {
  it('GET /api/admin/clock tells the admin its now; it is moved only on a preview server (FAKE_NOW, never in production)', async () => {
    moveClockTo(OPENS)
    expect((await get('/api/admin/clock')).status).toBe(401)
    const clock = await json('/api/admin/clock', true)
    expect(Date.parse(clock.now) - OPENS).toBeLessThan(5_000)
    expect(clock.moved).toBe(true)
    const res = await t.call('PUT', '/api/admin/clock', { json: { now: FROM }, cookie })
    expect(res.status).toBe(403)
    expect((await res.json()).error).toMatch(/preview server \(started with FAKE_NOW\)/)

    expect(loadConfig({ FAKE_NOW: '2026-12-01T09:00' }).fakeNow).toBe(OPENS)
    expect(() => loadConfig({ FAKE_NOW: 'next week' })).toThrow(/FAKE_NOW must be an ISO 8601 date and time/)
    expect(() => loadConfig({ FAKE_NOW: FROM, NODE_ENV: 'production' })).toThrow(/not allowed with NODE_ENV=production/)
  })
})

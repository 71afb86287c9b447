// The page-view beacon with the values that almost pass: a content type that only starts like JSON, a body one byte
// over 4 KiB, a path one character away from a page, a referrer host that only starts like the site's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import type { InsightsReport } from './insights.schema'
import { AGENTS } from './testing-agents'

const NOW = new Date('2026-07-04T05:30:00Z')
const TODAY = '2026-07-03'
let t: TestApp
let admin: string
let visitor = 0

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  t = await createTestApp({ files: fixtureFiles(await makeJpeg()), env: { TRUST_PROXY: '1' } })
  admin = await t.login()
})
afterEach(() => {
  t.cleanup()
  vi.useRealTimers()
})

/** Each beacon from a visitor of its own, so every counted one is a visitor. */
const send = (body: string, type = 'text/plain;charset=UTF-8') =>
  t.call('POST', '/api/collect', {
    body,
    headers: { 'Content-Type': type, 'X-Forwarded-For': `203.0.113.${++visitor}`, 'User-Agent': AGENTS.iphone },
  })
const beacon = (path: string, referrer = '') => send(JSON.stringify({ path, referrer }))
async function report(): Promise<InsightsReport> {
  return (await t.call('GET', `/api/admin/insights?from=${TODAY}&to=${TODAY}`, { cookie: admin })).json()
}

describe('content types', () => {
  it('takes text/plain and application/json with any parameters or case, and nothing that only starts like them', async () => {
    for (const type of ['text/plain', 'application/json', 'TEXT/PLAIN', 'application/json; charset=utf-8', 'text/plain ;charset=utf-8']) {
      expect((await send(JSON.stringify({ path: '/' }), type)).status, type).toBe(204)
    }
    for (const type of [
      'text/plainx',
      'application/jsonp',
      'application/json-patch+json',
      'text/html',
      'xtext/plain',
      'text/plain,text/html',
    ]) {
      const res = await send(JSON.stringify({ path: '/' }), type)
      expect([res.status, (await res.json()).error], type).toEqual([415, 'Send the page view as JSON (text/plain or application/json)'])
    }
    expect((await report()).totals.pageviews).toBe(5)
  })
})

describe('the 4 KiB limit', () => {
  it('takes a body of exactly 4096 bytes and refuses 4097', async () => {
    const json = JSON.stringify({ path: '/', referrer: '' })
    const exact = json.padEnd(4096, ' ')
    expect(Buffer.byteLength(exact)).toBe(4096)
    expect((await send(exact)).status).toBe(204)
    const over = await send(`${exact} `)
    expect([over.status, (await over.json()).error]).toEqual([413, 'A page view is at most 4 KiB'])
    expect((await report()).totals.pageviews).toBe(1)
  })
})

describe('pages one character away', () => {
  it('counts the site pages, with or without a trailing slash, and nothing that only looks like one', async () => {
    for (const path of ['/faq', '/faq/', '/services/mosaics', '/services/mosaics/', '/services/mosaics?utm_source=x'])
      expect((await beacon(path)).status).toBe(204)
    for (const path of [
      '/faqx',
      '/faq//',
      '/fa',
      '/services/mosaic',
      '/services/mosaics-x',
      '/services/mosaics/photos',
      '/services/secret',
      '/Services/mosaics',
      '/services/',
      '/admin',
      '/api/faq',
    ]) {
      expect((await beacon(path)).status, path).toBe(204)
    }
    const r = await report()
    expect(r.totals.pageviews).toBe(5)
  })
})

describe('referrers that only look like the site', () => {
  it('the site itself is direct; a host that only starts like it is a source of its own', async () => {
    await beacon('/', 'http://site.test/services/mosaics')
    await beacon('/', 'http://SITE.TEST/')
    await beacon('/', 'http://site.test.evil.test/')
    await beacon('/', 'http://evil-site.test/')
    await beacon('/', 'https://notinstagram.com/')
    await beacon('/', 'https://instagram.com.evil.test/')
    await beacon('/', 'https://l.instagram.com/')
    await beacon('/', 'javascript:alert(1)//site.test')
    const sources = Object.fromEntries((await report()).sources.map((s) => [s.source, s.visitors]))
    expect(sources).toEqual({
      '(direct)': 3,
      'site.test.evil.test': 1,
      'evil-site.test': 1,
      'notinstagram.com': 1,
      'instagram.com.evil.test': 1,
      'instagram.com': 1,
    })
  })
})

// Kept pages: when a rendered page is sent again without rendering, and when it is dropped (a call answers otherwise,
// the content generation, the build or the year moved), and which request targets the Node shortcut may answer.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeptAnswer } from './kept-answer'
import { answerOf, KeptPages, type PageCall, type PageKey } from './kept-pages'
import { moveClockTo, resetClock } from '../lib/clock'
import { PublicReadCache } from './read-cache'

const ORIGIN = 'http://studio.test'
const SERVICES = `${ORIGIN}/api/services`
const SITE = `${ORIGIN}/api/site`
/** The renders a page keeps before it is sent from them. */
const FULL = 24

let dir: string
let entryPath: string
let build: number
const year = new Date().getFullYear()

/** What each API URL answers now (a missing one: the fetch fails). */
let api: Record<string, { status: number; body: string; etag?: string }>
let fetched: string[]
const fetchApi = async (url: string) => {
  fetched.push(url)
  const a = api[url]
  if (!a) throw new Error(`no answer for ${url}`)
  return new Response(a.body, { status: a.status, headers: a.etag ? { etag: a.etag } : {} })
}

/** The read cache's part in it: which paths are content reads, and the content generation (socket and check phase). */
let stamp: string
let checkStamp: string | undefined
const readCache = {
  isContentRead: (path: string) => path === '/api/services' || path === '/api/site',
  pageStamp: async () => stamp,
  pageStampInCheckPhase: () => checkStamp,
} as unknown as PublicReadCache

const keptPages = (withCache = true) =>
  new KeptPages({ origin: ORIGIN, fetch: fetchApi, entryPath, readCache: withCache ? readCache : undefined })
const variant = (name: string, status = 200, body = `<p>${name}</p>`): KeptAnswer => ({
  status,
  body: Buffer.from(body),
  gzip: Buffer.from(`gz:${body}`),
  etag: `"${name}"`,
})
const key = (url = '/contact', over: Partial<PageKey> = {}): PageKey => ({ url, build, year, now: stamp, ...over })
/** The call a render made to `url`, as the renderer notes it. */
const callTo = async (url: string): Promise<PageCall> => ({ url, init: { method: 'GET' }, answer: await answerOf(await fetchApi(url)) })

/** The pool a lookup that found no kept page gives for the next render to join. */
const poolOf = (found: Awaited<ReturnType<KeptPages['lookup']>>) => ('pool' in found ? found.pool : undefined)

/** Renders `url` `times` times as the renderer does (look up, render, keep), with these calls and variants in turn. */
async function renderMany(
  pages: KeptPages,
  url: string,
  calls: PageCall[],
  variants = [variant('a')],
  times = FULL,
  over: Partial<PageKey> = {},
) {
  for (let i = 0; i < times; i++) {
    const found = await pages.lookup(key(url, over))
    if (found.hit) throw new Error(`render ${i} of ${url} was already kept`)
    pages.keep(key(url, over), found.pool, calls, variants[i % variants.length])
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kept-pages-'))
  entryPath = join(dir, 'entry-server.js')
  writeFileSync(entryPath, 'export {}\n')
  build = statSync(entryPath).mtimeMs
  api = {
    [SERVICES]: { status: 200, body: '[{"id":"bouquets"}]', etag: '"services-1"' },
    [SITE]: { status: 200, body: '{"name":"Studio"}' },
  }
  fetched = []
  stamp = 'content-1'
  checkStamp = 'content-1'
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

describe('answerOf', () => {
  it('is the status and ETag when there is one, else the status and a hash of the body, leaving the body readable', async () => {
    expect(await answerOf(new Response('x', { status: 200, headers: { etag: '"e1"' } }))).toBe('200 "e1"')
    expect(await answerOf(new Response('x', { status: 404, headers: { etag: '"e1"' } }))).toBe('404 "e1"')
    const res = new Response('{"name":"Studio"}', { status: 200 })
    const hash = createHash('sha1').update('{"name":"Studio"}').digest('base64url')
    expect(await answerOf(res)).toBe(`200 #${hash}`)
    expect(await res.text()).toBe('{"name":"Studio"}')
    expect(await answerOf(new Response('{"name":"Other"}', { status: 200 }))).not.toBe(`200 #${hash}`)
    expect(await answerOf(new Response('{"name":"Studio"}', { status: 500 }))).toBe(`500 #${hash}`)
  })
})

describe('kept pages, as the renderer uses them', () => {
  it('sends a page from its renders once 24 are kept, not at 23, without repeating its calls', async () => {
    const pages = keptPages()
    const calls = [await callTo(SERVICES), await callTo(SITE)]
    expect(await pages.lookup(key())).toEqual({ hit: null, pool: undefined })
    await renderMany(pages, '/contact', calls, [variant('a')], FULL - 1)
    fetched = []
    const almost = await pages.lookup(key())
    expect(almost.hit).toBeNull()
    expect(almost).toHaveProperty('pool')
    pages.keep(key(), poolOf(almost), calls, variant('a'))
    expect((await pages.lookup(key())).hit?.etag).toBe('"a"')
    expect(fetched).toEqual([])
    // Another address is not kept by it.
    expect(await pages.lookup(key('/contact/'))).toEqual({ hit: null, pool: undefined })
  })

  it('keeps distinct renders only (by ETag), and sends one of them at random', async () => {
    const pages = keptPages()
    const calls = [await callTo(SERVICES)]
    const second = variant('a', 200, '<p>same ETag, other bytes</p>')
    await renderMany(pages, '/', calls, [variant('a'), second, variant('b')])
    const random = vi.spyOn(Math, 'random')
    const sent = async (r: number) => {
      random.mockReturnValue(r)
      return Buffer.from((await pages.lookup(key('/'))).hit!.body).toString()
    }
    // Two kept: the first "a" and "b".
    expect(await sent(0)).toBe('<p>a</p>')
    expect(await sent(0.49)).toBe('<p>a</p>')
    expect(await sent(0.5)).toBe('<p>b</p>')
    expect(await sent(0.999)).toBe('<p>b</p>')
  })

  it('drops the page when the build or the year moved', async () => {
    const pages = keptPages()
    await renderMany(pages, '/contact', [await callTo(SERVICES)])
    expect((await pages.lookup(key())).hit).not.toBeNull()
    expect(await pages.lookup(key('/contact', { build: build + 1 }))).toEqual({ hit: null, pool: undefined })
    const fresh = keptPages()
    await renderMany(fresh, '/contact', [await callTo(SERVICES)])
    expect(await fresh.lookup(key('/contact', { year: year + 1 }))).toEqual({ hit: null, pool: undefined })
  })

  it('repeats the calls of a content-only page once when the generation moved, and keeps it if they answer the same', async () => {
    const pages = keptPages()
    await renderMany(pages, '/contact', [await callTo(SERVICES), await callTo(SITE)])
    fetched = []
    stamp = 'content-2'
    expect((await pages.lookup(key())).hit?.etag).toBe('"a"')
    expect(fetched.sort()).toEqual([SERVICES, SITE])
    // Confirmed for content-2: not asked again.
    expect((await pages.lookup(key())).hit?.etag).toBe('"a"')
    expect(fetched).toHaveLength(2)
  })

  it('drops the page when one call answers otherwise: another ETag, another body, another status, or a failure', async () => {
    const changes: (() => void)[] = [
      () => (api[SERVICES].etag = '"services-2"'),
      () => (api[SITE].body = '{"name":"Renamed"}'),
      () => (api[SITE].status = 404),
      () => (api[SERVICES].status = 500),
      () => delete api[SITE],
    ]
    for (const [i, change] of changes.entries()) {
      const pages = keptPages()
      stamp = `content-${i}`
      api = {
        [SERVICES]: { status: 200, body: '[{"id":"bouquets"}]', etag: '"services-1"' },
        [SITE]: { status: 200, body: '{"name":"Studio"}' },
      }
      await renderMany(pages, '/contact', [await callTo(SERVICES), await callTo(SITE)])
      change()
      stamp = `content-${i}-moved`
      expect(await pages.lookup(key()), `change ${i}`).toEqual({ hit: null, pool: undefined })
    }
  })

  it('drops a page rendered while the content was broken once the API answers again', async () => {
    const pages = keptPages()
    api[SERVICES] = { status: 500, body: '{"error":"The services file is broken"}' }
    await renderMany(pages, '/services', [await callTo(SERVICES)], [variant('broken', 500)])
    expect((await pages.lookup(key('/services'))).hit?.status).toBe(500)
    // An error page is never given to the shortcut.
    expect(pages.answers.isKept('/services', '"broken"')).toBe(false)
    api[SERVICES] = { status: 200, body: '[{"id":"bouquets"}]', etag: '"services-2"' }
    stamp = 'content-fixed'
    expect(await pages.lookup(key('/services'))).toEqual({ hit: null, pool: undefined })
  })

  it("drops a kept page when a schedule boundary passes (the read cache's stamp moves)", async () => {
    const contentRoot = join(dir, 'site')
    mkdirSync(join(contentRoot, 'content'), { recursive: true })
    writeFileSync(join(contentRoot, 'content/site.yaml'), 'name: Studio\n')
    const cache = new PublicReadCache(contentRoot, { content: [/^\/api\/site$/], uploads: [] })
    try {
      const boundary = Date.UTC(2027, 0, 10, 12)
      cache.followSchedule({ boundaries: async () => [boundary] })
      moveClockTo(boundary - 60_000)
      const pages = new KeptPages({ origin: ORIGIN, fetch: fetchApi, entryPath, readCache: cache })
      const now = await cache.pageStamp(false)
      await renderMany(pages, '/contact', [await callTo(SITE)], [variant('a')], FULL, { now })
      expect((await pages.answers.answer('/contact'))?.etag).toBe('"a"')
      moveClockTo(boundary + 1000)
      expect(await pages.answers.answer('/contact')).toBeNull()
      // The renderer's next lookup, with the new stamp, checks the calls again (the same answers: kept).
      fetched = []
      const later = await cache.pageStamp(false)
      expect(later).not.toBe(now)
      expect((await pages.lookup(key('/contact', { now: later }))).hit?.etag).toBe('"a"')
      expect(fetched).toEqual([SITE])
    } finally {
      resetClock()
      cache.close()
    }
  })

  it('checks a page once for the lookups of one turn', async () => {
    const pages = keptPages()
    await renderMany(pages, '/contact', [await callTo(SERVICES)])
    fetched = []
    stamp = 'content-2'
    const both = await Promise.all([pages.lookup(key()), pages.lookup(key())])
    expect(both.map((b) => b.hit?.etag)).toEqual(['"a"', '"a"'])
    expect(fetched).toEqual([SERVICES])
  })

  it('repeats every call, on each turn, of a page that read anything but content (a query, another origin, another path)', async () => {
    const others = [`${SERVICES}?all=1`, 'http://elsewhere.test/api/services', 'https://studio.test/api/services', `${ORIGIN}/api/quotes`]
    for (const other of others) {
      api[other] = { status: 200, body: '[]', etag: '"other"' }
      const pages = keptPages()
      await renderMany(pages, '/contact', [await callTo(SERVICES), await callTo(other)])
      fetched = []
      expect((await pages.lookup(key())).hit?.etag, other).toBe('"a"')
      expect((await pages.lookup(key())).hit?.etag, other).toBe('"a"')
      expect(
        fetched.filter((u) => u === other),
        other,
      ).toHaveLength(2)
      // Not for the Node shortcut: it cannot repeat the calls.
      expect(pages.answers.isKept('/contact', '"a"'), other).toBe(false)
      expect(await pages.answers.answer('/contact'), other).toBeNull()
      expect(pages.answers.answerInCheckPhase('/contact'), other).toBeNull()
      // ... and dropped when that call answers otherwise, with the content unchanged.
      api[other].etag = '"other-2"'
      expect(await pages.lookup(key()), other).toEqual({ hit: null, pool: undefined })
    }
  })

  it('without a read cache, repeats the calls of every page and gives the shortcut nothing', async () => {
    const pages = keptPages(false)
    await renderMany(pages, '/contact', [await callTo(SERVICES)])
    fetched = []
    expect((await pages.lookup(key())).hit?.etag).toBe('"a"')
    expect(fetched).toEqual([SERVICES])
    expect(pages.answers.isKept('/contact', '"a"')).toBe(false)
    expect(await pages.answers.answer('/contact')).toBeNull()
  })

  it('starts the page again when a render called otherwise than the kept ones', async () => {
    const services = await callTo(SERVICES)
    const site = await callTo(SITE)
    const otherAnswer = { ...site, answer: '200 "changed"' }
    const otherUrl = { ...site, url: `${ORIGIN}/api/site/` }
    const cases = [[services], [site, services], [services, site, site], [services, otherAnswer], [services, otherUrl], [services, site]]
    for (const [i, calls] of cases.entries()) {
      const pages = keptPages()
      await renderMany(pages, '/contact', [services, site], [variant('a')], FULL - 1)
      const found = await pages.lookup(key())
      pages.keep(key(), poolOf(found), calls, variant('b'))
      const after = await pages.lookup(key())
      // The same calls make the 24th render of the pool; other calls a new pool with one.
      if (i === cases.length - 1) expect(after.hit?.etag).toBeDefined()
      else expect(after.hit, JSON.stringify(calls.map((c) => [c.url, c.answer]))).toBeNull()
    }
    // Without the pool the lookup gave (it was dropped meanwhile), a render starts a new one even with the same calls.
    const pages = keptPages()
    await renderMany(pages, '/contact', [services, site], [variant('a')], FULL - 1)
    pages.keep(key(), undefined, [services, site], variant('a'))
    expect((await pages.lookup(key())).hit).toBeNull()
  })

  it('keeps up to 200 addresses, then starts again with none', async () => {
    const pages = keptPages()
    for (let i = 0; i < 200; i++) pages.keep(key(`/p${i}`), undefined, [], variant('a'))
    expect((await pages.lookup(key('/p0'))).hit).toBeNull()
    expect(await pages.lookup(key('/p0'))).not.toEqual({ hit: null, pool: undefined })
    expect(await pages.lookup(key('/p199'))).not.toEqual({ hit: null, pool: undefined })
    pages.keep(key('/p200'), undefined, [], variant('a'))
    expect(await pages.lookup(key('/p0'))).toEqual({ hit: null, pool: undefined })
    expect(await pages.lookup(key('/p199'))).toEqual({ hit: null, pool: undefined })
    expect(await pages.lookup(key('/p200'))).not.toEqual({ hit: null, pool: undefined })
  })
})

describe('kept pages for the Node shortcut', () => {
  it('serves plain page addresses only', () => {
    const { serves } = keptPages().answers
    for (const url of [
      '/',
      '/contact',
      '/services/bouquets',
      '/services/bouquets/',
      '/contact?ref=flyer',
      '/a?x=1&y=%20z+w',
      '/apis',
      '/api-docs',
      '/images',
      '/assets2',
      '/uploads-info',
    ])
      expect(serves(url), url).toBe(true)
    const refused = [
      'contact',
      '',
      '//contact',
      '/services//bouquets',
      '/api',
      '/api/services',
      '/api?x=1',
      '/uploads',
      '/uploads/hero.jpg',
      '/img/abc/640/hero.jpg',
      '/assets/index.js',
      '/favicon.ico',
      '/contact?',
      '/contact?x=<y>',
      '/contact?x=1#top',
      '/con tact',
      '/contact\n',
    ]
    for (const url of refused) expect(serves(url), JSON.stringify(url)).toBe(false)
  })

  it('answers a full, content-only page while the content generation holds, and nothing otherwise', async () => {
    const pages = keptPages()
    const random = vi.spyOn(Math, 'random').mockReturnValue(0)
    await renderMany(pages, '/contact', [await callTo(SERVICES)], [variant('a'), variant('b')], FULL - 1)
    expect(await pages.answers.answer('/contact')).toBeNull()
    expect(pages.answers.answerInCheckPhase('/contact')).toBeNull()
    await renderMany(pages, '/contact', [await callTo(SERVICES)], [variant('a')], 1)
    fetched = []
    expect((await pages.answers.answer('/contact'))?.etag).toBe('"a"')
    expect(pages.answers.answerInCheckPhase('/contact')?.etag).toBe('"a"')
    random.mockReturnValue(0.75)
    expect((await pages.answers.answer('/contact'))?.etag).toBe('"b"')
    expect(fetched).toEqual([])
    expect(await pages.answers.answer('/about')).toBeNull()
    // The check phase cannot tell yet: the shortcut waits for `answer`.
    checkStamp = undefined
    expect(pages.answers.answerInCheckPhase('/contact')).toBeUndefined()
    expect(pages.answers.answerInCheckPhase('/about')).toBeNull()
    // The content moved (or a schedule boundary passed): the chain renders, the shortcut does not guess.
    stamp = 'content-2'
    checkStamp = 'content-2'
    expect(await pages.answers.answer('/contact')).toBeNull()
    expect(pages.answers.answerInCheckPhase('/contact')).toBeNull()
    expect(fetched).toEqual([])
  })

  it('answers nothing for a page kept for another year or build, and sees a rebuild within a second', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(10_000)
    const lastYear = keptPages()
    await renderMany(lastYear, '/contact', [], [variant('a')], FULL, { year: year - 1 })
    expect(await lastYear.answers.answer('/contact')).toBeNull()

    const pages = keptPages()
    await renderMany(pages, '/contact', [])
    expect((await pages.answers.answer('/contact'))?.etag).toBe('"a"')
    utimesSync(entryPath, new Date(), new Date(build + 60_000))
    now.mockReturnValue(10_999)
    expect((await pages.answers.answer('/contact'))?.etag).toBe('"a"')
    now.mockReturnValue(11_000)
    expect(await pages.answers.answer('/contact')).toBeNull()
    expect(pages.answers.answerInCheckPhase('/contact')).toBeNull()
    // The build gone: nothing either.
    build = statSync(entryPath).mtimeMs
    const gone = keptPages()
    await renderMany(gone, '/contact', [])
    expect((await gone.answers.answer('/contact'))?.etag).toBe('"a"')
    rmSync(entryPath)
    now.mockReturnValue(12_000)
    expect(await gone.answers.answer('/contact')).toBeNull()
  })

  it("knows the chain's answer for a page as one of its kept ones by ETag, strong or weak (gzip), for 200 pages only", async () => {
    const pages = keptPages()
    await renderMany(pages, '/contact', [await callTo(SERVICES)], [variant('a'), variant('b')], 2)
    await renderMany(pages, '/missing', [], [variant('nf', 404)], 2)
    const { isKept } = pages.answers
    expect(isKept('/contact', '"a"')).toBe(true)
    expect(isKept('/contact', '"b"')).toBe(true)
    expect(isKept('/contact', 'W/"a"')).toBe(true)
    for (const etag of ['"a', 'a', '"c"', 'W/"c"', 'w/"a"', '', 'W/ "a"']) expect(isKept('/contact', etag), etag).toBe(false)
    expect(isKept('/about', '"a"')).toBe(false)
    expect(isKept('/missing', '"nf"')).toBe(false)
  })
})

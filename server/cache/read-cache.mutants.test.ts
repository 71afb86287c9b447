// The public read cache on a tiny app: what a visitor gets on a miss and a hit (ETag, Content-Type, Vary, gzip from
// 1024 bytes), what is never kept (errors, other paths, an owner's answers), when an answer is dropped (a file, an
// upload, a schedule boundary), the 500-answer limit, and when the Node shortcut leaves answers to the chain.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { moveClockTo, resetClock } from '../lib/clock'
import { compression, validators } from '../lib/transfer'
import type { KeptAnswers } from './kept-answer'
import { ContentGeneration } from './content-generation'
import { PublicReadCache } from './read-cache'

let root: string
let cache: PublicReadCache
let app: Hono
/** Requests that reached the routes, by path. */
let routed: string[]

const file = (name: string) => join(root, name)

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'read-cache-'))
  mkdirSync(file('content'))
  mkdirSync(file('uploads'))
  writeFileSync(file('content/things.txt'), 'one thing')
  writeFileSync(file('uploads/pic.txt'), 'pixels')
  cache = new PublicReadCache(root, {
    content: [/^\/api\/things$/, /^\/api\/big\/\d+$/, /^\/api\/n\/\d+$/, /^\/api\/(missing|broken|created|bare)$/],
    uploads: [/^\/api\/pics$/],
  })
  app = new Hono()
  app.use(
    '*',
    cache.middleware((c) => c.req.header('x-owner') === '1'),
  )
  app.use('*', async (c, next) => {
    routed.push(c.req.path)
    await next()
  })
  app.get('/api/things', (c) =>
    c.text(c.req.header('x-owner') === '1' ? 'the owner sees more' : readFileSync(file('content/things.txt'), 'utf8')),
  )
  app.get('/api/big/:n', (c) => c.text('x'.repeat(Number(c.req.param('n')))))
  app.get('/api/n/:n', (c) => c.json({ n: c.req.param('n') }))
  app.get('/api/missing', (c) => c.json({ error: 'No such thing' }, 404))
  app.get('/api/broken', (c) => c.json({ error: 'The content file is broken' }, 500))
  app.get('/api/created', (c) => c.json({ ok: true }, 201))
  app.get('/api/bare', () => new Response(new Uint8Array([1, 2, 3])))
  app.get('/api/pics', (c) => c.text(readFileSync(file('uploads/pic.txt'), 'utf8')))
  app.get('/api/other', (c) => c.text('not content'))
  app.post('/api/things', (c) => c.text('posted'))
  routed = []
})
afterEach(() => {
  vi.restoreAllMocks()
  resetClock()
  cache.close()
  rmSync(root, { recursive: true, force: true })
})

const get = async (path: string, headers: Record<string, string> = {}) => {
  const before = routed.length
  const res = await app.request(path, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body, text: body.toString(), routed: routed.length > before }
}
const sha1 = (body: Buffer | string) => `"${createHash('sha1').update(body).digest('base64url')}"`

describe('public read cache', () => {
  it("answers a miss from the route with the body's ETag, then the same bytes from memory with its Content-Type and Vary", async () => {
    const miss = await get('/api/things')
    expect(miss.routed).toBe(true)
    expect(miss.text).toBe('one thing')
    expect(miss.res.headers.get('etag')).toBe(sha1('one thing'))
    const hit = await get('/api/things')
    expect(hit.routed).toBe(false)
    expect(hit.res.status).toBe(200)
    expect(hit.text).toBe('one thing')
    expect(hit.res.headers.get('etag')).toBe(sha1('one thing'))
    expect(hit.res.headers.get('content-type')).toMatch(/^text\/plain; ?charset=UTF-8$/)
    expect(hit.res.headers.get('content-type')).toBe(miss.res.headers.get('content-type'))
    expect(hit.res.headers.get('vary')).toBe('Accept-Encoding')
    expect(hit.res.headers.get('content-encoding')).toBeNull()
    // A route that names no type: kept as JSON.
    await get('/api/bare')
    const bare = await get('/api/bare')
    expect([bare.routed, bare.res.headers.get('content-type')]).toEqual([false, 'application/json'])
    expect([...bare.body]).toEqual([1, 2, 3])
  })

  it('sends the gzip bytes from 1024 bytes to a client that takes them, under the weak ETag', async () => {
    for (const size of [1023, 1024]) {
      const path = `/api/big/${size}`
      await get(path)
      const plain = 'x'.repeat(size)
      for (const encoding of ['gzip', 'deflate, gzip;q=0.5', 'gzip;q=0', 'identity']) {
        const hit = await get(path, { 'accept-encoding': encoding })
        const gzip = size === 1024 && !['gzip;q=0', 'identity'].includes(encoding)
        const what = `${size} ${encoding}`
        expect(hit.routed, what).toBe(false)
        expect(hit.res.headers.get('content-encoding'), what).toBe(gzip ? 'gzip' : null)
        expect(hit.res.headers.get('etag'), what).toBe(gzip ? `W/${sha1(plain)}` : sha1(plain))
        expect((gzip ? gunzipSync(hit.body) : hit.body).toString(), what).toBe(plain)
        expect(hit.res.headers.get('vary'), what).toBe('Accept-Encoding')
      }
    }
  })

  it('keeps nothing but 200 answers of the content reads to a GET from a visitor', async () => {
    for (const [path, status] of [
      ['/api/missing', 404],
      ['/api/broken', 500],
      ['/api/created', 201],
      ['/api/other', 200],
      ['/api/things/', 404],
      ['/api/thingsx', 404],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const a = await get(path)
        expect([a.routed, a.res.status], path).toEqual([true, status])
        expect(a.res.headers.get('etag'), path).toBeNull()
      }
    }
    const posted = await app.request('/api/things', { method: 'POST' })
    expect(await posted.text()).toBe('posted')
    // The owner's answer goes past the cache both ways: not sent from it, not kept for visitors.
    const owner = await get('/api/things', { 'x-owner': '1' })
    expect([owner.routed, owner.text]).toEqual([true, 'the owner sees more'])
    const visitor = await get('/api/things')
    expect([visitor.routed, visitor.text]).toEqual([true, 'one thing'])
    expect((await get('/api/things', { 'x-owner': '1' })).text).toBe('the owner sees more')
    expect((await get('/api/things')).routed).toBe(false)
  })

  it('drops an answer when its content changed, and an upload only for the reads that depend on uploads', async () => {
    await get('/api/things')
    await get('/api/pics')
    writeFileSync(file('uploads/pic.txt'), 'new pixels')
    const pics = await get('/api/pics')
    expect([pics.routed, pics.text]).toEqual([true, 'new pixels'])
    expect((await get('/api/things')).routed).toBe(false)
    writeFileSync(file('content/things.txt'), 'two things')
    const things = await get('/api/things')
    expect([things.routed, things.text]).toEqual([true, 'two things'])
    expect(things.res.headers.get('etag')).toBe(sha1('two things'))
    // uploads/ reads depend on content/ too.
    expect((await get('/api/pics')).routed).toBe(true)
    expect((await get('/api/pics')).routed).toBe(false)
  })

  it('keeps up to 500 answers, then starts again with none', async () => {
    for (let i = 0; i < 500; i++) await get(`/api/n/${i}`)
    expect((await get('/api/n/0')).routed).toBe(false)
    expect((await get('/api/n/499')).routed).toBe(false)
    await get('/api/n/500')
    expect((await get('/api/n/0')).routed).toBe(true)
    expect((await get('/api/n/500')).routed).toBe(false)
  })

  it('drops every answer as a schedule boundary passes, reading the boundaries once per content', async () => {
    const boundary = Date.UTC(2027, 0, 10, 12)
    const boundaries = vi.fn(async () => [boundary - 86_400_000, boundary, boundary + 86_400_000])
    cache.followSchedule({ boundaries, cdnSeconds: 60 })
    moveClockTo(boundary - 9_900)
    await get('/api/things')
    expect((await get('/api/things')).routed).toBe(false)
    expect(cache.secondsToNextBoundary()).toBe(9)
    moveClockTo(boundary - 1000)
    expect((await get('/api/things')).routed).toBe(false)
    moveClockTo(boundary + 100)
    expect((await get('/api/things')).routed).toBe(true)
    expect((await get('/api/things')).routed).toBe(false)
    expect(cache.secondsToNextBoundary()).toBe(86_399)
    expect(boundaries).toHaveBeenCalledTimes(1)
    // A new content: its boundaries are read again.
    writeFileSync(file('content/things.txt'), 'two things')
    expect((await get('/api/things')).text).toBe('two things')
    expect(boundaries).toHaveBeenCalledTimes(2)
    moveClockTo(boundary + 86_400_000 + 1)
    expect((await get('/api/things')).routed).toBe(true)
    expect(cache.secondsToNextBoundary()).toBeNull()
  })

  it('with no boundary, or when they cannot be read, answers from memory as without schedules (and says so)', async () => {
    expect(cache.secondsToNextBoundary()).toBeNull()
    cache.followSchedule({ boundaries: async () => [] })
    await get('/api/things')
    expect((await get('/api/things')).routed).toBe(false)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failing = vi.fn(async (): Promise<number[]> => {
      throw new Error('broken schedule file')
    })
    cache.followSchedule({ boundaries: failing })
    const a = await get('/api/things')
    expect([a.res.status, a.text]).toEqual([200, 'one thing'])
    expect(error).toHaveBeenCalledWith(
      'Could not read the content schedules:',
      expect.objectContaining({ message: 'broken schedule file' }),
    )
    // Read again on the next request (a failed read is not kept).
    await get('/api/things')
    expect(failing).toHaveBeenCalledTimes(2)
  })

  it('gives the page stamp of content/ and uploads/, with the schedule state', async () => {
    const before = await cache.pageStamp(false)
    expect(await cache.pageStamp(false)).toBe(before)
    writeFileSync(file('uploads/pic.txt'), 'new pixels')
    const afterUpload = await cache.pageStamp(false)
    expect(afterUpload).not.toBe(before)
    // Files beside content/ and uploads/ do not count.
    mkdirSync(file('notes'))
    writeFileSync(file('notes/todo.txt'), 'call the florist')
    expect(await cache.pageStamp(false)).toBe(afterUpload)
    const boundary = Date.UTC(2027, 0, 10, 12)
    cache.followSchedule({ boundaries: async () => [boundary] })
    moveClockTo(boundary - 1000)
    const early = await cache.pageStamp(false)
    moveClockTo(boundary + 1000)
    const late = await cache.pageStamp(false)
    expect(late).not.toBe(early)
    expect(late.startsWith(afterUpload)).toBe(true)
  })

  it('gives the same page stamp with no boundary as without schedules, and without waiting once it is known', async () => {
    const plain = await cache.pageStamp(false)
    cache.followSchedule({ boundaries: async () => [] })
    expect(await cache.pageStamp(false)).toBe(plain)
    const boundary = Date.UTC(2027, 0, 10, 12)
    cache.followSchedule({ boundaries: async () => [boundary] })
    moveClockTo(boundary - 60_000)
    await cache.pageStamp(false)
    const stamp = await cache.pageStamp(false)
    expect(stamp).not.toBe(plain)
    // In the check phase, with nothing changed since: the same stamp at once.
    expect(cache.pageStampInCheckPhase()).toBe(stamp)
  })

  it('counts a boundary at this very millisecond as passed: the next one is ahead', async () => {
    const boundary = Date.UTC(2027, 0, 10, 12)
    cache.followSchedule({ boundaries: async () => [boundary, boundary + 90_000] })
    vi.spyOn(Date, 'now').mockReturnValue(boundary)
    resetClock()
    await get('/api/things')
    expect(cache.secondsToNextBoundary()).toBe(90)
  })

  it('takes a content generation made elsewhere, and watches content/ with uploads/ beside it', async () => {
    const generation = new ContentGeneration(root)
    const given = new PublicReadCache(generation, { content: [/^\/api\/things$/], uploads: [] })
    try {
      expect(given.generation).toBe(generation)
      expect([given.isContentRead('/api/things'), given.isContentRead('/api/other')]).toEqual([true, false])
      expect(given.withUploads.root).toBe(root)
      const before = await given.pageStamp(false)
      writeFileSync(file('uploads/pic.txt'), 'new pixels')
      expect(await given.pageStamp(false)).not.toBe(before)
    } finally {
      given.close()
    }
  })

  it('reads the boundaries once for requests that come together, and once per fingerprint in use', async () => {
    const boundary = Date.UTC(2027, 0, 10, 12)
    const boundaries = vi.fn(async () => [boundary])
    cache.followSchedule({ boundaries })
    moveClockTo(boundary - 60_000)
    await Promise.all([get('/api/things'), get('/api/n/1'), get('/api/n/2')])
    expect(boundaries).toHaveBeenCalledTimes(1)
    // /api/pics stands on content/ and uploads/: a second fingerprint, read once, and neither read again.
    for (let i = 0; i < 3; i++) {
      expect((await get('/api/things')).text).toBe('one thing')
      expect((await get('/api/pics')).text).toBe('pixels')
    }
    expect(boundaries).toHaveBeenCalledTimes(2)
  })

  it('knows the content reads (and those that read uploads) by path only', () => {
    for (const path of ['/api/things', '/api/pics', '/api/n/12']) expect(cache.isContentRead(path), path).toBe(true)
    for (const path of ['/api/things/', '/api/other', '/api/n/', '/api/picsx', '/x/api/things'])
      expect(cache.isContentRead(path), path).toBe(false)
  })
})

describe("the read cache's Node shortcut near a schedule boundary", () => {
  /** One request through the shortcut and the recording chain, as @hono/node-server wires them. */
  function visit(listener: (req: IncomingMessage, res: ServerResponse) => unknown, chained: Set<IncomingMessage>) {
    return new Promise<{ status: number; body: string; viaChain: boolean }>((resolve) => {
      const req = { method: 'GET', url: '/api/things', headers: {} } as unknown as IncomingMessage
      let status = 0
      const res = {
        writeHead: (s: number) => ((status = s), res),
        end: (body?: Uint8Array) => resolve({ status, body: Buffer.from(body ?? []).toString(), viaChain: chained.has(req) }),
      }
      listener(req, res as unknown as ServerResponse)
    })
  }

  it('sends kept answers unless a CDN keeping one now could serve it past the next boundary (11 CDN lifetimes)', async () => {
    const boundary = Date.UTC(2027, 0, 10, 12)
    cache.followSchedule({ boundaries: async () => [boundary], cdnSeconds: 60 })
    const chained = new Set<IncomingMessage>()
    const recording = cache.recording((request, env) => app.fetch(request, env), 'sid')
    const listener = cache.listener(async (req, res) => {
      chained.add(req)
      const r = await recording(new Request(`http://studio.test${req.url}`), { incoming: req } as never)
      res.writeHead(r.status, [])
      res.end(Buffer.from(await r.arrayBuffer()))
    }, 'sid')
    const at = async (secondsBefore: number) => {
      moveClockTo(boundary - secondsBefore * 1000 - 900)
      return visit(listener, chained)
    }
    // A miss through the chain leaves the template; then the shortcut.
    expect((await at(700)).viaChain).toBe(true)
    expect(await at(700)).toEqual({ status: 200, body: 'one thing', viaChain: false })
    expect((await at(660)).viaChain).toBe(false)
    expect(await at(659)).toEqual({ status: 200, body: 'one thing', viaChain: true })
    expect((await at(5)).viaChain).toBe(true)
    // No CDN lifetime: nothing to shorten.
    cache.followSchedule({ boundaries: async () => [boundary] })
    await at(5)
    expect((await at(5)).viaChain).toBe(false)
  })
})

/** What one request through the shortcut and the recording chain answered, as a client sees it. */
interface Visit {
  status: number
  head: Record<string, string>
  body: Buffer
  viaChain: boolean
}

/**
 * A Node listener as the server wires it: the read cache's shortcut first, then `fetch` through the recording. The
 * requests are plain objects (the shortcut reads method, url and headers; the answer is written with writeHead/end).
 */
function wire(fetch: (request: Request, env?: never) => Response | Promise<Response>) {
  const chained = new Set<IncomingMessage>()
  const recording = cache.recording(fetch, 'sid')
  const listener = cache.listener(async (req, res) => {
    chained.add(req)
    const r = await recording(new Request(`http://studio.test${req.url}`, { headers: req.headers as Record<string, string> }), {
      incoming: req,
    } as never)
    const flat: string[] = []
    r.headers.forEach((value, name) => flat.push(name, value))
    res.writeHead(r.status, flat)
    res.end(Buffer.from(await r.arrayBuffer()))
  }, 'sid')
  return (url: string, headers: Record<string, string> = {}) =>
    new Promise<Visit>((resolve) => {
      const req = { method: 'GET', url, headers } as unknown as IncomingMessage
      let status = 0
      const head: Record<string, string> = {}
      const res = {
        writeHead: (s: number, flat: string[]) => {
          status = s
          for (let i = 0; i < flat.length; i += 2) head[flat[i].toLowerCase()] = flat[i + 1]
          return res
        },
        end: (body?: Uint8Array) => resolve({ status, head, body: Buffer.from(body ?? []), viaChain: chained.has(req) }),
      }
      listener(req, res as unknown as ServerResponse)
    })
}

describe("the read cache's Node shortcut", () => {
  it('sends a kept answer plain, and gzip from 1024 bytes under the weak ETag, with the headers the chain gave', async () => {
    const visit = wire((request, env) => app.fetch(request, env))
    const plain = 'x'.repeat(2000)
    for (const encoding of ['identity', 'gzip']) {
      const headers = { 'accept-encoding': encoding }
      const gzip = encoding === 'gzip'
      // Plain, a miss; gzip, then a hit through Hono (the gzip bytes): each leaves its template, then the shortcut.
      const chain = await visit('/api/big/2000', headers)
      const shortcut = await visit('/api/big/2000', headers)
      expect([chain.viaChain, shortcut.viaChain, (await visit('/api/big/2000', headers)).viaChain], encoding).toEqual([true, false, false])
      expect(shortcut.status, encoding).toBe(200)
      // The same headers, and the length of the bytes sent (where the chain's answer streams).
      const { 'content-length': length, ...rest } = shortcut.head
      expect(rest, encoding).toEqual(chain.head)
      expect(length, encoding).toBe(String(shortcut.body.length))
      expect(shortcut.head.etag, encoding).toBe(gzip ? `W/${sha1(plain)}` : sha1(plain))
      expect(shortcut.head['content-encoding'], encoding).toBe(gzip ? 'gzip' : undefined)
      expect((gzip ? gunzipSync(shortcut.body) : shortcut.body).toString(), encoding).toBe(plain)
    }
  })

  it('sends the reads of uploads too, and drops them on an upload, the content reads only on a content change', async () => {
    const visit = wire((request, env) => app.fetch(request, env))
    for (const path of ['/api/things', '/api/pics']) {
      expect((await visit(path)).viaChain, path).toBe(true)
      expect(await visit(path), path).toMatchObject({ status: 200, viaChain: false })
    }
    writeFileSync(file('uploads/pic.txt'), 'new pixels')
    const pics = await visit('/api/pics')
    expect([pics.viaChain, pics.body.toString()]).toEqual([true, 'new pixels'])
    expect((await visit('/api/pics')).viaChain).toBe(false)
    expect(await visit('/api/things')).toMatchObject({ viaChain: false, body: Buffer.from('one thing') })
  })

  it('never sends an answer of older content, also when another read took the new fingerprint first', async () => {
    const visit = wire((request, env) => app.fetch(request, env))
    await visit('/api/things')
    await visit('/api/n/1')
    expect((await visit('/api/things')).viaChain).toBe(false)
    writeFileSync(file('content/things.txt'), 'two things')
    // Another content read takes the new fingerprint: it is clean and recent when /api/things comes next.
    expect((await visit('/api/n/1')).viaChain).toBe(true)
    const things = await visit('/api/things')
    expect([things.viaChain, things.body.toString(), things.head.etag]).toEqual([true, 'two things', sha1('two things')])
    expect(await visit('/api/things')).toMatchObject({ viaChain: false, body: Buffer.from('two things') })
    // And straight after a change, with nothing in between.
    writeFileSync(file('content/things.txt'), 'three things')
    expect(await visit('/api/things')).toMatchObject({ viaChain: true, body: Buffer.from('three things') })
  })

  it("answers revalidation with the chain's 304 for the ETag sent, weak or strong, and a full answer for an old one", async () => {
    const chain = new Hono()
    chain.use('*', compression)
    chain.use('*', validators)
    chain.route('/', app)
    const visit = wire((request, env) => chain.fetch(request, env))
    const plain = 'x'.repeat(2000)
    for (const encoding of ['identity', 'gzip']) {
      const etag = encoding === 'gzip' ? `W/${sha1(plain)}` : sha1(plain)
      const headers = { 'accept-encoding': encoding }
      await visit('/api/big/2000', headers)
      await visit('/api/big/2000', headers)
      const full = await visit('/api/big/2000', headers)
      expect([full.viaChain, full.status, full.head.etag], encoding).toEqual([false, 200, etag])
      const ask = { ...headers, 'if-none-match': etag }
      const first = await visit('/api/big/2000', ask)
      const again = await visit('/api/big/2000', ask)
      expect([first.viaChain, first.status, again.viaChain, again.status], encoding).toEqual([true, 304, false, 304])
      expect(again.head, encoding).toEqual(first.head)
      expect(again.head.etag, encoding).toBe(etag)
      expect(again.body.length, encoding).toBe(0)
      const old = await visit('/api/big/2000', { ...headers, 'if-none-match': '"old"' })
      expect([old.status, old.head.etag], encoding).toEqual([200, etag])
    }
  })

  it('leaves other paths to the chain, and sends the pages of the source handed last, not those of the one before', async () => {
    let rendered = 'old page'
    const visit = wire(async (request, env) =>
      new URL(request.url).pathname === '/about'
        ? new Response(rendered, { headers: { 'content-type': 'text/html', etag: sha1(rendered) } })
        : app.fetch(request, env),
    )
    for (let i = 0; i < 3; i++) expect(await visit('/api/other')).toMatchObject({ viaChain: true, body: Buffer.from('not content') })
    expect(await visit('/about')).toMatchObject({ viaChain: true, body: Buffer.from('old page') })
    expect((await visit('/about')).viaChain).toBe(true)
    /** Pages kept as the page renderer keeps them: one answer for /about. */
    const pages = (text: string): KeptAnswers => {
      const body = Buffer.from(text)
      const kept = { status: 200, body, gzip: gzipSync(body), etag: sha1(text) }
      return {
        serves: (url) => url === '/about',
        answer: async () => kept,
        answerInCheckPhase: () => kept,
        isKept: (url, etag) => url === '/about' && etag === kept.etag,
      }
    }
    cache.servePages(pages('old page'))
    expect((await visit('/about')).viaChain).toBe(true)
    const old = await visit('/about')
    expect([old.viaChain, old.body.toString(), old.head['content-type']]).toEqual([false, 'old page', 'text/html'])
    // A new app's pages: what the old one left is not sent again.
    rendered = 'new page'
    cache.servePages(pages('new page'))
    expect(await visit('/about')).toMatchObject({ viaChain: true, body: Buffer.from('new page') })
    expect(await visit('/about')).toMatchObject({ viaChain: false, body: Buffer.from('new page') })
    expect(await visit('/api/other')).toMatchObject({ viaChain: true, body: Buffer.from('not content') })
  })

  it('stops watching both content/ and uploads/ when closed, and still drops answers that changed', async () => {
    const visit = wire((request, env) => app.fetch(request, env))
    await visit('/api/pics')
    expect([cache.generation.watching, cache.withUploads.watching]).toEqual([true, true])
    cache.close()
    expect([cache.generation.watching, cache.withUploads.watching]).toEqual([false, false])
    writeFileSync(file('uploads/pic.txt'), 'new pixels')
    expect(await visit('/api/pics')).toMatchObject({ viaChain: true, body: Buffer.from('new pixels') })
  })

  it('sends a kept answer after the one-second look at unchanged files too (the look made first)', async () => {
    const visit = wire((request, env) => app.fetch(request, env))
    await visit('/api/things')
    expect((await visit('/api/things')).viaChain).toBe(false)
    const real = performance.now.bind(performance)
    vi.spyOn(performance, 'now').mockImplementation(() => real() + 1500)
    expect(await visit('/api/things')).toMatchObject({ viaChain: false, body: Buffer.from('one thing') })
  })

  it('sends kept answers with a CDN lifetime once every boundary has passed', async () => {
    const boundary = Date.UTC(2027, 0, 10, 12)
    cache.followSchedule({ boundaries: async () => [boundary], cdnSeconds: 60 })
    moveClockTo(boundary + 1000)
    const visit = wire((request, env) => app.fetch(request, env))
    await visit('/api/things')
    expect(await visit('/api/things')).toMatchObject({ viaChain: false, body: Buffer.from('one thing') })
    expect(cache.secondsToNextBoundary()).toBeNull()
  })

  it("keeps no template from an answer it does not keep: an owner's 304 lends its headers to no visitor", async () => {
    const chain = new Hono()
    chain.use('*', validators)
    chain.use('*', async (c, next) => {
      await next()
      c.header('Cache-Control', c.req.header('x-owner') === '1' ? 'no-store' : 'no-cache')
    })
    chain.route('/', app)
    const visit = wire((request, env) => chain.fetch(request, env))
    // An owner's answer where nothing is kept yet.
    expect(await visit('/api/n/7', { 'x-owner': '1' })).toMatchObject({ status: 200, body: Buffer.from('{"n":"7"}') })
    // A visitor's answer kept, then out of date: the owner's requests go to the chain, beside the kept answer.
    await visit('/api/things')
    writeFileSync(file('content/things.txt'), 'two things')
    const owner = await visit('/api/things', { 'x-owner': '1' })
    expect([owner.status, owner.body.toString(), owner.head['cache-control']]).toEqual([200, 'the owner sees more', 'no-store'])
    const ownerAgain = await visit('/api/things', { 'x-owner': '1', 'if-none-match': owner.head.etag })
    expect([ownerAgain.status, ownerAgain.head['cache-control']]).toEqual([304, 'no-store'])
    await visit('/api/things')
    const seen = await visit('/api/things')
    expect([seen.viaChain, seen.body.toString(), seen.head['cache-control']]).toEqual([false, 'two things', 'no-cache'])
    for (let i = 0; i < 2; i++) {
      const again = await visit('/api/things', { 'if-none-match': seen.head.etag })
      expect([again.viaChain, again.status, again.head['cache-control']], `revalidation ${i}`).toEqual([i === 0, 304, 'no-cache'])
    }
  })
})

// The Node-level shortcut, in-process: what a visitor gets from it (status, headers, bytes) against what the chain
// gave the same URL, and every request it must leave to the chain (a session, HEAD, a look-alike URL, a stale answer).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { beforeEach, describe, expect, it } from 'vitest'
import { acceptsGzip, type KeptAnswer, type KeptAnswers } from './kept-answer'
import { NodeShortcut } from './node-shortcut'

const COOKIE = 'studio_session'

const answerOf = (name: string, size = 40, status = 200): KeptAnswer => {
  const body = Buffer.from(`<p>${name}</p>`.padEnd(size, '.'))
  return { status, body, gzip: gzipSync(body), etag: `"${name}"` }
}

/** What the source keeps per URL (and the chain answers), and how its checks answer. */
let kept: Map<string, KeptAnswer>
let checkPhase: 'ready' | 'wait' | 'throw'
let later: 'ready' | 'reject'
let stale: Set<string>
let near: boolean
const source: KeptAnswers = {
  serves: (url) => url.startsWith('/'),
  answer: async (url) => {
    if (later === 'reject') throw new Error('check failed')
    return stale.has(url) ? null : (kept.get(url) ?? null)
  },
  answerInCheckPhase: (url) => {
    if (checkPhase === 'wait') return undefined
    if (checkPhase === 'throw') throw new Error('check failed')
    return stale.has(url) ? null : (kept.get(url) ?? null)
  },
  isKept: (url, etag) => {
    const a = kept.get(url)
    return a !== undefined && (etag === a.etag || etag === `W/${a.etag}`)
  },
}

/** How the chain (Hono, the middleware) answers a URL: as kept, or overridden for a test. */
let chainOverride: Map<string, (request: Request) => Response>
/** The requests that reached the chain. */
const reachedChain = new WeakSet<IncomingMessage>()
function chain(request: Request): Response {
  const url = new URL(request.url)
  const override = chainOverride.get(url.pathname + url.search)
  if (override) return override(request)
  const a = kept.get(url.pathname + url.search)
  if (!a) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  const gzip = a.body.length >= 1024 && acceptsGzip(request.headers.get('accept-encoding') ?? undefined)
  const etag = gzip ? `W/${a.etag}` : a.etag
  const session = (request.headers.get('cookie') ?? '').includes(`${COOKIE}=`)
  const common = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': session ? 'private, no-cache' : 'public, s-maxage=60',
    'x-frame-options': 'DENY',
    // As the page renderer: Vary only on a gzip answer.
    ...(gzip ? { vary: 'Accept-Encoding' } : {}),
    date: 'Sat, 28 Nov 2026 00:00:00 GMT',
  }
  const inm = request.headers.get('if-none-match')
  const tags = inm?.split(',').map((t) => t.trim().replace(/^W\//, ''))
  if (inm === '*' || tags?.includes(a.etag)) return new Response(null, { status: 304, headers: { ...common, etag } })
  const body = gzip ? a.gzip : a.body
  return new Response(body, {
    status: a.status,
    headers: { ...common, etag, 'content-length': String(body.length), ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
  })
}

interface Visit {
  status: number
  /** Header names and values in pairs, as written. */
  head: [string, string][]
  body: Buffer
  viaChain: boolean
}

let shortcut: NodeShortcut
let recorded: ReturnType<NodeShortcut['recording']>
let listen: (req: IncomingMessage, res: ServerResponse) => unknown

/** The chain behind the shortcut, as @hono/node-server runs it: the recording fetch, written to the response. */
const next = async (req: IncomingMessage, res: ServerResponse) => {
  reachedChain.add(req)
  const request = new Request(`http://studio.test${req.url}`, { method: req.method, headers: req.headers as Record<string, string> })
  const r = await recorded(request, { incoming: req })
  const head: string[] = []
  r.headers.forEach((value, name) => head.push(name, value))
  res.writeHead(r.status, head)
  res.end(Buffer.from(await r.arrayBuffer()))
}

function visit(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Visit> {
  return new Promise((resolve) => {
    let status = 0
    let flat: string[] = []
    const res = {
      writeHead(s: number, h: string[]) {
        status = s
        flat = h
        return res
      },
      end(body?: Uint8Array) {
        const head: [string, string][] = []
        for (let i = 0; i < flat.length; i += 2) head.push([flat[i].toLowerCase(), flat[i + 1]])
        resolve({ status, head, body: Buffer.from(body ?? []), viaChain: reachedChain.has(req) })
      },
    }
    const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    const req = { method, url, headers: lowered } as unknown as IncomingMessage
    listen(req, res as unknown as ServerResponse)
  })
}

const header = (v: Visit, name: string) => v.head.filter(([n]) => n === name).map(([, value]) => value)
const sorted = (v: Visit) => v.head.filter(([n]) => n !== 'date').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

beforeEach(() => {
  kept = new Map([
    ['/contact', answerOf('contact')],
    ['/big', answerOf('big', 1024)],
    ['/almost', answerOf('almost', 1023)],
  ])
  checkPhase = 'ready'
  later = 'ready'
  stale = new Set()
  near = false
  chainOverride = new Map()
  shortcut = new NodeShortcut({ sourceOf: (url) => (source.serves(url) ? source : null), nearBoundary: () => near })
  recorded = shortcut.recording(async (request) => chain(request), COOKIE)
  listen = shortcut.listener(next, COOKIE)
})

describe('the Node shortcut in front of the chain', () => {
  it("answers a kept URL, once the chain answered it, with the chain's status, headers and bytes, plain and gzip", async () => {
    for (const [url, encoding, gzip] of [
      ['/contact', 'gzip', false],
      ['/big', 'identity', false],
      ['/big', 'gzip, deflate, br', true],
      ['/big', 'br, gzip;q=0.5', true],
      ['/big', 'gzip;q=0', false],
      ['/big', '', false],
    ] as const) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {}
      shortcut.forget()
      const first = await visit(url, headers)
      const second = await visit(url, headers)
      const what = `${url} ${encoding}`
      expect(first.viaChain, what).toBe(true)
      expect(second.viaChain, what).toBe(false)
      expect(second.status, what).toBe(200)
      expect(sorted(second), what).toEqual(sorted(first))
      expect(second.body.equals(first.body), what).toBe(true)
      const a = kept.get(url)!
      expect(second.body.equals(gzip ? a.gzip : a.body), what).toBe(true)
      // Each of the body's own headers once, for this body.
      expect(header(second, 'etag'), what).toEqual([gzip ? `W/${a.etag}` : a.etag])
      expect(header(second, 'content-length'), what).toEqual([String(second.body.length)])
      expect(header(second, 'content-encoding'), what).toEqual(gzip ? ['gzip'] : [])
      expect(header(second, 'date'), what).toEqual([])
      expect(header(second, 'cache-control'), what).toEqual(['public, s-maxage=60'])
    }
  })

  it("never copies the chain's connection or transfer headers into the template (Node writes its own)", async () => {
    chainOverride.set('/contact', (request) => {
      const a = kept.get('/contact')!
      const headers = {
        'content-type': 'text/html; charset=utf-8',
        etag: a.etag,
        'x-frame-options': 'DENY',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
      }
      return new Response(request.headers.get('if-none-match') ? null : a.body, {
        status: request.headers.get('if-none-match') ? 304 : 200,
        headers,
      })
    })
    await visit('/contact')
    await visit('/contact', { 'if-none-match': '"contact"' })
    for (const headers of [{}, { 'if-none-match': '"contact"' }] as Record<string, string>[]) {
      const v = await visit('/contact', headers)
      expect(v.viaChain).toBe(false)
      expect(v.head.map(([name]) => name).sort()).toEqual(
        ['content-type', 'etag', 'x-frame-options', ...('if-none-match' in headers ? [] : ['content-length'])].sort(),
      )
    }
  })

  it('keeps the plain and the gzip templates of one URL apart', async () => {
    const gzip = { 'accept-encoding': 'gzip' }
    const chainPlain = await visit('/big')
    const chainGzip = await visit('/big', gzip)
    expect([chainPlain.viaChain, chainGzip.viaChain]).toEqual([true, true])
    const plain = await visit('/big')
    const zipped = await visit('/big', gzip)
    expect([plain.viaChain, zipped.viaChain]).toEqual([false, false])
    expect(sorted(plain)).toEqual(sorted(chainPlain))
    expect(sorted(zipped)).toEqual(sorted(chainGzip))
    expect(header(plain, 'vary')).toEqual([])
    expect(header(zipped, 'vary')).toEqual(['Accept-Encoding'])
  })

  it('gzips from 1024 bytes, not at 1023', async () => {
    const headers = { 'accept-encoding': 'gzip' }
    for (const url of ['/almost', '/big']) {
      await visit(url, headers)
      const v = await visit(url, headers)
      expect(v.viaChain, url).toBe(false)
      expect(header(v, 'content-encoding'), url).toEqual(url === '/big' ? ['gzip'] : [])
      expect(v.body.equals(url === '/big' ? kept.get(url)!.gzip : kept.get(url)!.body), url).toBe(true)
    }
  })

  it('answers If-None-Match as the chain does: any listed tag, weak or strong, or *; one character off gets the page', async () => {
    const a = kept.get('/big')!
    const strong = a.etag
    for (const [encoding, etag] of [
      ['identity', strong],
      ['gzip', `W/${strong}`],
    ]) {
      const headers = { 'accept-encoding': encoding }
      await visit('/big', headers)
      // The chain's 304 leaves the template for the shortcut's.
      const chain304 = await visit('/big', { ...headers, 'if-none-match': etag })
      expect(chain304.viaChain).toBe(true)
      expect(chain304.status).toBe(304)
      for (const inm of [etag, strong, `W/${strong}`, `"zzz", ${etag}`, `${etag},"zzz"`, '*']) {
        const v = await visit('/big', { ...headers, 'if-none-match': inm })
        expect([v.status, v.viaChain], `${encoding} ${inm}`).toEqual([304, false])
        expect(v.body.length).toBe(0)
        expect(sorted(v), inm).toEqual(sorted(chain304))
        expect(header(v, 'etag')).toEqual([etag])
        expect(header(v, 'content-length')).toEqual([])
        expect(header(v, 'content-encoding')).toEqual([])
      }
      const offByOne = [
        strong.slice(0, -2) + '"',
        strong.slice(0, -1),
        strong.slice(1, -1),
        `"${strong.slice(1, -1)}x"`,
        '**',
        '',
        'W/"bi"',
      ]
      for (const inm of offByOne) {
        const v = await visit('/big', { ...headers, 'if-none-match': inm })
        expect([v.status, v.viaChain], `${encoding} ${inm}`).toEqual([200, false])
        expect(v.body.length).toBeGreaterThan(0)
      }
    }
  })

  it('leaves to the chain a HEAD, a POST, the session cookie, and records nothing from them', async () => {
    const session = { cookie: `theme=dark; ${COOKIE}=abc` }
    const owner = await visit('/contact', session)
    expect(owner.viaChain).toBe(true)
    expect(header(owner, 'cache-control')).toEqual(['private, no-cache'])
    await visit('/contact', {}, 'HEAD')
    // Neither left a template: a visitor's first request still goes to the chain, and is never given the owner's headers.
    const visitor = await visit('/contact')
    expect(visitor.viaChain).toBe(true)
    expect(header(visitor, 'cache-control')).toEqual(['public, s-maxage=60'])
    for (const [method, headers] of [
      ['HEAD', {}],
      ['POST', {}],
      ['GET', session],
      ['GET', { cookie: `${COOKIE}=` }],
    ] as const)
      expect((await visit('/contact', headers, method)).viaChain, `${method} ${JSON.stringify(headers)}`).toBe(true)
    for (const cookie of ['theme=dark', COOKIE, `${COOKIE}_other`])
      expect((await visit('/contact', { cookie })).viaChain, cookie).toBe(false)
    expect(header(await visit('/contact'), 'cache-control')).toEqual(['public, s-maxage=60'])
  })

  it('leaves to the chain a URL it has no template for: a query, a trailing slash, a missing page', async () => {
    await visit('/contact')
    expect((await visit('/contact')).viaChain).toBe(false)
    for (const url of ['/contact?x=1', '/contact/', '/Contact', '/nope']) {
      const first = await visit(url)
      const second = await visit(url)
      expect([first.viaChain, second.viaChain], url).toEqual([true, true])
      expect(second.status, url).toBe(404)
    }
  })

  it('leaves to the chain a stale answer, a kept error page, and any answer near a schedule boundary', async () => {
    await visit('/contact')
    stale.add('/contact')
    expect((await visit('/contact')).viaChain).toBe(true)
    stale.clear()
    expect((await visit('/contact')).viaChain).toBe(false)
    near = true
    expect((await visit('/contact')).viaChain).toBe(true)
    near = false
    expect((await visit('/contact')).viaChain).toBe(false)
    // The source keeps a 404 page for the URL: the chain answers it (with its own headers).
    kept.set('/contact', answerOf('contact', 40, 404))
    const v = await visit('/contact')
    expect([v.viaChain, v.status]).toEqual([true, 404])
  })

  it('waits for the full check when the check phase cannot tell, and goes to the chain when a check fails', async () => {
    await visit('/contact')
    checkPhase = 'wait'
    const waited = await visit('/contact')
    expect([waited.viaChain, waited.status]).toEqual([false, 200])
    expect(waited.body.equals(kept.get('/contact')!.body)).toBe(true)
    stale.add('/contact')
    expect((await visit('/contact')).viaChain).toBe(true)
    stale.clear()
    later = 'reject'
    const failed = await visit('/contact')
    expect([failed.viaChain, failed.status]).toEqual([true, 200])
    checkPhase = 'throw'
    later = 'ready'
    const thrown = await visit('/contact')
    expect([thrown.viaChain, thrown.status]).toEqual([true, 200])
  })

  it('answers the requests of one turn together, each with its own answer', async () => {
    await visit('/contact')
    await visit('/big', { 'accept-encoding': 'gzip' })
    const [a, b, c] = await Promise.all([visit('/contact'), visit('/big', { 'accept-encoding': 'gzip' }), visit('/nope')])
    expect([a.viaChain, b.viaChain, c.viaChain]).toEqual([false, false, true])
    expect(a.body.equals(kept.get('/contact')!.body)).toBe(true)
    expect(b.body.equals(kept.get('/big')!.gzip)).toBe(true)
  })

  it('sends a newly kept answer under the same template with its own ETag and length', async () => {
    await visit('/contact')
    const renewed = answerOf('contact-2', 77)
    kept.set('/contact', renewed)
    const v = await visit('/contact')
    expect(v.viaChain).toBe(false)
    expect(v.body.equals(renewed.body)).toBe(true)
    expect(header(v, 'etag')).toEqual(['"contact-2"'])
    expect(header(v, 'content-length')).toEqual(['77'])
  })

  it('records no template from an answer that is not a kept one, has no ETag, is an error, or whose encoding and ETag disagree', async () => {
    const overrides: [string, (r: Request) => Response][] = [
      ['/contact', () => new Response('<p>contact</p>', { status: 200, headers: { 'content-type': 'text/html' } })],
      ['/contact', () => new Response('<p>other</p>', { status: 200, headers: { etag: '"other"' } })],
      ['/contact', () => new Response('<p>contact</p>', { status: 500, headers: { etag: '"contact"' } })],
      ['/contact', () => new Response('<p>contact</p>', { status: 201, headers: { etag: '"contact"' } })],
      // gzip's weak ETag on plain bytes, and the other way round.
      ['/big', () => new Response(kept.get('/big')!.body, { status: 200, headers: { etag: 'W/"big"' } })],
      ['/big', () => new Response(kept.get('/big')!.gzip, { status: 200, headers: { etag: '"big"', 'content-encoding': 'gzip' } })],
    ]
    for (const [url, answer] of overrides) {
      shortcut.forget()
      chainOverride.set(url, answer)
      const headers = { 'accept-encoding': 'gzip' }
      for (let i = 0; i < 3; i++) {
        expect((await visit(url, headers)).viaChain, String(answer)).toBe(true)
        expect((await visit(url)).viaChain, String(answer)).toBe(true)
      }
      chainOverride.clear()
    }
  })

  it('forgets every template when told (a new source of pages), and records them again', async () => {
    await visit('/contact')
    expect((await visit('/contact')).viaChain).toBe(false)
    shortcut.forget()
    expect((await visit('/contact')).viaChain).toBe(true)
    expect((await visit('/contact')).viaChain).toBe(false)
  })

  it('keeps up to 2000 templates, then starts again with none', async () => {
    const record = (url: string) =>
      recorded(new Request(`http://studio.test${url}`), { incoming: { method: 'GET', url, headers: {} } as IncomingMessage })
    for (let i = 0; i <= 2000; i++) kept.set(`/t${i}`, answerOf(`t${i}`))
    for (let i = 0; i < 2000; i++) await record(`/t${i}`)
    expect((await visit('/t0')).viaChain).toBe(false)
    expect((await visit('/t1999')).viaChain).toBe(false)
    await record('/t2000')
    expect((await visit('/t0')).viaChain).toBe(true)
    expect((await visit('/t1999')).viaChain).toBe(true)
    expect((await visit('/t2000')).viaChain).toBe(false)
  })
})

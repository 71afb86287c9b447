// The collect shortcut's edges, as a visitor, the owner or a prober sees them: which requests it answers itself and
// which it hands to the app (method, address, cookie, a body at and one byte past the limit, an empty one), the
// headers of its answers, the privacy signals, the request's own host (with a port) as the site, a visitor hanging up
// mid-body, and errors inside answered 4xx with their message or 500 without it.
import { createServer, request, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { HTTPException } from 'hono/http-exception'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { studioToday } from '../lib/studio-time'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app'
import { BEACON_BODY_LIMIT, createBeaconIntake, type BeaconIntake } from './beacon-intake'
import { collectShortcut } from './collect-shortcut'
import { AGENTS } from './testing-agents'

let t: TestApp
const servers: Server[] = []
let passedOn: string[] = []

/** The app behind the shortcut: notes the case it was handed and answers 299, so a handed-on request shows. */
const app: RequestListener = (req, res) => {
  passedOn.push(String(req.headers['x-case']))
  req.resume()
  res.writeHead(299)
  res.end()
}

async function listen(beacons: BeaconIntake): Promise<number> {
  const server = createServer(collectShortcut(app, beacons, { publicOrigin: TEST_ORIGIN, trustProxy: ['127.0.0.0/8'] }))
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as AddressInfo).port
}

let port: number
beforeAll(async () => {
  t = await createTestApp()
  port = await listen(createBeaconIntake(t.deps))
})
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
  await t.cleanup()
})
afterEach(() => {
  passedOn = []
  vi.restoreAllMocks()
})

interface Answer {
  status: number
  headers: IncomingMessage['headers']
  body: string
}

let visitors = 0
/** A beacon from a visitor of its own (a new forwarded address each time), sent raw: fetch would add headers. */
function send(
  name: string,
  body: string,
  {
    method = 'POST',
    path = '/api/collect',
    headers = {},
    to = port,
  }: { method?: string; path?: string; headers?: Record<string, string>; to?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port: to,
        method,
        path,
        headers: {
          'X-Case': name,
          'Content-Length': String(Buffer.byteLength(body)),
          'Content-Type': 'text/plain;charset=UTF-8',
          'User-Agent': AGENTS.iphone,
          'X-Forwarded-For': `203.0.113.${++visitors}`,
          Origin: TEST_ORIGIN,
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const beacon = (path = '/', referrer = '') => JSON.stringify({ path, referrer })
const today = async () => (await t.deps.insights.day(studioToday()))!
let before = { pageviews: 0, sources: {} as Record<string, number> }
const counted = async () => (await today()).pageviews - before.pageviews
const mark = async () => {
  const day = await today()
  before = { pageviews: day.pageviews, sources: { ...day.sources } }
}
/** The sources counted since mark(). */
async function newSources(): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const [k, n] of Object.entries((await today()).sources)) if (n - (before.sources[k] ?? 0) > 0) out[k] = n - (before.sources[k] ?? 0)
  return out
}

describe('what the shortcut answers itself and what it hands to the app', () => {
  it('hands a PUT, a POST to another address or with a query, and a request with a cookie to the app', async () => {
    await mark()
    await send('put', beacon(), { method: 'PUT' })
    await send('contact', beacon(), { path: '/api/contact' })
    await send('longer', beacon(), { path: '/api/collect/x' })
    await send('query', beacon(), { path: '/api/collect?x=1' })
    await send('cookie', beacon(), { headers: { Cookie: 'session=abc' } })
    expect(passedOn).toEqual(['put', 'contact', 'longer', 'query', 'cookie'])
    expect(await counted()).toBe(0)
  })

  it(`answers a body of exactly ${BEACON_BODY_LIMIT} bytes itself and hands one byte more, and an empty body, to the app`, async () => {
    await mark()
    const exact = beacon().padEnd(BEACON_BODY_LIMIT, ' ')
    expect(Buffer.byteLength(exact)).toBe(BEACON_BODY_LIMIT)
    expect((await send('exact', exact)).status).toBe(204)
    expect(passedOn).toEqual([])
    expect(await counted()).toBe(1)
    expect((await send('over', `${exact} `)).status).toBe(299)
    expect((await send('empty', '')).status).toBe(299)
    expect(passedOn).toEqual(['over', 'empty'])
    expect(await counted()).toBe(1)
  })

  it('does not count a visitor who sends DNT: 1 or Sec-GPC: 1, and counts one who sends DNT: 0', async () => {
    await mark()
    expect((await send('dnt', beacon(), { headers: { DNT: '1' } })).status).toBe(204)
    expect((await send('gpc', beacon(), { headers: { 'Sec-GPC': '1' } })).status).toBe(204)
    expect(await counted()).toBe(0)
    expect((await send('dnt0', beacon(), { headers: { DNT: '0' } })).status).toBe(204)
    expect(await counted()).toBe(1)
    expect(passedOn).toEqual([])
  })
})

describe('its answers', () => {
  it('answers a beacon 204 with no body or type, never cached or sniffed', async () => {
    const res = await send('ok', beacon())
    expect(res.status).toBe(204)
    expect(res.body).toBe('')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-type']).toBeUndefined()
    expect(res.headers['content-length']).toBeUndefined()
  })

  it('answers a malformed beacon 400 as JSON of the exact length, never cached or sniffed', async () => {
    const res = await send('bad', 'not json')
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toEqual({ error: 'The page view is not valid JSON' })
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)))
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(passedOn).toEqual([])
  })
})

describe('the site as the request names it', () => {
  it('a referrer from the host the request was sent to, with its port dropped, is the site itself (direct)', async () => {
    await mark()
    await send('alias', beacon('/', 'https://alias.test/services/bouquets'), { headers: { Host: 'alias.test:8080' } })
    await send('ipv6', beacon('/', 'https://[2001:db8::5]/about'), { headers: { Host: '[2001:db8::5]:8443' } })
    await send('elsewhere', beacon('/', 'https://other.test/'), { headers: { Host: 'alias.test:8080' } })
    expect(await newSources()).toEqual({ '(direct)': 2, 'other.test': 1 })
  })
})

describe('a visitor who hangs up mid-beacon', () => {
  it('costs the server nothing: no crash, nothing counted, the next beacon answered', async () => {
    await mark()
    const uncaught: unknown[] = []
    const note = (err: unknown) => uncaught.push(err)
    process.on('uncaughtException', note)
    try {
      const server = servers[0]
      const closed = new Promise<void>((r) => server.once('connection', (s) => s.once('close', () => r())))
      const socket = connect(port, '127.0.0.1')
      socket.on('error', () => undefined)
      await new Promise<void>((r) => socket.once('connect', () => r()))
      socket.write(
        `POST /api/collect HTTP/1.1\r\nHost: site.test\r\nContent-Type: text/plain\r\nContent-Length: 40\r\nUser-Agent: ${AGENTS.iphone}\r\n\r\n{"path":"/"`,
      )
      await new Promise((r) => setTimeout(r, 20))
      socket.destroy()
      await closed
      await new Promise((r) => setImmediate(r))
      await new Promise((r) => setImmediate(r))
      expect(uncaught).toEqual([])
      expect((await send('next', beacon())).status).toBe(204)
      expect(await counted()).toBe(1)
    } finally {
      process.off('uncaughtException', note)
    }
  })
})

describe('an error inside', () => {
  it('is answered with its status and message when it is a 4xx, and as a bare 500 otherwise', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let thrown: unknown
    const real = createBeaconIntake(t.deps)
    const failing = await listen({
      parse: real.parse,
      count: async () => {
        throw thrown
      },
    })
    const answerTo = async (err: unknown) => {
      thrown = err
      const res = await send('failing', beacon(), { to: failing })
      return [res.status, JSON.parse(res.body).error, res.headers['content-type']]
    }
    expect(await answerTo(new HTTPException(422, { message: 'Not a page of this site' }))).toEqual([
      422,
      'Not a page of this site',
      'application/json',
    ])
    expect(await answerTo(new HTTPException(500, { message: 'disk at /var/lib/site' }))).toEqual([
      500,
      'Internal server error',
      'application/json',
    ])
    expect(await answerTo(new HTTPException(503, { message: 'store busy' }))).toEqual([500, 'Internal server error', 'application/json'])
    expect(await answerTo(Object.assign(new Error('EIO reading services'), { status: 418 }))).toEqual([
      500,
      'Internal server error',
      'application/json',
    ])
    expect(errors).toHaveBeenCalledTimes(3)
    expect(passedOn).toEqual([])
  })
})

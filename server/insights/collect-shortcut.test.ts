import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { studioToday } from '../lib/studio-time'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app'
import { createBeaconIntake } from './beacon-intake'
import { collectShortcut } from './collect-shortcut'
import { AGENTS } from './testing-agents'

let t: TestApp
let server: Server
let port: number
let passedOn: string[]

beforeEach(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } })
  passedOn = []
  const fallback = (req: { url?: string; headers: Record<string, unknown> }, res: { writeHead: (s: number) => void; end: () => void }) => {
    passedOn.push(String(req.headers['x-case']))
    res.writeHead(299)
    res.end()
  }
  server = createServer(
    collectShortcut(fallback as never, createBeaconIntake(t.deps), { publicOrigin: TEST_ORIGIN, trustProxy: ['127.0.0.0/8', '::1'] }),
  )
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
})
afterEach(async () => {
  await new Promise((r) => server.close(r))
  await t.cleanup()
})

/** A raw request (fetch would add its own Origin and Sec-Fetch headers); chunked when no length is given. */
function post(
  name: string,
  body: string,
  headers: Record<string, string | undefined>,
  chunked = false,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const given = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>
    const req = request(
      {
        port,
        method: 'POST',
        path: '/api/collect',
        headers: {
          'X-Case': name,
          ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': Buffer.byteLength(body) }),
          ...given,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const beacon = JSON.stringify({ path: '/services/bouquets?utm_source=instagram', referrer: '' })
const visitor = (n: number) => ({
  'Content-Type': 'text/plain;charset=UTF-8',
  'User-Agent': AGENTS.iphone,
  'X-Forwarded-For': `203.0.113.${n}`,
  Origin: TEST_ORIGIN,
})

describe('the collect shortcut', () => {
  it("counts a visitor's beacon without the middleware chain, as the route would", async () => {
    expect(await post('visitor', beacon, visitor(1))).toEqual({ status: 204, body: '' })
    expect(await post('no origin', beacon, { ...visitor(2), Origin: undefined })).toEqual({ status: 204, body: '' })
    expect(await post('dnt', beacon, { ...visitor(3), DNT: '1' })).toEqual({ status: 204, body: '' })
    expect(passedOn).toEqual([])
    const day = (await t.deps.insights.day(studioToday()))!
    expect(day).toMatchObject({ visitors: 2, pageviews: 2, sources: { instagram: 2 }, services: { bouquets: { views: 2 } } })
  })

  it('answers a malformed beacon 400 {error} naming the field', async () => {
    const res = await post('bad', JSON.stringify({ path: 42 }), visitor(4))
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toEqual({ error: 'path must be the page address' })
  })

  it('hands everything else to the app: a session cookie, another origin, a chunked or large body, another type', async () => {
    await post('cookie', beacon, { ...visitor(5), Cookie: 'session=abc' })
    await post('origin', beacon, { ...visitor(6), Origin: 'https://evil.example' })
    await post('fetch-site', beacon, { ...visitor(7), Origin: undefined, 'Sec-Fetch-Site': 'cross-site' })
    await post('chunked', beacon, visitor(8), true)
    await post('large', JSON.stringify({ path: '/', referrer: 'x'.repeat(5000) }), visitor(9))
    await post('form', 'path=/', { ...visitor(10), 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(passedOn).toEqual(['cookie', 'origin', 'fetch-site', 'chunked', 'large', 'form'])
    expect((await t.deps.insights.day(studioToday()))!.pageviews).toBe(0)
  })
})

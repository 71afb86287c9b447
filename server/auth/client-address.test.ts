// Behind a proxy (TRUST_PROXY), the client is the address the proxy saw: the last X-Forwarded-For entry. The entries
// before it are whatever the visitor sent, so changing them must not dodge a limit; and the header counts only when a
// trusted proxy sent the request.
import { request } from 'node:http'
import { serve } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '../testing/test-app'

let t: TestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

const login = (app: TestApp, forwardedFor: string, password = 'wrong-password') =>
  app.call('POST', '/api/login', { json: { username: TEST_ADMIN.username, password }, headers: { 'X-Forwarded-For': forwardedFor } })

describe('client address behind a proxy', () => {
  it('a visitor who changes the leftmost X-Forwarded-For entry is still throttled by the proxy-seen address', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    for (let i = 0; i < 10; i++) expect((await login(t, `10.0.0.${i}, 198.51.100.7`)).status).toBe(401)
    expect((await login(t, '10.0.0.99, 198.51.100.7', TEST_ADMIN.password)).status).toBe(429)
    // Another client behind the same proxy is not blocked by the first one's failures.
    expect((await login(t, '198.51.100.8', TEST_ADMIN.password)).status).toBe(200)
  })

  it('spacing in the header does not make a new client, and a similar address is another client', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    for (let i = 0; i < 10; i++) expect((await login(t, i % 2 ? '10.0.0.1, 198.51.100.7' : '198.51.100.7')).status).toBe(401)
    expect((await login(t, ' 198.51.100.7 ', TEST_ADMIN.password)).status).toBe(429)
    expect((await login(t, '198.51.100.17', TEST_ADMIN.password)).status).toBe(200)
  })

  it('a forged header sent straight to the server (not from the trusted proxy) counts for nothing', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    const straight = (forwardedFor: string, password = 'wrong-password') =>
      t!.call('POST', '/api/login', {
        json: { username: TEST_ADMIN.username, password },
        headers: { 'X-Forwarded-For': forwardedFor },
        peer: '203.0.113.50',
      })
    for (let i = 0; i < 10; i++) expect((await straight(`198.51.100.${i}`)).status).toBe(401)
    expect((await straight('198.51.100.99', TEST_ADMIN.password)).status).toBe(429)
  })

  it('TRUST_PROXY lists the proxies: a hop through a trusted CDN range is skipped, an untrusted one is the client', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } })
    for (let i = 0; i < 10; i++) expect((await login(t, `192.0.2.${i}, 198.51.100.7, 10.9.8.${i}`)).status).toBe(401)
    expect((await login(t, '198.51.100.7, 10.1.1.1', TEST_ADMIN.password)).status).toBe(429)
    expect((await login(t, '198.51.100.8, 10.1.1.1', TEST_ADMIN.password)).status).toBe(200)
  })

  it('without TRUST_PROXY the header is ignored: changing it dodges nothing', async () => {
    t = await createTestApp()
    for (let i = 0; i < 10; i++) expect((await login(t, `203.0.113.${i}`)).status).toBe(401)
    expect((await login(t, '203.0.113.99', TEST_ADMIN.password)).status).toBe(429)
  })

  it('a public form limit cannot be dodged the same way', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    const subscribe = (i: number) =>
      t!.call('POST', '/api/subscribe', {
        json: { email: `a${i}@example.com`, firstName: 'A', lastName: 'B', segment_ids: [] },
        headers: { 'X-Forwarded-For': `172.16.0.${i}, 203.0.113.5` },
      })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await subscribe(i)).status)
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('client address over a real connection', () => {
  /** The app served on a local port, as in production (the address then comes from the socket). */
  async function served(app: TestApp): Promise<{ url: string; close: () => void }> {
    return new Promise((resolve) => {
      const server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
      )
    })
  }
  /** A login with the right password sent from another local address (Linux answers on all of 127.0.0.0/8). */
  const loginFrom = (localAddress: string, url: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(TEST_ADMIN)
      const req = request(
        `${url}/api/login`,
        {
          method: 'POST',
          localAddress,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Origin: TEST_ORIGIN },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  const loginAt = (url: string, headers: Record<string, string>, password = 'wrong-password') =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify({ username: TEST_ADMIN.username, password }),
    })

  it('without TRUST_PROXY the socket peer is the client: ten failures from it block it, whatever it claims', async () => {
    t = await createTestApp()
    const { url, close } = await served(t)
    try {
      for (let i = 0; i < 10; i++) expect((await loginAt(url, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(401)
      const blocked = await loginAt(url, {}, TEST_ADMIN.password)
      expect(blocked.status).toBe(429)
      expect(await blocked.json()).toEqual({ error: 'Too many login attempts. Please try again later.' })
    } finally {
      close()
    }
  })

  it('another address is another client: one blocked peer does not block the next', async () => {
    t = await createTestApp()
    const { url, close } = await served(t)
    try {
      for (let i = 0; i < 10; i++) expect((await loginAt(url, {})).status).toBe(401)
      expect((await loginAt(url, {}, TEST_ADMIN.password)).status).toBe(429)
      expect(await loginFrom('127.0.0.2', url)).toBe(200)
    } finally {
      close()
    }
  })

  it('behind a proxy, an empty X-Forwarded-For counts as the socket peer, not as a client of its own', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    const { url, close } = await served(t)
    try {
      for (let i = 0; i < 10; i++) expect((await loginAt(url, i % 2 ? { 'X-Forwarded-For': '' } : {})).status).toBe(401)
      expect((await loginAt(url, { 'X-Forwarded-For': '' }, TEST_ADMIN.password)).status).toBe(429)
      // A client the proxy names is another client.
      expect((await loginAt(url, { 'X-Forwarded-For': '198.51.100.20' }, TEST_ADMIN.password)).status).toBe(200)
    } finally {
      close()
    }
  })
})

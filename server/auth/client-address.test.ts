// Behind a proxy (TRUST_PROXY), the client is the address the proxy saw: the last X-Forwarded-For entry. The entries
// before it are whatever the visitor sent, so changing them must not dodge a limit.
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app'

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
    for (let i = 0; i < 10; i++) expect((await login(t, i % 2 ? '10.0.0.1,198.51.100.7' : '198.51.100.7')).status).toBe(401)
    expect((await login(t, ' 198.51.100.7 ', TEST_ADMIN.password)).status).toBe(429)
    expect((await login(t, '198.51.100.17', TEST_ADMIN.password)).status).toBe(200)
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

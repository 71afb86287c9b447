// Sign-in under attack: parallel guesses are counted before hashing, hashing runs one at a time in a short line, a
// flood from many addresses cannot lock out a device the owner signed in with before, and the owner sees the failures.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HashQueue } from './hash-queue'
import { DeviceCookies } from './device-cookies'
import { LoginThrottle } from './login-throttle'
import { useTestApp, TEST_ADMIN, createTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

const login = (t: TestApp, password: string, headers: Record<string, string> = {}, cookie?: string) =>
  t.call('POST', '/api/login', { json: { username: TEST_ADMIN.username, password }, headers, cookie })

const cookieValue = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]

describe('parallel guesses', () => {
  it('twenty wrong passwords at once from one address: ten are checked (401), the rest refused (429) unhashed', async () => {
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => login(ctx.t, `wrong-${i}`)))).map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect((await login(ctx.t, TEST_ADMIN.password)).status).toBe(429)
  })

  it('a hundred logins at once from a hundred addresses: one password check at a time, the overflow refused at once', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    try {
      const queue = t.deps.auth.hashes
      const run = queue.run.bind(queue)
      let active = 0
      let peak = 0
      let checked = 0
      queue.run = (task, lane) =>
        run(async () => {
          active++
          checked++
          peak = Math.max(peak, active)
          try {
            return await task()
          } finally {
            active--
          }
        }, lane)
      const statuses = (
        await Promise.all(Array.from({ length: 100 }, (_, i) => login(t, `wrong-${i}`, { 'X-Forwarded-For': `198.51.100.${i}` })))
      ).map((r) => r.status)
      expect(peak).toBe(1)
      expect(checked).toBe(statuses.filter((s) => s === 401).length)
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    } finally {
      await t.cleanup()
    }
  })

  it('the hashing line: one at a time, known devices first, a full line refused with 429', async () => {
    const queue = new HashQueue(1, 2)
    const order: string[] = []
    let release!: () => void
    const first = queue.run(() => new Promise<void>((r) => (release = r)).then(() => order.push('first')))
    const others = [queue.run(async () => order.push('other-1')), queue.run(async () => order.push('other-2'))]
    await expect(queue.run(async () => order.push('other-3'))).rejects.toMatchObject({ status: 429 })
    const known = queue.run(async () => order.push('known'), 'known')
    release()
    await Promise.all([first, ...others, known])
    expect(order).toEqual(['first', 'known', 'other-1', 'other-2'])
    expect(queue.pending).toBe(0)
  })
})

describe('device cookies', () => {
  it("a flood from 100 forged addresses uses up everyone-else's allowance, but the owner's known device still signs in", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } })
    try {
      const first = await login(t, TEST_ADMIN.password, { 'X-Forwarded-For': '203.0.113.10' })
      expect(first.status).toBe(200)
      const device = cookieValue(first, 'device')!
      expect(device).toMatch(/^device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
      expect(first.headers.getSetCookie().find((c) => c.startsWith('device='))).toMatch(/HttpOnly; SameSite=Lax/)
      for (let i = 0; i < 100; i++) await login(t, `wrong-${i}`, { 'X-Forwarded-For': `198.51.${i >> 4}.${i}` })
      // Without the device cookie, even the right password from a fresh address is refused...
      expect((await login(t, TEST_ADMIN.password, { 'X-Forwarded-For': '203.0.113.10' })).status).toBe(429)
      // ...with it, the owner is in.
      expect((await login(t, TEST_ADMIN.password, { 'X-Forwarded-For': '203.0.113.10' }, device)).status).toBe(200)
    } finally {
      await t.cleanup()
    }
  })

  it('a known device has its own allowance of ten failures; a forged or altered cookie is an unknown client', async () => {
    const ok = await login(ctx.t, TEST_ADMIN.password)
    const device = cookieValue(ok, 'device')!
    for (let i = 0; i < 10; i++) expect((await login(ctx.t, `wrong-${i}`, {}, device)).status).toBe(401)
    expect((await login(ctx.t, TEST_ADMIN.password, {}, device)).status).toBe(429)
    // The address itself was not charged for the device's failures.
    expect((await login(ctx.t, TEST_ADMIN.password)).status).toBe(200)
    const altered = device.slice(0, -2) + (device.endsWith('AA') ? 'BB' : 'AA')
    const devices = ctx.t.deps.auth.devices
    expect(devices.verify(altered.split('=')[1])).toBeNull()
    expect(devices.verify(new DeviceCookies(Buffer.alloc(32, 7), TEST_ADMIN.username).issue())).toBeNull()
  })

  it('a throttle slot taken for a check that never ran is given back', () => {
    const throttle = new LoginThrottle(() => 0)
    for (let i = 0; i < 20; i++) throttle.reserve('10.0.0.1')!.cancel()
    expect(throttle.isBlocked('10.0.0.1')).toBe(false)
    for (let i = 0; i < 10; i++) throttle.reserve('10.0.0.1')!.failed()
    expect(throttle.reserve('10.0.0.1')).toBeNull()
  })
})

describe('failed sign-ins in the dashboard', () => {
  it('the owner sees how many failed and from what kind of device; no address or user agent is stored', async () => {
    await login(ctx.t, 'wrong-1', { 'User-Agent': FIREFOX })
    await login(ctx.t, 'wrong-2', { 'User-Agent': SAFARI })
    expect((await ctx.t.call('GET', '/api/admin/login-activity')).status).toBe(401)
    const cookie = await ctx.t.login()
    const res = await ctx.t.call('GET', '/api/admin/login-activity', { cookie })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ failedLastDay: 2, refusedLastDay: 0 })
    expect(body.recent.map((f: { device: string }) => f.device)).toEqual(['Safari on macOS', 'Firefox on Windows'])
    await ctx.t.deps.auth.activity.flush()
    const file = readFileSync(join(ctx.t.dataDir, 'login-activity.json'), 'utf8')
    expect(file).toContain('Firefox on Windows')
    expect(file).not.toMatch(/127\.0\.0\.1|Mozilla|Gecko/)
  })
})

// The owner's sessions: ended by a new password, listed by device and last use, signed out one by one or everywhere.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../lib/config'
import { createAuth } from './auth'
import { hashPassword } from './password'
import { useTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

async function signIn(t: TestApp, userAgent: string): Promise<string> {
  const res = await t.call('POST', '/api/login', { json: TEST_ADMIN, headers: { 'User-Agent': userAgent } })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]
}
const live = async (t: TestApp, cookie: string) => (await t.call('GET', '/api/check-auth', { cookie })).status === 200

describe('a new password', () => {
  it('ends every session opened with the old one, at the next start; the same password keeps them', async () => {
    const cookie = await ctx.t.login()
    const id = cookie.split('=')[1]
    const config = loadConfig({ CONTENT_ROOT: ctx.t.root, DATA_DIR: ctx.t.dataDir, ADMIN_USERNAME: TEST_ADMIN.username })
    const same = await createAuth(config, { passwordHash: ctx.t.deps.auth.passwordHash })
    expect(await same.sessions.touch(id)).toMatchObject({ username: 'owner' })
    const changed = await createAuth(config, { passwordHash: await hashPassword('a-new-password-456') })
    expect(await changed.sessions.touch(id)).toBeNull()
    // Gone from the file as well: going back to the old password does not bring the session back.
    expect(readFileSync(join(ctx.t.dataDir, 'sessions.json'), 'utf8').trim()).toBe('{}')
    const back = await createAuth(config, { passwordHash: ctx.t.deps.auth.passwordHash })
    expect(await back.sessions.touch(id)).toBeNull()
  })
})

describe('the session list', () => {
  it('shows each session with its device and times, marks this one, and keeps no user agent or address', async () => {
    const mac = await signIn(ctx.t, CHROME_MAC)
    await signIn(ctx.t, SAFARI_IPHONE)
    const res = await ctx.t.call('GET', '/api/admin/sessions', { cookie: mac })
    expect(res.status).toBe(200)
    const list = await res.json()
    expect(list).toHaveLength(2)
    expect(list.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome on macOS', 'Safari on iPhone'])
    expect(list.find((s: { current: boolean }) => s.current).device).toBe('Chrome on macOS')
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
      device: expect.any(String),
      signedInAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: expect.any(Boolean),
    })
    const file = readFileSync(join(ctx.t.dataDir, 'sessions.json'), 'utf8')
    expect(file).not.toMatch(/Mozilla|AppleWebKit|127\.0\.0\.1/)
  })

  it('sign out one session: that cookie stops working, the others go on; an unknown one is 404', async () => {
    const mac = await signIn(ctx.t, CHROME_MAC)
    const phone = await signIn(ctx.t, SAFARI_IPHONE)
    const list = await (await ctx.t.call('GET', '/api/admin/sessions', { cookie: mac })).json()
    const phoneId = list.find((s: { device: string }) => s.device === 'Safari on iPhone').id
    const out = await ctx.t.call('DELETE', `/api/admin/sessions/${phoneId}`, { cookie: mac })
    expect(out.status).toBe(200)
    expect(await live(ctx.t, phone)).toBe(false)
    expect(await live(ctx.t, mac)).toBe(true)
    const again = await ctx.t.call('DELETE', `/api/admin/sessions/${phoneId}`, { cookie: mac })
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ error: 'No such session (it may have ended already)' })
  })

  it('sign out everywhere ends every session, this one included', async () => {
    const mac = await signIn(ctx.t, CHROME_MAC)
    const phone = await signIn(ctx.t, SAFARI_IPHONE)
    const res = await ctx.t.call('DELETE', '/api/admin/sessions', { cookie: mac })
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    expect(res.headers.get('set-cookie')).toMatch(/^session=; Max-Age=0/)
    expect(await live(ctx.t, mac)).toBe(false)
    expect(await live(ctx.t, phone)).toBe(false)
  })

  it('without a session every call answers 401 and ends nothing', async () => {
    const phone = await signIn(ctx.t, SAFARI_IPHONE)
    const list = await (await ctx.t.call('GET', '/api/admin/sessions', { cookie: phone })).json()
    for (const [method, path] of [
      ['GET', '/api/admin/sessions'],
      ['DELETE', '/api/admin/sessions'],
      ['DELETE', `/api/admin/sessions/${list[0].id}`],
    ]) {
      expect((await ctx.t.call(method, path)).status, `${method} ${path}`).toBe(401)
    }
    expect(await live(ctx.t, phone)).toBe(true)
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp, useTestApp, TEST_ADMIN, type TestApp } from '../testing/test-app'
import { loadConfig } from '../lib/config'
import { resolvePasswordHash, GENERATED_HASH_FILE } from './auth'
import { verifyPassword } from './password'
import { passwordFingerprint, SessionStore, SESSION_IDLE_MS, SESSION_ABSOLUTE_MS } from './sessions'
import { LoginThrottle } from './login-throttle'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))

describe('login', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and check-auth then answers 200', async () => {
    const res = await t.call('POST', '/api/login', { json: TEST_ADMIN })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Secure/)
    const check = await t.call('GET', '/api/check-auth', { cookie: cookie.split(';')[0] })
    expect(check.status).toBe(200)
    expect(await check.json()).toEqual({ authenticated: true, username: 'owner' })
    expect(check.headers.get('cache-control')).toBe('no-store')
  })

  it('wrong password or username answers 401 with the spec message', async () => {
    for (const json of [
      { ...TEST_ADMIN, password: 'nope' },
      { ...TEST_ADMIN, username: 'admin' },
    ]) {
      const res = await t.call('POST', '/api/login', { json })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Invalid username or password' })
    }
  })

  it('missing fields answer 400', async () => {
    const res = await t.call('POST', '/api/login', { json: { username: 'owner' } })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Username and password are required')
  })

  it('a username on two lines or a password with a control character answers 400 naming the field', async () => {
    const twoLines = await t.call('POST', '/api/login', { json: { ...TEST_ADMIN, username: 'owner\nadmin' } })
    expect(twoLines.status).toBe(400)
    expect(await twoLines.json()).toMatchObject({ error: 'Username must be one line' })
    const control = await t.call('POST', '/api/login', { json: { ...TEST_ADMIN, password: 'test-password-123\u0007' } })
    expect(control.status).toBe(400)
    expect(await control.json()).toMatchObject({ error: 'Password must not contain control characters' })
  })

  it('check-auth without a session answers 401', async () => {
    const res = await t.call('GET', '/api/check-auth')
    expect(res.status).toBe(401)
    expect((await res.json()).error).toBeTruthy()
  })

  it('each login gets a new session id and logout ends the session', async () => {
    const first = await t.login()
    const second = await t.login()
    expect(first).not.toBe(second)
    const out = await t.call('POST', '/api/logout', { cookie: second })
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ ok: true })
    // The browser drops the cookie only when the clearing one names the same path; HttpOnly and SameSite as at login.
    expect(out.headers.get('set-cookie')).toBe('session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')
    expect((await t.call('GET', '/api/check-auth', { cookie: second })).status).toBe(401)
    expect((await t.call('GET', '/api/check-auth', { cookie: first })).status).toBe(200)
  })

  it('sessions are stored hashed under DATA_DIR and survive a restart', async () => {
    const cookie = await t.login()
    const file = readFileSync(join(t.dataDir, 'sessions.json'), 'utf8')
    expect(file).not.toContain(cookie.split('=')[1])
    const restarted = new SessionStore(t.dataDir, Date.now, passwordFingerprint(t.deps.auth.passwordHash))
    await restarted.load()
    expect(await restarted.touch(cookie.split('=')[1])).toMatchObject({ username: 'owner' })
  })

  it('after 10 failures from one address further attempts answer 429, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.call('POST', '/api/login', { json: { ...TEST_ADMIN, password: `bad${i}` } })).status).toBe(401)
    }
    const res = await t.call('POST', '/api/login', { json: TEST_ADMIN })
    expect(res.status).toBe(429)
    expect((await res.json()).error).toMatch(/Too many/)
  })

  it('uses a Secure __Host- cookie and HSTS when the public origin is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://site.test' } })
    try {
      const res = await https.app.request('https://site.test/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://site.test' },
        body: JSON.stringify(TEST_ADMIN),
      })
      expect(res.headers.get('set-cookie')).toMatch(/^__Host-session=.*Secure/)
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    } finally {
      https.cleanup()
    }
  })
})

describe('sessions expire', () => {
  it('after 2 hours idle or 12 hours in all', async () => {
    let now = 1_000_000
    const store = new SessionStore(t.dataDir, () => now)
    const id = await store.create('owner')
    now += SESSION_IDLE_MS - 1000
    expect(await store.touch(id)).not.toBeNull()
    now += SESSION_IDLE_MS + 1
    expect(await store.touch(id)).toBeNull()
    const long = await store.create('owner')
    for (let elapsed = 0; elapsed <= SESSION_ABSOLUTE_MS; elapsed += SESSION_IDLE_MS / 2) {
      now += SESSION_IDLE_MS / 2
      if (elapsed + SESSION_IDLE_MS / 2 <= SESSION_ABSOLUTE_MS) expect(await store.touch(long)).not.toBeNull()
    }
    expect(await store.touch(long)).toBeNull()
  })
})

describe('login throttle', () => {
  it('blocks everyone after 100 failures in an hour', () => {
    let now = 0
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < 100; i++) throttle.recordFailure(`10.0.0.${i}`)
    expect(throttle.isBlocked('10.9.9.9')).toBe(true)
    now += 60 * 60 * 1000 + 1
    expect(throttle.isBlocked('10.9.9.9')).toBe(false)
  })
})

describe('admin password source', () => {
  it('with none configured, generates one, prints it once and stores only its hash', async () => {
    const lines: string[] = []
    const config = loadConfig({ CONTENT_ROOT: t.root, DATA_DIR: join(t.dataDir, 'fresh') })
    const hash = await resolvePasswordHash(config, (l) => lines.push(l))
    const printed = /password: (\S+)/.exec(lines.join('\n'))![1]
    expect(printed).toHaveLength(24)
    const stored = readFileSync(join(config.dataDir, GENERATED_HASH_FILE), 'utf8')
    expect(stored).not.toContain(printed)
    expect(await verifyPassword(printed, hash)).toBe(true)
    const again: string[] = []
    expect(await resolvePasswordHash(config, (l) => again.push(l))).toBe(hash)
    expect(again.join('\n')).not.toContain(printed)
    expect(again.join('\n')).toContain(GENERATED_HASH_FILE)
  })

  it('ADMIN_PASSWORD is hashed once at start-up and no file is written', async () => {
    const config = loadConfig({ CONTENT_ROOT: t.root, DATA_DIR: join(t.dataDir, 'env'), ADMIN_PASSWORD: 'from-env-123' })
    const hash = await resolvePasswordHash(config, () => {})
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword('from-env-123', hash)).toBe(true)
    expect(existsSync(join(config.dataDir, GENERATED_HASH_FILE))).toBe(false)
  })
})

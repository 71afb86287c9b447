// What the owner and an attacker observe of sign-in that the other auth tests left unsaid (issue 32's survivors):
// the failed sign-ins kept and counted by the day, the session file after a restart, signing out this session from the
// list, the cookies' lifetimes, a login refused by a full hashing line, a known device's lane in a flood.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../lib/config'
import { tooManyRequests } from '../lib/errors'
import { createTestApp, TEST_ADMIN, useTestApp, type TestApp } from '../testing/test-app'
import { createAuth } from './auth'
import { BUSY_MESSAGE, HashQueue, MAX_WAITING } from './hash-queue'
import { KEPT_FAILURES, LoginActivity } from './login-activity'
import { PasskeyStore } from './passkeys.store'
import { SESSION_IDLE_MS, SessionStore } from './sessions'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'auth-mutants-'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

const DAY_MS = 24 * 60 * 60 * 1000

describe('the failed sign-ins the owner sees', () => {
  it('counts those of the last 24 hours: one exactly a day old is out, one a millisecond younger is in', () => {
    let now = 10 * DAY_MS
    const activity = new LoginActivity(dir, () => now)
    activity.recordFailure({ device: 'Old', knownDevice: false, refused: true })
    now += 1
    activity.recordFailure({ device: 'Younger', knownDevice: true, refused: false })
    now += DAY_MS - 1
    expect(activity.summary()).toEqual({
      failedLastDay: 1,
      refusedLastDay: 0,
      recent: [
        { at: 10 * DAY_MS + 1, device: 'Younger', knownDevice: true, refused: false },
        { at: 10 * DAY_MS, device: 'Old', knownDevice: false, refused: true },
      ],
    })
    now -= 1
    expect(activity.summary()).toMatchObject({ failedLastDay: 2, refusedLastDay: 1 })
  })

  it('lists the latest 20, newest first, and keeps the latest 500 on disk and after a restart', async () => {
    const now = 5 * DAY_MS
    const activity = new LoginActivity(dir, () => now)
    for (let i = 0; i < KEPT_FAILURES + 1; i++) activity.recordFailure({ device: `d${i}`, knownDevice: false, refused: i % 2 === 0 })
    const summary = activity.summary()
    expect(summary.failedLastDay).toBe(KEPT_FAILURES)
    expect(summary.refusedLastDay).toBe(KEPT_FAILURES / 2)
    expect(summary.recent.map((f) => f.device)).toEqual(Array.from({ length: 20 }, (_, i) => `d${KEPT_FAILURES - i}`))
    await activity.flush()
    const file = JSON.parse(readFileSync(activity.file, 'utf8'))
    expect(file.failures).toHaveLength(KEPT_FAILURES)
    expect(file.failures[0].device).toBe('d1')

    // A file written by hand or an older version with more than 500: the latest 500 are kept.
    const more = Array.from({ length: KEPT_FAILURES + 3 }, (_, i) => ({ at: now, device: `f${i}`, knownDevice: false, refused: false }))
    writeFileSync(activity.file, JSON.stringify({ failures: more }))
    const restarted = new LoginActivity(dir, () => now)
    await restarted.load()
    expect(restarted.summary(KEPT_FAILURES + 10).recent).toHaveLength(KEPT_FAILURES)
    expect(restarted.summary(1).recent[0]!.device).toBe(`f${KEPT_FAILURES + 2}`)
    expect(restarted.summary(KEPT_FAILURES).recent.at(-1)!.device).toBe('f3')
  })

  it('a damaged or wrongly shaped file starts empty: the server starts, says so, and records again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const missing = new LoginActivity(dir)
    await missing.load()
    expect(errors).not.toHaveBeenCalled()
    const config = loadConfig({ CONTENT_ROOT: dir, DATA_DIR: dir, ADMIN_USERNAME: 'owner' })
    for (const text of [
      '{"failures": [',
      JSON.stringify({ failures: [{ at: 'yesterday', device: 'x', knownDevice: false, refused: false }] }),
    ]) {
      writeFileSync(join(dir, 'login-activity.json'), text)
      const auth = await createAuth(config, { passwordHash: 'scrypt$1024$8$1$c2FsdA==$a2V5' })
      expect(auth.activity.summary()).toEqual({ failedLastDay: 0, refusedLastDay: 0, recent: [] })
      auth.activity.recordFailure({ device: 'x', knownDevice: false, refused: false })
      await auth.activity.flush()
      expect(JSON.parse(readFileSync(join(dir, 'login-activity.json'), 'utf8')).failures).toHaveLength(1)
    }
    expect(errors.mock.calls).toEqual([[`Ignoring unreadable ${join(dir, 'login-activity.json')}:`, expect.stringContaining('JSON')]])
  })

  it('a flood is written a second after its first failure, not on every attempt', async () => {
    const activity = new LoginActivity(dir, () => 1)
    const onDisk = () => JSON.parse(readFileSync(activity.file, 'utf8')).failures.length
    activity.recordFailure({ device: 'a', knownDevice: false, refused: false })
    await new Promise((r) => setTimeout(r, 300))
    activity.recordFailure({ device: 'b', knownDevice: false, refused: false })
    await new Promise((r) => setTimeout(r, 300))
    expect(() => readFileSync(activity.file)).toThrow(/ENOENT/)
    await vi.waitFor(() => expect(onDisk()).toBe(2), { timeout: 3000 })
  })

  it('a write that fails is reported and the next one still happens', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const blocked = join(dir, 'blocked')
    writeFileSync(blocked, 'a file where the folder should be')
    const activity = new LoginActivity(blocked)
    activity.recordFailure({ device: 'a', knownDevice: false, refused: false })
    await activity.flush()
    expect(errors).toHaveBeenCalledWith('Could not write the sign-in activity:', expect.objectContaining({ code: expect.any(String) }))
    rmSync(blocked)
    mkdirSync(blocked)
    await activity.flush()
    expect(JSON.parse(readFileSync(activity.file, 'utf8')).failures).toHaveLength(1)
  })
})

describe('the session file', () => {
  const onDisk = (store: SessionStore) => JSON.parse(readFileSync(store.file, 'utf8')) as Record<string, unknown>

  it('a restart drops the sessions that ended while it was down, from the file too', async () => {
    let now = 1_000_000
    const store = new SessionStore(dir, () => now, 'pw')
    await store.create('owner')
    now += SESSION_IDLE_MS
    const live = await store.create('owner')
    now += 1
    const restarted = new SessionStore(dir, () => now, 'pw')
    await restarted.load()
    expect(Object.keys(onDisk(restarted))).toHaveLength(1)
    expect(await restarted.touch(live)).toMatchObject({ username: 'owner' })
  })

  it('an ended session a cookie still names is removed from the file when it is shown', async () => {
    let now = 1_000_000
    const store = new SessionStore(dir, () => now)
    const id = await store.create('owner')
    now += SESSION_IDLE_MS + 1
    expect(await store.touch(id)).toBeNull()
    expect(onDisk(store)).toEqual({})
  })

  it('the folder is made owner-only when missing; the list is newest first, without ended sessions', async () => {
    let now = Date.UTC(2026, 11, 2, 9)
    const store = new SessionStore(join(dir, 'data', 'new'), () => now)
    const older = await store.create('owner', 'Chrome on macOS')
    now += 1000
    await store.create('owner')
    now += 1000
    const ended = await store.create('owner', 'Gone')
    expect(statSync(join(dir, 'data', 'new')).mode & 0o777).toBe(0o700)
    now += 1000
    await store.touch(older)
    const list = store.list(older)
    expect(list.map(({ device, current }) => [device, current])).toEqual([
      ['Chrome on macOS', true],
      ['Gone', false],
      ['Unknown device', false],
    ])
    expect(list[0]).toMatchObject({ signedInAt: '2026-12-02T09:00:00.000Z', lastSeenAt: '2026-12-02T09:00:03.000Z' })
    expect(store.list(undefined).every((s) => !s.current)).toBe(true)
    now += SESSION_IDLE_MS
    await store.touch(older)
    expect(store.list(older).map((s) => s.device)).toEqual(['Chrome on macOS'])
    expect(await store.destroyRef(store.list(ended)[0]!.id)).toBe(true)
    expect(onDisk(store)).toEqual({})
    expect(await store.destroyRef('')).toBe(false)
  })

  it('a session from a file written before sessions had a name and device is listed as an unknown device', async () => {
    const now = 1_000_000
    writeFileSync(join(dir, 'sessions.json'), JSON.stringify({ abc: { username: 'owner', createdAt: now, lastSeenAt: now, password: '' } }))
    const store = new SessionStore(dir, () => now)
    await store.load()
    expect(store.list(undefined)).toEqual([
      {
        id: '',
        device: 'Unknown device',
        signedInAt: new Date(now).toISOString(),
        lastSeenAt: new Date(now).toISOString(),
        current: false,
      },
    ])
  })
})

describe('signing in and out through the routes', () => {
  const ctx = useTestApp()
  let t: TestApp
  beforeEach(() => ({ t } = ctx))
  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))!
      .split(';')[0]!
  const sessionOf = (res: Response) => cookieOf(res, 'session')
  /** Signs in once and answers the device cookie that makes this browser a known device. */
  const knownDevice = async () => cookieOf(await t.call('POST', '/api/login', { json: TEST_ADMIN }), 'device')

  it('the session cookie lasts 12 hours and the device cookie a year', async () => {
    const res = await t.call('POST', '/api/login', { json: TEST_ADMIN })
    const [session, device] = res.headers.getSetCookie()
    expect(session).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(device).toMatch(/^device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
  })

  it('signing in again from a browser with a session ends that session', async () => {
    const first = await t.login()
    const again = await t.call('POST', '/api/login', { json: TEST_ADMIN, cookie: first })
    expect((await t.call('GET', '/api/check-auth', { cookie: first })).status).toBe(401)
    expect((await t.call('GET', '/api/check-auth', { cookie: sessionOf(again) })).status).toBe(200)
  })

  it("signing out this browser's own session from the list clears its cookie; another session's leaves it", async () => {
    const mine = await t.login()
    const other = await t.login()
    const list = await (await t.call('GET', '/api/admin/sessions', { cookie: mine })).json()
    const otherId = list.find((s: { current: boolean }) => !s.current).id
    const out = await t.call('DELETE', `/api/admin/sessions/${otherId}`, { cookie: mine })
    expect(out.headers.get('set-cookie')).toBeNull()
    expect((await t.call('GET', '/api/check-auth', { cookie: other })).status).toBe(401)
    const myId = list.find((s: { current: boolean }) => s.current).id
    const self = await t.call('DELETE', `/api/admin/sessions/${myId}`, { cookie: mine })
    expect([self.status, await self.json()]).toEqual([200, { ok: true }])
    expect(self.headers.get('set-cookie')).toBe('session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')
    expect((await t.call('GET', '/api/check-auth', { cookie: mine })).status).toBe(401)
  })

  it('a login refused by a full hashing line answers 429, is listed as refused, and gives its throttle slot back', async () => {
    const queue = t.deps.auth.hashes
    vi.spyOn(queue, 'run').mockRejectedValue(tooManyRequests(BUSY_MESSAGE))
    for (let i = 0; i < 12; i++) {
      const res = await t.call('POST', '/api/login', { json: TEST_ADMIN, headers: { 'User-Agent': 'Firefox/133.0' } })
      expect([res.status, await res.json()]).toEqual([429, { error: 'Too many login attempts. Please try again later.' }])
    }
    vi.mocked(queue.run).mockRestore()
    // Twelve refusals took no slot of the ten: the right password still lets the owner in.
    expect((await t.call('POST', '/api/login', { json: TEST_ADMIN })).status).toBe(200)
    const activity = t.deps.auth.activity.summary()
    expect(activity).toMatchObject({ failedLastDay: 12, refusedLastDay: 12 })
    expect(activity.recent[0]).toEqual({ at: expect.any(Number), device: 'Firefox', knownDevice: false, refused: true })
  })

  it("a flood that fills the hashing line refuses the others at once, yet the owner's known device waits its turn and gets in", async () => {
    const device = await knownDevice()
    const queue = t.deps.auth.hashes
    let release!: () => void
    const held = queue.run(() => new Promise<void>((r) => (release = r)))
    const wrong = (i: number) => t.call('POST', '/api/login', { json: { ...TEST_ADMIN, password: `wrong-${i}` }, peer: `192.0.2.${i}` })
    const flood = Array.from({ length: MAX_WAITING }, (_, i) => wrong(i))
    await vi.waitFor(() => expect(queue.pending).toBe(1 + MAX_WAITING))
    const refused = await wrong(99)
    expect([refused.status, await refused.json()]).toEqual([429, { error: BUSY_MESSAGE }])
    const owner = t.call('POST', '/api/login', { json: TEST_ADMIN, cookie: device, peer: '192.0.2.200' })
    await vi.waitFor(() => expect(queue.pending).toBe(2 + MAX_WAITING))
    release()
    await held
    expect((await owner).status).toBe(200)
    expect((await Promise.all(flood)).map((r) => r.status)).toEqual(Array.from({ length: MAX_WAITING }, () => 401))
  })

  it('a throttled login is listed as refused, from a known device when its cookie is genuine', async () => {
    const device = await knownDevice()
    for (let i = 0; i < 10; i++) await t.call('POST', '/api/login', { json: { ...TEST_ADMIN, password: `wrong-${i}` }, cookie: device })
    const refused = await t.call('POST', '/api/login', { json: TEST_ADMIN, cookie: device })
    expect([refused.status, await refused.json()]).toEqual([429, { error: 'Too many login attempts. Please try again later.' }])
    const { recent, refusedLastDay } = t.deps.auth.activity.summary()
    expect(refusedLastDay).toBe(1)
    expect(recent[0]).toMatchObject({ knownDevice: true, refused: true })
    expect(recent[1]).toMatchObject({ knownDevice: true, refused: false })
  })

  it('a wrong password, an address over its limit and a full hashing line are each listed from a known device or not, as they came', async () => {
    const device = await knownDevice()
    const wrong = { ...TEST_ADMIN, password: 'wrong' }
    // A browser without the device cookie: a wrong password, then the eleventh try of its address refused.
    for (let i = 0; i < 10; i++) await t.call('POST', '/api/login', { json: wrong, peer: '192.0.2.7' })
    const throttled = await t.call('POST', '/api/login', { json: TEST_ADMIN, peer: '192.0.2.7' })
    expect(throttled.status).toBe(429)
    // The owner's device while the hashing line is full.
    const queue = t.deps.auth.hashes
    vi.spyOn(queue, 'run').mockRejectedValueOnce(tooManyRequests(BUSY_MESSAGE))
    expect((await t.call('POST', '/api/login', { json: TEST_ADMIN, cookie: device })).status).toBe(429)
    const { recent } = t.deps.auth.activity.summary()
    expect(recent.slice(0, 3).map(({ knownDevice, refused }) => ({ knownDevice, refused }))).toEqual([
      { knownDevice: true, refused: true },
      { knownDevice: false, refused: true },
      { knownDevice: false, refused: false },
    ])
  })

  it('a username of 201 characters or a password of 1001 is refused before any check', async () => {
    const long = await t.call('POST', '/api/login', { json: { ...TEST_ADMIN, username: 'o'.repeat(201) } })
    expect([long.status, await long.json()]).toEqual([400, { error: 'Username is too long (200 characters at most)' }])
    const longer = await t.call('POST', '/api/login', { json: { ...TEST_ADMIN, password: 'p'.repeat(1001) } })
    expect([longer.status, await longer.json()]).toEqual([400, { error: 'Password is too long (1,000 characters at most)' }])
    expect(t.deps.auth.activity.summary().failedLastDay).toBe(0)
  })

  it('with an https origin the device cookie is a Secure __Host- cookie too, and it is the one read back', async () => {
    const https = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://site.test' } })
    try {
      const login = (cookie?: string, password = TEST_ADMIN.password) =>
        https.app.request('https://site.test/api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'https://site.test', ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify({ ...TEST_ADMIN, password }),
        })
      const [, device] = (await login()).headers.getSetCookie()
      expect(device).toMatch(
        /^__Host-device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      )
      const known = device!.split(';')[0]!
      // The known device signs in on its own allowance: ten failures of it leave the address its own ten.
      for (let i = 0; i < 10; i++) expect((await login(undefined, `wrong-${i}`)).status).toBe(401)
      expect((await login()).status).toBe(429)
      expect((await login(known)).status).toBe(200)
    } finally {
      await https.cleanup()
    }
  })
})

describe('the passkey file', () => {
  it('a file with only passkeys or only codes is read; a damaged one is an error, not an empty list', async () => {
    const store = new PasskeyStore(dir)
    writeFileSync(join(dir, 'passkeys.json'), JSON.stringify({ recoveryCodes: ['ab'] }))
    expect([await store.list(), await store.recoveryCodesLeft()]).toEqual([[], 1])
    writeFileSync(join(dir, 'passkeys.json'), JSON.stringify({ passkeys: [{ id: 'p' }] }))
    expect([(await store.list()).length, await store.recoveryCodesLeft()]).toEqual([1, 0])
    writeFileSync(join(dir, 'passkeys.json'), '{"passkeys": [')
    await expect(store.list()).rejects.toThrow(SyntaxError)
  })

  it('a use of a passkey that was removed meanwhile changes nothing', async () => {
    const store = new PasskeyStore(dir)
    await store.add({ id: 'p', publicKey: 'k', counter: 0, label: 'Phone', createdAt: 'then' })
    await store.used('other', 5, 'now')
    expect(await store.find('p')).toEqual({ id: 'p', publicKey: 'k', counter: 0, label: 'Phone', createdAt: 'then' })
    expect(await store.find('other')).toBeNull()
  })
})

describe('the hashing line', () => {
  it('after a flood drains, a check runs at once again (no slot is lost)', async () => {
    const queue = new HashQueue(1, 1)
    let release!: () => void
    const first = queue.run(() => new Promise<void>((r) => (release = r)))
    const waiting = queue.run(async () => 'second')
    expect(queue.pending).toBe(2)
    release()
    await first
    expect(await waiting).toBe('second')
    expect(queue.pending).toBe(0)
    expect(await queue.run(async () => 'third')).toBe('third')
    await expect(queue.run(async () => Promise.reject(new Error('check failed')))).rejects.toThrow('check failed')
    expect(queue.pending).toBe(0)
  })
})

describe('what a restart keeps', () => {
  it('a signed-out session, or every session after "sign out everywhere", stays ended after a restart', async () => {
    const store = new SessionStore(dir, Date.now, 'pw')
    const out = await store.create('owner')
    const kept = await store.create('owner')
    await store.destroy(out)
    const restarted = new SessionStore(dir, Date.now, 'pw')
    await restarted.load()
    expect(await restarted.touch(out)).toBeNull()
    expect(await restarted.touch(kept)).toMatchObject({ username: 'owner' })
    await restarted.destroyAll()
    const again = new SessionStore(dir, Date.now, 'pw')
    await again.load()
    expect(await again.touch(kept)).toBeNull()
  })

  it('a first start writes no session file until someone signs in', async () => {
    const store = new SessionStore(dir)
    await store.load()
    await store.destroy(undefined)
    await store.destroy('x'.repeat(43))
    expect(() => statSync(join(dir, 'sessions.json'))).toThrow(/ENOENT/)
  })

  it('a session file that could not be written is written at the next change', async () => {
    const blocked = join(dir, 'blocked')
    writeFileSync(blocked, 'a file where the folder should be')
    const store = new SessionStore(blocked)
    await expect(store.create('owner')).rejects.toThrow()
    rmSync(blocked)
    const id = await store.create('owner')
    const restarted = new SessionStore(blocked)
    await restarted.load()
    expect(await restarted.touch(id)).toMatchObject({ username: 'owner' })
  })

  it('the list leaves out a session that has just ended, before anything is written', async () => {
    let now = 1_000_000
    const store = new SessionStore(dir, () => now)
    await store.create('owner', 'Ended')
    now += SESSION_IDLE_MS - 30_000
    const live = await store.create('owner', 'Live')
    now += 30_001
    expect(store.list(live).map((s) => s.device)).toEqual(['Live'])
  })

  it('the failed sign-ins are still listed after a restart', async () => {
    const config = loadConfig({ CONTENT_ROOT: dir, DATA_DIR: dir, ADMIN_USERNAME: 'owner' })
    const passwordHash = 'scrypt$1024$8$1$c2FsdA==$a2V5'
    const first = await createAuth(config, { passwordHash })
    first.activity.recordFailure({ device: 'Firefox on Linux', knownDevice: false, refused: false })
    await first.activity.flush()
    const second = await createAuth(config, { passwordHash })
    expect(second.activity.summary()).toMatchObject({ failedLastDay: 1, recent: [{ device: 'Firefox on Linux' }] })
  })

  it('the device key folder is made owner-only when missing', async () => {
    const { DeviceCookies } = await import('./device-cookies')
    await DeviceCookies.load(join(dir, 'fresh'), 'owner')
    expect(statSync(join(dir, 'fresh')).mode & 0o777).toBe(0o700)
  })
})

describe('the throttle of a known device and of everyone', () => {
  it("a known device's right password clears its failures; a check that never ran gives its slot back", async () => {
    const { LoginThrottle } = await import('./login-throttle')
    const throttle = new LoginThrottle(() => 0)
    for (let i = 0; i < 9; i++) throttle.reserve('10.0.0.1', 'device-1')!.failed()
    throttle.reserve('10.0.0.1', 'device-1')!.succeeded()
    for (let i = 0; i < 20; i++) throttle.reserve('10.0.0.1', 'device-1')!.cancel()
    for (let i = 0; i < 10; i++) expect(throttle.reserve('10.0.0.1', 'device-1'), `attempt ${i + 1}`).not.toBeNull()
    expect(throttle.reserve('10.0.0.1', 'device-1')).toBeNull()
    // Another device and the address itself were not charged.
    expect(throttle.reserve('10.0.0.1', 'device-2')).not.toBeNull()
    expect(throttle.reserve('10.0.0.1')).not.toBeNull()
  })

  it("a known device's ten failures hold it for 15 minutes, then it may try again", async () => {
    const { LoginThrottle } = await import('./login-throttle')
    let now = 0
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < 10; i++) throttle.reserve('10.0.0.1', 'device-1')!.failed()
    now += 15 * 60 * 1000 - 1000
    expect(throttle.reserve('10.0.0.1', 'device-1')).toBeNull()
    now += 2000
    expect(throttle.reserve('10.0.0.1', 'device-1')).not.toBeNull()
  })

  it('checks that never ran, and right passwords, do not count toward the limit of 100 for everyone', async () => {
    const { LoginThrottle } = await import('./login-throttle')
    const throttle = new LoginThrottle(() => 0)
    for (let i = 0; i < 100; i++) throttle.reserve(`10.0.1.${i}`)!.cancel()
    for (let i = 0; i < 100; i++) throttle.reserve(`10.0.2.${i}`)!.succeeded()
    expect(throttle.isBlocked('10.9.9.9')).toBe(false)
    for (let i = 0; i < 99; i++) throttle.reserve(`10.0.3.${i}`)!.failed()
    expect(throttle.reserve('10.9.9.9')).not.toBeNull()
    expect(throttle.reserve('10.9.9.8')).toBeNull()
  })
})

describe('the login form', () => {
  const ctx = useTestApp()

  it('an empty username or password answers 400 in the spec words', async () => {
    for (const json of [
      { username: '', password: TEST_ADMIN.password },
      { username: '   ', password: TEST_ADMIN.password },
      { username: TEST_ADMIN.username, password: '' },
    ]) {
      const res = await ctx.t.call('POST', '/api/login', { json })
      expect([res.status, await res.json()], JSON.stringify(json)).toEqual([400, { error: 'Username and password are required' }])
    }
  })

  it('a right password clears the address: nine typos, the right one, then ten more typos are all checked', async () => {
    const login = (password: string) => ctx.t.call('POST', '/api/login', { json: { ...TEST_ADMIN, password } })
    for (let i = 0; i < 9; i++) expect((await login(`typo-${i}`)).status).toBe(401)
    expect((await login(TEST_ADMIN.password)).status).toBe(200)
    for (let i = 0; i < 10; i++) expect((await login(`typo-${i}`)).status, `typo ${i + 1}`).toBe(401)
    expect((await login(TEST_ADMIN.password)).status).toBe(429)
  })
})

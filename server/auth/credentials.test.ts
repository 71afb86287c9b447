// What an owner and an attacker can observe of the credentials, the session file and the login throttle: which
// password lets the owner in, what start-up prints, which files hold what, and when a session or a block ends.
import { randomBytes, scryptSync } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../lib/config'
import { GENERATED_HASH_FILE, resolvePasswordHash } from './auth'
import { LoginThrottle } from './login-throttle'
import { generatePassword, verifyPassword } from './password'
import { SESSION_IDLE_MS, SessionStore } from './sessions'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'credentials-'))
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

const configWith = (env: Record<string, string>) =>
  loadConfig({ CONTENT_ROOT: dir, DATA_DIR: join(dir, 'data'), ADMIN_USERNAME: 'owner', ...env })

/** A hash as an owner makes one with other tools: any scrypt cost, written in the ADMIN_PASSWORD_HASH format. */
function ownerMadeHash(password: string, N = 1024, r = 16, p = 10): string {
  const salt = randomBytes(16)
  return [
    'scrypt',
    N,
    r,
    p,
    salt.toString('base64'),
    scryptSync(password, salt, 32, { N, r, p, maxmem: 256 * N * r }).toString('base64'),
  ].join('$')
}

describe('the admin password at start-up', () => {
  it('ADMIN_PASSWORD_HASH wins over ADMIN_PASSWORD and lets in exactly its own password, whatever its scrypt cost', async () => {
    const hash = ownerMadeHash('chosen-by-owner')
    const resolved = await resolvePasswordHash(configWith({ ADMIN_PASSWORD_HASH: hash, ADMIN_PASSWORD: 'other-password' }), () => {})
    expect(await verifyPassword('chosen-by-owner', resolved)).toBe(true)
    expect(await verifyPassword('other-password', resolved)).toBe(false)
  })

  it.each([
    ['a plain password', 'hunter2-hunter2'],
    ['text before the hash', `x${ownerMadeHash('pw')}`],
    ['text after the hash', `${ownerMadeHash('pw')} #note`],
  ])('refuses to start with %s in ADMIN_PASSWORD_HASH, saying what it should look like', async (_what, value) => {
    await expect(resolvePasswordHash(configWith({ ADMIN_PASSWORD_HASH: value }), () => {})).rejects.toThrow(
      'ADMIN_PASSWORD_HASH must look like scrypt$N$r$p$salt$hash',
    )
  })

  it('a generated password is printed once in full, and its hash file and folder are readable by the owner only', async () => {
    const config = configWith({ DATA_DIR: join(dir, 'not', 'yet', 'there') })
    const lines: string[] = []
    const hash = await resolvePasswordHash(config, (l) => lines.push(l))
    const file = join(config.dataDir, GENERATED_HASH_FILE)
    const password = /password: (\S+)/.exec(lines.join('\n'))![1]
    expect(lines).toEqual([
      [
        '',
        '  Admin login for /admin (shown only this once; only its hash is stored):',
        '    username: owner',
        `    password: ${password}`,
        `  Hash stored in ${file}. Set ADMIN_PASSWORD to choose your own.`,
        '',
      ].join('\n'),
    ])
    expect(readFileSync(file, 'utf8')).toBe(`${hash}\n`)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(config.dataDir).mode & 0o777).toBe(0o700)
  })

  it('a damaged stored hash is replaced by a new generated password rather than locking the owner out', async () => {
    const config = configWith({})
    await resolvePasswordHash(config, () => {})
    writeFileSync(join(config.dataDir, GENERATED_HASH_FILE), 'scrypt$damaged\n')
    const lines: string[] = []
    const hash = await resolvePasswordHash(config, (l) => lines.push(l))
    const password = /password: (\S+)/.exec(lines.join('\n'))![1]
    expect(await verifyPassword(password, hash)).toBe(true)
    expect(readFileSync(join(config.dataDir, GENERATED_HASH_FILE), 'utf8')).toBe(`${hash}\n`)
  })

  it('a damaged hash lets nobody in (no error either)', async () => {
    expect(await verifyPassword('anything', 'scrypt$damaged')).toBe(false)
    expect(await verifyPassword('', '')).toBe(false)
  })
})

describe('generated passwords', () => {
  it('use every character of the alphabet equally often (no modulo bias that would make guessing easier)', () => {
    const counts = new Map<string, number>()
    for (let i = 0; i < 5000; i++) {
      const password = generatePassword()
      expect(password).toMatch(/^[abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789]{24}$/)
      for (const ch of password) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    }
    expect(counts.size).toBe(55)
    const mean = (5000 * 24) / 55
    // Uniform: one standard deviation is ~2% of the mean, so 12% is far out; a modulo bias gives characters 25% more or
    // 14% less.
    const ratios = [...counts.values()].map((n) => n / mean)
    expect(Math.max(...ratios)).toBeLessThan(1.12)
    expect(Math.min(...ratios)).toBeGreaterThan(0.88)
  })
})

describe('the session file', () => {
  const onDisk = (store: SessionStore) => JSON.parse(readFileSync(store.file, 'utf8')) as Record<string, { lastSeenAt: number }>

  it('keeps the idle clock at most a minute behind, without a write on every request, also after a restart', async () => {
    let now = 1_000_000
    const store = new SessionStore(dir, () => now)
    const id = await store.create('owner')
    const seen = () => Object.values(onDisk(store))[0].lastSeenAt
    now += 30_000
    await store.touch(id)
    expect(seen()).toBe(1_000_000)
    now += 30_000
    await store.touch(id)
    expect(seen()).toBe(1_000_000)
    now += 1
    await store.touch(id)
    expect(seen()).toBe(1_060_001)
    // A restart reads the file; the next request within the minute is not written either.
    const restarted = new SessionStore(dir, () => now)
    await restarted.load()
    now += 30_000
    expect(await restarted.touch(id)).toMatchObject({ username: 'owner', lastSeenAt: 1_090_001 })
    expect(seen()).toBe(1_060_001)
  })

  it('a session used exactly 2 hours ago is still live; a millisecond later it is not', async () => {
    let now = 1_000_000
    const store = new SessionStore(dir, () => now)
    const id = await store.create('owner')
    const other = await store.create('owner')
    now += SESSION_IDLE_MS
    expect(await store.touch(id)).not.toBeNull()
    now += SESSION_IDLE_MS + 1
    expect(await store.touch(other)).toBeNull()
  })

  it('ended sessions leave the file at the next write', async () => {
    let now = 1_000_000
    const store = new SessionStore(dir, () => now)
    await store.create('owner')
    now += SESSION_IDLE_MS + 1
    await store.create('owner')
    expect(Object.keys(onDisk(store))).toHaveLength(1)
  })

  it('an unreadable file is reported and starts with no sessions; a missing one is normal and silent', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const missing = new SessionStore(dir)
    await missing.load()
    expect(errors).not.toHaveBeenCalled()
    writeFileSync(join(dir, 'sessions.json'), '{not json')
    const broken = new SessionStore(dir)
    await broken.load()
    expect(errors).toHaveBeenCalledWith(`Ignoring unreadable ${join(dir, 'sessions.json')}:`, expect.stringContaining('JSON'))
    expect(await broken.touch('x'.repeat(43))).toBeNull()
  })

  it('a file of the wrong shape starts with no sessions instead of stopping the server', async () => {
    writeFileSync(join(dir, 'sessions.json'), JSON.stringify({ someone: { username: 'owner' } }))
    const store = new SessionStore(dir)
    await store.load()
    expect(await store.touch('someone')).toBeNull()
  })
})

describe('login throttle windows', () => {
  it("one address's 10 failures block it for 15 minutes, then it may try again", () => {
    let now = 0
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < 10; i++) throttle.recordFailure('10.0.0.1')
    now += 15 * 60 * 1000 - 1000
    expect(throttle.isBlocked('10.0.0.1')).toBe(true)
    now += 2000
    expect(throttle.isBlocked('10.0.0.1')).toBe(false)
  })

  it('100 failures from everyone block all logins until an hour has passed', () => {
    let now = 0
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < 100; i++) throttle.recordFailure(`10.0.${i}.1`)
    now += 60 * 60 * 1000 - 1000
    expect(throttle.isBlocked('10.9.9.9')).toBe(true)
  })

  it("a successful login clears that address's failures, so the owner's typos do not add up to a block", () => {
    const throttle = new LoginThrottle(() => 0)
    for (let i = 0; i < 9; i++) throttle.recordFailure('10.0.0.1')
    throttle.recordSuccess('10.0.0.1')
    for (let i = 0; i < 9; i++) throttle.recordFailure('10.0.0.1')
    expect(throttle.isBlocked('10.0.0.1')).toBe(false)
  })
})

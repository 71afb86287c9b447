// The passkey routes as the owner and an attacker meet them, with a software authenticator (a P-256 key, "none"
// attestation) answering the server's real options: register, sign in, the challenge used once and only within its
// five minutes, another origin, a forged signature, an unknown passkey, the recovery codes, the throttle.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_ORIGIN, useTestApp } from '../testing/test-app'

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const RP_ID = new URL(TEST_ORIGIN).hostname
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

/** A software passkey: what a phone or a security key answers to the options the server sends. */
class Authenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  readonly rawId = randomBytes(16)
  readonly id = b64(this.rawId)
  counter = 0
  constructor(private readonly origin = TEST_ORIGIN) {}

  /** `forged`: a packed self-attestation whose signature is not over what it should sign. */
  register(options: { challenge: string }, { forged = false } = {}) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ])
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.rawId.length)
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([
      sha256(RP_ID),
      Buffer.from([0x45]),
      u32(this.counter),
      Buffer.alloc(16),
      idLength,
      this.rawId,
      isoCBOR.encode(coseKey),
    ])
    const attStmt = forged
      ? new Map<string, unknown>([
          ['alg', -7],
          ['sig', sign('sha256', Buffer.concat([authData, sha256('something else')]), this.keys.privateKey)],
        ])
      : new Map()
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', forged ? 'packed' : 'none'],
        ['attStmt', attStmt],
        ['authData', authData],
      ]) as never,
    )
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false })
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64(clientData), attestationObject: b64(attestation), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
    }
  }

  signIn(options: { challenge: string }, { forge = false, origin = this.origin } = {}) {
    this.counter += 1
    const authData = Buffer.concat([sha256(RP_ID), Buffer.from([0x05]), u32(this.counter)])
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }))
    const signed = Buffer.concat([authData, sha256(clientData)])
    const signature = sign('sha256', forge ? Buffer.concat([signed, Buffer.from([1])]) : signed, this.keys.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: b64('owner:owner'),
      },
      clientExtensionResults: {},
    }
  }
}

const ctx = useTestApp({ login: true })
afterEach(() => vi.restoreAllMocks())

const call = (
  method: string,
  path: string,
  options: { json?: unknown; cookie?: string; peer?: string; headers?: Record<string, string> } = {},
) => ctx.t.call(method, path, options)
const answer = async (res: Response) => [res.status, await res.json()]
const passkeysFile = () => JSON.parse(readFileSync(join(ctx.t.dataDir, 'passkeys.json'), 'utf8'))

/** Registers a passkey from the dashboard; returns the answer. */
async function register(key: Authenticator, extra: { label?: string } = {}, headers: Record<string, string> = {}) {
  const res = await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })
  const { challengeId, options } = await res.json()
  return call('POST', '/api/admin/passkeys', {
    cookie: ctx.cookie,
    json: { challengeId, response: key.register(options), ...extra },
    headers,
  })
}

async function signInOptions() {
  const res = await call('POST', '/api/login/passkey/options', { json: {} })
  expect(res.status).toBe(200)
  return (await res.json()) as { challengeId: string; options: { challenge: string; rpId: string; userVerification: string } }
}

describe('registering a passkey', () => {
  it('the options name this site and the owner; the first passkey answers 201 with ten recovery codes, stored as hashes', async () => {
    const res = await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })
    expect(res.status).toBe(200)
    const { challengeId, options } = await res.json()
    expect(challengeId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(options).toMatchObject({
      rp: { name: 'Studio dashboard', id: RP_ID },
      user: { name: 'owner', id: b64('owner:owner') },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    const key = new Authenticator()
    const added = await call('POST', '/api/admin/passkeys', {
      cookie: ctx.cookie,
      json: { challengeId, response: key.register(options), label: 'My phone' },
    })
    const body = await added.json()
    expect([added.status, body.ok, body.recoveryCodes]).toEqual([201, true, expect.any(Array)])
    expect(body.recoveryCodes).toHaveLength(10)
    const [stored] = passkeysFile().passkeys
    expect(stored).toEqual({
      id: key.id,
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      counter: 0,
      transports: ['internal', 'hybrid'],
      label: 'My phone',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const list = await call('GET', '/api/admin/passkeys', { cookie: ctx.cookie })
    expect(await answer(list)).toEqual([
      200,
      { passkeys: [{ id: key.id, label: 'My phone', createdAt: stored.createdAt, lastUsedAt: null }], recoveryCodesLeft: 10 },
    ])
  })

  it("the second passkey's options exclude the first; it gets no new codes and, unnamed, is named by its device", async () => {
    const first = new Authenticator()
    await register(first)
    const res = await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })
    const { challengeId, options } = await res.json()
    expect(options.excludeCredentials).toEqual([{ id: first.id, type: 'public-key', transports: ['internal', 'hybrid'] }])
    const second = new Authenticator()
    const added = await call('POST', '/api/admin/passkeys', {
      cookie: ctx.cookie,
      json: { challengeId, response: second.register(options) },
      headers: { 'User-Agent': FIREFOX_WINDOWS },
    })
    expect(await answer(added)).toEqual([201, { ok: true, recoveryCodes: null }])
    expect(passkeysFile().passkeys.map((p: { label: string }) => p.label)).toEqual(['Unknown device', 'Firefox on Windows'])
  })

  it('a name of 60 characters is taken; 61 is refused with the message', async () => {
    expect((await register(new Authenticator(), { label: 'x'.repeat(60) })).status).toBe(201)
    const res = await register(new Authenticator(), { label: 'x'.repeat(61) })
    expect(await answer(res)).toEqual([400, { error: 'The name is 60 characters at most' }])
  })

  it('a challenge is used once: the same answer again is refused and stores nothing', async () => {
    const res = await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })
    const { challengeId, options } = await res.json()
    const key = new Authenticator()
    const json = { challengeId, response: key.register(options) }
    expect((await call('POST', '/api/admin/passkeys', { cookie: ctx.cookie, json })).status).toBe(201)
    const again = await call('POST', '/api/admin/passkeys', { cookie: ctx.cookie, json })
    expect(await answer(again)).toEqual([400, { error: 'The passkey request expired. Please try again.' }])
    expect(passkeysFile().passkeys).toHaveLength(1)
  })

  it('an answer exactly five minutes after its options is taken; one millisecond later it has expired', async () => {
    let now = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const options = async () => (await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })).json()
    const late = await options()
    const onTime = await options()
    const key = new Authenticator()
    now += 5 * 60_000
    // Options asked at that very instant leave the one due then in place.
    await options()
    const ok = await call('POST', '/api/admin/passkeys', {
      cookie: ctx.cookie,
      json: { challengeId: onTime.challengeId, response: key.register(onTime.options) },
    })
    expect(ok.status).toBe(201)
    now += 1
    const res = await call('POST', '/api/admin/passkeys', {
      cookie: ctx.cookie,
      json: { challengeId: late.challengeId, response: new Authenticator().register(late.options) },
    })
    expect(await answer(res)).toEqual([400, { error: 'The passkey request expired. Please try again.' }])
  })

  it('an answer made for another site is refused with the reason and nothing is stored', async () => {
    const res = await register(new Authenticator('https://evil.test'))
    const body = await res.json()
    expect(res.status).toBe(400)
    expect(body.error).toMatch(/^The passkey could not be checked: .*evil\.test/)
    expect(await answer(await call('GET', '/api/admin/passkeys', { cookie: ctx.cookie }))).toEqual([
      200,
      { passkeys: [], recoveryCodesLeft: 0 },
    ])
  })

  it('an attestation whose signature does not check is refused and nothing is stored', async () => {
    const res = await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })
    const { challengeId, options } = await res.json()
    const response = new Authenticator().register(options, { forged: true })
    const added = await call('POST', '/api/admin/passkeys', { cookie: ctx.cookie, json: { challengeId, response } })
    expect(await answer(added)).toEqual([400, { error: 'The passkey could not be checked. Please try again.' }])
    expect(await answer(await call('GET', '/api/admin/passkeys', { cookie: ctx.cookie }))).toEqual([
      200,
      { passkeys: [], recoveryCodesLeft: 0 },
    ])
  })

  it('an answer that is not a passkey answer is refused before any check, for registering and for signing in', async () => {
    for (const response of [undefined, null, 'a string', { id: 'x' }, { response: {} }]) {
      for (const [path, cookie] of [
        ['/api/admin/passkeys', ctx.cookie],
        ['/api/login/passkey', undefined],
      ] as const) {
        const res = await call('POST', path, { cookie, json: { challengeId: 'x', response } })
        expect(await answer(res), `${path} ${JSON.stringify(response)}`).toEqual([400, { error: 'The passkey answer is missing' }])
      }
    }
  })

  it('a challenge id longer than any issued is refused as a malformed request, not looked up', async () => {
    const key = new Authenticator()
    const { options } = await (await call('POST', '/api/admin/passkeys/options', { cookie: ctx.cookie, json: {} })).json()
    const json = { challengeId: 'x'.repeat(101), response: key.register(options) }
    const res = await call('POST', '/api/admin/passkeys', { cookie: ctx.cookie, json })
    const body = await res.json()
    expect(res.status).toBe(400)
    expect(body.error).not.toBe('The passkey request expired. Please try again.')
    const signIn = await call('POST', '/api/login/passkey', { json: { challengeId: 'x'.repeat(101), response: key.signIn(options) } })
    expect(signIn.status).toBe(400)
  })

  it('a name on two lines is refused naming the field', async () => {
    const res = await register(new Authenticator(), { label: 'My\nphone' })
    expect(await answer(res)).toEqual([400, { error: 'Name must be one line' }])
  })

  it('removing a passkey: 200, then 404 for it again; the last one takes the recovery codes with it', async () => {
    const key = new Authenticator()
    await register(key)
    const gone = await call('DELETE', `/api/admin/passkeys/${key.id}`, { cookie: ctx.cookie })
    expect(await answer(gone)).toEqual([200, { ok: true }])
    const again = await call('DELETE', `/api/admin/passkeys/${key.id}`, { cookie: ctx.cookie })
    expect(await answer(again)).toEqual([404, { error: 'No such passkey' }])
    expect(passkeysFile()).toEqual({ passkeys: [], recoveryCodes: [] })
  })

  it('without a session every passkey call of the dashboard answers 401 and stores nothing', async () => {
    const key = new Authenticator()
    await register(key)
    const before = readFileSync(join(ctx.t.dataDir, 'passkeys.json'), 'utf8')
    for (const [method, path] of [
      ['GET', '/api/admin/passkeys'],
      ['POST', '/api/admin/passkeys/options'],
      ['POST', '/api/admin/passkeys'],
      ['DELETE', `/api/admin/passkeys/${key.id}`],
    ] as const) {
      const res = await call(method, path, method === 'POST' ? { json: {} } : {})
      expect(await answer(res), `${method} ${path}`).toEqual([401, { error: 'Not authenticated' }])
    }
    expect(readFileSync(join(ctx.t.dataDir, 'passkeys.json'), 'utf8')).toBe(before)
  })
})

describe('signing in with a passkey', () => {
  it('with no passkey set up, the options answer 404 in words that point to the password', async () => {
    const res = await call('POST', '/api/login/passkey/options', { json: {} })
    expect(await answer(res)).toEqual([404, { error: 'No passkey is set up yet: sign in with the password' }])
  })

  it('a right answer opens a session like the password: cookies, the counter and last use stored, the old session ended', async () => {
    const key = new Authenticator()
    await register(key, { label: 'Phone' })
    const { challengeId, options } = await signInOptions()
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'preferred' })
    const res = await call('POST', '/api/login/passkey', {
      cookie: ctx.cookie,
      json: { challengeId, response: key.signIn(options) },
      headers: { 'User-Agent': FIREFOX_WINDOWS },
    })
    expect(await answer(res)).toEqual([200, { ok: true }])
    const cookies = res.headers.getSetCookie()
    expect(cookies[0]).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(cookies[1]).toMatch(/^device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
    const session = cookies[0]!.split(';')[0]!
    expect(await answer(await call('GET', '/api/check-auth', { cookie: session }))).toEqual([
      200,
      { authenticated: true, username: 'owner' },
    ])
    expect((await call('GET', '/api/check-auth', { cookie: ctx.cookie })).status).toBe(401)
    const sessions = await (await call('GET', '/api/admin/sessions', { cookie: session })).json()
    expect(sessions).toEqual([expect.objectContaining({ device: 'Firefox on Windows', current: true })])
    const [stored] = passkeysFile().passkeys
    expect(stored.counter).toBe(1)
    expect(stored.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    const listed = await (await call('GET', '/api/admin/passkeys', { cookie: session })).json()
    expect(listed.passkeys[0].lastUsedAt).toBe(stored.lastUsedAt)
  })

  it('the same answer again, an unknown passkey, or a challenge past five minutes: 401, no cookie, counted as failures', async () => {
    const key = new Authenticator()
    await register(key)
    const first = await signInOptions()
    const json = { challengeId: first.challengeId, response: key.signIn(first.options) }
    expect((await call('POST', '/api/login/passkey', { json })).status).toBe(200)
    const replay = await call('POST', '/api/login/passkey', { json, headers: { 'User-Agent': FIREFOX_WINDOWS } })
    const UNKNOWN = { error: 'That passkey is not known here, or the request expired. Please try again.' }
    expect(await answer(replay)).toEqual([401, UNKNOWN])
    expect(replay.headers.get('set-cookie')).toBeNull()

    const stranger = new Authenticator()
    const second = await signInOptions()
    const unknown = await call('POST', '/api/login/passkey', {
      json: { challengeId: second.challengeId, response: stranger.signIn(second.options) },
    })
    expect(await answer(unknown)).toEqual([401, UNKNOWN])

    let now = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const onTime = await signInOptions()
    const late = await signInOptions()
    now += 5 * 60_000
    expect(
      (await call('POST', '/api/login/passkey', { json: { challengeId: onTime.challengeId, response: key.signIn(onTime.options) } }))
        .status,
    ).toBe(200)
    now += 1
    const expired = await call('POST', '/api/login/passkey', {
      json: { challengeId: late.challengeId, response: key.signIn(late.options) },
    })
    expect(await answer(expired)).toEqual([401, UNKNOWN])
    vi.restoreAllMocks()

    const activity = await (await call('GET', '/api/admin/login-activity', { cookie: await ctx.t.login() })).json()
    expect(activity.failedLastDay).toBe(3)
    expect(activity.refusedLastDay).toBe(0)
    expect(activity.recent.at(-1)).toMatchObject({ device: 'Firefox on Windows', knownDevice: false, refused: false })
  })

  it("a failed answer from the owner's known device is listed as from a known device", async () => {
    const key = new Authenticator()
    await register(key)
    const first = await signInOptions()
    const ok = await call('POST', '/api/login/passkey', { json: { challengeId: first.challengeId, response: key.signIn(first.options) } })
    const device = ok.headers.getSetCookie()[1]!.split(';')[0]!
    const { challengeId, options } = await signInOptions()
    const res = await call('POST', '/api/login/passkey', {
      cookie: device,
      json: { challengeId, response: key.signIn(options, { forge: true }) },
    })
    expect(res.status).toBe(401)
    const activity = await (await call('GET', '/api/admin/login-activity', { cookie: ok.headers.getSetCookie()[0]!.split(';')[0] })).json()
    expect(activity.recent).toEqual([{ at: expect.any(Number), device: 'Unknown device', knownDevice: true, refused: false }])
  })

  it('a forged signature or an answer for another site is refused: 401 in the words for a failed check', async () => {
    const key = new Authenticator()
    await register(key)
    const CHECK = { error: 'The passkey could not be checked. Please try again.' }
    const { challengeId, options } = await signInOptions()
    const forged = await call('POST', '/api/login/passkey', { json: { challengeId, response: key.signIn(options, { forge: true }) } })
    expect(await answer(forged)).toEqual([401, CHECK])
    expect(forged.headers.get('set-cookie')).toBeNull()
    const other = await signInOptions()
    const res = await call('POST', '/api/login/passkey', {
      json: { challengeId: other.challengeId, response: key.signIn(other.options, { origin: 'https://evil.test' }) },
    })
    expect(await answer(res)).toEqual([401, CHECK])
    expect(passkeysFile().passkeys[0].counter).toBe(0)
  })

  it('two sign-ins started at once both work: one challenge does not end the other', async () => {
    const key = new Authenticator()
    await register(key)
    const a = await signInOptions()
    const b = await signInOptions()
    expect(
      (await call('POST', '/api/login/passkey', { json: { challengeId: b.challengeId, response: key.signIn(b.options) } })).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/login/passkey', { json: { challengeId: a.challengeId, response: key.signIn(a.options) } })).status,
    ).toBe(200)
  })

  it('200 challenges waiting: the next one pushes out the oldest, and only it', async () => {
    const key = new Authenticator()
    await register(key)
    const issued = []
    for (let i = 0; i < 201; i++) issued.push(await signInOptions())
    const oldest = issued[0]!
    const res = await call('POST', '/api/login/passkey', {
      json: { challengeId: oldest.challengeId, response: key.signIn(oldest.options) },
    })
    expect(res.status).toBe(401)
    const next = issued[1]!
    expect(
      (await call('POST', '/api/login/passkey', { json: { challengeId: next.challengeId, response: key.signIn(next.options) } })).status,
    ).toBe(200)
  })

  it('failed passkey answers count against the address: the 11th in 15 minutes answers 429; a success in between clears them', async () => {
    const key = new Authenticator()
    await register(key)
    const stranger = new Authenticator()
    const fail = async (peer: string) => {
      const { challengeId, options } = await signInOptions()
      return call('POST', '/api/login/passkey', { json: { challengeId, response: stranger.signIn(options) }, peer })
    }
    for (let i = 0; i < 9; i++) expect((await fail('10.0.0.7')).status).toBe(401)
    const { challengeId, options } = await signInOptions()
    const ok = await call('POST', '/api/login/passkey', { json: { challengeId, response: key.signIn(options) }, peer: '10.0.0.7' })
    expect(ok.status).toBe(200)
    for (let i = 0; i < 10; i++) expect((await fail('10.0.0.7')).status, `failure ${i + 1}`).toBe(401)
    expect(await answer(await fail('10.0.0.7'))).toEqual([429, { error: 'Too many login attempts. Please try again later.' }])
  })
})

describe('a recovery code', () => {
  it('signs in once with the session cookies; the same code again is 401 and the codes left go down by one', async () => {
    const res = await register(new Authenticator())
    const { recoveryCodes } = await res.json()
    const used = await call('POST', '/api/login/recovery', { json: { code: recoveryCodes[3].toLowerCase() } })
    expect(await answer(used)).toEqual([200, { ok: true }])
    const [session, device] = used.headers.getSetCookie()
    expect(session).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(device).toMatch(/^device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
    const again = await call('POST', '/api/login/recovery', { json: { code: recoveryCodes[3] } })
    expect(await answer(again)).toEqual([401, { error: 'That recovery code is not valid (each works once)' }])
    expect(again.headers.get('set-cookie')).toBeNull()
    const list = await (await call('GET', '/api/admin/passkeys', { cookie: session!.split(';')[0] })).json()
    expect(list.recoveryCodesLeft).toBe(9)
  })

  it('a code one character off is 401 and spends nothing; 11 characters are refused as no code at all', async () => {
    const { recoveryCodes } = await (await register(new Authenticator())).json()
    const code: string = recoveryCodes[0]
    const off = `${code.slice(0, -1)}${code.at(-1) === 'A' ? 'B' : 'A'}`
    expect(await answer(await call('POST', '/api/login/recovery', { json: { code: off } }))).toEqual([
      401,
      { error: 'That recovery code is not valid (each works once)' },
    ])
    expect(await answer(await call('POST', '/api/login/recovery', { json: { code: code.replace(/-/g, '').slice(0, 11) } }))).toEqual([
      400,
      { error: 'Type one of your recovery codes' },
    ])
    expect((await call('POST', '/api/login/recovery', { json: { code: code.replace(/-/g, '') } })).status).toBe(200)
  })

  it("a right code clears the address's failures, like a right password", async () => {
    const { recoveryCodes } = await (await register(new Authenticator())).json()
    const wrong = () => call('POST', '/api/login/recovery', { json: { code: 'AAAA-AAAA-AAAA' } })
    for (let i = 0; i < 9; i++) expect((await wrong()).status).toBe(401)
    expect((await call('POST', '/api/login/recovery', { json: { code: recoveryCodes[0] } })).status).toBe(200)
    for (let i = 0; i < 10; i++) expect((await wrong()).status, `failure ${i + 1}`).toBe(401)
  })

  it('no code, or one longer than 40 characters or on two lines, is refused naming the field', async () => {
    const tryCode = async (json: object) => answer(await call('POST', '/api/login/recovery', { json }))
    expect(await tryCode({})).toEqual([400, { error: 'Type one of your recovery codes' }])
    expect(await tryCode({ code: 'A'.repeat(41) })).toEqual([400, { error: 'Recovery code is too long (40 characters at most)' }])
    expect(await tryCode({ code: 'AAAA\nAAAA-AAAA' })).toEqual([400, { error: 'Recovery code must be one line' }])
  })

  it('wrong codes are throttled like wrong passwords: the 11th from one address answers 429, even with a right code', async () => {
    const { recoveryCodes } = await (await register(new Authenticator())).json()
    for (let i = 0; i < 10; i++) expect((await call('POST', '/api/login/recovery', { json: { code: 'AAAA-AAAA-AAAA' } })).status).toBe(401)
    const res = await call('POST', '/api/login/recovery', { json: { code: recoveryCodes[0] } })
    expect(await answer(res)).toEqual([429, { error: 'Too many login attempts. Please try again later.' }])
    expect(res.headers.get('set-cookie')).toBeNull()
  })
})

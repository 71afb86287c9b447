// Passkeys for the owner (WebAuthn, @simplewebauthn/server): register one from the dashboard, sign in with it (the
// password stays as the other way in), and a one-time recovery code when both are out of reach.
import { randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { z } from 'zod'
import type { Config } from '../lib/config'
import { badRequest, notFound, tooManyRequests, unauthorized } from '../lib/errors'
import { clientAddress, jsonBody } from '../lib/http'
import { textLine } from '../lib/text'
import type { Auth } from './auth'
import { requireAdmin, type AppEnv } from './auth.middleware'
import { DEVICE_COOKIE_MAX_AGE_S } from './device-cookies'
import { deviceFamily } from './device-family'
import { PasskeyStore } from './passkeys.store'
import { SESSION_ABSOLUTE_MS } from './sessions'

/** A ceremony must finish within this long of its options. */
const CHALLENGE_MS = 5 * 60_000
const MAX_PENDING = 200

const RegisterSchema = z.object({
  challengeId: z.string().max(100),
  label: textLine('Name').max(60, 'The name is 60 characters at most').optional(),
  response: z.custom<RegistrationResponseJSON>(
    (v) => typeof v === 'object' && v !== null && 'id' in v && 'response' in v,
    'The passkey answer is missing',
  ),
})
const SignInSchema = z.object({
  challengeId: z.string().max(100),
  response: z.custom<AuthenticationResponseJSON>(
    (v) => typeof v === 'object' && v !== null && 'id' in v && 'response' in v,
    'The passkey answer is missing',
  ),
})
const RecoverySchema = z.object({
  code: textLine('Recovery code', 'Type one of your recovery codes').min(12, 'Type one of your recovery codes').max(40),
})

/** Challenges waiting for their answer, each usable once. */
class Challenges {
  private pending = new Map<string, { challenge: string; until: number }>()
  issue(challenge: string): string {
    const now = Date.now()
    for (const [id, c] of this.pending) if (c.until < now || this.pending.size >= MAX_PENDING) this.pending.delete(id)
    const id = randomBytes(16).toString('base64url')
    this.pending.set(id, { challenge, until: now + CHALLENGE_MS })
    return id
  }
  take(id: string): string | null {
    const c = this.pending.get(id)
    this.pending.delete(id)
    return c && c.until >= Date.now() ? c.challenge : null
  }
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

export function createPasskeyRoutes({ auth, config }: { auth: Auth; config: Config }) {
  const store = new PasskeyStore(config.dataDir)
  const challenges = new Challenges()
  const rpID = new URL(config.publicOrigin).hostname
  const origin = config.publicOrigin
  const cookieOptions = { httpOnly: true, sameSite: 'Lax', path: '/', secure: auth.secureCookie } as const

  /** The same session and device cookie as a password sign-in. */
  const signIn = async (c: Context<AppEnv>) => {
    await auth.sessions.destroy(getCookie(c, auth.cookieName))
    const id = await auth.sessions.create(auth.username, deviceFamily(c.req.header('user-agent')))
    setCookie(c, auth.cookieName, id, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 })
    setCookie(c, auth.deviceCookieName, auth.devices.issue(), { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S })
    return c.json({ ok: true as const })
  }
  /** Failed passkey and recovery attempts count against the address like wrong passwords. */
  const attempt = (c: Context<AppEnv>) => {
    const device = auth.devices.verify(getCookie(c, auth.deviceCookieName))
    const reserved = auth.throttle.reserve(clientAddress(c, config.trustProxy), device)
    if (!reserved) throw tooManyRequests('Too many login attempts. Please try again later.')
    return { reserved, device }
  }
  const failed = (c: Context<AppEnv>, r: ReturnType<typeof attempt>, message: string): never => {
    r.reserved.failed()
    auth.activity.recordFailure({ device: deviceFamily(c.req.header('user-agent')), knownDevice: r.device !== null, refused: false })
    throw unauthorized(message)
  }

  return new Hono<AppEnv>()
    .use('/admin/passkeys', requireAdmin)
    .use('/admin/passkeys/*', requireAdmin)
    .get('/admin/passkeys', async (c) => {
      const list = await store.list()
      return c.json({
        passkeys: list.map((p) => ({ id: p.id, label: p.label, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt ?? null })),
        recoveryCodesLeft: await store.recoveryCodesLeft(),
      })
    })
    .post('/admin/passkeys/options', async (c) => {
      const existing = await store.list()
      const options = await generateRegistrationOptions({
        rpName: 'Studio dashboard',
        rpID,
        userName: auth.username,
        userID: new TextEncoder().encode(`owner:${auth.username}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as never })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      return c.json({ challengeId: challenges.issue(options.challenge), options })
    })
    .post('/admin/passkeys', async (c) => {
      const body = await jsonBody(c, RegisterSchema)
      const challenge = challenges.take(body.challengeId)
      if (!challenge) throw badRequest('The passkey request expired. Please try again.')
      const verified = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
      }).catch((err: Error) => {
        throw badRequest(`The passkey could not be checked: ${err.message}`)
      })
      if (!verified.verified) throw badRequest('The passkey could not be checked. Please try again.')
      const { credential } = verified.registrationInfo
      const at = new Date().toISOString()
      const { recoveryCodes } = await store.add({
        id: credential.id,
        publicKey: b64(credential.publicKey),
        counter: credential.counter,
        ...(credential.transports ? { transports: credential.transports } : {}),
        label: body.label || deviceFamily(c.req.header('user-agent')),
        createdAt: at,
      })
      return c.json({ ok: true as const, recoveryCodes }, 201)
    })
    .delete('/admin/passkeys/:id', async (c) => {
      if (!(await store.remove(c.req.param('id')))) throw notFound('No such passkey')
      return c.json({ ok: true as const })
    })
    .post('/login/passkey/options', async (c) => {
      c.header('Cache-Control', 'no-store')
      if ((await store.list()).length === 0) throw notFound('No passkey is set up yet: sign in with the password')
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' })
      return c.json({ challengeId: challenges.issue(options.challenge), options })
    })
    .post('/login/passkey', async (c) => {
      c.header('Cache-Control', 'no-store')
      const body = await jsonBody(c, SignInSchema)
      const tried = attempt(c)
      const challenge = challenges.take(body.challengeId)
      const passkey = await store.find(body.response.id)
      if (!challenge || !passkey) return failed(c, tried, 'That passkey is not known here, or the request expired. Please try again.')
      const result = await verifyAuthenticationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }))
      if (!result.verified) return failed(c, tried, 'The passkey could not be checked. Please try again.')
      tried.reserved.succeeded()
      await store.used(passkey.id, result.authenticationInfo.newCounter, new Date().toISOString())
      return signIn(c)
    })
    .post('/login/recovery', async (c) => {
      c.header('Cache-Control', 'no-store')
      const { code } = await jsonBody(c, RecoverySchema)
      const tried = attempt(c)
      if (!(await store.useRecoveryCode(code))) return failed(c, tried, 'That recovery code is not valid (each works once)')
      tried.reserved.succeeded()
      return signIn(c)
    })
}

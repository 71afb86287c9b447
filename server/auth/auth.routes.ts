// POST /api/login, POST /api/logout, GET /api/check-auth; and for the signed-in owner, the session list with sign-out
// per session and everywhere (/api/admin/sessions) and the failed sign-ins (/api/admin/login-activity).
import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { timingSafeEqual, createHash } from 'node:crypto'
import { z } from 'zod'
import type { Config } from '../lib/config'
import { notFound, tooManyRequests, unauthorized } from '../lib/errors'
import { clientAddress, jsonBody } from '../lib/http'
import { plainText, textLine } from '../lib/text'
import type { Auth } from './auth'
import { isAdmin, requireAdmin, type AppEnv } from './auth.middleware'
import { DEVICE_COOKIE_MAX_AGE_S } from './device-cookies'
import { deviceFamily } from './device-family'
import { verifyPassword } from './password'
import { SESSION_ABSOLUTE_MS } from './sessions'

const INVALID_LOGIN = 'Invalid username or password'
const TOO_MANY = 'Too many login attempts. Please try again later.'

const REQUIRED = 'Username and password are required'
const LoginSchema = z.object({
  username: textLine('Username', REQUIRED).min(1, REQUIRED).max(200),
  password: plainText('Password', { kind: 'secret', error: REQUIRED }).min(1, REQUIRED).max(1000),
})

const sameText = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

export function createAuthRoutes({ auth, config }: { auth: Auth; config: Config }) {
  const cookieOptions = { httpOnly: true, sameSite: 'Lax', path: '/', secure: auth.secureCookie } as const
  const endSession = (c: Context<AppEnv>) => deleteCookie(c, auth.cookieName, cookieOptions)

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      c.header('Cache-Control', 'no-store')
      const { username, password } = await jsonBody(c, LoginSchema)
      const device = auth.devices.verify(getCookie(c, auth.deviceCookieName))
      const family = deviceFamily(c.req.header('user-agent'))
      // Counted before the slow hash: parallel guesses beyond the limit are refused, not checked.
      const attempt = auth.throttle.reserve(clientAddress(c, config.trustProxy), device)
      if (!attempt) {
        auth.activity.recordFailure({ device: family, knownDevice: device !== null, refused: true })
        throw tooManyRequests(TOO_MANY)
      }
      let passwordOk: boolean
      try {
        passwordOk = await auth.hashes.run(() => verifyPassword(password, auth.passwordHash), device ? 'known' : 'other')
      } catch (err) {
        attempt.cancel()
        auth.activity.recordFailure({ device: family, knownDevice: device !== null, refused: true })
        throw err
      }
      if (!(sameText(username, auth.username) && passwordOk)) {
        attempt.failed()
        auth.activity.recordFailure({ device: family, knownDevice: device !== null, refused: false })
        throw unauthorized(INVALID_LOGIN)
      }
      attempt.succeeded()
      await auth.sessions.destroy(getCookie(c, auth.cookieName))
      const id = await auth.sessions.create(auth.username, family)
      setCookie(c, auth.cookieName, id, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 })
      // A new device id at each sign-in; this device keeps its own allowance from now on.
      setCookie(c, auth.deviceCookieName, auth.devices.issue(), { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S })
      return c.json({ ok: true as const })
    })
    .post('/logout', async (c) => {
      c.header('Cache-Control', 'no-store')
      await auth.sessions.destroy(getCookie(c, auth.cookieName))
      endSession(c)
      return c.json({ ok: true as const })
    })
    .get('/check-auth', requireAdmin, (c) => {
      const session = c.get('admin')
      return c.json({ authenticated: isAdmin(c), username: session?.username ?? auth.username })
    })
    .get('/admin/sessions', requireAdmin, (c) => c.json(auth.sessions.list(getCookie(c, auth.cookieName))))
    .delete('/admin/sessions/:id', requireAdmin, async (c) => {
      const id = c.req.param('id')
      const current = auth.sessions.list(getCookie(c, auth.cookieName)).find((s) => s.current)
      if (!(await auth.sessions.destroyRef(id))) throw notFound('No such session (it may have ended already)')
      if (current?.id === id) endSession(c)
      return c.json({ ok: true as const })
    })
    .delete('/admin/sessions', requireAdmin, async (c) => {
      await auth.sessions.destroyAll()
      endSession(c)
      return c.json({ ok: true as const })
    })
    .get('/admin/login-activity', requireAdmin, (c) => c.json(auth.activity.summary()))
}

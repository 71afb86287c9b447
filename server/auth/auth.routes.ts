// POST /api/login, POST /api/logout, GET /api/check-auth.
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { timingSafeEqual, createHash } from 'node:crypto'
import { z } from 'zod'
import type { Config } from '../lib/config'
import { tooManyRequests, unauthorized } from '../lib/errors'
import { clientAddress, jsonBody } from '../lib/http'
import { plainText, textLine } from '../lib/text'
import type { Auth } from './auth'
import { isAdmin, requireAdmin, type AppEnv } from './auth.middleware'
import { verifyPassword } from './password'
import { SESSION_ABSOLUTE_MS } from './sessions'

const INVALID_LOGIN = 'Invalid username or password'

const REQUIRED = 'Username and password are required'
const LoginSchema = z.object({
  username: textLine('Username', REQUIRED).min(1, REQUIRED).max(200),
  password: plainText('Password', { kind: 'secret', error: REQUIRED }).min(1, REQUIRED).max(1000),
})

const sameText = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

export function createAuthRoutes({ auth, config }: { auth: Auth; config: Config }) {
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      c.header('Cache-Control', 'no-store')
      const { username, password } = await jsonBody(c, LoginSchema)
      const client = clientAddress(c, config.trustProxy)
      if (auth.throttle.isBlocked(client)) throw tooManyRequests('Too many login attempts. Please try again later.')
      const passwordOk = await verifyPassword(password, auth.passwordHash)
      if (!(sameText(username, auth.username) && passwordOk)) {
        auth.throttle.recordFailure(client)
        throw unauthorized(INVALID_LOGIN)
      }
      auth.throttle.recordSuccess(client)
      await auth.sessions.destroy(getCookie(c, auth.cookieName))
      const id = await auth.sessions.create(auth.username)
      setCookie(c, auth.cookieName, id, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: auth.secureCookie,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      })
      return c.json({ ok: true as const })
    })
    .post('/logout', async (c) => {
      c.header('Cache-Control', 'no-store')
      await auth.sessions.destroy(getCookie(c, auth.cookieName))
      deleteCookie(c, auth.cookieName, { path: '/', secure: auth.secureCookie, httpOnly: true, sameSite: 'Lax' })
      return c.json({ ok: true as const })
    })
    .get('/check-auth', requireAdmin, (c) => {
      const session = c.get('admin')
      return c.json({ authenticated: isAdmin(c), username: session?.username ?? auth.username })
    })
}

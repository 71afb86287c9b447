// Reads the admin session cookie on every request; requireAdmin guards the management calls.
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { unauthorized } from '../lib/errors'
import type { Auth } from './auth'
import type { SessionRecord } from './sessions'

export type AppEnv = { Variables: { admin: SessionRecord | null } }

export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('admin', await auth.sessions.touch(getCookie(c, auth.cookieName)))
    await next()
  }
}

export function isAdmin(c: Context): boolean {
  return Boolean(c.get('admin'))
}

/** 401 `{error}` without a live admin session; management answers are never cached. */
export const requireAdmin: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store')
  if (!isAdmin(c)) throw unauthorized()
  await next()
}

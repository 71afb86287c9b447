// The parts of a request the collector looks at: address and user agent (for the day's visitor id, never stored),
// the privacy signals and the admin session.
import type { Context } from 'hono'
import { isAdmin } from '../auth/auth.middleware'
import { clientAddress } from '../lib/http'
import type { Visit } from './collector'

export function visitOf(c: Context, trustProxy: readonly string[]): Visit {
  return {
    address: clientAddress(c, trustProxy),
    userAgent: c.req.header('user-agent'),
    optedOut: c.req.header('dnt') === '1' || c.req.header('sec-gpc') === '1',
    admin: isAdmin(c),
  }
}

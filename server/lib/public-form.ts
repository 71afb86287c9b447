// Guards shared by the two public POSTs (contact, subscribe): a small body limit, a per-address rate limit, the honeypot.
import type { Context, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import { z } from 'zod'
import { jsonBody, limitBody } from './http'
import { rateLimit, RateLimiter } from './rate-limit'

const PUBLIC_FORM_BODY_LIMIT = 32 * 1024
/** The hidden input a person never sees or fills; bots that fill every field give themselves away. */
const HONEYPOT_FIELD = 'website'

/** The rate limit first (refusing cheaply), then the body limit; each public POST gets its own limiter. */
export function publicFormGuard(limit: number, windowMs: number, trustProxy: readonly string[]): MiddlewareHandler {
  return every(
    rateLimit(new RateLimiter(limit, windowMs), trustProxy),
    limitBody(PUBLIC_FORM_BODY_LIMIT, 'The form is too large. Please shorten your answers.'),
  )
}

/** The JSON body as an object, 400 when it is something else. */
export async function formBody(c: Context): Promise<Record<string, unknown>> {
  return jsonBody(c, z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object' }))
}

export function filledHoneypot(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD]
  return value !== undefined && value !== null && value !== '' && !(typeof value === 'string' && !value.trim())
}

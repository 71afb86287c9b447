// HTTP errors as HTTPException helpers and the one onError that answers `{ error }`.
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { pathOnly, requestLogger } from './logger'

export function httpError(status: ContentfulStatusCode, message: string, cause?: unknown): HTTPException {
  return new HTTPException(status, { message, cause })
}

/** An HTTP error whose `{error}` answer carries more fields (a stale edit's current item and its version). */
export class DetailedHttpError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(status, { message })
    this.name = 'DetailedHttpError'
  }
}

export const badRequest = (message: string) => httpError(400, message)
export const unauthorized = (message = 'Not authenticated') => httpError(401, message)
export const forbidden = (message = 'Forbidden') => httpError(403, message)
export const notFound = (message = 'Not found') => httpError(404, message)
export const conflict = (message: string) => httpError(409, message)
export const payloadTooLarge = (message = 'The request is too large') => httpError(413, message)
export const unsupportedMediaType = (message = 'Send the body as application/json') => httpError(415, message)
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') => httpError(429, message)

/** A content file that is missing or does not match its schema; names the file and the field. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${detail}`, options)
    this.name = 'ContentError'
  }
}

export function firstZodMessage(error: ZodError): string {
  const issue = error.issues[0]
  return issue ? issue.message : 'Invalid input'
}

export function onError(err: Error, c: Context): Response {
  if (err instanceof HTTPException) {
    const res = err.getResponse()
    // Middleware (csrf, body-limit) may hand over a plain-text response; the wire shape is always { error }.
    const message = err.message || res.statusText || 'Request failed'
    if (err.status >= 500) logFailure(c, err.cause ?? err)
    const details = err instanceof DetailedHttpError ? err.details : {}
    return c.json({ ...details, error: message }, err.status as ContentfulStatusCode)
  }
  if (err instanceof ZodError) return c.json({ error: firstZodMessage(err) }, 400)
  if (err instanceof ContentError) {
    logFailure(c, err)
    return c.json({ error: err.message }, 500)
  }
  logFailure(c, err)
  return c.json({ error: 'Something went wrong on the server. Please try again.' }, 500)
}

/** One line with the stack, under the request's id (the request's own line follows with the same id). */
function logFailure(c: Context, err: unknown): void {
  requestLogger(c).error({ err }, `${c.req.method} ${pathOnly(c.req.path)} failed`)
}

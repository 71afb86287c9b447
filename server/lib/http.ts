// Request helpers shared by the routers: JSON bodies validated with zod, body-size limits, the client address.
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { z } from 'zod'
import { resolveClientAddress } from './client-address'
import { badRequest, firstZodMessage, payloadTooLarge, unsupportedMediaType } from './errors'

export const JSON_BODY_LIMIT = 512 * 1024

/** Parses a JSON body (application/json only: 415 otherwise) with the schema; bad input answers 400 `{error}`. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) throw unsupportedMediaType()
  let data: unknown
  try {
    data = await c.req.json()
  } catch {
    throw badRequest('The request body is not valid JSON')
  }
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw badRequest(firstZodMessage(parsed.error))
  return parsed.data
}

/** A multipart/form-data body type, in any case, with or without parameters; never a longer name (`multipart/form-datax`). */
export const isMultipartForm = (type: string | undefined): boolean => /^multipart\/form-data\s*(;|$)/i.test(type ?? '')

/**
 * Like jsonBody, for partial updates: only the keys the client sent are returned, so a schema's defaults
 * (which zod applies even inside .partial()) never overwrite stored values.
 */
export async function jsonPatchBody<S extends z.ZodType>(c: Context, schema: S): Promise<Partial<z.output<S>>> {
  const parsed = (await jsonBody(c, schema)) as Record<string, unknown>
  const sent = new Set(Object.keys((await c.req.json()) as object))
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<z.output<S>>
}

/**
 * Caps the body size, counting chunked bodies as they stream in; 413 `{error}` when over. The rest of such a body is
 * never read, so the answer says `Connection: close` and Node closes the connection after it: a client must not
 * take the socket as reusable (it would be dropped under its next request).
 */
export function limitBody(maxSize: number, message?: string): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close')
      throw payloadTooLarge(message)
    },
  })
}

/** The client's address for throttling: the socket peer, or what a trusted proxy says it saw (client-address.ts). */
export function clientAddress(c: Context, trustedProxies: readonly string[]): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    peer = undefined
  }
  return resolveClientAddress(peer, c.req.header('x-forwarded-for'), trustedProxies)
}

// Public API reads answered from memory while the content files and HEAD are unchanged (one shared check per batch).
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { isAdmin } from '../auth/auth.middleware'
import type { ContentGeneration } from './content-generation'

/** Reads whose answers depend on nothing but the files under content/ (no session, no remote service). */
const CACHEABLE = /^\/api\/(services(\/[a-z0-9-]+)?|service-order|service-content\/[a-z0-9-]+|testimonials|site-settings|delivery-installation-content)$/

const MAX_ENTRIES = 500

interface Entry {
  generation: string
  body: Uint8Array<ArrayBuffer>
  /** Compressed once when stored, rather than on every request as the compression middleware would. */
  gzip: Uint8Array<ArrayBuffer>
  contentType: string
  etag: string
}

const acceptsGzip = (header: string | undefined) => Boolean(header && /\bgzip\b/i.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(header))

/**
 * Only 200 answers are kept, keyed by path. An admin session sees hidden services, so its requests bypass the cache
 * both ways. The ETag is set here, so the validators middleware answers 304 without hashing the body again.
 */
export function publicReadCache(generation: ContentGeneration): MiddlewareHandler {
  const entries = new Map<string, Entry>()
  return async (c, next) => {
    if (c.req.method !== 'GET' || !CACHEABLE.test(c.req.path) || isAdmin(c)) return next()
    const key = c.req.path
    const current = await generation.current()
    const hit = entries.get(key)
    if (hit?.generation === current) {
      const headers = { 'Content-Type': hit.contentType, ETag: hit.etag, Vary: 'Accept-Encoding' }
      if (hit.body.length >= 1024 && acceptsGzip(c.req.header('accept-encoding'))) {
        return c.body(hit.gzip, 200, { ...headers, 'Content-Encoding': 'gzip', ETag: `W/${hit.etag}` })
      }
      return c.body(hit.body, 200, headers)
    }
    await next()
    if (c.res.status !== 200) return
    const body = new Uint8Array(await c.res.clone().arrayBuffer())
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    if (entries.size >= MAX_ENTRIES) entries.clear()
    const contentType = c.res.headers.get('Content-Type') ?? 'application/json'
    entries.set(key, { generation: current, body, gzip: new Uint8Array(gzipSync(body)), contentType, etag })
    c.header('ETag', etag)
  }
}

// Public API reads answered from memory while the content files and HEAD are unchanged (told by file-system events).
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { ContentGeneration } from './content-generation'

/** Reads whose answers depend on nothing but the files under content/ and uploads/ (no session, no remote service). */
const CACHEABLE = /^\/api\/(services(\/[a-z0-9-]+)?|service-order|service-content\/[a-z0-9-]+|testimonials|site-settings|delivery-installation-content|image-versions)$/
/** The page images' content hashes: these also depend on the uploaded files themselves. */
const READS_UPLOADS = /^\/api\/image-versions$/

const MAX_ENTRIES = 500

interface Entry {
  generation: string
  body: Uint8Array<ArrayBuffer>
  /** Compressed once when stored, rather than on every request as the compression middleware would. */
  gzip: Uint8Array<ArrayBuffer>
  contentType: string
  etag: string
}

/** A header template, with the full header list it gives for one entry: built once, not on every request. */
interface Template {
  headers: [string, string][]
  entry?: Entry
  /** Names and values in turn, as `writeHead` takes them (cheaper than one `setHeader` per header). */
  flat?: string[]
}

export const acceptsGzip = (header: string | undefined) => Boolean(header && /\bgzip\b/i.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(header))

/** Headers that belong to one body (and its encoding), not to the path: never copied into a header template. */
const PER_BODY = new Set(['etag', 'content-encoding', 'content-length', 'date', 'transfer-encoding', 'connection', 'keep-alive'])

/**
 * Only 200 answers are kept, keyed by path. An admin session sees hidden services, so its requests bypass the cache
 * both ways. The ETag is set here, so the validators middleware answers 304 without hashing the body again.
 *
 * `listener()` adds a shortcut in front of Hono for the commonest request of all: a cookie-less, validator-less GET
 * of a cached path. It answers with the same bytes and the same headers a full pass through the middleware chain
 * produced (security headers, Cache-Control, Vary...: copied from such an answer, the "template"), after the same
 * freshness check; anything else (a session cookie, If-None-Match, a query, a miss, no template yet) goes to Hono.
 */
export class PublicReadCache {
  private entries = new Map<string, Entry>()
  /** Per encoding and path: the headers of the last full answer served from this cache, minus per-body ones. */
  private templates = { gzip: new Map<string, Template>(), identity: new Map<string, Template>() }
  readonly generation: ContentGeneration
  private withUploads: ContentGeneration

  constructor(generation: ContentGeneration | string) {
    this.generation = typeof generation === 'string' ? new ContentGeneration(generation) : generation
    this.withUploads = new ContentGeneration(this.generation.root, ['content', 'uploads'])
  }

  /** Stops watching the content files (a disposed app); answers stay correct, each checked with stat calls. */
  close(): void {
    this.generation.close()
    this.withUploads.close()
  }

  /** The fingerprint an answer of this path is valid for, taken after the call; `fromSocket` as in ContentGeneration. */
  private current(path: string, fromSocket: boolean): Promise<string> {
    return (READS_UPLOADS.test(path) ? this.withUploads : this.generation).current(fromSocket)
  }

  private variant(entry: Entry, acceptEncoding: string | undefined) {
    const gzip = entry.body.length >= 1024 && acceptsGzip(acceptEncoding)
    return gzip ? { gzip, body: entry.gzip, etag: `W/${entry.etag}` } : { gzip, body: entry.body, etag: entry.etag }
  }

  /** Serves cached public reads; requests `personal` says are a signed-in admin's always pass to the routes. */
  middleware(personal: (c: Context) => boolean): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.method !== 'GET' || !CACHEABLE.test(c.req.path) || personal(c)) return next()
      const key = c.req.path
      const current = await this.current(key, (c.env as { incoming?: IncomingMessage } | undefined)?.incoming !== undefined)
      const hit = this.entries.get(key)
      if (hit?.generation === current) {
        const v = this.variant(hit, c.req.header('accept-encoding'))
        const headers = { 'Content-Type': hit.contentType, ETag: v.etag, Vary: 'Accept-Encoding' }
        return c.body(v.body, 200, v.gzip ? { ...headers, 'Content-Encoding': 'gzip' } : headers)
      }
      await next()
      if (c.res.status !== 200) return
      const body = new Uint8Array(await c.res.clone().arrayBuffer())
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
      const contentType = c.res.headers.get('Content-Type') ?? 'application/json'
      this.entries.set(key, { generation: current, body, gzip: new Uint8Array(gzipSync(body)), contentType, etag })
      c.header('ETag', etag)
    }
  }

  /** A request the shortcut may answer: its answer cannot depend on a session, a validator or a query. */
  private eligible(req: IncomingMessage, cookieName: string): boolean {
    const url = req.url ?? ''
    if (req.method !== 'GET' || !CACHEABLE.test(url) || req.headers['if-none-match'] !== undefined) return false
    const cookie = req.headers.cookie
    return cookie === undefined || !cookie.includes(`${cookieName}=`)
  }

  /** Wraps the Hono fetch so that full answers served from this cache leave their headers as a template. */
  recording(fetch: (request: Request, env?: never) => Response | Promise<Response>, cookieName: string) {
    return async (request: Request, env?: unknown) => {
      const res = await fetch(request, env as never)
      const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
      if (res.status !== 200 || !incoming || !this.eligible(incoming, cookieName)) return res
      const entry = this.entries.get(incoming.url!)
      if (!entry) return res
      const v = this.variant(entry, incoming.headers['accept-encoding'])
      // Only an answer this cache gave (its ETag and encoding) is a faithful template for the same answer.
      if (res.headers.get('etag') !== v.etag || (res.headers.get('content-encoding') === 'gzip') !== v.gzip) return res
      const headers: [string, string][] = []
      res.headers.forEach((value, name) => {
        if (!PER_BODY.has(name)) headers.push([name, value])
      })
      this.templates[v.gzip ? 'gzip' : 'identity'].set(incoming.url!, { headers })
      return res
    }
  }

  /** A Node request listener: the shortcut first, then `next` (Hono's listener). */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown, cookieName: string) {
    return async (req: IncomingMessage, res: ServerResponse) => {
      if (!this.eligible(req, cookieName)) return next(req, res)
      const path = req.url!
      const current = await this.current(path, true)
      const entry = this.entries.get(path)
      if (entry?.generation !== current) return next(req, res)
      const v = this.variant(entry, req.headers['accept-encoding'])
      const template = this.templates[v.gzip ? 'gzip' : 'identity'].get(path)
      if (!template) return next(req, res)
      if (template.entry !== entry || !template.flat) {
        const own = [['etag', v.etag], ...(v.gzip ? [['content-encoding', 'gzip']] : []), ['content-length', String(v.body.length)]]
        template.flat = [...template.headers, ...own].flat()
        template.entry = entry
      }
      res.writeHead(200, template.flat)
      res.end(v.body)
    }
  }
}

// Public API reads answered from memory while the content files and HEAD are unchanged (told by file-system events).
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { clockNow } from './clock'
import { ContentGeneration } from './content-generation'
import { boundariesPassed } from './schedule'

/** Reads whose answers depend on nothing but the files under content/ and uploads/ (no session, no remote service). */
/**
 * The `/api/...` reads whose answers depend only on the files under content/ (and, with `uploads`, uploads/): the
 * routes that answer them declare it (each content kind's `publicReads`, the image versions), and createAppDeps hands
 * them to the cache.
 */
export interface ContentReads {
  content: RegExp[]
  /** Reads that also depend on the uploaded files themselves (the page images' content hashes). */
  uploads: RegExp[]
}

const MAX_ENTRIES = 500
/** Header templates kept (per URL, encoding and status); past this they are dropped and recorded again. */
const MAX_TEMPLATES = 2000


/** One answer kept in memory, as the shortcut sends it: both encodings, and the ETag of the uncompressed bytes. */
export interface KeptAnswer {
  status: number
  body: Uint8Array<ArrayBuffer>
  /** Compressed once when stored, rather than on every request as the compression middleware would. */
  gzip: Uint8Array<ArrayBuffer>
  /** Quoted; the gzip variant carries it weak (`W/"..."`). */
  etag: string
}

interface Entry extends KeptAnswer {
  generation: string
  contentType: string
}

/**
 * Answers kept outside this cache (the server-rendered pages) that the Node-level shortcut may send, with the headers
 * the full chain gave the same URL.
 */
export interface KeptAnswers {
  /** Whether a request target may be one of its answers (cheap; the rest of the checks come after). */
  serves(url: string): boolean
  /** The answer for `url` now, after the same freshness checks the chain makes (`fromSocket`), or null. */
  answer(url: string): Promise<KeptAnswer | null>
  /** The same, in the check phase after the request's poll phase, without waiting: undefined when it must wait. */
  answerInCheckPhase(url: string): KeptAnswer | null | undefined
  /** Whether the chain's answer to `url` with this ETag (as sent) is one of the answers kept for it. */
  isKept(url: string, etag: string): boolean
}

/** A header template: the chain's headers for one URL, encoding and status, minus the per-body ones. */
interface Template {
  headers: string[]
  /** Per answer, the full list `writeHead` takes (names and values in turn): built once, not on every request. */
  flat: WeakMap<KeptAnswer, string[]>
}

/** What the cache needs to know of the content's schedules ("show from" / "show until"), from `followSchedule`. */
interface ScheduleSource {
  /** Every instant (ms, sorted) at which a scheduled item appears or leaves, read from the content as it is now. */
  boundaries: () => Promise<number[]>
  /** PUBLIC_CACHE_SECONDS: a CDN may keep an answer this long, and serve it stale ten times as long. */
  cdnSeconds?: number
}

const templateKey = (url: string, gzip: boolean, status: number) => `${status}${gzip ? 'g' : 'i'}${url}`

/** As the validators middleware (hono/etag) compares: any listed tag, weak or strong, or `*`. */
function etagMatches(etag: string, ifNoneMatch: string): boolean {
  if (ifNoneMatch === '*') return true
  const strong = etag.replace(/^W\//, '')
  return ifNoneMatch.match(/"[^"]*"/g)?.some((tag) => tag === strong) ?? false
}

export const acceptsGzip = (header: string | undefined) => Boolean(header && /\bgzip\b/i.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(header))

/** Headers that belong to one body (and its encoding), not to the path: never copied into a header template. */
const PER_BODY = new Set(['etag', 'content-encoding', 'content-length', 'date', 'transfer-encoding', 'connection', 'keep-alive'])

/**
 * Only 200 answers are kept, keyed by path. An admin session sees hidden services, so its requests bypass the cache
 * both ways. The ETag is set here, so the validators middleware answers 304 without hashing the body again.
 *
 * `listener()` adds a shortcut in front of Hono for the commonest requests of all: a GET without the session cookie
 * of a cached API path or of a kept server-rendered page (`servePages`). It answers with the same bytes and the same
 * headers a full pass through the middleware chain produced for that URL, encoding and status (security headers,
 * Cache-Control, Vary...: copied from such an answer, the "template"), after the same freshness check, and with 304
 * when If-None-Match names the answer's ETag, as the chain would; anything else (a session cookie, a query on an API
 * path, a miss, a stale answer, no template yet) goes to Hono.
 */
export class PublicReadCache {
  private entries = new Map<string, Entry>()
  private templates = new Map<string, Template>()
  /** URLs with at least one template, and where their answers are kept: others go to Hono at once. */
  private templated = new Map<string, KeptAnswers>()
  readonly generation: ContentGeneration
  /** content/ and uploads/: the image hashes, and the pages (their renders read the image hashes too). */
  readonly withUploads: ContentGeneration
  private pages: KeptAnswers | null = null
  private schedule: ScheduleSource | null = null
  /** The boundaries read for each content fingerprint lately (one per generation in use); the last read, for the CDN. */
  private boundaryLists = new Map<string, Promise<number[]>>()
  private lastBoundaries: readonly number[] = []
  /** Per content fingerprint, the last stamp made from it and how many boundaries had passed then. */
  private stamps = new Map<string, { passed: number; stamp: string }>()
  /** The boundaries once read, per content fingerprint (`boundaryLists` holds the reads under way). */
  private boundaryValues = new Map<string, number[]>()
  private api: KeptAnswers = {
    serves: (url) => this.isContentRead(url),
    answer: async (url) => {
      const current = await this.current(url, true)
      const entry = this.entries.get(url)
      return entry?.generation === current ? entry : null
    },
    answerInCheckPhase: (url) => {
      const current = this.stampInCheckPhase(this.readsUploads(url) ? this.withUploads : this.generation)
      if (current === undefined) return undefined
      const entry = this.entries.get(url)
      return entry?.generation === current ? entry : null
    },
    isKept: (url, etag) => {
      const entry = this.entries.get(url)
      return entry !== undefined && (etag === entry.etag || etag === `W/${entry.etag}`)
    },
  }

  constructor(
    generation: ContentGeneration | string,
    readonly reads: ContentReads,
  ) {
    this.generation = typeof generation === 'string' ? new ContentGeneration(generation) : generation
    this.withUploads = new ContentGeneration(this.generation.root, ['content', 'uploads'])
  }

  /** Whether the answer to this path (no query) depends only on the files under content/ and uploads/. */
  isContentRead(path: string): boolean {
    return this.reads.content.some((r) => r.test(path)) || this.readsUploads(path)
  }

  private readsUploads(path: string): boolean {
    return this.reads.uploads.some((r) => r.test(path))
  }


  /** The rendered pages the shortcut may send too (one source: the app created last). */
  servePages(pages: KeptAnswers): void {
    this.pages = pages
    this.templates.clear()
    this.templated.clear()
  }

  private sourceOf(url: string): KeptAnswers | null {
    if (this.api.serves(url)) return this.api
    return this.pages?.serves(url) ? this.pages : null
  }

  /** Stops watching the content files (a disposed app); answers stay correct, each checked with stat calls. */
  close(): void {
    this.generation.close()
    this.withUploads.close()
  }

  /**
   * Schedules: what the public answers say also changes when a scheduled item's "show from" or "show until" passes,
   * with no file changing. Every fingerprint then ends with how many of the content's boundaries have passed on the
   * server's clock (server/lib/clock.ts), so a kept answer or page is stale from the first request after a boundary.
   */
  followSchedule(source: ScheduleSource): void {
    this.schedule = source
    this.boundaryLists.clear()
    this.boundaryValues.clear()
    this.stamps.clear()
  }

  /**
   * The fingerprint of `g` and, when schedules are followed, the schedule's state at this moment. Once a fingerprint's
   * boundaries are read, no further promise is made per request (every request pays for each one).
   */
  private stamp(g: ContentGeneration, fromSocket: boolean): Promise<string> {
    const files = g.current(fromSocket)
    return this.schedule ? files.then((f) => this.withSchedule(f)) : files
  }

  /** `stamp(g, true)` in the check phase after the request's poll phase, when it needs no wait; else undefined. */
  private stampInCheckPhase(g: ContentGeneration): string | undefined {
    const files = g.currentInCheckPhase()
    if (files === undefined || !this.schedule) return files
    const boundaries = this.boundaryValues.get(files)
    return boundaries && this.stampWith(files, boundaries)
  }

  private withSchedule(files: string): string | Promise<string> {
    const boundaries = this.boundaryValues.get(files)
    return boundaries ? this.stampWith(files, boundaries) : this.readBoundaries(files).then((read) => this.stampWith(files, read))
  }

  private stampWith(files: string, boundaries: readonly number[]): string {
    this.lastBoundaries = boundaries
    // No boundary at all (the usual case): the content's own fingerprint, as without schedules.
    if (boundaries.length === 0) return files
    const passed = boundariesPassed(boundaries, clockNow())
    // The same string for the same state: a fingerprint is a few KB, and a new one per request would be copied and
    // hashed again by every Map lookup it keys.
    const kept = this.stamps.get(files)
    if (kept?.passed === passed) return kept.stamp
    if (!kept && this.stamps.size >= 8) this.stamps.clear()
    const stamp = `${files}\n@${passed}`
    this.stamps.set(files, { passed, stamp })
    return stamp
  }

  /** Reads the boundaries of the content with this fingerprint once (concurrent callers share the read). */
  private readBoundaries(files: string): Promise<number[]> {
    let list = this.boundaryLists.get(files)
    if (!list) {
      if (this.boundaryLists.size >= 8) {
        this.boundaryLists.clear()
        this.boundaryValues.clear()
      }
      list = this.schedule!.boundaries().then(
        (read) => (this.boundaryValues.set(files, read), read),
        (err: unknown) => {
          console.error('Could not read the content schedules:', err)
          this.boundaryLists.delete(files)
          return []
        },
      )
      this.boundaryLists.set(files, list)
    }
    return list
  }

  /** The fingerprint the kept pages are valid for (content/ and uploads/, and the schedule's state). */
  pageStamp(fromSocket: boolean): Promise<string> {
    return this.stamp(this.withUploads, fromSocket)
  }

  /** `pageStamp(true)` without waiting, in the check phase after the request's poll phase; undefined if it must wait. */
  pageStampInCheckPhase(): string | undefined {
    return this.stampInCheckPhase(this.withUploads)
  }

  /** Seconds until the next schedule boundary of the content last read, or null when none is ahead. */
  secondsToNextBoundary(): number | null {
    const now = clockNow()
    const next = this.lastBoundaries.find((b) => b > now)
    return next === undefined ? null : Math.floor((next - now) / 1000)
  }

  /** A CDN keeping an answer now might serve it past the next boundary: the shortcut's recorded headers are too old. */
  private nearBoundary(): boolean {
    const seconds = this.schedule?.cdnSeconds
    if (!seconds) return false
    const left = this.secondsToNextBoundary()
    return left !== null && left < seconds * 11
  }

  /** The fingerprint an answer of this path is valid for, taken after the call; `fromSocket` as in ContentGeneration. */
  private current(path: string, fromSocket: boolean): Promise<string> {
    return this.stamp(this.readsUploads(path) ? this.withUploads : this.generation, fromSocket)
  }

  private variant(entry: Entry, acceptEncoding: string | undefined) {
    const gzip = entry.body.length >= 1024 && acceptsGzip(acceptEncoding)
    return gzip ? { gzip, body: entry.gzip, etag: `W/${entry.etag}` } : { gzip, body: entry.body, etag: entry.etag }
  }

  /** Serves cached public reads; requests `personal` says are a signed-in admin's always pass to the routes. */
  middleware(personal: (c: Context) => boolean): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.method !== 'GET' || !this.isContentRead(c.req.path) || personal(c)) return next()
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
      // Buffers, as node:http writes them: a plain Uint8Array would be wrapped in a new Buffer on every answer.
      const body = Buffer.from(await c.res.clone().arrayBuffer())
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
      const contentType = c.res.headers.get('Content-Type') ?? 'application/json'
      this.entries.set(key, { status: 200, generation: current, body, gzip: gzipSync(body), contentType, etag })
      c.header('ETag', etag)
    }
  }

  /** A request the shortcut may answer: a GET whose answer cannot depend on a session. */
  private eligible(req: IncomingMessage, cookieName: string): boolean {
    if (req.method !== 'GET') return false
    const cookie = req.headers.cookie
    return cookie === undefined || !cookie.includes(`${cookieName}=`)
  }

  /** Wraps the Hono fetch so that full answers that are kept answers leave their headers as a template. */
  recording(fetch: (request: Request, env?: never) => Response | Promise<Response>, cookieName: string) {
    return async (request: Request, env?: unknown) => {
      const res = await fetch(request, env as never)
      const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
      if ((res.status !== 200 && res.status !== 304) || !incoming || !this.eligible(incoming, cookieName)) return res
      const url = incoming.url!
      const etag = res.headers.get('etag')
      const source = this.sourceOf(url)
      // Only an answer kept here (its ETag) is a faithful template for the same answer; a gzip one's ETag is weak.
      if (!etag || !source?.isKept(url, etag)) return res
      const gzip = etag.startsWith('W/')
      if (res.status === 200 && (res.headers.get('content-encoding') === 'gzip') !== gzip) return res
      const headers: string[] = []
      res.headers.forEach((value, name) => {
        if (!PER_BODY.has(name)) headers.push(name, value)
      })
      if (this.templates.size >= MAX_TEMPLATES) {
        this.templates.clear()
        this.templated.clear()
      }
      this.templates.set(templateKey(url, gzip, res.status), { headers, flat: new WeakMap() })
      this.templated.set(url, source)
      return res
    }
  }

  /**
   * A Node request listener: the shortcut first, then `next` (Hono's listener). The freshness check must wait for the
   * check phase after the poll phase the request was read in (server/lib/content-generation.ts), so the requests of
   * one turn wait together and are answered in one callback there, without a promise each; one whose check needs the
   * files looked at takes the waiting way.
   */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown, cookieName: string) {
    /** Requests waiting for this turn's check phase: request, answer, where it is kept, in turn. */
    let waiting: (IncomingMessage | ServerResponse | KeptAnswers)[] = []
    const answerWaiting = () => {
      const turn = waiting
      waiting = []
      for (let i = 0; i < turn.length; i += 3) {
        const req = turn[i] as IncomingMessage
        const res = turn[i + 1] as ServerResponse
        const source = turn[i + 2] as KeptAnswers
        let answer: KeptAnswer | null | undefined
        try {
          answer = source.answerInCheckPhase(req.url!)
        } catch {
          answer = null // the chain looks again, and answers what it finds
        }
        if (answer !== undefined) this.send(req, res, answer, next)
        else void source.answer(req.url!).then((later) => this.send(req, res, later, next), () => next(req, res))
      }
    }
    return (req: IncomingMessage, res: ServerResponse) => {
      if (!this.eligible(req, cookieName)) return next(req, res)
      const source = this.templated.get(req.url!)
      if (!source) return next(req, res)
      if (waiting.length === 0) setImmediate(answerWaiting)
      waiting.push(req, res, source)
    }
  }

  /** Sends a kept answer with its URL's template, as the chain would answer; anything else goes to `next`. */
  private send(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer | null, next: (req: IncomingMessage, res: ServerResponse) => unknown) {
    // Near a schedule boundary the CDN headers are shortened per answer (ops/cdn-cache.ts): the chain writes them.
    if (answer?.status !== 200 || this.nearBoundary()) return next(req, res)
    const url = req.url!
    const gzip = answer.body.length >= 1024 && acceptsGzip(req.headers['accept-encoding'])
    const etag = gzip ? `W/${answer.etag}` : answer.etag
    const ifNoneMatch = req.headers['if-none-match']
    const status = ifNoneMatch !== undefined && etagMatches(etag, ifNoneMatch) ? 304 : 200
    const template = this.templates.get(templateKey(url, gzip, status))
    if (!template) return next(req, res)
    let flat = template.flat.get(answer)
    if (!flat) {
      const body = gzip ? answer.gzip : answer.body
      const own = status === 304 ? ['etag', etag] : ['etag', etag, ...(gzip ? ['content-encoding', 'gzip'] : []), 'content-length', String(body.length)]
      flat = [...template.headers, ...own]
      template.flat.set(answer, flat)
    }
    res.writeHead(status, flat)
    if (status === 304) res.end()
    else res.end(gzip ? answer.gzip : answer.body)
  }
}

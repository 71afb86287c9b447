// Public API reads answered from memory while the content files and HEAD are unchanged (told by file-system events).
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { clockNow } from '../lib/clock'
import { ContentGeneration } from './content-generation'
import { acceptsGzip, type KeptAnswer, type KeptAnswers } from './kept-answer'
import { NodeShortcut } from './node-shortcut'
import { boundariesPassed } from '../lib/schedule'

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

interface Entry extends KeptAnswer {
  generation: string
  contentType: string
}

/** What the cache needs to know of the content's schedules ("show from" / "show until"), from `followSchedule`. */
interface ScheduleSource {
  /** Every instant (ms, sorted) at which a scheduled item appears or leaves, read from the content as it is now. */
  boundaries: () => Promise<number[]>
  /** PUBLIC_CACHE_SECONDS: a CDN may keep an answer this long, and serve it stale ten times as long. */
  cdnSeconds?: number
}

/**
 * Only 200 answers are kept, keyed by path. An admin session sees hidden services, so its requests bypass the cache
 * both ways. The ETag is set here, so the validators middleware answers 304 without hashing the body again.
 *
 * `listener()` adds the Node-level shortcut (server/cache/node-shortcut.ts) in front of Hono for the commonest
 * requests of all: a GET without the session cookie of a cached API path or of a kept server-rendered page
 * (`servePages`), answered with the same bytes and headers a full pass through the middleware chain produced.
 */
export class PublicReadCache {
  private entries = new Map<string, Entry>()
  /** The Node-level shortcut in front of Hono: kept API answers and pages with the chain's headers. */
  private readonly shortcut = new NodeShortcut({ sourceOf: (url) => this.sourceOf(url), nearBoundary: () => this.nearBoundary() })
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
    this.shortcut.forget()
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

  /** Wraps the Hono fetch so that full answers that are kept answers leave their headers as a template. */
  recording(fetch: (request: Request, env?: never) => Response | Promise<Response>, cookieName: string) {
    return this.shortcut.recording(fetch, cookieName)
  }

  /** A Node request listener: the shortcut first, then `next` (Hono's listener); see server/cache/node-shortcut.ts. */
  listener(next: (req: IncomingMessage, res: ServerResponse) => unknown, cookieName: string) {
    return this.shortcut.listener(next, cookieName)
  }
}

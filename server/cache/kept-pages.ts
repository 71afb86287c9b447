// Kept pages: each public page's renders per address, with the API calls they made, sent again while those calls
// would answer the same; the Node-level shortcut (node-shortcut.ts) sends them too. Filled by the page renderer.
import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import type { KeptAnswer, KeptAnswers } from './kept-answer'
import type { PublicReadCache } from './read-cache'

/** One API call a render made, and what it answered (status and ETag, or a hash of the body). */
export interface PageCall {
  url: string
  init: { method: string; headers?: HeadersInit }
  answer: string
}

/**
 * Rendered pages of one URL, valid while every API call their renders made still answers the same (so a change made
 * with plain git, a hidden service or a new image shows on the next request, as the API shows it) and the build and
 * the year (the footer's copyright) are the same. Up to RENDERS_PER_POOL renders are kept, distinct ones only: the
 * home page picks its testimonials at random, so a visitor gets one of those picks, chosen at random per request.
 *
 * When every call was a read whose answer depends on nothing but the files under content/ and uploads/
 * (`contentOnly`), the pool also holds the content generation (server/cache/content-generation.ts) taken before those
 * answers were read or last confirmed: while the generation has not moved, the answers cannot have changed, and the
 * calls are not made again. When it moved, the calls are repeated once, and the pool stays if they answer the same.
 */
export interface Pool {
  build: number
  year: number
  dependencies: PageCall[]
  variants: KeptAnswer[]
  renders: number
  contentOnly: boolean
  generation: string
  check?: { at: number; valid: Promise<boolean> }
}

/** One of a pool's kept variants, at random (the home page's testimonials differ between them). */
const anyVariant = (pool: Pool): KeptAnswer => pool.variants[Math.floor(Math.random() * pool.variants.length)]

const RENDERS_PER_POOL = 24
const MAX_POOLS = 200
/** How stale the shortcut's view of the server build may be: a rebuild beside a running server shows within this. */
const BUILD_RECHECK_MS = 1000

/** Request targets the Node-level shortcut may answer with a kept page: plain paths (the form pools are keyed by). */
const PLAIN_PAGE_URL = /^(?!.*\/\/)\/(?!(api|uploads|img|assets)([/?]|$))[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-.~=&%+]+)?$/

/** What a call answered, to compare a later answer with: status and ETag, or a hash of the body. */
export async function answerOf(res: Response): Promise<string> {
  const etag = res.headers.get('etag')
  if (etag) return `${res.status} ${etag}`
  const body = new Uint8Array(await res.clone().arrayBuffer())
  return `${res.status} #${createHash('sha1').update(body).digest('base64url')}`
}

const sameCalls = (a: PageCall[], b: PageCall[]) =>
  a.length === b.length && a.every((d, i) => d.url === b[i].url && d.answer === b[i].answer)

export interface KeptPagesOptions {
  origin: string
  /** Repeats a render's call in-process, to see whether it still answers the same. */
  fetch: (url: string, init: PageCall['init']) => Promise<Response>
  /** The server build's entry: its stamp is part of what a kept page is valid for. */
  entryPath: string
  /** Its content generation makes re-checking unnecessary for pages that read content only; without it, none is. */
  readCache?: PublicReadCache
}

/** What a render is about to make, and for which state of the content: kept with `keep` once the page is made. */
export interface PageKey {
  url: string
  build: number
  year: number
  /** `readCache.pageStamp` taken before any answer was read or confirmed (empty without a read cache). */
  now: string
}

export class KeptPages {
  private pools = new Map<string, Pool>()

  constructor(private readonly options: KeptPagesOptions) {}

  /** Whether every call the pool's renders made answers the same now; one check serves the requests of one turn. */
  private async stillValid(pool: Pool): Promise<boolean> {
    const arrived = performance.now()
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (!pool.check || pool.check.at < arrived) {
      const valid = Promise.all(
        pool.dependencies.map(async (d) => (await answerOf(await this.options.fetch(d.url, d.init))) === d.answer),
      ).then(
        (same) => same.every(Boolean),
        () => false,
      )
      pool.check = { at: performance.now(), valid }
    }
    return pool.check.valid
  }

  private buildSeen = { at: -Infinity, mtimeMs: undefined as number | undefined, year: 0 }
  /** The server build's stamp for the shortcut, and the year: looked at once per BUILD_RECHECK_MS at most. */
  private buildSeenNow() {
    const now = performance.now()
    if (now - this.buildSeen.at >= BUILD_RECHECK_MS) {
      this.buildSeen = {
        at: now,
        mtimeMs: statSync(this.options.entryPath, { throwIfNoEntry: false })?.mtimeMs,
        year: new Date().getFullYear(),
      }
    }
    return this.buildSeen
  }

  /** A URL's pool when the shortcut may answer from it, before the content check. */
  private keptPool(url: string): Pool | null {
    const pool = this.pools.get(url)
    if (!pool?.contentOnly || pool.renders < RENDERS_PER_POOL || !this.options.readCache) return null
    const seen = this.buildSeenNow()
    return pool.build === seen.mtimeMs && pool.year === seen.year ? pool : null
  }

  private pickIfCurrent(url: string, pool: Pool, now: string): KeptAnswer | null {
    return this.pools.get(url) === pool && pool.generation === now ? anyVariant(pool) : null
  }

  /** Kept pages for the Node-level shortcut: the same checks as `render`, without its API calls or the chain. */
  readonly answers: KeptAnswers = {
    serves: (url) => PLAIN_PAGE_URL.test(url),
    answer: async (url) => {
      const pool = this.keptPool(url)
      if (!pool) return null
      const now = await this.options.readCache!.pageStamp(true)
      return this.pickIfCurrent(url, pool, now)
    },
    answerInCheckPhase: (url) => {
      const pool = this.keptPool(url)
      if (!pool) return null
      const now = this.options.readCache!.pageStampInCheckPhase()
      return now === undefined ? undefined : this.pickIfCurrent(url, pool, now)
    },
    isKept: (url, etag) => {
      const pool = this.pools.get(url)
      return Boolean(pool?.contentOnly && pool.variants.some((v) => v.status === 200 && (etag === v.etag || etag === `W/${v.etag}`)))
    },
  }

  /**
   * The variant to send for this page now, if its pool is full and still valid (`hit`); otherwise the pool a new render
   * joins when it calls as before (`pool`, possibly undefined).
   */
  async lookup(key: PageKey): Promise<{ hit: KeptAnswer } | { hit: null; pool: Pool | undefined }> {
    let pool = this.pools.get(key.url)
    if (pool && (pool.build !== key.build || pool.year !== key.year)) pool = undefined
    if (pool && (!pool.contentOnly || pool.generation !== key.now)) {
      if (await this.stillValid(pool)) pool.generation = key.now
      else pool = undefined
    }
    if (pool && pool.renders >= RENDERS_PER_POOL) return { hit: anyVariant(pool) }
    return { hit: null, pool }
  }

  /** Keeps a new render: in `pool` when its calls answered the same, else in a new pool for the address. */
  keep(key: PageKey, pool: Pool | undefined, calls: PageCall[], variant: KeptAnswer): void {
    if (!(pool && sameCalls(pool.dependencies, calls))) {
      if (this.pools.size >= MAX_POOLS) this.pools.clear()
      const { origin, readCache } = this.options
      const contentOnly =
        Boolean(readCache) &&
        calls.every((d) => {
          const url = new URL(d.url, origin)
          return url.origin === new URL(origin).origin && url.search === '' && readCache!.isContentRead(url.pathname)
        })
      pool = { build: key.build, year: key.year, dependencies: calls, variants: [], renders: 0, contentOnly, generation: key.now }
      this.pools.set(key.url, pool)
    }
    pool.renders++
    if (!pool.variants.some((v) => v.etag === variant.etag)) pool.variants.push(variant)
  }
}

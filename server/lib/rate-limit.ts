// One per-key sliding-window limiter, kept in memory (one process serves the site): public forms and login failures.
import type { MiddlewareHandler } from 'hono'
import { tooManyRequests } from './errors'
import { clientAddress } from './http'

const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.'

/** Keys kept at most; past it the longest-quiet key is forgotten first, so a flood of addresses cannot fill memory. */
export const MAX_KEYS = 50_000
/** Quiet keys cleared out per event: a fixed amount, however many addresses are stored. */
const PRUNE_PER_EVENT = 2

export class RateLimiter {
  /** Each key's recent times (at most `limit` of them), in order of each key's latest event: the quietest first. */
  private hits = new Map<string, number[]>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Counts this request and says whether it is within the limit (a refused request is not counted). */
  take(key: string): boolean {
    if (this.isLimited(key)) return false
    this.record(key)
    return true
  }

  /** True when the key has used up the limit in the current window; counts nothing. */
  isLimited(key: string): boolean {
    return this.recent(key, this.now()).length >= this.limit
  }

  /** Counts one event for the key (a failed login, say). */
  record(key: string): void {
    const t = this.now()
    const times = this.recent(key, t)
    times.push(t)
    if (times.length > this.limit) times.shift()
    // Re-inserted, so the map stays in order of latest event and the quiet keys are at its front.
    this.hits.delete(key)
    this.hits.set(key, times)
    this.prune(t)
  }

  /** Takes back the key's latest event (an attempt counted ahead that turned out well). */
  release(key: string): void {
    const times = this.hits.get(key)
    times?.pop()
    if (times && times.length === 0) this.hits.delete(key)
  }

  /** Forgets the key's events (a successful login clears that client's failures). */
  clear(key: string): void {
    this.hits.delete(key)
  }

  /** How many keys are held (for tests and the flood benchmark). */
  get size(): number {
    return this.hits.size
  }

  private recent(key: string, t: number): number[] {
    const times = this.hits.get(key)
    if (!times) return []
    while (times.length && t - times[0] >= this.windowMs) times.shift()
    if (!times.length) this.hits.delete(key)
    return times
  }

  /** A bounded amount of work per event: the quietest keys whose every event has left the window, or over the cap. */
  private prune(t: number): void {
    let checked = 0
    for (const [key, times] of this.hits) {
      const over = this.hits.size > this.maxKeys
      if (!over && (checked++ >= PRUNE_PER_EVENT || t - times[times.length - 1] < this.windowMs)) break
      this.hits.delete(key)
    }
  }
}

/** 429 `{error}` once a client address has used up its requests in the window. */
export function rateLimit(limiter: RateLimiter, trustProxy: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!limiter.take(clientAddress(c, trustProxy))) {
      c.header('Retry-After', String(Math.ceil(limiter.windowMs / 1000)))
      throw tooManyRequests(TOO_MANY_REQUESTS)
    }
    await next()
  }
}

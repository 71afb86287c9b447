// One per-key sliding-window limiter, kept in memory (one process serves the site): public forms and login failures.
import type { MiddlewareHandler } from 'hono'
import { tooManyRequests } from './errors'
import { clientAddress } from './http'

const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.'

export class RateLimiter {
  private hits = new Map<string, number[]>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
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
    if (this.hits.size > 10_000) this.prune(t)
    this.hits.set(key, [...this.recent(key, t), t])
  }

  /** Forgets the key's events (a successful login clears that client's failures). */
  clear(key: string): void {
    this.hits.delete(key)
  }

  private recent(key: string, t: number): number[] {
    const times = this.hits.get(key)
    if (!times) return []
    const recent = times.filter((at) => t - at < this.windowMs)
    if (recent.length) this.hits.set(key, recent)
    else this.hits.delete(key)
    return recent
  }

  private prune(t: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((at) => t - at >= this.windowMs)) this.hits.delete(key)
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

// A per-client sliding-window limit for the public forms, kept in memory (one process serves the site).
import type { MiddlewareHandler } from 'hono'
import { tooManyRequests } from '../lib/errors'
import { clientAddress } from '../lib/http'

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.'

export class RateLimiter {
  private hits = new Map<string, number[]>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts this request and says whether it is within the limit. */
  take(key: string): boolean {
    const t = this.now()
    if (this.hits.size > 10_000) this.prune(t)
    const recent = (this.hits.get(key) ?? []).filter((at) => t - at < this.windowMs)
    if (recent.length >= this.limit) {
      this.hits.set(key, recent)
      return false
    }
    recent.push(t)
    this.hits.set(key, recent)
    return true
  }

  private prune(t: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((at) => t - at >= this.windowMs)) this.hits.delete(key)
    }
  }
}

/** 429 `{error}` once a client address has used up its requests in the window. */
export function rateLimit(limiter: RateLimiter, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!limiter.take(clientAddress(c, trustProxy))) {
      c.header('Retry-After', String(Math.ceil(limiter.windowMs / 1000)))
      throw tooManyRequests(TOO_MANY_REQUESTS)
    }
    await next()
  }
}

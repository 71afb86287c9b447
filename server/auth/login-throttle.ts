// Login throttling: failures per client address (10 per 15 min) and overall (100 per hour), checked before hashing.
import { RateLimiter } from '../lib/rate-limit'

const PER_CLIENT = { limit: 10, windowMs: 15 * 60 * 1000 }
const OVERALL = { limit: 100, windowMs: 60 * 60 * 1000 }
const EVERYONE = '*'

export class LoginThrottle {
  private readonly perClient: RateLimiter
  private readonly overall: RateLimiter

  constructor(now: () => number = Date.now) {
    this.perClient = new RateLimiter(PER_CLIENT.limit, PER_CLIENT.windowMs, now)
    this.overall = new RateLimiter(OVERALL.limit, OVERALL.windowMs, now)
  }

  /** True when this client, or everyone together, has failed too often recently. */
  isBlocked(client: string): boolean {
    return this.perClient.isLimited(client) || this.overall.isLimited(EVERYONE)
  }

  recordFailure(client: string): void {
    this.perClient.record(client)
    this.overall.record(EVERYONE)
  }

  /** A successful login clears that client's failures (the overall count keeps its history). */
  recordSuccess(client: string): void {
    this.perClient.clear(client)
  }
}

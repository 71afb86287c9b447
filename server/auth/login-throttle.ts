// Login throttling: each attempt is counted before its password is hashed. Unknown clients: 10 per address per
// 15 min and 100 for all of them together per hour. A known device (a valid device cookie) has its own 10 per 15 min
// and is not held by the others' limits, so a flood from elsewhere cannot lock the owner out.
import { RateLimiter } from '../lib/rate-limit'

const PER_CLIENT = { limit: 10, windowMs: 15 * 60 * 1000 }
const OVERALL = { limit: 100, windowMs: 60 * 60 * 1000 }
const PER_DEVICE = { limit: 10, windowMs: 15 * 60 * 1000 }
const EVERYONE = '*'

/** A counted attempt; settled once its password was checked, or cancelled when it never was. */
export interface LoginAttempt {
  /** Right password: the client's (or device's) failures are forgotten and its slot in the overall count given back. */
  succeeded(): void
  /** Wrong password: the attempt stays counted. */
  failed(): void
  /** Not checked at all (the hashing line was full): the attempt is given back. */
  cancel(): void
}

export class LoginThrottle {
  private readonly perClient: RateLimiter
  private readonly overall: RateLimiter
  private readonly perDevice: RateLimiter

  constructor(now: () => number = Date.now) {
    this.perClient = new RateLimiter(PER_CLIENT.limit, PER_CLIENT.windowMs, now)
    this.overall = new RateLimiter(OVERALL.limit, OVERALL.windowMs, now)
    this.perDevice = new RateLimiter(PER_DEVICE.limit, PER_DEVICE.windowMs, now)
  }

  /**
   * Counts the attempt now, before any hashing, so parallel guesses cannot all slip under the limit; null when over
   * it. `device` is the id of a valid device cookie, or null.
   */
  reserve(client: string, device: string | null = null): LoginAttempt | null {
    if (device !== null) {
      if (!this.perDevice.take(device)) return null
      return {
        succeeded: () => this.perDevice.clear(device),
        failed: () => undefined,
        cancel: () => this.perDevice.release(device),
      }
    }
    if (this.isBlocked(client)) return null
    this.perClient.record(client)
    this.overall.record(EVERYONE)
    const giveBack = () => {
      this.perClient.release(client)
      this.overall.release(EVERYONE)
    }
    return {
      succeeded: () => {
        this.perClient.clear(client)
        this.overall.release(EVERYONE)
      },
      failed: () => undefined,
      cancel: giveBack,
    }
  }

  /** True when this unknown client, or unknown clients together, have failed too often recently. */
  isBlocked(client: string): boolean {
    return this.perClient.isLimited(client) || this.overall.isLimited(EVERYONE)
  }

  /** Counts a failure outright (tests and tools; the login route reserves instead). */
  recordFailure(client: string): void {
    this.perClient.record(client)
    this.overall.record(EVERYONE)
  }

  /** A successful login clears that client's failures (the overall count keeps its history). */
  recordSuccess(client: string): void {
    this.perClient.clear(client)
  }
}

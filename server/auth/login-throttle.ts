// Login throttling: failures per client address (10 per 15 min) and overall (100 per hour), checked before hashing.
export const PER_CLIENT = { limit: 10, windowMs: 15 * 60 * 1000 }
export const OVERALL = { limit: 100, windowMs: 60 * 60 * 1000 }

export class LoginThrottle {
  private perClient = new Map<string, number[]>()
  private overall: number[] = []

  constructor(private now: () => number = Date.now) {}

  /** True when this client, or everyone together, has failed too often recently. */
  isBlocked(client: string): boolean {
    const t = this.now()
    this.overall = this.overall.filter((at) => t - at < OVERALL.windowMs)
    const mine = (this.perClient.get(client) ?? []).filter((at) => t - at < PER_CLIENT.windowMs)
    if (mine.length) this.perClient.set(client, mine)
    else this.perClient.delete(client)
    return mine.length >= PER_CLIENT.limit || this.overall.length >= OVERALL.limit
  }

  recordFailure(client: string): void {
    const t = this.now()
    this.overall.push(t)
    this.perClient.set(client, [...(this.perClient.get(client) ?? []), t])
  }

  /** A successful login clears that client's failures (the overall count keeps its history). */
  recordSuccess(client: string): void {
    this.perClient.delete(client)
  }
}

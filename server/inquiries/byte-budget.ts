// A per-address allowance of bytes in a sliding window (the quote form's photos: so much per hour), in memory.

export class ByteBudget {
  private spent = new Map<string, { at: number; bytes: number }[]>()

  constructor(
    readonly maxBytes: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string, t: number) {
    const list = (this.spent.get(key) ?? []).filter((e) => t - e.at < this.windowMs)
    if (list.length) this.spent.set(key, list)
    else this.spent.delete(key)
    return list
  }

  /** True when the address has used its allowance in the window. */
  isSpent(key: string): boolean {
    return this.recent(key, this.now()).reduce((sum, e) => sum + e.bytes, 0) >= this.maxBytes
  }

  /** Counts bytes received from the address. */
  spend(key: string, bytes: number): void {
    const t = this.now()
    if (this.spent.size > 10_000) for (const k of [...this.spent.keys()]) this.recent(k, t)
    this.spent.set(key, [...this.recent(key, t), { at: t, bytes }])
  }

  /** How many addresses are held (for tests: quiet ones are forgotten, so a flood of addresses cannot fill memory). */
  get size(): number {
    return this.spent.size
  }
}

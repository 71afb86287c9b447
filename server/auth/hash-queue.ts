// At most a few password checks at once: each scrypt check takes 128 MiB and a core for a third of a second, so a
// flood waits in a short line (known devices first) and what does not fit is refused at once.
import { tooManyRequests } from '../lib/errors'

/** One check at a time: the server's memory stays near its resting size plus one scrypt (128 MiB) under any flood. */
export const HASH_CONCURRENCY = 1
/** Waiting checks per lane; past it a login is refused with 429 before any hashing. */
export const MAX_WAITING = 16

export const BUSY_MESSAGE = 'Too many login attempts. Please try again later.'

type Lane = 'known' | 'other'

export class HashQueue {
  private running = 0
  private readonly waiting: Record<Lane, (() => void)[]> = { known: [], other: [] }

  constructor(
    private readonly concurrency = HASH_CONCURRENCY,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /**
   * Runs the check when a slot is free. A device that signed in before has its own lane, served first, so a flood
   * from elsewhere neither fills its line nor makes it wait behind the flood.
   */
  async run<T>(task: () => Promise<T>, lane: Lane = 'other'): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting[lane].length >= this.maxWaiting) throw tooManyRequests(BUSY_MESSAGE)
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve))
    } else {
      this.running++
    }
    try {
      return await task()
    } finally {
      const next = this.waiting.known.shift() ?? this.waiting.other.shift()
      if (next) next()
      else this.running--
    }
  }

  get pending(): number {
    return this.running + this.waiting.known.length + this.waiting.other.length
  }
}

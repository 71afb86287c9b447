// Failed sign-ins as the owner sees them in the dashboard: when, from what kind of device, whether it was one of the
// owner's known devices and whether the throttle refused it. No addresses, no user agents: DATA_DIR/login-activity.json.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileDurable } from '../lib/durable-file'
import type { LoginActivitySummary, LoginFailure } from './account.types'

const FailureSchema: z.ZodType<LoginFailure> = z.object({
  at: z.number(),
  device: z.string(),
  knownDevice: z.boolean(),
  refused: z.boolean(),
})

const FileSchema = z.object({ failures: z.array(FailureSchema) })

/** The latest failures kept; older ones are only counted while still in memory. */
export const KEPT_FAILURES = 500
const DAY_MS = 24 * 60 * 60 * 1000
/** A flood is written once a second at most, not once per attempt. */
const WRITE_DELAY_MS = 1000

export class LoginActivity {
  private failures: LoginFailure[] = []
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()
  readonly file: string

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = join(dataDir, 'login-activity.json')
  }

  async load(): Promise<void> {
    // A missing or damaged file starts empty: the record of failures must not keep the server from starting.
    const raw = await readFile(this.file, 'utf8')
      .then((t) => JSON.parse(t) as unknown)
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') console.error(`Ignoring unreadable ${this.file}:`, err.message)
        return null
      })
    const parsed = FileSchema.safeParse(raw)
    this.failures = parsed.success ? parsed.data.failures.slice(-KEPT_FAILURES) : []
  }

  recordFailure(failure: Omit<LoginFailure, 'at'>): void {
    this.failures.push({ at: this.now(), ...failure })
    if (this.failures.length > KEPT_FAILURES) this.failures.splice(0, this.failures.length - KEPT_FAILURES)
    this.timer ??= setTimeout(() => {
      this.timer = null
      void this.flush()
    }, WRITE_DELAY_MS)
    this.timer.unref()
  }

  summary(limit = 20): LoginActivitySummary {
    const since = this.now() - DAY_MS
    const lastDay = this.failures.filter((f) => f.at > since)
    return {
      failedLastDay: lastDay.length,
      refusedLastDay: lastDay.filter((f) => f.refused).length,
      recent: this.failures.slice(-limit).reverse(),
    }
  }

  /** Writes what is in memory (also at shutdown). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    const snapshot = JSON.stringify({ failures: this.failures })
    this.writing = this.writing
      .catch(() => undefined)
      .then(() => writeFileDurable(this.file, snapshot))
      .catch((err) => console.error('Could not write the sign-in activity:', err))
    return this.writing
  }
}

// The calendar's private data under DATA_DIR/calendar/: blocked dates (blocked.json) and the feed secret (feed.json).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import { BlockedDateListSchema, type BlockedDate } from './calendar.schema'

const FeedSecretSchema = z.object({ token: z.string(), createdAt: z.string() })
type FeedSecret = z.infer<typeof FeedSecretSchema>

async function readJson<T>(path: string, schema: z.ZodType<T>, missing: T): Promise<T> {
  try {
    return schema.parse(JSON.parse(await readFile(path, 'utf8')))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return missing
    throw err
  }
}

/** One per data directory, made in createAppDeps, so every write to these files goes through one queue. */
export class CalendarStore {
  private readonly writes = new SerialQueue()
  readonly dir: string

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'calendar')
  }

  private get blockedFile() {
    return join(this.dir, 'blocked.json')
  }
  private get feedFile() {
    return join(this.dir, 'feed.json')
  }

  /** Sorted by date. */
  listBlocked(): Promise<BlockedDate[]> {
    return readJson(this.blockedFile, BlockedDateListSchema, [])
  }

  /** Blocks a date, or changes its note. */
  block(date: string, note: string): Promise<BlockedDate[]> {
    return this.changeBlocked((list) => [...list.filter((b) => b.date !== date), { date, note }])
  }

  unblock(date: string): Promise<BlockedDate[]> {
    return this.changeBlocked((list) => list.filter((b) => b.date !== date))
  }

  private changeBlocked(change: (list: BlockedDate[]) => BlockedDate[]): Promise<BlockedDate[]> {
    return this.writes.run(async () => {
      const next = change(await this.listBlocked()).sort((a, b) => a.date.localeCompare(b.date))
      await writeFileDurable(this.blockedFile, JSON.stringify(next, null, 2))
      return next
    })
  }

  readFeed(): Promise<FeedSecret | null> {
    return readJson<FeedSecret | null>(this.feedFile, FeedSecretSchema.nullable(), null)
  }

  /** A new secret; the old address stops working at once. */
  issueFeed(now = new Date()): Promise<FeedSecret> {
    const secret = { token: randomBytes(24).toString('base64url'), createdAt: now.toISOString() }
    return this.writes.run(async () => {
      await writeFileDurable(this.feedFile, JSON.stringify(secret, null, 2))
      return secret
    })
  }

  revokeFeed(): Promise<void> {
    return this.writes.run(() => writeFileDurable(this.feedFile, 'null'))
  }

  /** Constant-time, so the secret cannot be guessed a character at a time. */
  async feedTokenMatches(token: string): Promise<boolean> {
    const secret = await this.readFeed()
    if (!secret) return false
    const a = Buffer.from(secret.token)
    const b = Buffer.from(token)
    return a.length === b.length && timingSafeEqual(a, b)
  }
}

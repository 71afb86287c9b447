// Local mailing list (no Flodesk key): one file per subscriber under DATA_DIR/subscribers/ (named by a hash of the
// lowercased e-mail), written durably, so a sign-up writes its own record and never the whole list. A list kept by
// an older version in DATA_DIR/subscribers.json is still read, never rewritten; a newer record of the same address wins.
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'

const SubscriberSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  segmentIds: z.array(z.string()),
  subscribedAt: z.string(),
  updatedAt: z.string(),
})
export type Subscriber = z.infer<typeof SubscriberSchema>

const LegacyFileSchema = z.object({ subscribers: z.record(z.string(), SubscriberSchema) })

const RECORD_NAME = /^[0-9a-f]{40}\.json$/

/** One per data directory, made in createAppDeps, so every write goes through one queue. */
export class SubscriberStore {
  /** The folder of one-record files. */
  readonly dir: string
  /** The single file of older versions, read only. */
  readonly legacyFile: string
  private readonly writes = new SerialQueue()
  private legacy: { mtimeMs: number; subscribers: Record<string, Subscriber> } | null = null

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'subscribers')
    this.legacyFile = join(dataDir, 'subscribers.json')
  }

  fileOf(email: string): string {
    return join(this.dir, `${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 40)}.json`)
  }

  /** The older single file (cached while unchanged); a damaged one is an error, so nothing is lost by going on. */
  private async readLegacy(): Promise<Record<string, Subscriber>> {
    let mtimeMs: number
    try {
      mtimeMs = (await stat(this.legacyFile)).mtimeMs
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw err
    }
    if (this.legacy?.mtimeMs !== mtimeMs) {
      const subscribers = LegacyFileSchema.parse(JSON.parse(await readFile(this.legacyFile, 'utf8'))).subscribers
      this.legacy = { mtimeMs, subscribers }
    }
    return this.legacy.subscribers
  }

  private async readRecord(file: string): Promise<Subscriber | null> {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
    return SubscriberSchema.parse(JSON.parse(text))
  }

  private async find(email: string): Promise<Subscriber | null> {
    const legacy = await this.readLegacy()
    return (await this.readRecord(this.fileOf(email))) ?? legacy[email.toLowerCase()] ?? null
  }

  /** Oldest first. */
  async list(): Promise<Subscriber[]> {
    const all = new Map(Object.entries(await this.readLegacy()))
    let names: string[] = []
    try {
      names = await readdir(this.dir)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
    for (const name of names.filter((n) => RECORD_NAME.test(n))) {
      const record = await this.readRecord(join(this.dir, name))
      if (record) all.set(record.email.toLowerCase(), record)
    }
    return [...all.values()].sort((a, b) => a.subscribedAt.localeCompare(b.subscribedAt))
  }

  /** Adds the subscriber, or updates the one with this e-mail: new names, the union of segments. */
  async upsert(input: { email: string; firstName: string; lastName: string; segmentIds: string[] }, now = new Date()): Promise<Subscriber> {
    return this.writes.run(async () => {
      const existing = await this.find(input.email)
      const at = now.toISOString()
      const subscriber: Subscriber = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        segmentIds: [...new Set([...(existing?.segmentIds ?? []), ...input.segmentIds])],
        subscribedAt: existing?.subscribedAt ?? at,
        updatedAt: at,
      }
      await writeFileDurable(this.fileOf(input.email), JSON.stringify(subscriber, null, 2))
      return subscriber
    })
  }
}

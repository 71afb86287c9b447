// Local mailing list (no Flodesk key): DATA_DIR/subscribers.json keyed by lowercased e-mail, written durably one at a time.
import { readFile } from 'node:fs/promises'
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

const SubscriberFileSchema = z.object({ subscribers: z.record(z.string(), SubscriberSchema) })

const shared = new Map<string, SubscriberStore>()

export class SubscriberStore {
  /** One store per data directory in this process, so every app instance serialises its writes in one queue. */
  static for(dataDir: string): SubscriberStore {
    let store = shared.get(dataDir)
    if (!store) shared.set(dataDir, (store = new SubscriberStore(dataDir)))
    return store
  }

  readonly file: string
  private readonly writes = new SerialQueue()

  constructor(dataDir: string) {
    this.file = join(dataDir, 'subscribers.json')
  }

  private async read(): Promise<Record<string, Subscriber>> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw err
    }
    return SubscriberFileSchema.parse(JSON.parse(text)).subscribers
  }

  /** Oldest first. */
  async list(): Promise<Subscriber[]> {
    return Object.values(await this.read()).sort((a, b) => a.subscribedAt.localeCompare(b.subscribedAt))
  }

  /** Adds the subscriber, or updates the one with this e-mail: new names, the union of segments. */
  async upsert(input: { email: string; firstName: string; lastName: string; segmentIds: string[] }, now = new Date()): Promise<Subscriber> {
    return this.writes.run(async () => {
      const all = await this.read()
      const key = input.email.toLowerCase()
      const existing = all[key]
      const at = now.toISOString()
      const subscriber: Subscriber = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        segmentIds: [...new Set([...(existing?.segmentIds ?? []), ...input.segmentIds])],
        subscribedAt: existing?.subscribedAt ?? at,
        updatedAt: at,
      }
      all[key] = subscriber
      await writeFileDurable(this.file, JSON.stringify({ subscribers: all }, null, 2))
      return subscriber
    })
  }
}

// Quotes in DATA_DIR/quotes/<id>.json (personal data: never in git): one durable file per quote, found by id or token.
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import type { QuoteRecord } from './quote.schema'

const ID = /^q-[0-9a-f]{16}$/
export const TOKEN = /^[A-Za-z0-9_-]{22}$/

/** One per data directory, made in createAppDeps, so the routes and the mail outbox write through one queue. */
export class QuoteStore {
  private readonly dir: string
  private readonly queue = new SerialQueue()
  private byToken: Map<string, string> | null = null

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'quotes')
  }

  private path(id: string): string {
    if (!ID.test(id)) throw new Error(`Not a quote id: ${id}`)
    return join(this.dir, `${id}.json`)
  }

  async find(id: string): Promise<QuoteRecord | null> {
    if (!ID.test(id)) return null
    try {
      return JSON.parse(await readFile(this.path(id), 'utf8')) as QuoteRecord
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  async all(): Promise<QuoteRecord[]> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    const found = await Promise.all(names.filter((n) => n.endsWith('.json')).map((n) => this.find(n.slice(0, -5))))
    return found.filter((q): q is QuoteRecord => q !== null)
  }

  async findByToken(token: string): Promise<QuoteRecord | null> {
    if (!TOKEN.test(token)) return null
    if (!this.byToken) this.byToken = new Map((await this.all()).map((q) => [q.token, q.id]))
    const id = this.byToken.get(token)
    return id ? this.find(id) : null
  }

  async forInquiry(inquiryId: string): Promise<QuoteRecord[]> {
    return (await this.all()).filter((q) => q.inquiryId === inquiryId).sort((a, b) => a.version - b.version)
  }

  /** A new version for the inquiry; the one it replaces is marked, in the same queue turn. */
  create(fields: Omit<QuoteRecord, 'id' | 'token' | 'version' | 'replacedBy' | 'signature'>): Promise<QuoteRecord> {
    return this.queue.run(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 })
      const earlier = await this.forInquiry(fields.inquiryId)
      const record: QuoteRecord = {
        ...fields,
        id: `q-${randomBytes(8).toString('hex')}`,
        token: randomBytes(16).toString('base64url'),
        version: (earlier.at(-1)?.version ?? 0) + 1,
      }
      await writeFileDurable(this.path(record.id), JSON.stringify(record, null, 2))
      for (const old of earlier.filter((q) => !q.replacedBy && !q.signature)) {
        await writeFileDurable(this.path(old.id), JSON.stringify({ ...old, replacedBy: record.id }, null, 2))
      }
      this.byToken?.set(record.token, record.id)
      return record
    })
  }

  /** Changes one quote as it is now (inside the queue); null when there is none. `change` returns `q` itself for no change. */
  update(id: string, change: (q: QuoteRecord) => QuoteRecord): Promise<QuoteRecord | null> {
    return this.queue.run(async () => {
      const current = await this.find(id)
      if (!current) return null
      const next = change(current)
      // A change that changes nothing (a refund event for another quote's payment) writes nothing.
      if (next !== current) await writeFileDurable(this.path(id), JSON.stringify(next, null, 2))
      return next
    })
  }
}

// Inquiries on disk: one JSON file per inquiry under DATA_DIR/inquiries/, written durably before the visitor hears "sent".
import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import {
  INQUIRY_ID_PATTERN,
  InquiryRecordSchema,
  type InquiryRecord,
  type InquiryStatusFilter,
  type MailState,
  type StoredInquiry,
} from './inquiry-record.schema'

/** Time-sortable and unique: the receipt time to the millisecond plus 24 random bits. */
export function newInquiryId(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`
}

const shared = new Map<string, InquiryStore>()

export class InquiryStore {
  /** One store per data directory in this process, so every app instance serialises its writes in one queue. */
  static for(dataDir: string): InquiryStore {
    let store = shared.get(dataDir)
    if (!store) shared.set(dataDir, (store = new InquiryStore(dataDir)))
    return store
  }

  readonly dir: string
  private readonly writes = new SerialQueue()

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'inquiries')
  }

  private file(id: string): string {
    if (!INQUIRY_ID_PATTERN.test(id)) throw new Error(`Not an inquiry id: ${id}`)
    return join(this.dir, `${id}.json`)
  }

  /** `confirmation` is the visitor's confirmation e-mail, when one is planned. */
  async create(inquiry: StoredInquiry, mail: MailState, now = new Date(), confirmation?: MailState): Promise<InquiryRecord> {
    const record: InquiryRecord = {
      id: newInquiryId(now),
      receivedAt: now.toISOString(),
      status: 'new',
      notes: [],
      history: [],
      inquiry,
      mail,
      ...(confirmation ? { confirmation } : {}),
    }
    await this.writes.run(() => writeFileDurable(this.file(record.id), JSON.stringify(record, null, 2)))
    return record
  }

  async find(id: string): Promise<InquiryRecord | null> {
    if (!INQUIRY_ID_PATTERN.test(id)) return null
    let text: string
    try {
      text = await readFile(this.file(id), 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
    return InquiryRecordSchema.parse(JSON.parse(text))
  }

  /** Newest first. A file that cannot be read is logged and skipped rather than hiding every other lead. */
  async list(filter: InquiryStatusFilter = 'all'): Promise<InquiryRecord[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw err
    }
    const ids = names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter((id) => INQUIRY_ID_PATTERN.test(id))
      .sort()
      .reverse()
    const records: InquiryRecord[] = []
    for (const id of ids) {
      try {
        const record = await this.find(id)
        if (record && (filter === 'all' || record.status === filter)) records.push(record)
      } catch (err) {
        console.error(`inquiries/${id}.json could not be read:`, (err as Error).message)
      }
    }
    return records
  }

  /** Read-modify-write of one record, serialised with every other write of this store; null when unknown. */
  async update(id: string, change: (record: InquiryRecord) => InquiryRecord): Promise<InquiryRecord | null> {
    return this.writes.run(async () => {
      const current = await this.find(id)
      if (!current) return null
      const next = InquiryRecordSchema.parse(change(current))
      await writeFileDurable(this.file(id), JSON.stringify(next, null, 2))
      return next
    })
  }
}

// Inquiries on disk: one JSON file per inquiry under DATA_DIR/inquiries/, written durably before the visitor hears "sent";
// and a small in-memory index (status and searched fields per id) so the inbox pages and searches without reading
// every file on each request.
import { randomBytes } from 'node:crypto'
import { readdir, readFile, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import { matchesSearch, type SearchFields } from './inquiry-format'
import {
  INQUIRY_ID_PATTERN,
  InquiryRecordSchema,
  type InquiryRecord,
  type InquiryStatus,
  type InquiryStatusFilter,
  type MailState,
  type StoredInquiry,
} from './inquiry-record.schema'

interface IndexEntry {
  status: InquiryStatus
  search: SearchFields
}

interface InquiryIndex {
  /** The directory's mtime when the index last matched it: any other writer (a restore, a hand edit) changes it. */
  stamp: number
  entries: Map<string, IndexEntry>
  /** Newest first. */
  ids: string[]
}

export interface InquiryQuery {
  status: InquiryStatusFilter
  /** Search words (name, e-mail, phone or service); empty: everything. */
  q: string
}

const indexEntry = (r: InquiryRecord): IndexEntry => {
  const { firstName, lastName, email, phone, service } = r.inquiry
  return { status: r.status, search: { firstName, lastName, email, phone, service } }
}

/** Time-sortable and unique: the receipt time to the millisecond plus 24 random bits. */
export function newInquiryId(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`
}

/** One per data directory, made in createAppDeps, so every write goes through one queue. */
export class InquiryStore {
  readonly dir: string
  private readonly writes = new SerialQueue()
  private index: InquiryIndex | null = null
  private building: Promise<InquiryIndex> | null = null

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'inquiries')
  }

  private file(id: string): string {
    if (!INQUIRY_ID_PATTERN.test(id)) throw new Error(`Not an inquiry id: ${id}`)
    return join(this.dir, `${id}.json`)
  }

  /** `confirmation` is the visitor's confirmation e-mail, when one is planned. */
  async create(
    inquiry: StoredInquiry,
    mail: MailState,
    now = new Date(),
    confirmation?: MailState,
    id = newInquiryId(now),
  ): Promise<InquiryRecord> {
    const record: InquiryRecord = {
      id,
      receivedAt: now.toISOString(),
      status: 'new',
      notes: [],
      history: [],
      inquiry,
      mail,
      ...(confirmation ? { confirmation } : {}),
    }
    await this.writes.run(() => this.write(record))
    return record
  }

  /** Writes one record and keeps the index in step (or drops it when someone else changed the folder meanwhile). */
  private async write(record: InquiryRecord): Promise<void> {
    const before = await this.stamp()
    await writeFileDurable(this.file(record.id), JSON.stringify(record, null, 2))
    const index = this.index
    if (!index || index.stamp !== before) {
      this.index = null
      return
    }
    if (!index.entries.has(record.id)) index.ids = insertNewestFirst(index.ids, record.id)
    index.entries.set(record.id, indexEntry(record))
    index.stamp = await this.stamp()
  }

  private stamp(): Promise<number> {
    return stat(this.dir).then(
      (s) => s.mtimeMs,
      () => 0,
    )
  }

  /** Ids of stored inquiries, newest first. */
  private async ids(): Promise<string[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw err
    }
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter((id) => INQUIRY_ID_PATTERN.test(id))
      .sort()
      .reverse()
  }

  /**
   * The index as the folder is now: rebuilt (one read of every file, once) when the folder changed behind our back. A
   * build already running may have listed the folder before a change this request must see: wait for it, look again.
   */
  private async currentIndex(): Promise<InquiryIndex> {
    const stamp = await this.stamp()
    if (this.index?.stamp === stamp && !(await this.hidesAWrite(this.index))) return this.index
    if (this.building) {
      await this.building.catch(() => undefined)
      return this.currentIndex()
    }
    this.building = (async () => {
      try {
        const ids = await this.ids()
        const entries = new Map<string, IndexEntry>()
        for (const id of ids) {
          const record = await this.readLogged(id)
          if (record) entries.set(id, indexEntry(record))
        }
        this.index = { stamp, entries, ids: ids.filter((id) => entries.has(id)) }
        return this.index
      } finally {
        this.building = null
      }
    })()
    return this.building
  }

  /**
   * File times come from a clock that ticks every few milliseconds, so a second writer in the same tick leaves the
   * folder's time as it was: while that time is recent, the folder's names are compared as well.
   */
  private async hidesAWrite(index: InquiryIndex): Promise<boolean> {
    if (Date.now() - index.stamp > 1000) return false
    const ids = await this.ids()
    return ids.length !== index.ids.length || ids.some((id) => !index.entries.has(id))
  }

  private async readLogged(id: string): Promise<InquiryRecord | null> {
    try {
      return await this.find(id)
    } catch (err) {
      console.error(`inquiries/${id}.json could not be read:`, (err as Error).message)
      return null
    }
  }

  /** Ids matching the query, newest first. */
  async matchingIds({ status, q }: InquiryQuery): Promise<string[]> {
    const index = await this.currentIndex()
    return index.ids.filter((id) => {
      const entry = index.entries.get(id)!
      return (status === 'all' || entry.status === status) && (!q || matchesSearch({ inquiry: entry.search }, q))
    })
  }

  /**
   * One page of the inquiries matching the query, newest first, and how many match in all. Only the page's files
   * are read; the first page of everything is answered from the folder listing even before the index is built.
   */
  async page(query: InquiryQuery, offset: number, limit: number): Promise<{ records: InquiryRecord[]; total: number }> {
    const everything = query.status === 'all' && !query.q
    const ids = everything && !this.index ? await this.ids() : await this.matchingIds(query)
    if (everything && !this.index) void this.currentIndex().catch(() => undefined)
    const records: InquiryRecord[] = []
    for (const id of ids.slice(offset, offset + limit)) {
      const record = await this.readLogged(id)
      if (record) records.push(record)
    }
    return { records, total: ids.length }
  }

  /** How many inquiries there are per status, and in all. */
  async counts(): Promise<Record<InquiryStatusFilter, number>> {
    const index = await this.currentIndex()
    const counts = { all: index.ids.length, new: 0, contacted: 0, quoted: 0, booked: 0, completed: 0, lost: 0 }
    for (const entry of index.entries.values()) counts[entry.status]++
    return counts
  }

  /** Reads the records one by one, for exports that stream (never all in memory at once). */
  async *records(ids: string[]): AsyncGenerator<InquiryRecord> {
    for (const id of ids) {
      const record = await this.readLogged(id)
      if (record) yield record
    }
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
    const records: InquiryRecord[] = []
    for (const id of await this.ids()) {
      const record = await this.readLogged(id)
      if (record && (filter === 'all' || record.status === filter)) records.push(record)
    }
    return records
  }

  /** Read-modify-write of one record, serialised with every other write of this store; null when unknown. */
  async update(id: string, change: (record: InquiryRecord) => InquiryRecord): Promise<InquiryRecord | null> {
    return this.writes.run(async () => {
      const current = await this.find(id)
      if (!current) return null
      const next = InquiryRecordSchema.parse(change(current))
      await this.write(next)
      return next
    })
  }

  /** Deletes the record; true when there was one. Its photos are the caller's to delete (inquiry-photos.routes.ts). */
  async remove(id: string): Promise<boolean> {
    if (!INQUIRY_ID_PATTERN.test(id)) return false
    return this.writes.run(async () => {
      const before = await this.stamp()
      try {
        await unlink(this.file(id))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
        throw err
      }
      // The index keeps step as with a write (or is dropped when someone else changed the folder meanwhile).
      const index = this.index
      if (!index || index.stamp !== before) this.index = null
      else {
        index.entries.delete(id)
        index.ids = index.ids.filter((x) => x !== id)
        index.stamp = await this.stamp()
      }
      return true
    })
  }
}

function insertNewestFirst(ids: string[], id: string): string[] {
  let at = 0
  while (at < ids.length && ids[at] > id) at++
  ids.splice(at, 0, id)
  return ids
}

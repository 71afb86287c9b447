// The booking e-mails' durable record, DATA_DIR/booking-mail/<key>.json: an e-mail is written down as decided (linked
// into place exclusively, whole and fsync'd) before it is sent, and marked sent once SMTP accepts it. A second run, another process or a
// restart after kill -9 finds the file and never decides the same e-mail again; a decided one is sent by the next run.
import { randomBytes } from 'node:crypto'
import { link, mkdir, open, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { SerialQueue, writeFileDurable } from '../lib/durable-file'
import type { BookingMailKind } from './booking-mail.schema'
import type { PlannedMail } from './booking-mail-plan'

export interface JournalEntry {
  key: string
  kind: BookingMailKind
  inquiryId: string
  to: 'client' | 'owner'
  /** The day it was planned for. */
  date: string
  /** The balance due date, for the balance e-mails. */
  dueDate?: string
  decidedAt: string
  /**
   * decided: to be sent; sending: handed to SMTP (found so by a later run, the process stopped mid-send); sent: SMTP
   * accepted it; failed: waiting for a retry; unsure: stopped mid-send, so it may have gone and is never sent again;
   * dropped: no longer due (paid, switched off, ...).
   */
  state: 'decided' | 'sending' | 'sent' | 'failed' | 'unsure' | 'dropped'
  attempts: number
  lastError?: string
  /** When the outbox last tried and failed (real time). */
  lastAttemptAt?: string
  /** The outbox's next try; absent after its last. */
  nextAttemptAt?: string
  sentAt?: string
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9.-]{0,200}$/

/** One queue per journal folder: two schedulers on one data folder (two app instances in a process) take turns. */
const queues = new Map<string, SerialQueue>()
/** Per journal folder, the e-mails this process has taken to send and not yet recorded as sent or failed. */
const taken = new Map<string, Set<string>>()

export class BookingMailJournal {
  readonly dir: string
  private readonly queue: SerialQueue
  private readonly taken: Set<string>

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'booking-mail')
    if (!queues.has(this.dir)) queues.set(this.dir, new SerialQueue())
    this.queue = queues.get(this.dir)!
    if (!taken.has(this.dir)) taken.set(this.dir, new Set())
    this.taken = taken.get(this.dir)!
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a booking e-mail key: ${key}`)
    return join(this.dir, `${key}.json`)
  }

  /** Writes the e-mail down as decided; null when it was decided before (by any run, in any process). */
  async decide(mail: PlannedMail, at: Date): Promise<JournalEntry | null> {
    const entry: JournalEntry = {
      key: mail.key,
      kind: mail.kind,
      inquiryId: mail.inquiryId,
      to: mail.to,
      date: mail.date,
      ...(mail.dueDate ? { dueDate: mail.dueDate } : {}),
      decidedAt: at.toISOString(),
      state: 'decided',
      attempts: 0,
    }
    const path = this.path(mail.key)
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    // Written whole under another name, then linked into place: the decision's name appears only with all of it inside,
    // so another process deciding the same e-mail at that moment never reads half of it (as one cut short by a crash)
    // and decides it again.
    const temp = join(this.dir, `.${mail.key}.${randomBytes(6).toString('hex')}.tmp`)
    await writeFileDurable(temp, JSON.stringify(entry, null, 2))
    try {
      await link(temp, path)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      if (await this.find(mail.key)) return null
      // Left empty or cut short (written in place by an older version that crashed), before any send: decided now, whole.
      await writeFileDurable(path, JSON.stringify(entry, null, 2))
      return entry
    } finally {
      await rm(temp, { force: true })
    }
    // The link's directory entry too: after a power cut the decision is still there.
    const dir = await open(this.dir, 'r')
    await dir.sync().finally(() => dir.close())
    return entry
  }

  async find(key: string): Promise<JournalEntry | null> {
    try {
      return JSON.parse(await readFile(this.path(key), 'utf8')) as JournalEntry
    } catch (err) {
      // A file cut short by a crash in the middle of `decide` reads as decided and not sent.
      if (err instanceof SyntaxError) return null
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  async all(): Promise<JournalEntry[]> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    const found = await Promise.all(names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).map((n) => this.find(n.slice(0, -5))))
    return found.filter((e): e is JournalEntry => e !== null)
  }

  /**
   * Marks a decided or failed e-mail as being sent, in one step with the check, and answers it as it was; null when it
   * is not waiting (another scheduler on this folder took it first, or it is sent, let go or unknown).
   */
  claim(key: string): Promise<JournalEntry | null> {
    return this.queue.run(async () => {
      const current = await this.find(key)
      if (current?.state !== 'decided' && current?.state !== 'failed') return null
      await writeFileDurable(this.path(key), JSON.stringify({ ...current, state: 'sending' }, null, 2))
      this.taken.add(key)
      return current
    })
  }

  /** Whether this process is sending it now (marked "sending" by a claim here, no outcome recorded yet). */
  isSending(key: string): boolean {
    return this.taken.has(key)
  }

  update(key: string, change: (e: JournalEntry) => JournalEntry): Promise<JournalEntry | null> {
    return this.queue.run(async () => {
      const current = await this.find(key)
      if (!current) return null
      const next = change(current)
      await writeFileDurable(this.path(key), JSON.stringify(next, null, 2))
      if (next.state !== 'sending') this.taken.delete(key)
      return next
    })
  }
}

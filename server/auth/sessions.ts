// Admin sessions: 32 random bytes per login, kept server-side under DATA_DIR so they survive a restart, each tied to
// the password it was opened with (a new password ends them all) and listed for the owner by a coarse device name.
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../lib/files'
import type { SessionSummary } from './account.types'

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
/** Idle-time bookkeeping is written to disk at most this often, not on every request. */
const TOUCH_PERSIST_MS = 60 * 1000

const SessionRecordSchema = z.object({
  username: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /** Names the session in the dashboard's list (and its sign-out call); not the cookie, nor derived from it. */
  ref: z.string().optional(),
  /** "Chrome on macOS", worked out at sign-in (device-family.ts); never the raw user agent. */
  device: z.string().optional(),
  /** passwordFingerprint() of the hash the session was opened with; missing or another: the session has ended. */
  password: z.string().optional(),
})
export type SessionRecord = z.infer<typeof SessionRecordSchema>
const SessionFileSchema = z.record(z.string(), SessionRecordSchema)

/** A short fingerprint of a password hash: sessions opened with another password (or none recorded) are ended. */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(`session-password:${passwordHash}`).digest('base64url').slice(0, 22)
}

/** Only a hash of the id is stored, so the sessions file alone does not let anyone in. */
const keyOf = (id: string) => createHash('sha256').update(id).digest('hex')

export class SessionStore {
  private sessions = new Map<string, SessionRecord>()
  private persisted = new Map<string, number>()
  private writing: Promise<void> = Promise.resolve()
  readonly file: string

  constructor(
    dataDir: string,
    private now: () => number = Date.now,
    /** passwordFingerprint() of the admin password in force. */
    private readonly password = '',
  ) {
    this.file = join(dataDir, 'sessions.json')
  }

  async load(): Promise<void> {
    let raw: unknown = {}
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8'))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') console.error(`Ignoring unreadable ${this.file}:`, (err as Error).message)
    }
    const parsed = SessionFileSchema.safeParse(raw)
    this.sessions = new Map(parsed.success ? Object.entries(parsed.data) : [])
    let ended = false
    for (const [key, record] of this.sessions) {
      if (this.isExpired(record)) {
        this.sessions.delete(key)
        ended = true
      } else this.persisted.set(key, record.lastSeenAt)
    }
    // Gone from the file too, at once: a session of an earlier password must not come back with it.
    if (ended) await this.save()
  }

  /** A fresh id for every login; returns the cookie value. `device`: the coarse device name (device-family.ts). */
  async create(username: string, device = 'Unknown device'): Promise<string> {
    const id = randomBytes(32).toString('base64url')
    const t = this.now()
    this.sessions.set(keyOf(id), {
      username,
      createdAt: t,
      lastSeenAt: t,
      ref: randomBytes(9).toString('base64url'),
      device,
      password: this.password,
    })
    await this.save()
    return id
  }

  /** The live sessions, most recently used first; `currentId` (the caller's cookie) is marked. */
  list(currentId: string | undefined): SessionSummary[] {
    const current = currentId ? keyOf(currentId) : null
    return [...this.sessions]
      .filter(([, record]) => !this.isExpired(record))
      .sort(([, a], [, b]) => b.lastSeenAt - a.lastSeenAt)
      .map(([key, record]) => ({
        id: record.ref ?? '',
        device: record.device ?? 'Unknown device',
        signedInAt: new Date(record.createdAt).toISOString(),
        lastSeenAt: new Date(record.lastSeenAt).toISOString(),
        current: key === current,
      }))
  }

  /** Ends the session the list names `ref`; false when there is none. */
  async destroyRef(ref: string): Promise<boolean> {
    const found = [...this.sessions].find(([, record]) => record.ref === ref)
    if (!found) return false
    this.sessions.delete(found[0])
    await this.save()
    return true
  }

  /** Ends every session ("sign out everywhere"). */
  async destroyAll(): Promise<void> {
    this.sessions.clear()
    await this.save()
  }

  /** The live session for a cookie value, its idle clock restarted; null when unknown or expired. */
  async touch(id: string | undefined): Promise<SessionRecord | null> {
    if (!id || id.length > 100) return null
    const key = keyOf(id)
    const record = this.sessions.get(key)
    if (!record) return null
    if (this.isExpired(record)) {
      this.sessions.delete(key)
      await this.save()
      return null
    }
    record.lastSeenAt = this.now()
    if (record.lastSeenAt - (this.persisted.get(key) ?? 0) > TOUCH_PERSIST_MS) await this.save()
    return record
  }

  async destroy(id: string | undefined): Promise<void> {
    if (id && this.sessions.delete(keyOf(id))) await this.save()
  }

  private isExpired(record: SessionRecord): boolean {
    const t = this.now()
    return record.password !== this.password || t - record.lastSeenAt > SESSION_IDLE_MS || t - record.createdAt > SESSION_ABSOLUTE_MS
  }

  private save(): Promise<void> {
    for (const [key, record] of this.sessions) if (this.isExpired(record)) this.sessions.delete(key)
    const snapshot = JSON.stringify(Object.fromEntries(this.sessions), null, 2)
    const marks = new Map([...this.sessions].map(([k, r]) => [k, r.lastSeenAt]))
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(dirname(this.file), { recursive: true, mode: 0o700 })
        await writeFileAtomic(this.file, snapshot)
        this.persisted = marks
      })
    return this.writing
  }
}

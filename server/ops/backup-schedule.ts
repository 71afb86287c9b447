// The running server's own backups: one when the newest archive is older than the interval, then one per interval;
// and the status the dashboard and /healthz show (last backup's time and size, a failure, a warning).
import type { Config } from '../lib/config'
import { createBackup, listBackups, type BackupInfo } from './backup'
import type { BackupStatus } from './backup.types'

export type { BackupStatus }

/** The dashboard warns when the newest backup is older than this. */
export const BACKUP_STALE_MS = 2 * 24 * 3600_000
/** After a failure the next attempt comes this much later (or after the interval, if that is shorter). */
const RETRY_AFTER_FAILURE_MS = 3600_000
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

type BackupConfig = Pick<Config, 'dataDir' | 'contentRoot' | 'backupDir' | 'backupKeep' | 'backupIntervalHours'>

export class BackupSchedule {
  private timer: NodeJS.Timeout | undefined
  private current: Promise<BackupInfo> | undefined
  private lastError: { at: string; message: string } | null = null
  private stopped = false
  private readonly now: () => Date
  private readonly log: (line: string) => void

  constructor(
    private readonly config: BackupConfig,
    options: { now?: () => Date; log?: (line: string) => void } = {},
  ) {
    this.now = options.now ?? (() => new Date())
    this.log = options.log ?? ((line) => console.log(line))
  }

  private get intervalMs(): number {
    return this.config.backupIntervalHours * 3600_000
  }

  /** Arms the timer: a backup now if the newest is older than the interval (or there is none), else when it is due. */
  async start(): Promise<void> {
    if (this.intervalMs <= 0 || this.stopped) return
    const newest = (await listBackups(this.config.backupDir).catch(() => [])).at(-1)
    const due = newest ? Date.parse(newest.at) + this.intervalMs : 0
    this.arm(due - this.now().getTime())
  }

  private arm(delayMs: number): void {
    if (this.stopped) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.scheduled(), Math.min(MAX_TIMER_MS, Math.max(0, delayMs)))
    this.timer.unref()
  }

  private async scheduled(): Promise<void> {
    try {
      await this.runNow()
      this.arm(this.intervalMs)
    } catch {
      this.arm(Math.min(this.intervalMs, RETRY_AFTER_FAILURE_MS))
    }
  }

  /** Takes a backup now; a call while one is running shares it. */
  runNow(): Promise<BackupInfo> {
    this.current ??= (async () => {
      const started = this.now()
      try {
        const info = await createBackup({ ...this.config, keep: this.config.backupKeep, now: started })
        this.lastError = null
        this.log(`Backup ${info.name} written (${info.size} bytes)`)
        return info
      } catch (err) {
        this.lastError = { at: started.toISOString(), message: err instanceof Error ? err.message.split('\n')[0] : String(err) }
        console.error('Backup failed:', err)
        throw err
      } finally {
        this.current = undefined
      }
    })()
    return this.current
  }

  async status(): Promise<BackupStatus> {
    const newest = (await listBackups(this.config.backupDir).catch(() => [])).at(-1)
    const last = newest ? { name: newest.name, at: newest.at, size: newest.size } : null
    const lastError = this.lastError && (!last || this.lastError.at > last.at) ? this.lastError : null
    let warning: string | null = null
    if (lastError) warning = `The last backup failed: ${lastError.message}`
    else if (!last) warning = 'No backup has been made yet.'
    else if (this.now().getTime() - Date.parse(last.at) > BACKUP_STALE_MS) warning = 'The last backup is more than two days old.'
    return {
      scheduled: this.intervalMs > 0,
      intervalHours: this.config.backupIntervalHours,
      keep: this.config.backupKeep,
      last,
      lastError,
      running: Boolean(this.current),
      warning,
    }
  }

  /** Stops the timer and waits for a backup in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.current?.catch(() => undefined)
  }
}

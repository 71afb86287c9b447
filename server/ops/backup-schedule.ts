// The running server's own backups: one when the newest archive is older than the interval, then one per interval;
// and the status the dashboard and /healthz show (last backup's time and size, a failure, a warning).
import type { Config } from '../lib/config'
import { createBackup, listBackups, type BackupInfo } from './backup'
import { copyToS3 } from './backup-offsite'
import type { BackupStatus } from './backup.types'

export type { BackupStatus }

/** The dashboard warns when the newest backup is older than this. */
export const BACKUP_STALE_MS = 2 * 24 * 3600_000
/** After a failure the next attempt comes this much later (or after the interval, if that is shorter). */
const RETRY_AFTER_FAILURE_MS = 3600_000
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

type BackupConfig = Pick<Config, 'dataDir' | 'contentRoot' | 'backupDir' | 'backupKeep' | 'backupIntervalHours' | 'backupS3'>

interface Problem {
  at: string
  message: string
  /** The sentence the dashboard shows. */
  warning: string
}

export class BackupSchedule {
  private timer: NodeJS.Timeout | undefined
  private current: Promise<BackupInfo> | undefined
  private problem: Problem | null = null
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

  /** Takes a backup now (and copies it to S3 when configured); a call while one is running shares it. */
  runNow(): Promise<BackupInfo> {
    this.current ??= this.backUp().finally(() => {
      this.current = undefined
    })
    return this.current
  }

  private async backUp(): Promise<BackupInfo> {
    let info: BackupInfo
    try {
      info = await createBackup({ ...this.config, keep: this.config.backupKeep, now: this.now() })
    } catch (err) {
      this.fail(err, 'Backup failed', 'The last backup failed')
      throw err
    }
    this.problem = null
    this.log(`Backup ${info.name} written (${info.size} bytes)`)
    if (this.config.backupS3) {
      try {
        this.log(`Backup ${info.name} copied to ${await copyToS3(info, this.config.backupS3)}`)
      } catch (err) {
        // The archive is kept here; the owner is told the off-site copy is missing.
        this.fail(err, `Backup ${info.name} could not be copied to S3`, 'The last backup was not copied to S3')
        throw err
      }
    }
    return info
  }

  private fail(err: unknown, logLine: string, warning: string): void {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err)
    this.problem = { at: this.now().toISOString(), message, warning: `${warning}: ${message}` }
    console.error(`${logLine}:`, err)
  }

  async status(): Promise<BackupStatus> {
    const newest = (await listBackups(this.config.backupDir).catch(() => [])).at(-1)
    const last = newest ? { name: newest.name, at: newest.at, size: newest.size } : null
    const problem = this.problem && (!last || this.problem.at >= last.at) ? this.problem : null
    const lastError = problem ? { at: problem.at, message: problem.message } : null
    let warning: string | null = null
    if (problem) warning = problem.warning
    else if (!last) warning = 'No backup has been made yet.'
    else if (this.now().getTime() - Date.parse(last.at) > BACKUP_STALE_MS) warning = 'The last backup is more than two days old.'
    return {
      scheduled: this.intervalMs > 0,
      intervalHours: this.config.backupIntervalHours,
      keep: this.config.backupKeep,
      last,
      lastError,
      offsite: this.config.backupS3 ? `s3://${this.config.backupS3.bucket}/${this.config.backupS3.prefix}` : null,
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

// The backup status the dashboard shows (GET /api/admin/backups); shared with the browser.
export interface BackupStatus {
  /** The server makes backups by itself (BACKUP_INTERVAL_HOURS is not off). */
  scheduled: boolean
  intervalHours: number
  keep: number
  last: { name: string; at: string; size: number } | null
  /** The last attempt of this process, when it failed after the newest archive was made. */
  lastError: { at: string; message: string } | null
  /** Where each archive is also copied (`s3://bucket/prefix`), or null. */
  offsite: string | null
  running: boolean
  /** What the owner should know, in words; null when all is well. */
  warning: string | null
}

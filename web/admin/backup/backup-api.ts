// The dashboard's backup calls: the last backup's status, and taking one now.
import { apiRequest } from '../../lib/api-client'
import type { BackupStatus } from '../../../server/ops/backup.types'

export type { BackupStatus }

export const getBackupStatus = () => apiRequest<BackupStatus>('GET', '/admin/backups')
export const backUpNow = () => apiRequest<BackupStatus>('POST', '/admin/backups')

/** 1.9 KB, 12.4 MB: the archive's size as the owner reads it. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1000
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

// The History tab's calls: the content commits, one commit's change, restore, and the sync/uncommitted status.
import { apiRequest } from '../../lib/api-client'
import type { CommitDetail, HistoryPage, HistoryStatus, RestoreResult } from '../../../server/history/history.types'

export type { CommitDetail, HistoryPage, HistoryStatus, RestoreResult }
export type { FieldChange, HistoryEntry, ItemChange, SyncStatus } from '../../../server/history/history.types'

export interface HistoryFilterItem {
  item: string
  label: string
  current: boolean
}

const PAGE_SIZE = 25

export function listHistory(item: string, offset = 0): Promise<HistoryPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
  if (item && item !== 'all') query.set('item', item)
  return apiRequest<HistoryPage>('GET', `/admin/history?${query}`)
}

export const listHistoryItems = () => apiRequest<HistoryFilterItem[]>('GET', '/admin/history/items')
export const getCommit = (hash: string) => apiRequest<CommitDetail>('GET', `/admin/history/commits/${hash}`)
export const getHistoryStatus = () => apiRequest<HistoryStatus>('GET', '/admin/history/status')
export const pushNow = () => apiRequest<unknown>('POST', '/admin/history/sync')
export const restoreItem = (hash: string, item: string) =>
  apiRequest<RestoreResult>('POST', '/admin/history/restore', { body: { hash, item } })

/** A file as it was at a commit (thumbnails of images that may since have been deleted). */
export function imageAt(hash: string, url: string): string {
  const path = url.replace(/^\//, '')
  return `/api/admin/history/commits/${hash}/file?path=${encodeURIComponent(path)}`
}

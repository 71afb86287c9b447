// The History tab's calls: the content commits, one commit's change, restore, and the sync/uncommitted status.
import { apiRequest } from '../../lib/api-client'
import type {
  CommitDetail,
  HistoryKind,
  HistoryPage,
  HistoryStatus,
  RestoreResult,
  UndoConflictAnswer,
  UndoPreview,
} from '../../../server/history/history.types'

export type { CommitDetail, HistoryKind, HistoryPage, HistoryStatus, RestoreResult, UndoConflictAnswer, UndoPreview }
export { HISTORY_KINDS } from '../../../server/history/history.types'
export type { FieldChange, HistoryEntry, ItemChange, SyncStatus } from '../../../server/history/history.types'

export interface HistoryFilterItem {
  item: string
  label: string
  current: boolean
}

const PAGE_SIZE = 25

/** Which changes the list shows: one item's (or `all`) and one kind (or every kind, ''). */
export interface ListFilter {
  item: string
  kind: HistoryKind | ''
}

export function listHistory({ item, kind }: ListFilter, offset = 0): Promise<HistoryPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
  if (item && item !== 'all') query.set('item', item)
  if (kind) query.set('kind', kind)
  return apiRequest<HistoryPage>('GET', `/admin/history?${query}`)
}

export const listHistoryItems = () => apiRequest<HistoryFilterItem[]>('GET', '/admin/history/items')
export const getCommit = (hash: string) => apiRequest<CommitDetail>('GET', `/admin/history/commits/${hash}`)
export const getHistoryStatus = () => apiRequest<HistoryStatus>('GET', '/admin/history/status')
export const pushNow = () => apiRequest<unknown>('POST', '/admin/history/sync')
export const restoreItem = (hash: string, item: string) =>
  apiRequest<RestoreResult>('POST', '/admin/history/restore', { body: { hash, item } })

export const previewRestore = (hash: string, item: string) =>
  apiRequest<UndoPreview>('POST', '/admin/history/restore/preview', { body: { hash, item } })
export const previewUndo = (commit: string) => apiRequest<UndoPreview>('POST', '/admin/history/undo/preview', { body: { commit } })
export const undoChange = (commit: string) => apiRequest<RestoreResult>('POST', '/admin/history/undo', { body: { commit } })

/** A file as it was at a commit (thumbnails of images that may since have been deleted). */
export function imageAt(hash: string, url: string): string {
  const path = url.replace(/^\//, '')
  return `/api/admin/history/commits/${hash}/file?path=${encodeURIComponent(path)}`
}

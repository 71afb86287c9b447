// The inbox list's rules (inbox-panel.tsx holds the React state): the filter buttons and their counts, which records
// show under a status filter, a further page joined without repeats, one record replaced or brought to the top, and
// the sentences for a failure, an empty list and Show more.
import { ApiError } from '../../lib/api-client'
import { INQUIRY_STATUSES } from '../../../server/inquiries/inquiry-record.schema'
import { STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import type { CalendarWarning, InquiryRecord, InquiryStatusFilter } from './inbox-api'

export const INBOX_FILTERS: { value: InquiryStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...INQUIRY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
]

export type InboxCounts = Partial<Record<InquiryStatusFilter, number>>

/** How many inquiries a filter button says it holds (0 before the counts arrive). */
export const filterCount = (counts: InboxCounts, filter: InquiryStatusFilter): number => counts[filter] ?? 0

/**
 * The notice's words for a failed request: none for a lapsed session (the API client's 401 handler already shows the
 * login form again), the server's sentence for a refused request (400), else the given description.
 */
export function failureText(error: unknown, description: string): string | null {
  if (error instanceof ApiError && error.status === 401) return null
  return error instanceof ApiError && error.status === 400 ? error.message : description
}

/** The server filtered the page; one moved to another status here leaves the filtered view at once. */
export const shownInquiries = (items: readonly InquiryRecord[] | null, filter: InquiryStatusFilter): InquiryRecord[] =>
  (items ?? []).filter((r) => filter === 'all' || r.status === filter)

/** Whether a status or a search narrows the list (the export note then says how many of all are shown). */
export const isFiltered = (filter: InquiryStatusFilter, query: string): boolean => filter !== 'all' || query !== ''

/** Whether the list holds the inquiry with this id. */
export const holds = (items: readonly InquiryRecord[] | null, id: string): boolean => items?.some((r) => r.id === id) ?? false

/** A further page after the records shown, without those already there (a new inquiry moves the pages along by one). */
export function withNextPage(items: readonly InquiryRecord[], page: readonly InquiryRecord[]): InquiryRecord[] {
  const seen = new Set(items.map((r) => r.id))
  return [...items, ...page.filter((r) => !seen.has(r.id))]
}

/** The record as the server answered it, in its place. */
export const replaceRecord = (items: readonly InquiryRecord[] | null, record: InquiryRecord): InquiryRecord[] =>
  (items ?? []).map((r) => (r.id === record.id ? record : r))

/** A record fetched on its own (a linked or a "Coming up" lead) shown first, and only once. */
export const bringToTop = (items: readonly InquiryRecord[] | null, record: InquiryRecord): InquiryRecord[] => [
  record,
  ...(items ?? []).filter((r) => r.id !== record.id),
]

/** The calendar warnings that name this inquiry. */
export const warningsFor = (warnings: readonly CalendarWarning[], id: string): CalendarWarning[] =>
  warnings.filter((w) => w.inquiryIds.includes(id))

/** What an empty list says: nothing yet at all, all caught up on new ones, or nothing matching the filter or search. */
export function emptyNote(everything: number, filter: InquiryStatusFilter, query: string): string {
  if (everything === 0) return 'No inquiries yet.'
  return filter === 'new' && !query ? 'No new inquiries. You are all caught up.' : 'No inquiries match.'
}

/** Whether the server holds more of the list than is shown. */
export const hasMore = (items: readonly InquiryRecord[] | null, total: number): boolean => items !== null && items.length < total

/** The Show more button's words: how many are left, or that they are on their way. */
export const showMoreLabel = (loading: boolean, loaded: number, total: number): string =>
  loading ? 'Loading…' : `Show more (${total - loaded} more)`

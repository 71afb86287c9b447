// The inbox's calls: list, move through the pipeline, notes, retry the e-mail, the new count, reply templates; and the CSV links.
import { apiRequest, apiUrl } from '../../lib/api-client'
import type { InquiryChange, InquiryRecord, InquiryStatus, InquiryStatusFilter } from '../../../server/inquiries/inquiry-record.schema'
import type { ReplyTemplate } from '../../../server/inquiries/reply-templates.schema'
import type { CalendarWarning } from '../../../server/calendar/calendar.schema'

export type { CalendarWarning, InquiryChange, InquiryRecord, InquiryStatus, InquiryStatusFilter, ReplyTemplate }

/** One page of the inquiries matching the filter and search (the server searches), and how many match in all. */
export async function getInquiryPage(status: InquiryStatusFilter, q: string, offset: number, limit = 50) {
  let total = 0
  const query = new URLSearchParams({ status, offset: String(offset), limit: String(limit), ...(q ? { q } : {}) })
  const records = await apiRequest<InquiryRecord[]>('GET', `/admin/inquiries?${query}`, {
    onHeaders: (headers) => (total = Number(headers.get('X-Total-Count') ?? 0)),
  })
  return { records, total }
}

export const getInquiry = (id: string) => apiRequest<InquiryRecord>('GET', `/admin/inquiries/${encodeURIComponent(id)}`)

export const changeInquiry = (id: string, change: InquiryChange) =>
  apiRequest<InquiryRecord>('PATCH', `/admin/inquiries/${encodeURIComponent(id)}`, { body: change })

export const addInquiryNote = (id: string, text: string) =>
  apiRequest<InquiryRecord>('POST', `/admin/inquiries/${encodeURIComponent(id)}/notes`, { body: { text } })

export const retryInquiryMail = (id: string) => apiRequest<InquiryRecord>('POST', `/admin/inquiries/${encodeURIComponent(id)}/retry-mail`)

export const getInboxSummary = () =>
  apiRequest<{ new: number; mailConfigured: boolean; counts: Record<InquiryStatusFilter, number> }>('GET', '/admin/inquiries/summary')

export const getCalendarWarnings = () => apiRequest<CalendarWarning[]>('GET', '/admin/calendar/warnings')

export const getReplyTemplates = () => apiRequest<ReplyTemplate[]>('GET', '/admin/reply-templates')
export const saveReplyTemplates = (templates: ReplyTemplate[]) =>
  apiRequest<ReplyTemplate[]>('PUT', '/admin/reply-templates', { body: templates })

/** Plain links: the browser downloads the attachment with the session cookie. */
export const inquiriesCsvUrl = (status: InquiryStatusFilter = 'all', q = '') =>
  apiUrl(`/admin/inquiries.csv?status=${status}${q ? `&q=${encodeURIComponent(q)}` : ''}`)
export const subscribersCsvUrl = apiUrl('/admin/subscribers.csv')

/** Anything that changes an inquiry tells the Inbox tab's count to look again. */
export const INQUIRIES_CHANGED = 'inbox:inquiries-changed'
export const announceInquiriesChanged = () => window.dispatchEvent(new Event(INQUIRIES_CHANGED))

// The inbox's calls: list, mark handled/new, retry the e-mail; and the CSV export links.
import { apiRequest, apiUrl } from '../../lib/api-client'
import type { InquiryRecord, InquiryStatus, InquiryStatusFilter } from '../../../server/inquiries/inquiry-record.schema'

export type { InquiryRecord, InquiryStatus, InquiryStatusFilter }

export const getInquiries = (status: InquiryStatusFilter) =>
  apiRequest<InquiryRecord[]>('GET', `/admin/inquiries?status=${status}`)

export const setInquiryStatus = (id: string, status: InquiryStatus) =>
  apiRequest<InquiryRecord>('PATCH', `/admin/inquiries/${encodeURIComponent(id)}`, { body: { status } })

export const retryInquiryMail = (id: string) =>
  apiRequest<InquiryRecord>('POST', `/admin/inquiries/${encodeURIComponent(id)}/retry-mail`)

/** Plain links: the browser downloads the attachment with the session cookie. */
export const inquiriesCsvUrl = (status: InquiryStatusFilter) => apiUrl(`/admin/inquiries.csv?status=${status}`)
export const subscribersCsvUrl = apiUrl('/admin/subscribers.csv')

// The inbox's calls: list, mark handled/new, retry the e-mail; and the CSV export links.
import { apiRequest } from '../../lib/api-client'
import type { InquiryRecord, InquiryStatus, InquiryStatusFilter } from '../../../server/inquiries/inquiry-record.schema'

export type { InquiryRecord, InquiryStatus, InquiryStatusFilter }

export const getInquiries = (status: InquiryStatusFilter) =>
  apiRequest<InquiryRecord[]>('GET', `/admin/inquiries?status=${status}`)

export const setInquiryStatus = (id: string, status: InquiryStatus) =>
  apiRequest<InquiryRecord>('PATCH', `/admin/inquiries/${encodeURIComponent(id)}`, { body: { status } })

export const retryInquiryMail = (id: string) =>
  apiRequest<InquiryRecord>('POST', `/admin/inquiries/${encodeURIComponent(id)}/retry-mail`)

/** Plain links: the browser downloads the attachment with the session cookie. */
export const inquiriesCsvUrl = (status: InquiryStatusFilter) => `/api/admin/inquiries.csv?status=${status}`
export const subscribersCsvUrl = '/api/admin/subscribers.csv'

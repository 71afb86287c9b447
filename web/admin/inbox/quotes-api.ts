// The inbox's quote calls: an inquiry's quotes, and a new one built from the price list or free lines.
import { apiRequest } from '../../lib/api-client'
import type { QuoteRequest } from '../../../server/quotes/quote.schema'
import type { QuoteState } from '../../../server/quotes/quote.schema'

export interface QuoteSummary {
  id: string
  version: number
  url: string
  state: QuoteState
  validUntil: string
  total: number
  signature: { name: string; at: string } | null
}

export const listQuotes = (inquiryId: string) => apiRequest<QuoteSummary[]>('GET', `/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`)
export const createQuote = (inquiryId: string, body: QuoteRequest) =>
  apiRequest<{ url: string; version: number; total: number; deposit: number }>('POST', `/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`, { body })

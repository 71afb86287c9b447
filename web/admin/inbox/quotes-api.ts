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
  signature: {
    name: string
    at: string
    addOns: number[]
    textSha256: string
    agreementCommit: string | null
    pdfUrl: string | null
  } | null
  payments: { kind: 'deposit' | 'balance'; amount: number; at: string; refunded?: number }[]
  /** The client's e-mails about it: `link`, `signed`, `receipt:<session>`. */
  mails: Record<
    string,
    { state: 'pending' | 'sent' | 'failed' | 'not-configured'; sentAt?: string; lastError?: string; nextAttemptAt?: string }
  >
}

export const listQuotes = (inquiryId: string) =>
  apiRequest<QuoteSummary[]>('GET', `/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`)
export const createQuote = (inquiryId: string, body: QuoteRequest) =>
  apiRequest<{ url: string; version: number; total: number; deposit: number; mail: string; emailedTo: string | null }>(
    'POST',
    `/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`,
    { body },
  )

// The client's quote page calls: its quote by the link's token, and accepting it.
import { apiRequest } from '../lib/api-client'
import type { QuoteView } from '../../server/quotes/quote-view'

export type { QuoteView }

export const getQuote = (token: string) => apiRequest<QuoteView>('GET', `/quotes/${encodeURIComponent(token)}`)
export const acceptQuote = (token: string, body: { name: string; agree: boolean; addOns: number[] }) =>
  apiRequest<QuoteView>('POST', `/quotes/${encodeURIComponent(token)}/accept`, { body })
export const startCheckout = (token: string) => apiRequest<{ url: string }>('POST', `/quotes/${encodeURIComponent(token)}/checkout`)

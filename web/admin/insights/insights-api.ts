// The Insights tab's calls: the report for a range of studio days, and the CSV link.
import { apiRequest, apiUrl } from '../../lib/api-client'
import type { InsightsReport } from '../../../server/insights/insights.schema'

export type { InsightsReport }

export interface DateRange {
  from: string
  to: string
}

const query = ({ from, to }: DateRange) => `from=${from}&to=${to}`

export const getInsights = (range: DateRange, signal?: AbortSignal) =>
  apiRequest<InsightsReport>('GET', `/admin/insights?${query(range)}`, { signal })

/** A plain link: the browser downloads the attachment with the session cookie. */
export const insightsCsvUrl = (range: DateRange) => apiUrl(`/admin/insights.csv?${query(range)}`)

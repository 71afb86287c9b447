// The Insights tab's figures and words (insights-panel.tsx, insights-lists.tsx and day-chart.tsx draw them): the range
// form's check, the words for a failed load, the four totals against the period before, the period's sentence, the
// labels of sources and devices, a bar's length, the days newest first, and the chart's height.
import { ApiError } from '../../lib/api-client'
import type { DateRange, InsightsReport } from './insights-api'
import { conversionRate, shortDate } from './period'

/** Why a chosen range cannot be shown, or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both dates.'
  if (from > to) return 'The first day must not be after the last.'
  return null
}

/** What a failed load says: nothing when it was replaced by a newer one or the session lapsed, else a sentence. */
export function loadFailure(error: unknown, aborted: boolean): string | null {
  if (aborted || (error instanceof ApiError && error.status === 401)) return null
  return error instanceof ApiError ? error.message : 'Could not load the insights. Please try again.'
}

/** Whether the report on screen is for another range than the one chosen (a newer one is on its way). */
export const isStale = (report: Pick<InsightsReport, 'from' | 'to'>, range: DateRange): boolean =>
  report.from !== range.from || report.to !== range.to

/** The four totals, each with the figure of the period before. */
export const reportFigures = ({ totals, previous }: Pick<InsightsReport, 'totals' | 'previous'>) => [
  { label: 'Visitors', now: totals.visitors, before: previous.totals.visitors },
  { label: 'Page views', now: totals.pageviews, before: previous.totals.pageviews },
  { label: 'Inquiries', now: totals.inquiries, before: previous.totals.inquiries },
  { label: 'Sign-ups', now: totals.signups, before: previous.totals.signups },
]

/** How many of the period's visitors sent an inquiry; with no visitor counted there is no share to give. */
const shareSentence = ({ inquiries, visitors }: InsightsReport['totals']): string =>
  visitors ? `${conversionRate(inquiries, visitors)} of visitors sent an inquiry.` : 'No visitors were counted in this period.'

/** "Nov 1 – Nov 30, compared with Oct 2 – Oct 31. 2.5% of visitors sent an inquiry." */
export const periodSentence = (report: Pick<InsightsReport, 'from' | 'to' | 'totals' | 'previous'>): string =>
  `${shortDate(report.from)} – ${shortDate(report.to)}, compared with ${shortDate(report.previous.from)} – ${shortDate(report.previous.to)}. ` +
  shareSentence(report.totals)

const DEVICE_LABELS: Record<string, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Computer' }
const SOURCE_LABELS: Record<string, string> = {
  '(direct)': 'Direct (typed, bookmarked, or no referrer)',
  '(unknown)': 'Not known (visit not counted)',
  '(other)': 'Others',
}

/** A source, campaign or landing page as the owner reads it: the counter's own markers in words. */
export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source

/** A device kind in words. */
export const deviceLabel = (device: string): string => DEVICE_LABELS[device] ?? device

/** A bar's length in percent of the largest value (of 1 at least, so all-zero rows draw no bars). */
export const barWidths = (values: readonly number[]): number[] => {
  const max = Math.max(...values, 1)
  return values.map((v) => (v / max) * 100)
}

/** The days table: newest first. */
export const newestFirst = <T>(days: readonly T[]): T[] => [...days].reverse()

/** The chart's height: a tenth above the highest point, 4 at least (a quiet period still draws a scale). */
export const chartTop = (max: number): number => Math.max(4, Math.ceil(max * 1.1))

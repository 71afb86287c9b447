// Periods of studio days the Insights tab offers, and how a figure moved against the period before.
import { studioToday } from '../../../server/lib/studio-time'
import type { DateRange } from './insights-api'

export const PRESETS = [7, 30, 90] as const

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** The last `days` studio days, today included. */
export const lastDays = (days: number, today = studioToday()): DateRange => ({ from: addDays(today, 1 - days), to: today })

/** "+25%", "−10%", "no change", or "new" when there was nothing before. */
export function changeLabel(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new'
  const pct = Math.round(((now - before) / before) * 100)
  if (pct === 0) return 'no change'
  return pct > 0 ? `+${pct}%` : `−${Math.abs(pct)}%`
}

/** Inquiries per visitor as a percentage with one decimal, or an en dash when nobody visited. */
export const conversionRate = (inquiries: number, visitors: number) => (visitors ? `${((inquiries / visitors) * 100).toFixed(1)}%` : '–')

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
/** "Nov 17" for a YYYY-MM-DD studio day. */
export const shortDate = (date: string) => short.format(new Date(`${date}T00:00:00Z`))

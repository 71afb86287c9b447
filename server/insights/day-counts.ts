// One day's counts in memory: created empty, added to with caps on the number of distinct keys, so a flood of made-up
// pages or sources cannot grow a day's file without bound (the rest is counted under '(other)').
import type { ConversionCounts, DayCounts } from './insights.schema'

export const OTHER = '(other)'

/** Distinct keys kept per day and list; generous for a studio's site, small enough to keep a day's file a few KB. */
export const KEY_CAPS = { pages: 300, sources: 200, campaigns: 100, mediums: 30, landingPages: 300 } as const

export function emptyDay(date: string): DayCounts {
  return {
    date,
    visitors: 0,
    pageviews: 0,
    pages: {},
    sources: {},
    campaigns: {},
    mediums: {},
    devices: {},
    services: {},
    conversions: { total: { inquiries: 0, signups: 0 }, bySource: {}, byCampaign: {}, byLandingPage: {} },
  }
}

/** The key itself while there is room (or it is already there), else OTHER. */
export function cappedKey(record: Record<string, unknown>, key: string, cap: number): string {
  return key in record || Object.keys(record).length < cap ? key : OTHER
}

export function addCount(record: Record<string, number>, key: string, cap: number, n = 1): void {
  const k = cappedKey(record, key, cap)
  record[k] = (record[k] ?? 0) + n
}

export function addConversion(record: Record<string, ConversionCounts>, key: string, cap: number, kind: keyof ConversionCounts): void {
  const k = cappedKey(record, key, cap)
  const counts = (record[k] ??= { inquiries: 0, signups: 0 })
  counts[kind]++
}

export function serviceCounts(day: DayCounts, id: string): DayCounts['services'][string] {
  return (day.services[id] ??= { views: 0, visitors: 0, inquiries: 0 })
}

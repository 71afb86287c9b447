// Sums days of counts into the report the Insights tab shows: totals, each day, the top lists, services, and the
// period before for comparison. Visitors over several days are the sum of each day's visitors (a person who comes on
// two days counts twice: with a new salt every day, no one can tell it is the same person).
import { OTHER } from './day-counts'
import type { ConversionCounts, DayCounts, InsightsReport, Totals } from './insights.schema'

/** YYYY-MM-DD plus `n` days (calendar arithmetic; no time zone involved). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** How many days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d)
  return dates
}

type Day = DayCounts | null

const sum = (days: Day[], pick: (d: DayCounts) => number) => days.reduce((n, d) => n + (d ? pick(d) : 0), 0)

function totals(days: Day[]): Totals {
  return {
    visitors: sum(days, (d) => d.visitors),
    pageviews: sum(days, (d) => d.pageviews),
    inquiries: sum(days, (d) => d.conversions.total.inquiries),
    signups: sum(days, (d) => d.conversions.total.signups),
  }
}

function merged(days: Day[], pick: (d: DayCounts) => Record<string, number>): Map<string, number> {
  const out = new Map<string, number>()
  for (const d of days) if (d) for (const [k, n] of Object.entries(pick(d))) out.set(k, (out.get(k) ?? 0) + n)
  return out
}

function mergedConversions(days: Day[], pick: (d: DayCounts) => Record<string, ConversionCounts>): Map<string, ConversionCounts> {
  const out = new Map<string, ConversionCounts>()
  for (const d of days) {
    if (!d) continue
    for (const [k, c] of Object.entries(pick(d))) {
      const sumOf = out.get(k) ?? { inquiries: 0, signups: 0 }
      out.set(k, { inquiries: sumOf.inquiries + c.inquiries, signups: sumOf.signups + c.signups })
    }
  }
  return out
}

/** Largest first; '(other)' last whatever its size; ties by name. */
function ranked<T>(entries: [string, T][], size: (t: T) => number): [string, T][] {
  return entries.sort(([a, x], [b, y]) => Number(a === OTHER) - Number(b === OTHER) || size(y) - size(x) || a.localeCompare(b))
}

const NONE: ConversionCounts = { inquiries: 0, signups: 0 }

/** Visitors and conversions per key, including keys that only converted. */
function withConversions(visitors: Map<string, number>, conversions: Map<string, ConversionCounts>) {
  const keys = new Set([...visitors.keys(), ...conversions.keys()])
  return ranked(
    [...keys].map((k): [string, { visitors: number } & ConversionCounts] => [
      k,
      { visitors: visitors.get(k) ?? 0, ...(conversions.get(k) ?? NONE) },
    ]),
    (v) => v.visitors * 1000 + v.inquiries + v.signups,
  )
}

export function buildReport(
  range: { from: string; to: string },
  days: Day[],
  previous: { from: string; to: string; days: Day[] },
  titles: Map<string, string>,
): InsightsReport {
  const dates = datesBetween(range.from, range.to)
  // Every current service appears, so one nobody looked at shows as such.
  const services = new Map([...titles.keys()].map((id) => [id, { views: 0, visitors: 0, inquiries: 0 }]))
  for (const d of days) {
    if (!d) continue
    for (const [id, s] of Object.entries(d.services)) {
      const t = services.get(id) ?? { views: 0, visitors: 0, inquiries: 0 }
      services.set(id, { views: t.views + s.views, visitors: t.visitors + s.visitors, inquiries: t.inquiries + s.inquiries })
    }
  }
  const perDay = (list: Day[], on: string[]) =>
    on.map((date, i) => ({ date, visitors: list[i]?.visitors ?? 0, pageviews: list[i]?.pageviews ?? 0 }))
  return {
    from: range.from,
    to: range.to,
    totals: totals(days),
    days: perDay(days, dates),
    pages: ranked([...merged(days, (d) => d.pages)], (n) => n).map(([path, pageviews]) => ({ path, pageviews })),
    sources: withConversions(
      merged(days, (d) => d.sources),
      mergedConversions(days, (d) => d.conversions.bySource),
    ).map(([source, v]) => ({ source, ...v })),
    campaigns: withConversions(
      merged(days, (d) => d.campaigns),
      mergedConversions(days, (d) => d.conversions.byCampaign),
    ).map(([campaign, v]) => ({ campaign, ...v })),
    mediums: ranked([...merged(days, (d) => d.mediums)], (n) => n).map(([medium, visitors]) => ({ medium, visitors })),
    devices: ranked([...merged(days, (d) => d.devices)], (n) => n).map(([device, visitors]) => ({ device, visitors })),
    services: ranked([...services], (s) => s.views * 1000 + s.inquiries).map(([id, s]) => ({ id, title: titles.get(id) ?? id, ...s })),
    landingPages: ranked([...mergedConversions(days, (d) => d.conversions.byLandingPage)], (c) => c.inquiries + c.signups).map(
      ([path, c]) => ({ path, ...c }),
    ),
    previous: {
      from: previous.from,
      to: previous.to,
      totals: totals(previous.days),
      days: perDay(previous.days, datesBetween(previous.from, previous.to)),
    },
  }
}

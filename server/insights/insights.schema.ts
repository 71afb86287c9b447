// The page-view beacon's body, the stored day of counts, and the insights report the dashboard reads.
import { z } from 'zod'

export const PageViewSchema = z.object({
  path: z
    .string({ error: 'path must be the page address' })
    .min(1, 'path must be the page address')
    .max(1024, 'path is too long')
    .startsWith('/', 'path must start with /'),
  referrer: z.string({ error: 'referrer must be text' }).max(2048, 'referrer is too long').optional(),
})
export type PageView = z.infer<typeof PageViewSchema>

const Counts = z.record(z.string(), z.number().int().nonnegative())
const Conversions = z.object({ inquiries: z.number().int().nonnegative(), signups: z.number().int().nonnegative() })
export type ConversionCounts = z.infer<typeof Conversions>

/** One studio day, as kept in DATA_DIR/insights/YYYY/YYYY-MM-DD.json: counts only, nothing about any one visitor. */
export const DayCountsSchema = z.object({
  date: z.string(),
  visitors: z.number().int().nonnegative(),
  pageviews: z.number().int().nonnegative(),
  /** Page views per page. */
  pages: Counts,
  /** Visitors per source, campaign, medium and device class (each visitor counted by the first page of the day). */
  sources: Counts,
  campaigns: Counts,
  mediums: Counts,
  devices: Counts,
  /** Per service: views and visitors of its page, inquiries for it. */
  services: z.record(
    z.string(),
    z.object({
      views: z.number().int().nonnegative(),
      visitors: z.number().int().nonnegative(),
      inquiries: z.number().int().nonnegative(),
    }),
  ),
  /** Inquiries and sign-ups by the source, campaign and first page of the visitor who sent them. */
  conversions: z.object({
    total: Conversions,
    bySource: z.record(z.string(), Conversions),
    byCampaign: z.record(z.string(), Conversions),
    byLandingPage: z.record(z.string(), Conversions),
  }),
})
export type DayCounts = z.infer<typeof DayCountsSchema>

const DateSchema = z.iso.date({ error: 'must be a date like 2026-11-23' })
export const InsightsRangeSchema = z.object({
  from: DateSchema.optional(),
  to: DateSchema.optional(),
})

export interface Totals extends ConversionCounts {
  visitors: number
  pageviews: number
}

export interface InsightsReport {
  from: string
  to: string
  totals: Totals
  days: { date: string; visitors: number; pageviews: number }[]
  pages: { path: string; pageviews: number }[]
  sources: ({ source: string; visitors: number } & ConversionCounts)[]
  campaigns: ({ campaign: string; visitors: number } & ConversionCounts)[]
  mediums: { medium: string; visitors: number }[]
  devices: { device: string; visitors: number }[]
  /** Every service, visible or not, that had a view or an inquiry; `title` from the content when it still exists. */
  services: { id: string; title: string; views: number; visitors: number; inquiries: number }[]
  /** The first page of the visit that ended in an inquiry or a sign-up. */
  landingPages: ({ path: string } & ConversionCounts)[]
  /** The period of the same length just before, for comparison. */
  previous: { from: string; to: string; totals: Totals; days: { date: string; visitors: number; pageviews: number }[] }
}

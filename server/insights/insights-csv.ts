// The Insights report as one CSV: a row per day, page, source, campaign, medium, device, service and landing page,
// with the list it belongs to in the first column so a spreadsheet can filter it.
import { toCsv } from '../lib/csv'
import type { InsightsReport } from './insights.schema'

const HEADER = ['List', 'Name', 'Visitors', 'Page views', 'Inquiries', 'Sign-ups', 'Conversion rate']

const rate = (inquiries: number, visitors: number) => (visitors ? `${((inquiries / visitors) * 100).toFixed(1)}%` : '')

export function insightsCsv(r: InsightsReport): string {
  const rows: (string | number)[][] = [
    [
      'Total',
      `${r.from} to ${r.to}`,
      r.totals.visitors,
      r.totals.pageviews,
      r.totals.inquiries,
      r.totals.signups,
      rate(r.totals.inquiries, r.totals.visitors),
    ],
    [
      'Previous period',
      `${r.previous.from} to ${r.previous.to}`,
      r.previous.totals.visitors,
      r.previous.totals.pageviews,
      r.previous.totals.inquiries,
      r.previous.totals.signups,
      rate(r.previous.totals.inquiries, r.previous.totals.visitors),
    ],
    ...r.days.map((d) => ['Day', d.date, d.visitors, d.pageviews, '', '', '']),
    ...r.pages.map((p) => ['Page', p.path, '', p.pageviews, '', '', '']),
    ...r.sources.map((s) => ['Source', s.source, s.visitors, '', s.inquiries, s.signups, rate(s.inquiries, s.visitors)]),
    ...r.campaigns.map((s) => ['Campaign', s.campaign, s.visitors, '', s.inquiries, s.signups, rate(s.inquiries, s.visitors)]),
    ...r.mediums.map((m) => ['Medium', m.medium, m.visitors, '', '', '', '']),
    ...r.devices.map((d) => ['Device', d.device, d.visitors, '', '', '', '']),
    ...r.services.map((s) => ['Service', s.title, s.visitors, s.views, s.inquiries, '', rate(s.inquiries, s.visitors)]),
    ...r.landingPages.map((p) => ['First page of converting visits', p.path, '', '', p.inquiries, p.signups, '']),
  ]
  return toCsv(HEADER, rows)
}

// The Insights export as a spreadsheet shows it, from a fixed report: one row per figure, named by its list, with the
// conversion rate where visitors and inquiries are both counted.
import { describe, expect, it } from 'vitest'
import { insightsCsv } from './insights-csv'
import type { InsightsReport } from './insights.schema'

const report: InsightsReport = {
  from: '2026-11-01',
  to: '2026-11-02',
  totals: { visitors: 40, pageviews: 95, inquiries: 3, signups: 1 },
  days: [
    { date: '2026-11-01', visitors: 25, pageviews: 60 },
    { date: '2026-11-02', visitors: 15, pageviews: 35 },
  ],
  pages: [{ path: '/services/arches', pageviews: 30 }],
  sources: [
    { source: 'instagram.com', visitors: 8, inquiries: 2, signups: 0 },
    { source: '(direct)', visitors: 0, inquiries: 0, signups: 1 },
  ],
  campaigns: [{ campaign: 'spring, weddings', visitors: 3, inquiries: 1, signups: 0 }],
  mediums: [{ medium: 'social', visitors: 5 }],
  devices: [{ device: 'mobile', visitors: 28 }],
  services: [{ id: 'arches', title: 'Balloon Arches', views: 30, visitors: 12, inquiries: 1 }],
  landingPages: [{ path: '/', inquiries: 2, signups: 1 }],
  previous: { from: '2026-10-30', to: '2026-10-31', totals: { visitors: 0, pageviews: 0, inquiries: 0, signups: 0 }, days: [] },
}

describe('the Insights CSV', () => {
  it('has a header and a row per figure, each named by its list, rates to one decimal', () => {
    const csv = insightsCsv(report)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'List,Name,Visitors,Page views,Inquiries,Sign-ups,Conversion rate',
      'Total,2026-11-01 to 2026-11-02,40,95,3,1,7.5%',
      'Previous period,2026-10-30 to 2026-10-31,0,0,0,0,',
      'Day,2026-11-01,25,60,,,',
      'Day,2026-11-02,15,35,,,',
      'Page,/services/arches,,30,,,',
      'Source,instagram.com,8,,2,0,25.0%',
      'Source,(direct),0,,0,1,',
      'Campaign,"spring, weddings",3,,1,0,33.3%',
      'Medium,social,5,,,,',
      'Device,mobile,28,,,,',
      'Service,Balloon Arches,12,30,1,,8.3%',
      'First page of converting visits,/,,,2,1,',
      '',
    ])
  })
})

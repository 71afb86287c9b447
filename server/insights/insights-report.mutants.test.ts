// The Insights report's lists as the owner reads them, from days written out by hand: the order of each list (largest
// first, '(other)' last however large, visitors before conversions, views before inquiries, landing pages by all
// their conversions), the mediums, and services summed over days, including one since deleted.
import { describe, expect, it } from 'vitest'
import { emptyDay, OTHER } from './day-counts'
import { buildReport } from './insights-report'
import type { DayCounts } from './insights.schema'

const FROM = '2026-11-01'
const TO = '2026-11-02'

function day(date: string, fill: (d: DayCounts) => void): DayCounts {
  const d = emptyDay(date)
  fill(d)
  return d
}

const report = (days: (DayCounts | null)[], titles = new Map<string, string>()) =>
  buildReport({ from: FROM, to: TO }, days, { from: '2026-10-30', to: '2026-10-31', days: [null, null] }, titles)

describe('the order of the lists', () => {
  it("puts '(other)' last in every position it may come from, however many it holds", () => {
    const r = report([
      day(FROM, (d) => {
        d.pages = { '/about': 3, [OTHER]: 50, '/faq': 7, '/contact': 1, '/': 5 }
        d.devices = { [OTHER]: 9, phone: 4, desktop: 6 }
      }),
      null,
    ])
    expect(r.pages.map((p) => p.path)).toEqual(['/faq', '/', '/about', '/contact', OTHER])
    expect(r.devices.map((d) => d.device)).toEqual(['desktop', 'phone', OTHER])
  })

  it('ranks sources by visitors first, conversions only between equals', () => {
    const r = report([
      day(FROM, (d) => {
        d.sources = { 'a.test': 2, 'b.test': 1, 'c.test': 1 }
        d.conversions.bySource = { 'b.test': { inquiries: 1, signups: 0 }, 'c.test': { inquiries: 1, signups: 1 } }
      }),
      null,
    ])
    expect(r.sources.map((s) => s.source)).toEqual(['a.test', 'c.test', 'b.test'])
  })

  it('ranks services by views first, then by inquiries', () => {
    const titles = new Map([
      ['arches', 'Arches'],
      ['bouquets', 'Bouquets'],
      ['columns', 'Columns'],
    ])
    const r = report(
      [
        day(FROM, (d) => {
          d.services = {
            arches: { views: 3, visitors: 2, inquiries: 0 },
            bouquets: { views: 1, visitors: 1, inquiries: 5 },
            columns: { views: 3, visitors: 2, inquiries: 2 },
          }
        }),
        null,
      ],
      titles,
    )
    expect(r.services.map((s) => s.id)).toEqual(['columns', 'arches', 'bouquets'])
  })

  it('ranks landing pages by inquiries and sign-ups together', () => {
    const r = report([
      day(FROM, (d) => {
        d.conversions.byLandingPage = {
          '/about': { inquiries: 2, signups: 0 },
          '/services/arches': { inquiries: 1, signups: 2 },
          '/faq': { inquiries: 0, signups: 1 },
        }
      }),
      null,
    ])
    expect(r.landingPages).toEqual([
      { path: '/services/arches', inquiries: 1, signups: 2 },
      { path: '/about', inquiries: 2, signups: 0 },
      { path: '/faq', inquiries: 0, signups: 1 },
    ])
  })
})

describe('what the lists hold', () => {
  it('lists the mediums summed over the days, largest first', () => {
    const r = report([day(FROM, (d) => (d.mediums = { email: 1, social: 2 })), day(TO, (d) => (d.mediums = { email: 1, social: 3 }))])
    expect(r.mediums).toEqual([
      { medium: 'social', visitors: 5 },
      { medium: 'email', visitors: 2 },
    ])
  })

  it('sums a service over the days, and keeps one since deleted under its id', () => {
    const r = report(
      [
        day(FROM, (d) => {
          d.services = { arches: { views: 2, visitors: 2, inquiries: 1 }, gone: { views: 4, visitors: 3, inquiries: 1 } }
        }),
        day(TO, (d) => {
          d.services = { arches: { views: 3, visitors: 1, inquiries: 0 }, gone: { views: 1, visitors: 1, inquiries: 0 } }
        }),
      ],
      new Map([
        ['arches', 'Arches'],
        ['bouquets', 'Bouquets'],
      ]),
    )
    expect(r.services).toEqual([
      { id: 'arches', title: 'Arches', views: 5, visitors: 3, inquiries: 1 },
      { id: 'gone', title: 'gone', views: 5, visitors: 4, inquiries: 1 },
      { id: 'bouquets', title: 'Bouquets', views: 0, visitors: 0, inquiries: 0 },
    ])
  })
})

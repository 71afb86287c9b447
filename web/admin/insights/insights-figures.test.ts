// The Insights tab as the owner reads it: the range form's refusals, a failed load in words (or silence), the totals
// against the period before, the period's sentence, the labels, the bars, the days table's order and the chart's top.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import {
  barWidths,
  chartTop,
  deviceLabel,
  isStale,
  loadFailure,
  newestFirst,
  periodSentence,
  rangeProblem,
  reportFigures,
  sourceLabel,
} from './insights-figures'

const report = {
  from: '2026-11-01',
  to: '2026-11-30',
  totals: { visitors: 400, pageviews: 950, inquiries: 10, signups: 3 },
  previous: { from: '2026-10-02', to: '2026-10-31', totals: { visitors: 300, pageviews: 700, inquiries: 12, signups: 0 }, days: [] },
}

describe('the range form', () => {
  it('needs both days, the first not after the last', () => {
    expect(rangeProblem('', '2026-11-30')).toBe('Choose both dates.')
    expect(rangeProblem('2026-11-01', '')).toBe('Choose both dates.')
    expect(rangeProblem('2026-12-01', '2026-11-30')).toBe('The first day must not be after the last.')
    expect(rangeProblem('2026-11-30', '2026-11-30')).toBeNull()
    expect(rangeProblem('2026-11-01', '2026-11-30')).toBeNull()
  })
})

describe('loading', () => {
  it("says nothing for a replaced request or a lapsed session, the server's sentence, else its own", () => {
    expect(loadFailure(new ApiError('Range too long', 400), true)).toBeNull()
    expect(loadFailure(new ApiError('Unauthorized', 401), false)).toBeNull()
    expect(loadFailure(new ApiError('Range too long', 400), false)).toBe('Range too long')
    expect(loadFailure(new ApiError('Server error', 500), false)).toBe('Server error')
    expect(loadFailure(new Error('Failed to fetch'), false)).toBe('Could not load the insights. Please try again.')
  })

  it('marks the report stale while it is for another range than the one chosen', () => {
    expect(isStale(report, { from: '2026-11-01', to: '2026-11-30' })).toBe(false)
    expect(isStale(report, { from: '2026-10-31', to: '2026-11-30' })).toBe(true)
    expect(isStale(report, { from: '2026-11-01', to: '2026-11-29' })).toBe(true)
  })
})

describe('the report', () => {
  it('gives the four totals, each beside the period before', () => {
    expect(reportFigures(report)).toEqual([
      { label: 'Visitors', now: 400, before: 300 },
      { label: 'Page views', now: 950, before: 700 },
      { label: 'Inquiries', now: 10, before: 12 },
      { label: 'Sign-ups', now: 3, before: 0 },
    ])
  })

  it('names the period, the one before, and the share of visitors who asked', () => {
    expect(periodSentence(report)).toBe('Nov 1 – Nov 30, compared with Oct 2 – Oct 31. 2.5% of visitors sent an inquiry.')
  })

  it('says no visitor was counted rather than giving a share of none', () => {
    const quiet = { ...report, totals: { ...report.totals, visitors: 0, inquiries: 2 } }
    expect(periodSentence(quiet)).toBe('Nov 1 – Nov 30, compared with Oct 2 – Oct 31. No visitors were counted in this period.')
    const one = { ...report, totals: { ...report.totals, visitors: 1, inquiries: 0 } }
    expect(periodSentence(one)).toBe('Nov 1 – Nov 30, compared with Oct 2 – Oct 31. 0.0% of visitors sent an inquiry.')
  })

  it("puts the counter's markers and device kinds in words, anything else as it is", () => {
    expect(sourceLabel('(direct)')).toBe('Direct (typed, bookmarked, or no referrer)')
    expect(sourceLabel('(unknown)')).toBe('Not known (visit not counted)')
    expect(sourceLabel('(other)')).toBe('Others')
    expect(sourceLabel('instagram.com')).toBe('instagram.com')
    expect(deviceLabel('phone')).toBe('Phone')
    expect(deviceLabel('tablet')).toBe('Tablet')
    expect(deviceLabel('desktop')).toBe('Computer')
    expect(deviceLabel('tv')).toBe('tv')
  })

  it('draws each bar against the largest, and no bars for all zeros', () => {
    expect(barWidths([50, 25, 10])).toEqual([100, 50, 20])
    expect(barWidths([0, 0])).toEqual([0, 0])
    expect(barWidths([0.5])).toEqual([50])
    expect(barWidths([])).toEqual([])
  })

  it('lists the days newest first, leaving the report as it is', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03']
    expect(newestFirst(days)).toEqual(['2026-11-03', '2026-11-02', '2026-11-01'])
    expect(days[0]).toBe('2026-11-01')
  })

  it('tops the chart a tenth above its highest point, 4 at least', () => {
    expect(chartTop(0)).toBe(4)
    expect(chartTop(3)).toBe(4)
    expect(chartTop(4)).toBe(5)
    expect(chartTop(100)).toBe(111)
    expect(chartTop(10)).toBe(11)
  })
})

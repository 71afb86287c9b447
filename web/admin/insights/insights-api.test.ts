// The Insights tab's calls: the report for a range of days (with the caller's signal) and the CSV link for the same.
import { beforeEach, expect, it } from 'vitest'
import { fakeApi, type FakeApi } from '../../lib/testing-api'
import { getInsights, insightsCsvUrl } from './insights-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { days: [] })
})

it('asks the report for the range, with the signal', async () => {
  const controller = new AbortController()
  expect(await getInsights({ from: '2026-05-01', to: '2026-05-31' }, controller.signal)).toEqual({ days: [] })
  expect(server.sent.map(({ method, url }) => ({ method, url }))).toEqual([
    { method: 'GET', url: '/api/admin/insights?from=2026-05-01&to=2026-05-31' },
  ])
  expect(server.sent[0].signal).toBe(controller.signal)
})

it('links the CSV of the same range', () => {
  expect(insightsCsvUrl({ from: '2026-05-01', to: '2026-05-31' })).toBe('/api/admin/insights.csv?from=2026-05-01&to=2026-05-31')
})

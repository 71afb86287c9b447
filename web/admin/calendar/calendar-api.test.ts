// The Calendar tab's calls: a month, blocking and unblocking a date with its note, the private feed's address.
import { beforeEach, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import * as api from './calendar-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { answer: 1 })
})

it.each([
  [
    'getCalendarMonth',
    () => api.getCalendarMonth('2026-05-01', '2026-05-31'),
    'GET',
    '/api/admin/calendar?from=2026-05-01&to=2026-05-31',
    undefined,
  ],
  ['blockDate', () => api.blockDate('2026-05-04', 'Wedding'), 'PUT', '/api/admin/calendar/blocked/2026-05-04', { note: 'Wedding' }],
  ['unblockDate', () => api.unblockDate('2026-05-04'), 'DELETE', '/api/admin/calendar/blocked/2026-05-04', undefined],
  ['getCalendarFeed', () => api.getCalendarFeed(), 'GET', '/api/admin/calendar/feed', undefined],
  ['newCalendarFeed', () => api.newCalendarFeed(), 'POST', '/api/admin/calendar/feed', undefined],
  ['revokeCalendarFeed', () => api.revokeCalendarFeed(), 'DELETE', '/api/admin/calendar/feed', undefined],
] as const)('%s', async (_, call, method, url, body) => {
  expect(await call()).toEqual({ answer: 1 })
  expect(calls(server)).toEqual([{ method, url, body }])
})

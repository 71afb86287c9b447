// The booking e-mails' calls: the settings with their version, saving them with the version read, what is coming up,
// and one lead's switch.
import { beforeEach, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import * as api from './booking-mail-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { answer: 1 })
})

it.each([
  ['getBookingMail', () => api.getBookingMail(), 'GET', '/api/admin/booking-mail', undefined],
  [
    'saveBookingMail',
    () => api.saveBookingMail({ enabled: true } as never, 'v2'),
    'PUT',
    '/api/admin/booking-mail',
    { enabled: true, baseVersion: 'v2' },
  ],
  ['getUpcomingMail', () => api.getUpcomingMail(), 'GET', '/api/admin/booking-mail/upcoming', undefined],
  ['switchLeadMail', () => api.switchLeadMail('a/b', true), 'PUT', '/api/admin/inquiries/a%2Fb/booking-mail', { off: true }],
  ['switchLeadMail back on', () => api.switchLeadMail('a', false), 'PUT', '/api/admin/inquiries/a/booking-mail', { off: false }],
] as const)('%s', async (_, call, method, url, body) => {
  expect(await call()).toEqual({ answer: 1 })
  expect(calls(server)).toEqual([{ method, url, body }])
})

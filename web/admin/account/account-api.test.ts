// The sign-in tab's calls: the sessions, signing one or all out, and the failed sign-ins.
import { beforeEach, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import * as api from './account-api'

let server: FakeApi
beforeEach(() => {
  server = fakeApi({}, { answer: 1 })
})

it.each([
  ['getSessions', () => api.getSessions(), 'GET', '/api/admin/sessions'],
  ['signOutSession', () => api.signOutSession('s/1'), 'DELETE', '/api/admin/sessions/s%2F1'],
  ['signOutEverywhere', () => api.signOutEverywhere(), 'DELETE', '/api/admin/sessions'],
  ['getLoginActivity', () => api.getLoginActivity(), 'GET', '/api/admin/login-activity'],
] as const)('%s', async (_, call, method, url) => {
  expect(await call()).toEqual({ answer: 1 })
  expect(calls(server)).toEqual([{ method, url, body: undefined }])
})

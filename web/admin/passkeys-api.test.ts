// Passkey calls: the list, removing one, adding one (the browser's ceremony between the options and the answer), and
// signing in with a passkey or a recovery code (a 401 there is the answer, not a lapsed session).
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '../lib/api-client'
import { calls, fakeApi, type FakeApi } from '../lib/testing-api'

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async ({ optionsJSON }: { optionsJSON: unknown }) => ({ made: optionsJSON })),
  startAuthentication: vi.fn(async ({ optionsJSON }: { optionsJSON: unknown }) => ({ signed: optionsJSON })),
}))
const api = await import('./passkeys-api')

let server: FakeApi
beforeEach(() => {
  server = fakeApi(
    {
      'POST /admin/passkeys/options': { challengeId: 'c1', options: { rp: 'studio' } },
      'POST /admin/passkeys': { ok: true, recoveryCodes: ['a', 'b'] },
      'POST /login/passkey/options': { challengeId: 'c2', options: { rp: 'login' } },
    },
    { ok: true },
  )
})
afterEach(() => setUnauthorizedHandler(null))

it('lists and removes passkeys', async () => {
  await api.listPasskeys()
  await api.removePasskey('k/1')
  expect(calls(server)).toEqual([
    { method: 'GET', url: '/api/admin/passkeys', body: undefined },
    { method: 'DELETE', url: '/api/admin/passkeys/k%2F1', body: undefined },
  ])
})

it('adds one: the options, the browser’s answer to them with the label, and the recovery codes back', async () => {
  expect(await api.addPasskey('Phone')).toEqual({ ok: true, recoveryCodes: ['a', 'b'] })
  expect(calls(server)).toEqual([
    { method: 'POST', url: '/api/admin/passkeys/options', body: undefined },
    { method: 'POST', url: '/api/admin/passkeys', body: { challengeId: 'c1', label: 'Phone', response: { made: { rp: 'studio' } } } },
  ])
})

it('signs in with a passkey: the options, then the browser’s answer', async () => {
  await api.signInWithPasskey()
  expect(calls(server)).toEqual([
    { method: 'POST', url: '/api/login/passkey/options', body: undefined },
    { method: 'POST', url: '/api/login/passkey', body: { challengeId: 'c2', response: { signed: { rp: 'login' } } } },
  ])
})

it('signs in with a recovery code', async () => {
  await api.signInWithRecoveryCode('abcd-efgh')
  expect(calls(server)).toEqual([{ method: 'POST', url: '/api/login/recovery', body: { code: 'abcd-efgh' } }])
})

it('takes a refused sign-in as the answer, not as a lapsed session', async () => {
  const lapsed = vi.fn()
  setUnauthorizedHandler(lapsed)
  const refused = () => Response.json({ error: 'Wrong code' }, { status: 401 })
  server.routes['POST /login/recovery'] = refused
  await expect(api.signInWithRecoveryCode('x')).rejects.toMatchObject({ status: 401, message: 'Wrong code' })
  server.routes['POST /login/passkey/options'] = refused
  await expect(api.signInWithPasskey()).rejects.toMatchObject({ status: 401 })
  server.routes['POST /login/passkey/options'] = { challengeId: 'c2', options: {} }
  server.routes['POST /login/passkey'] = refused
  await expect(api.signInWithPasskey()).rejects.toMatchObject({ status: 401 })
  expect(lapsed).not.toHaveBeenCalled()
})

// Passkey calls: the dashboard's list, adding and removing one; signing in with one or with a recovery code.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { apiRequest } from '../lib/api-client'

export interface PasskeySummary {
  id: string
  label: string
  createdAt: string
  lastUsedAt: string | null
}

export const listPasskeys = () => apiRequest<{ passkeys: PasskeySummary[]; recoveryCodesLeft: number }>('GET', '/admin/passkeys')
export const removePasskey = (id: string) => apiRequest<{ ok: true }>('DELETE', `/admin/passkeys/${encodeURIComponent(id)}`)

/** Runs the browser's passkey creation; answers the recovery codes when this is the first passkey. */
export async function addPasskey(label: string): Promise<{ recoveryCodes: string[] | null }> {
  const { challengeId, options } = await apiRequest<{
    challengeId: string
    options: Parameters<typeof startRegistration>[0]['optionsJSON']
  }>('POST', '/admin/passkeys/options')
  const response = await startRegistration({ optionsJSON: options })
  return apiRequest<{ ok: true; recoveryCodes: string[] | null }>('POST', '/admin/passkeys', { body: { challengeId, label, response } })
}

export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await apiRequest<{
    challengeId: string
    options: Parameters<typeof startAuthentication>[0]['optionsJSON']
  }>('POST', '/login/passkey/options', {
    unauthorizedIsAnswer: true,
  })
  const response = await startAuthentication({ optionsJSON: options })
  await apiRequest<{ ok: true }>('POST', '/login/passkey', { body: { challengeId, response }, unauthorizedIsAnswer: true })
}

export const signInWithRecoveryCode = (code: string) =>
  apiRequest<{ ok: true }>('POST', '/login/recovery', { body: { code }, unauthorizedIsAnswer: true })

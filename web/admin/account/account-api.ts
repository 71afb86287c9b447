// The sign-in tab's calls: the owner's sessions (list, sign out one, sign out everywhere) and the failed sign-ins.
import { apiRequest } from '../../lib/api-client'
import type { LoginActivitySummary, SessionSummary } from '../../../server/auth/account.types'

export type { LoginActivitySummary, SessionSummary }

export const getSessions = () => apiRequest<SessionSummary[]>('GET', '/admin/sessions')
export const signOutSession = (id: string) => apiRequest<{ ok: true }>('DELETE', `/admin/sessions/${encodeURIComponent(id)}`)
export const signOutEverywhere = () => apiRequest<{ ok: true }>('DELETE', '/admin/sessions')
export const getLoginActivity = () => apiRequest<LoginActivitySummary>('GET', '/admin/login-activity')

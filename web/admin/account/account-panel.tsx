// Sign-in & sessions: failed sign-ins of the last day, and every signed-in device with "Sign out" and "Sign out
// everywhere".
import { useCallback, useEffect, useState } from 'react'
import { formatStudioTime } from '../../../server/lib/studio-time'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { Loading } from '../ui/loading'
import { notifyError, notifySuccess } from '../ui/notify'
import './account.css'
import { PasskeysSection } from './passkeys-section'
import {
  getLoginActivity,
  getSessions,
  signOutEverywhere,
  signOutSession,
  type LoginActivitySummary,
  type SessionSummary,
} from './account-api'

export function AccountPanel() {
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null)
  const [activity, setActivity] = useState<LoginActivitySummary | null>(null)
  const [confirmAll, setConfirmAll] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      const [list, failures] = await Promise.all([getSessions(), getLoginActivity()])
      setSessions(list)
      setActivity(failures)
    } catch {
      notifyError('Error', 'Could not load the sessions. Please try again.')
    }
  }, [])
  useEffect(() => void load(), [load])

  const signOut = async (session: SessionSummary) => {
    setBusy(session.id)
    try {
      await signOutSession(session.id)
      if (session.current) return window.location.assign('/admin')
      notifySuccess('Signed out', `${session.device} is signed out.`)
      await load()
    } catch {
      notifyError('Error', 'Could not sign that session out. Please try again.')
    } finally {
      setBusy(null)
    }
  }

  const everywhere = async () => {
    setBusy('all')
    try {
      await signOutEverywhere()
      window.location.assign('/admin')
    } catch {
      notifyError('Error', 'Could not sign out everywhere. Please try again.')
      setBusy(null)
    }
  }

  if (!sessions || !activity) return <Loading label="Loading sessions..." />
  const latest = activity.recent[0]
  return (
    <>
      <section className="admin-card" aria-labelledby="account-heading">
        <div className="admin-card__header">
          <div>
            <h2 className="admin-card__title" id="account-heading">
              Sign-in &amp; sessions
            </h2>
            <p className="admin-card__hint">Where you are signed in. Changing the admin password signs out every session.</p>
          </div>
        </div>
        <p role="status" data-testid="failed-sign-ins">
          {activity.failedLastDay === 0
            ? 'No failed sign-ins in the last 24 hours.'
            : `${activity.failedLastDay} failed sign-in${activity.failedLastDay === 1 ? '' : 's'} in the last 24 hours` +
              (activity.refusedLastDay ? ` (${activity.refusedLastDay} refused as too many)` : '') +
              (latest ? `; the latest ${formatStudioTime(new Date(latest.at).toISOString())} from ${latest.device}.` : '.')}
        </p>
        <ul className="admin-sessions" aria-label="Signed-in devices">
          {sessions.map((s) => (
            <li key={s.id} className="admin-sessions__item">
              <span>
                <strong>{s.device}</strong>
                {s.current && ' (this device)'} · signed in {formatStudioTime(s.signedInAt)} · last seen {formatStudioTime(s.lastSeenAt)}
              </span>{' '}
              <button
                type="button"
                className="admin-button admin-button--outline admin-button--small"
                disabled={busy !== null}
                onClick={() => void signOut(s)}
              >
                Sign out<span className="admin-visually-hidden"> {s.device}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="admin-button admin-button--outline" disabled={busy !== null} onClick={() => setConfirmAll(true)}>
          Sign out everywhere
        </button>
        <ConfirmDialog
          open={confirmAll}
          title="Sign out everywhere?"
          description="Every device, this one included, is signed out and must sign in again with the password."
          confirmLabel="Sign out everywhere"
          busy={busy === 'all'}
          onConfirm={() => void everywhere()}
          onCancel={() => setConfirmAll(false)}
        />
      </section>
      <PasskeysSection />
    </>
  )
}

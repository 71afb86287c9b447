// Passkeys on the Sign-in & sessions tab: add one (Face ID, Touch ID, Windows Hello, a phone or a security key),
// remove one, and the recovery codes shown once when the first is added.
import { useCallback, useEffect, useState } from 'react'
import { formatStudioTime } from '../../../server/lib/studio-time'
import { ApiError } from '../../lib/api-client'
import { notifyError, notifySuccess } from '../ui/notify'
import { addPasskey, listPasskeys, removePasskey, type PasskeySummary } from '../passkeys-api'

export function PasskeysSection() {
  const [passkeys, setPasskeys] = useState<PasskeySummary[]>([])
  const [codesLeft, setCodesLeft] = useState(0)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [label, setLabel] = useState('')
  const [busy, setBusy] = useState(false)
  const load = useCallback(() => {
    listPasskeys().then(
      (r) => {
        setPasskeys(r.passkeys)
        setCodesLeft(r.recoveryCodesLeft)
      },
      () => undefined,
    )
  }, [])
  useEffect(load, [load])

  const add = async () => {
    setBusy(true)
    try {
      const made = await addPasskey(label.trim())
      setLabel('')
      // With the first passkey, the recovery codes panel says it (a notice would sit over its button on a phone).
      if (made.recoveryCodes) setCodes(made.recoveryCodes)
      else notifySuccess('Passkey added', 'You can sign in with it from now on.')
      load()
    } catch (err) {
      notifyError(
        'Passkey not added',
        err instanceof ApiError ? err.message : 'The passkey was not created (cancelled, or not supported here).',
      )
    } finally {
      setBusy(false)
    }
  }
  const remove = async (p: PasskeySummary) => {
    await removePasskey(p.id).then(
      () => notifySuccess('Passkey removed', `${p.label} can no longer sign in.`),
      () => notifyError('Error', 'Could not remove the passkey.'),
    )
    load()
  }

  return (
    <section className="admin-card admin-passkeys" aria-labelledby="passkeys-heading">
      <h2 className="admin-card__title" id="passkeys-heading">
        Passkeys
      </h2>
      <p className="admin-card__hint">
        Sign in with your fingerprint, face or device PIN instead of typing the password. The password keeps working.
      </p>
      {passkeys.length > 0 && (
        <ul className="admin-sessions" aria-label="Passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="admin-sessions__item">
              <span>
                <strong>{p.label}</strong> · added {formatStudioTime(p.createdAt)}
                {p.lastUsedAt ? ` · last used ${formatStudioTime(p.lastUsedAt)}` : ''}
              </span>{' '}
              <button type="button" className="admin-button admin-button--outline admin-button--small" onClick={() => void remove(p)}>
                Remove<span className="admin-visually-hidden"> {p.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {passkeys.length > 0 && <p>{codesLeft} recovery codes left.</p>}
      <div className="admin-passkeys__add">
        <label className="admin-field">
          <span className="admin-field__label">Name for the new passkey (optional)</span>
          <input className="admin-input" value={label} onChange={(e) => setLabel(e.target.value)} placeholder="My phone" />
        </label>
        <button type="button" className="admin-button admin-button--primary" onClick={() => void add()} disabled={busy}>
          {busy ? 'Waiting for the passkey…' : 'Add a passkey'}
        </button>
      </div>
      {codes && (
        <div className="admin-passkeys__codes" role="status">
          <h3>Passkey added. Your recovery codes</h3>
          <p>Each signs you in once if your passkeys and password are out of reach. Keep them somewhere safe: they are shown only now.</p>
          <ul data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="admin-button admin-button--outline" onClick={() => setCodes(null)}>
            I have kept them
          </button>
        </div>
      )}
    </section>
  )
}

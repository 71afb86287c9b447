// The login form: both fields required; a refused login shows its message in red above the Login button.
import { useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api-client'
import { login } from '../admin-api'
import { signInWithPasskey, signInWithRecoveryCode } from '../passkeys-api'

const LOGIN_FAILED = 'Invalid username or password'

export function LoginForm({ brand, onLoggedIn }: { brand: string | null; onLoggedIn: () => void }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const [recovery, setRecovery] = useState<string | null>(null)
  const withPasskey = async () => {
    setSubmitting(true)
    setError(null)
    try {
      await signInWithPasskey()
      onLoggedIn()
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'The passkey sign-in was cancelled or is not available here. Use the password instead.',
      )
      setSubmitting(false)
    }
  }
  const withRecoveryCode = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitting(true)
    setError(null)
    try {
      await signInWithRecoveryCode(recovery ?? '')
      onLoggedIn()
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server. Please try again.')
      setSubmitting(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitting(true)
    setError(null)
    try {
      await login(username, password)
      onLoggedIn()
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setError(err.message)
      else if (err instanceof ApiError && err.status === 0)
        setError('Could not reach the server. Please check your connection and try again.')
      else setError(LOGIN_FAILED)
      setSubmitting(false)
    }
  }

  return (
    <main className="admin-login">
      <form className="admin-login__card" onSubmit={submit}>
        <p className="admin-login__eyebrow">{brand || 'Studio'}</p>
        <h1 className="admin-login__title">Admin Dashboard</h1>
        <p className="admin-login__lead">Log in to manage your services, testimonials and delivery page.</p>
        <label className="admin-field">
          <span className="admin-field__label">Username</span>
          <input
            className="admin-input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label className="admin-field">
          <span className="admin-field__label">Password</span>
          <input
            className="admin-input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="admin-login__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="admin-button admin-button--primary admin-button--block" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </button>
        <div className="admin-login__alternatives">
          <button
            type="button"
            className="admin-button admin-button--outline admin-button--block"
            onClick={() => void withPasskey()}
            disabled={submitting}
          >
            Sign in with a passkey
          </button>
          {recovery === null ? (
            <button type="button" className="admin-button admin-button--ghost admin-button--block" onClick={() => setRecovery('')}>
              Use a recovery code
            </button>
          ) : null}
        </div>
      </form>
      {recovery !== null && (
        <form className="admin-login__card admin-login__recovery" onSubmit={withRecoveryCode}>
          <label className="admin-field">
            <span className="admin-field__label">Recovery code</span>
            <input
              className="admin-input"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              value={recovery}
              onChange={(e) => setRecovery(e.target.value)}
            />
          </label>
          <button type="submit" className="admin-button admin-button--primary admin-button--block" disabled={submitting}>
            Sign in with the code
          </button>
        </form>
      )}
    </main>
  )
}

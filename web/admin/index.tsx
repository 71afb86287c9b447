// The owner's dashboard at /admin: session check, login, and the management tabs (web/admin/mount.tsx starts it).
import { useCallback, useEffect, useState } from 'react'
import { Toaster, toast } from 'sonner'
import '../styles/tokens.css'
import 'sonner/dist/styles.css'
import './admin.css'
import { setUnauthorizedHandler } from '../lib/api-client'
import { checkAuth, getSiteSettings, logout } from './admin-api'
import { LoginForm } from './auth/login-form'
import { Dashboard } from './dashboard'
import { Loading } from './ui/loading'
import { LeaveGuardProvider } from './ui/leave-guard'

type Session = 'unknown' | 'logged-out' | 'logged-in'

const adminTitle = (brand: string) => `Admin Dashboard | ${brand} Management`

function useAdminTitle(): string | null {
  const [brand, setBrand] = useState<string | null>(null)
  useEffect(() => {
    let cancelled = false
    getSiteSettings()
      .then((settings) => !cancelled && setBrand(settings.brand.name))
      .catch(() => !cancelled && setBrand(''))
    return () => {
      cancelled = true
    }
  }, [])
  useEffect(() => {
    if (brand === null) return
    document.title = adminTitle(brand || 'Studio')
  }, [brand])
  return brand
}

function AdminApp() {
  const [session, setSession] = useState<Session>('unknown')
  const [justLoggedIn, setJustLoggedIn] = useState(false)
  const brand = useAdminTitle()

  useEffect(() => {
    let cancelled = false
    checkAuth()
      .then((ok) => !cancelled && setSession(ok ? 'logged-in' : 'logged-out'))
      .catch(() => !cancelled && setSession('logged-out'))
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setSession((current) => {
        if (current === 'logged-in') {
          toast.error('Session expired', { description: 'Please log in again to keep working.' })
        }
        return 'logged-out'
      })
    })
    return () => setUnauthorizedHandler(null)
  }, [])

  const handleLogout = useCallback(async () => {
    try {
      await logout()
    } catch {
      // the session is gone from this screen either way
    }
    setSession('logged-out')
  }, [])

  return (
    <LeaveGuardProvider>
      <div className="admin-root">
        {session === 'unknown' && <Loading label="Loading..." fill />}
        {session === 'logged-out' && (
          <LoginForm
            brand={brand}
            onLoggedIn={() => {
              setJustLoggedIn(true)
              setSession('logged-in')
            }}
          />
        )}
        {session === 'logged-in' && <Dashboard brand={brand} onLogout={handleLogout} focusHeading={justLoggedIn} />}
      </div>
      {/* At the bottom, above a save bar held there (admin.css sets --admin-toast-bottom), where they cover neither the
          header's buttons nor the tabs; at most two shown, the rest stacked behind them. */}
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        duration={5000}
        visibleToasts={2}
        gap={8}
        offset={{ bottom: 'var(--admin-toast-bottom)', right: '16px' }}
        mobileOffset={{ bottom: 'var(--admin-toast-bottom)', left: '8px', right: '8px' }}
      />
    </LeaveGuardProvider>
  )
}

export { AdminApp }

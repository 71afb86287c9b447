// Announces that the app has rendered or hydrated: web/public/start-after-paint.js then repeats an early tap.
import { useEffect, type ReactNode } from 'react'

export function Running({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Also visible to browser tests that need the page to be interactive, not just painted.
    document.documentElement.dataset.app = 'running'
    window.dispatchEvent(new Event('app-running'))
  }, [])
  return children
}

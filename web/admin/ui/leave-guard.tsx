// Unsaved work anywhere in the dashboard: in-app moves ask first, closing or reloading the page warns.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { ConfirmDialog } from './confirm-dialog'

interface LeaveGuard {
  /** A panel reports whether it holds unsaved changes, under its own key. */
  setDirty: (key: string, dirty: boolean) => void
  /** Resolves true when nothing is unsaved or the owner chooses to discard; false to stay. */
  confirmLeave: () => Promise<boolean>
  /** Whether any panel holds unsaved changes right now. */
  hasUnsaved: () => boolean
}

const LeaveGuardContext = createContext<LeaveGuard>({ setDirty: () => {}, confirmLeave: async () => true, hasUnsaved: () => false })

export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const dirtyKeys = useRef(new Set<string>())
  const [pending, setPending] = useState<((leave: boolean) => void) | null>(null)

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirtyKeys.current.size === 0) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])

  const setDirty = useCallback((key: string, dirty: boolean) => {
    if (dirty) dirtyKeys.current.add(key)
    else dirtyKeys.current.delete(key)
  }, [])

  const confirmLeave = useCallback(() => {
    if (dirtyKeys.current.size === 0) return Promise.resolve(true)
    return new Promise<boolean>((resolve) => setPending(() => resolve))
  }, [])

  const hasUnsaved = useCallback(() => dirtyKeys.current.size > 0, [])

  const answer = (leave: boolean) => {
    pending?.(leave)
    setPending(null)
  }

  const value = useMemo(() => ({ setDirty, confirmLeave, hasUnsaved }), [setDirty, confirmLeave, hasUnsaved])
  return (
    <LeaveGuardContext.Provider value={value}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        title="Discard unsaved changes?"
        description="You have changes that are not saved yet. If you leave now, they will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </LeaveGuardContext.Provider>
  )
}

export const useLeaveGuard = () => useContext(LeaveGuardContext)

/** Registers a panel's unsaved state for as long as it is shown. */
export function useUnsavedChanges(key: string, dirty: boolean): void {
  const { setDirty } = useLeaveGuard()
  useEffect(() => {
    setDirty(key, dirty)
    return () => setDirty(key, false)
  }, [key, dirty, setDirty])
}

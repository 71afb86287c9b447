// A spinner with text a screen reader announces, for the session check and data loads.
export function Loading({ label = 'Loading...', fill = false }: { label?: string; fill?: boolean }) {
  return (
    <div className={fill ? 'admin-loading admin-loading--fill' : 'admin-loading'} role="status" aria-live="polite">
      <span className="admin-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

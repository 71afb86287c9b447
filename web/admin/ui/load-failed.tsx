// An editor whose content could not be read: what failed, and Try again.
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-card admin-empty">
      <p className="admin-error-text" role="alert">
        {message}
      </p>
      <button type="button" className="admin-button admin-button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

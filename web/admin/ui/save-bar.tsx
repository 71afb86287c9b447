// The bar under an editor: what is unsaved, why a save failed, Discard changes and Save. Sticky at the bottom of the
// screen, or `inline` under the editor it belongs to.
import { saveStatus } from './versioned-editor-state'

interface SaveBarProps {
  saving: boolean
  /** Every unsaved edit on the screen, also one kept outside the editor's draft. */
  changed: boolean
  error?: string | null
  onDiscard: () => void
  /** Without it the Save button submits the form the bar is in. */
  onSave?: () => void
  /** Why the changes cannot be saved yet (said instead of "unsaved", Save disabled). */
  blocked?: string | null
  /** Whether Discard changes shows while there are changes (default: yes). */
  discardable?: boolean
  saveLabel?: string
  inline?: boolean
}

export function SaveBar({
  saving,
  changed,
  error,
  onDiscard,
  onSave,
  blocked,
  discardable = true,
  saveLabel = 'Save',
  inline,
}: SaveBarProps) {
  return (
    <div className={inline ? 'admin-savebar admin-savebar--inline' : `admin-savebar${changed ? ' is-dirty' : ''}`}>
      {error && (
        <p className="admin-error-text admin-savebar__error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-savebar__status" role="status">
        {saveStatus({ saving, changed, blocked })}
      </p>
      <div className="admin-savebar__actions">
        {changed && discardable && !saving && (
          <button type="button" className="admin-button admin-button--ghost" onClick={onDiscard}>
            Discard changes
          </button>
        )}
        <button
          type={onSave ? 'button' : 'submit'}
          className="admin-button admin-button--primary"
          disabled={saving || !changed || Boolean(blocked)}
          onClick={onSave}
        >
          {saveLabel}
        </button>
      </div>
    </div>
  )
}

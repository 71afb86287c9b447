// Shown when a save answers 409 because the item changed elsewhere: reload the current version, or compare field by field.
import { useState } from 'react'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import './compare-table.css'
import { useReturnFocus } from './return-focus'
import type { CompareRow } from './stale-compare'

interface StaleEditDialogProps {
  open: boolean
  rows: CompareRow[]
  onReload: () => void
  onCancel: () => void
}

export function StaleEditDialog({ open, rows, onReload, onCancel }: StaleEditDialogProps) {
  const [comparing, setComparing] = useState(false)
  const returnFocus = useReturnFocus()
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setComparing(false)
          onCancel()
        }
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog" {...returnFocus}>
          <AlertDialog.Title className="admin-dialog__title">Changed elsewhere</AlertDialog.Title>
          <AlertDialog.Description className="admin-dialog__description">
            This item was changed elsewhere since you opened it (in another tab, by a restore, or by a developer). Nothing was saved. Reload
            to take the current version (your unsaved edits are discarded), or compare your values with the current ones first.
          </AlertDialog.Description>
          {comparing && (
            // Scrolls when the values are long: focusable so a keyboard can scroll it, named for a screen reader.
            <div className="stale-compare" tabIndex={0} role="region" aria-label="Your values and the current version">
              {rows.length === 0 ? (
                <p className="admin-empty-note">Your values match the current version; reloading loses nothing.</p>
              ) : (
                <table className="history__fields">
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Your values</th>
                      <th scope="col">Current version</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.field}>
                        <th scope="row">{r.label}</th>
                        <td className="history__before">
                          <span className="history__text">{r.yours}</span>
                        </td>
                        <td className="history__after">
                          <span className="history__text">{r.theirs}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          )}
          <div className="admin-dialog__actions">
            <AlertDialog.Cancel className="admin-button admin-button--ghost">Keep editing</AlertDialog.Cancel>
            {!comparing && (
              <button type="button" className="admin-button admin-button--outline" onClick={() => setComparing(true)}>
                Compare
              </button>
            )}
            <button
              type="button"
              className="admin-button admin-button--primary"
              onClick={() => {
                setComparing(false)
                onReload()
              }}
            >
              Reload
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

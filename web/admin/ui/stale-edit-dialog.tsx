// Shown when a save answers 409 because the item changed elsewhere: reload the current version, or compare field by field.
import { useState } from 'react'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import './compare-table.css'
import { ApiError } from '../../lib/api-client'
import { useReturnFocus } from './return-focus'
import type { StaleConflict } from './versioned-editor-state'

export type { StaleConflict }

/** The 409 a stale save gets (`{error, current, version}`), or null for any other failure. */
export function staleConflict<T>(error: unknown): StaleConflict<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = error.body as { current?: T; version?: string } | null
  if (!body || body.current === undefined || body.current === null || typeof body.version !== 'string') return null
  return { current: body.current, version: body.version }
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return value.join(', ') || '(none)'
    if (value.every((v) => v && typeof v === 'object' && 'cropped' in v)) return `${value.length} image(s)`
    if (value.every((v) => v && typeof v === 'object' && 'header' in v))
      return value.map((v) => (v as { header: string }).header).join(', ') || '(none)'
  }
  return JSON.stringify(value)
}

interface CompareRow {
  field: string
  label: string
  yours: string
  theirs: string
}

/** The fields where your unsaved values differ from the item as it is now. */
export function compareRows(yours: Record<string, unknown>, theirs: Record<string, unknown>, labels: Record<string, string>): CompareRow[] {
  return Object.keys(yours)
    .filter((k) => k !== 'baseVersion' && JSON.stringify(yours[k] ?? null) !== JSON.stringify(theirs[k] ?? null))
    .map((k) => ({ field: k, label: labels[k] ?? k, yours: show(yours[k]), theirs: show(theirs[k]) }))
}

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

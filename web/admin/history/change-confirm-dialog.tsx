// The confirmation of an undo or a restore: it first lists what will change (nothing is written until confirmed);
// an undo that a later change stands in the way of names that change and offers restoring the item instead.
import { useEffect, useState } from 'react'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { ApiError } from '../../lib/api-client'
import { studioDateTime } from '../../../server/lib/studio-time'
import { Loading } from '../ui/loading'
import { useReturnFocus } from '../ui/return-focus'
import {
  imageAt,
  previewRestore,
  previewUndo,
  restoreItem,
  undoChange,
  type RestoreResult,
  type UndoConflictAnswer,
  type UndoPreview,
} from './history-api'
import { FieldValue } from './field-value'

export type ChangeRequest =
  { kind: 'undo'; hash: string; summary: string } | { kind: 'restore'; hash: string; item: string; label: string; description: string }

type Stage =
  | { state: 'loading' }
  | { state: 'ready'; preview: UndoPreview }
  | { state: 'conflict'; answer: UndoConflictAnswer }
  | { state: 'failed'; message: string }

interface Props {
  request: ChangeRequest | null
  /** Labels of items by name, for the conflict's "restore … as it was before" offer. */
  labelOf: (item: string) => string
  onDone: (result: RestoreResult) => void
  onCancel: () => void
}

export function ChangeConfirmDialog({ request: initial, labelOf, onDone, onCancel }: Props) {
  const [request, setRequest] = useState<ChangeRequest | null>(initial)
  const [stage, setStage] = useState<Stage>({ state: 'loading' })
  const [busy, setBusy] = useState(false)
  const returnFocus = useReturnFocus()
  useEffect(() => setRequest(initial), [initial])

  useEffect(() => {
    if (!request) return
    let live = true
    setStage({ state: 'loading' })
    const load = request.kind === 'undo' ? previewUndo(request.hash) : previewRestore(request.hash, request.item)
    load.then(
      (preview) => live && setStage({ state: 'ready', preview }),
      (err) => {
        if (!live) return
        const body = err instanceof ApiError ? (err.body as Partial<UndoConflictAnswer> | null) : null
        if (err instanceof ApiError && err.status === 409 && body?.conflict)
          setStage({ state: 'conflict', answer: body as UndoConflictAnswer })
        else setStage({ state: 'failed', message: (err as Error).message || 'Could not work out what would change.' })
      },
    )
    return () => {
      live = false
    }
  }, [request])

  const confirm = async () => {
    if (!request) return
    setBusy(true)
    try {
      onDone(request.kind === 'undo' ? await undoChange(request.hash) : await restoreItem(request.hash, request.item))
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as Partial<UndoConflictAnswer> | null) : null
      if (err instanceof ApiError && err.status === 409 && body?.conflict)
        setStage({ state: 'conflict', answer: body as UndoConflictAnswer })
      else setStage({ state: 'failed', message: (err as Error).message || 'That did not work. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  const restoreBefore = (answer: UndoConflictAnswer) => {
    const label = labelOf(answer.item)
    setRequest({
      kind: 'restore',
      hash: answer.before,
      item: answer.item,
      label,
      description: `${label} goes back to how it was before the change you wanted to undo. Later changes to it are undone too.`,
    })
  }

  const title = !request ? '' : request.kind === 'undo' ? 'Undo this change?' : `Restore ${request.label}?`
  const ready = stage.state === 'ready' && stage.preview.changes.length > 0
  return (
    <AlertDialog.Root open={request !== null} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog history-confirm" data-testid="change-confirm" {...returnFocus}>
          <AlertDialog.Title className="admin-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="admin-dialog__description">
            {request?.kind === 'undo'
              ? `“${request.summary}” is reversed as a new change; later changes to other things stay as they are.`
              : request?.description}
          </AlertDialog.Description>
          {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
          <div className="history-confirm__body" aria-live="polite" tabIndex={0} role="region" aria-label="What will change">
            {stage.state === 'loading' && <Loading label="Working out what will change..." />}
            {stage.state === 'failed' && (
              <p className="admin-error-text" role="alert">
                {stage.message}
              </p>
            )}
            {stage.state === 'ready' && stage.preview.changes.length === 0 && (
              <p className="admin-empty-note">Nothing would change: the site is already like that.</p>
            )}
            {stage.state === 'ready' && stage.preview.changes.length > 0 && (
              <>
                <h3 className="admin-subsection__title">What will change</h3>
                {stage.preview.changes.map((change) => (
                  <div key={change.path} className="history-confirm__item">
                    <p className="history-confirm__label">
                      {change.label} <span className={`history__badge history__badge--${change.change}`}>{change.change}</span>
                    </p>
                    {!change.path.startsWith('uploads/') && (
                      <dl className="history-confirm__fields">
                        {change.fields.map((f) => (
                          <div key={f.field} className="history-confirm__field">
                            <dt>{f.label}</dt>
                            <dd className="history__before">
                              <span className="history-confirm__side">Now</span>
                              <FieldValue field={f} side="before" imageSrc={(url) => url} />
                            </dd>
                            <dd className="history__after">
                              <span className="history-confirm__side">After</span>
                              <FieldValue field={f} side="after" imageSrc={(url) => imageAt(stage.preview.imagesFrom, url)} />
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {change.imageUrl && <img className="history__thumb-img" src={change.imageUrl} alt={change.label} />}
                  </div>
                ))}
              </>
            )}
            {stage.state === 'conflict' && (
              <div role="alert" className="history-confirm__conflict">
                <p>
                  <strong>This change can't be undone on its own.</strong> A later change, “{stage.answer.conflict.title}” (
                  {studioDateTime(stage.answer.conflict.date)}, {stage.answer.conflict.author}), changed the same part of{' '}
                  {labelOf(stage.answer.item)}.
                </p>
                <p>
                  You can restore {labelOf(stage.answer.item)} as it was before this change instead (that also undoes the later change to
                  it), or cancel.
                </p>
              </div>
            )}
          </div>
          <div className="admin-dialog__actions">
            <AlertDialog.Cancel className="admin-button admin-button--ghost" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            {stage.state === 'conflict' ? (
              <button type="button" className="admin-button admin-button--primary" onClick={() => restoreBefore(stage.answer)}>
                Restore {labelOf(stage.answer.item)} as it was before
              </button>
            ) : (
              <button type="button" className="admin-button admin-button--primary" disabled={busy || !ready} onClick={() => void confirm()}>
                {busy ? 'Saving...' : request?.kind === 'undo' ? 'Undo this change' : 'Restore'}
              </button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

// A yes/no confirmation (Radix alert dialog): deleting things and leaving unsaved work.
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useReturnFocus } from './return-focus'

interface ConfirmDialogProps {
  open: boolean
  title: string
  description: string
  confirmLabel: string
  cancelLabel?: string
  busy?: boolean
  destructive?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus()
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-overlay" />
        <AlertDialog.Content className="admin-dialog admin-dialog--small" {...returnFocus}>
          <AlertDialog.Title className="admin-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="admin-dialog__description">{description}</AlertDialog.Description>
          <div className="admin-dialog__actions">
            <AlertDialog.Cancel className="admin-button admin-button--ghost" disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={destructive ? 'admin-button admin-button--danger' : 'admin-button admin-button--primary'}
              disabled={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

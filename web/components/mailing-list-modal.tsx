// The mailing-list dialog (Radix), loaded on the first click of 'Join our Mailing List'; its form loads with it.
import { lazy, Suspense, useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { CloseIcon } from './icons'
import './mailing-list-dialog.css'

const MailingListForm = lazy(() => import('./mailing-list-form'))
const Toaster = lazy(() => import('./mailing-list-form').then((m) => ({ default: m.Toaster })))

export default function MailingListModal({
  triggerClassName,
  label,
  defaultOpen = false,
}: {
  triggerClassName: string
  label: string
  defaultOpen?: boolean
}) {
  const [open, setOpen] = useState(defaultOpen)
  const [used, setUsed] = useState(defaultOpen)
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) setUsed(true)
  }
  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Trigger className={triggerClassName}>{label}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="modal-overlay" />
          <Dialog.Content className="modal">
            <div className="modal__head">
              <div>
                <Dialog.Title className="modal__title">Join our Mailing List</Dialog.Title>
                <Dialog.Description className="modal__description">
                  Seasonal inspiration, new designs and studio news. No spam, ever.
                </Dialog.Description>
              </div>
              <Dialog.Close className="modal__close" aria-label="Close">
                <CloseIcon />
              </Dialog.Close>
            </div>
            <Suspense fallback={<p className="field__hint">Loading...</p>}>
              <MailingListForm onDone={() => setOpen(false)} />
            </Suspense>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {used && (
        <Suspense fallback={null}>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      )}
    </>
  )
}

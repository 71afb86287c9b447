// The 'Join our Mailing List' button; the dialog and its form load on first use, keeping home's JavaScript small.
import { lazy } from 'react'
import { LoadOnUse } from './load-on-use'

const loadModal = () => import('./mailing-list-modal')
const MailingListModal = lazy(loadModal)

export function MailingListDialog({ triggerClassName = 'button button--gold' }: { triggerClassName?: string }) {
  return (
    <LoadOnUse load={loadModal} button={{ className: triggerClassName, 'aria-haspopup': 'dialog', children: 'Join our Mailing List' }}>
      {() => <MailingListModal triggerClassName={triggerClassName} defaultOpen />}
    </LoadOnUse>
  )
}

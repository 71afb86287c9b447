// The 'Join our Mailing List' button; the dialog and its form load on first use, keeping home's JavaScript small.
import { lazy } from 'react'
import { LoadOnUse } from './load-on-use'

const loadModal = () => import('./mailing-list-modal')
const MailingListModal = lazy(loadModal)

/** `label`: the button's text where the home page's 'Join our Mailing List' is also on screen (the footer's). */
export function MailingListDialog({
  triggerClassName = 'button button--gold',
  label = 'Join our Mailing List',
}: {
  triggerClassName?: string
  label?: string
}) {
  return (
    <LoadOnUse load={loadModal} button={{ className: triggerClassName, 'aria-haspopup': 'dialog', children: label }}>
      {() => <MailingListModal triggerClassName={triggerClassName} label={label} defaultOpen />}
    </LoadOnUse>
  )
}

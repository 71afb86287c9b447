// On an inquiry's card: the switch that stops the site's booking e-mails (reminders, confirmation, thank-you) for this
// one lead, saved on the server at once; and what was sent.
import { useState } from 'react'
import { notifySuccess } from '../ui/notify'
import { switchLeadMail } from './booking-mail-api'
import { announceInquiriesChanged, type InquiryRecord } from './inbox-api'
import { leadMailOn, switchedNotice, switchError } from './lead-mail-switch'

export function BookingMailSwitch({ record, onChanged }: { record: InquiryRecord; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const on = leadMailOn(record)
  const id = `booking-mail-${record.id}`
  const change = async (next: boolean) => {
    setBusy(true)
    setError(null)
    try {
      await switchLeadMail(record.id, !next)
      notifySuccess(switchedNotice(next))
      onChanged()
      // "Coming up" drops (or lists again) this lead's e-mails.
      announceInquiriesChanged()
    } catch (err) {
      setError(switchError(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="admin-inquiry__section admin-lead-mail">
      <label className="admin-lead-mail__switch" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={on}
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        Automatic e-mails for this lead
      </label>
      <p className="admin-card__hint" id={`${id}-hint`}>
        Quote follow-up, balance reminders, the event confirmation and the thank-you (set under Booking e-mails at the foot of the inbox).
      </p>
      {error && (
        <p className="admin-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

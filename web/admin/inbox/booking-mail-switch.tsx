// On an inquiry's card: the switch that stops the site's booking e-mails (reminders, confirmation, thank-you) for this
// one lead, saved on the server at once; and what was sent.
import { useState } from 'react'
import { serverMessage } from '../admin-api'
import { notifySuccess } from '../ui/notify'
import { switchLeadMail } from './booking-mail-api'
import { announceInquiriesChanged, type InquiryRecord } from './inbox-api'

export function BookingMailSwitch({ record, onChanged }: { record: InquiryRecord; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const on = record.bookingMail?.off !== true
  const id = `booking-mail-${record.id}`
  const change = async (next: boolean) => {
    setBusy(true)
    setError(null)
    try {
      await switchLeadMail(record.id, !next)
      notifySuccess(next ? 'Booking e-mails on for this lead' : 'Booking e-mails off for this lead')
      onChanged()
      // "Coming up" drops (or lists again) this lead's e-mails.
      announceInquiriesChanged()
    } catch (err) {
      setError(serverMessage(err) ?? 'The switch could not be saved. Please try again.')
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

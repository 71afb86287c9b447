// At the foot of the inbox, beside the reply templates: the booking e-mails' editor (booking-mail-panel.tsx), loaded
// when opened. A section of the inbox rather than a tab of its own: the tab row stays one row on a laptop.
import { lazy, Suspense } from 'react'
import { Loading } from '../ui/loading'

const BookingMailPanel = lazy(async () => ({ default: (await import('./booking-mail-panel')).BookingMailPanel }))

export const BOOKING_MAIL_SECTION_ID = 'booking-mail-settings'

export function BookingMailSection({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  return (
    <details
      id={BOOKING_MAIL_SECTION_ID}
      className="admin-templates admin-booking-mail-section"
      open={open}
      onToggle={(e) => onToggle(e.currentTarget.open)}
    >
      <summary>Booking e-mails: reminders, follow-ups, confirmation, thank-you</summary>
      {open && (
        <Suspense fallback={<Loading label="Loading the booking e-mails..." />}>
          <BookingMailPanel />
        </Suspense>
      )}
    </details>
  )
}

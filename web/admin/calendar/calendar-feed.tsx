// The private calendar address: booked events as an .ics feed the owner's phone calendar subscribes to; renew or turn off.
import { useEffect, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { notifyError, notifySuccess } from '../ui/notify'
import { getCalendarFeed, newCalendarFeed, revokeCalendarFeed, type CalendarFeed } from './calendar-api'

export function CalendarFeedSection() {
  const [feed, setFeed] = useState<CalendarFeed | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => void getCalendarFeed().then(setFeed, () => undefined), [])
  const run = async (call: () => Promise<CalendarFeed>, done: string) => {
    setBusy(true)
    try {
      setFeed(await call())
      notifySuccess(done)
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notifyError('Error', 'Could not change the calendar address. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  const copy = async () => {
    if (!feed?.url) return
    try {
      await navigator.clipboard.writeText(feed.url)
      notifySuccess('Address copied')
    } catch {
      notifyError('Could not copy', 'Select the address and copy it by hand.')
    }
  }
  return (
    <section className="admin-calendar__feed" aria-labelledby="feed-heading">
      <h3 id="feed-heading" className="admin-inquiry__section-title">
        Bookings on your phone
      </h3>
      <p className="admin-card__hint">
        A private address for your phone's calendar app (iPhone: Settings → Calendar → Accounts → Add Subscribed Calendar; Google Calendar:
        Other calendars → From URL). It lists booked events only. Anyone with the address can read it, so keep it to yourself; making a new
        one turns the old one off.
      </p>
      {feed?.url ? (
        <>
          <label className="admin-field__label" htmlFor="feed-url">
            Calendar address
          </label>
          <input id="feed-url" className="admin-input admin-input--mono" readOnly value={feed.url} onFocus={(e) => e.target.select()} />
          <div className="admin-button-row">
            <button type="button" className="admin-button admin-button--outline admin-button--small" onClick={() => void copy()}>
              Copy address
            </button>
            <button
              type="button"
              className="admin-button admin-button--outline admin-button--small"
              disabled={busy}
              onClick={() => void run(newCalendarFeed, 'New address made; the old one no longer works')}
            >
              Make a new address
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger-outline admin-button--small"
              disabled={busy}
              onClick={() => void run(revokeCalendarFeed, 'Calendar address turned off')}
            >
              Turn off
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="admin-button admin-button--primary admin-button--small"
          disabled={busy || !feed}
          onClick={() => void run(newCalendarFeed, 'Calendar address made')}
        >
          Make a private calendar address
        </button>
      )}
    </section>
  )
}

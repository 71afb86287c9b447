// Calendar tab: the month's event dates (open, quoted and booked inquiries) and blocked dates, with double-booking and
// booked-on-blocked warnings; pick a day to see it and block or unblock it; the private .ics address below.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { shortEventDate, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import { studioToday } from '../../../server/lib/studio-time'
import { ApiError } from '../../lib/api-client'
import { Loading } from '../ui/loading'
import { notifyError, notifySuccess } from '../ui/notify'
import { blockDate, getCalendarMonth, unblockDate, type CalendarMonth } from './calendar-api'
import { CalendarFeedSection } from './calendar-feed'
import { MonthGrid } from './month-grid'
import { addMonths, monthOf, monthRange, monthTitle, type Month } from './month-days'
import './calendar.css'

export function CalendarPanel() {
  const today = studioToday()
  const [month, setMonth] = useState<Month>(() => monthOf(today))
  const [data, setData] = useState<CalendarMonth | null>(null)
  const [failed, setFailed] = useState(false)
  const [selected, setSelected] = useState<string | null>(null)

  const load = useCallback(async (m: Month) => {
    try {
      const { from, to } = monthRange(m)
      setData(await getCalendarMonth(from, to))
      setFailed(false)
    } catch (error) {
      setFailed(true)
      if (!(error instanceof ApiError && error.status === 401)) notifyError('Error loading the calendar', 'Please try again.')
    }
  }, [])

  useEffect(() => {
    setData(null)
    void load(month)
  }, [month, load])

  const move = (n: number) => {
    setSelected(null)
    setMonth((m) => addMonths(m, n))
  }

  return (
    <section className="admin-card admin-calendar" aria-labelledby="calendar-heading">
      <div className="admin-card__header">
        <div>
          <h2 className="admin-card__title" id="calendar-heading">
            Calendar
          </h2>
          <p className="admin-card__hint">
            Event dates of new, contacted, quoted and booked inquiries, and the dates you block. Pick a day to block it.
          </p>
        </div>
      </div>
      <div className="admin-calendar__nav">
        <button type="button" className="admin-button admin-button--outline admin-button--small" onClick={() => move(-1)}>
          <span aria-hidden="true">‹ </span>Previous month
        </button>
        <h3 className="admin-calendar__month" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <button type="button" className="admin-button admin-button--outline admin-button--small" onClick={() => move(1)}>
          Next month<span aria-hidden="true"> ›</span>
        </button>
      </div>
      {data && data.warnings.length > 0 && (
        <ul className="admin-calendar__warnings" aria-label="Warnings this month">
          {data.warnings.map((w) => (
            <li key={`${w.date}-${w.kind}`}>
              <strong>{shortEventDate(w.date)}:</strong> {w.message}
            </li>
          ))}
        </ul>
      )}
      {!data && !failed && <Loading label="Loading the calendar..." />}
      {failed && (
        <div className="admin-empty">
          <p>The calendar could not be loaded.</p>
          <button type="button" className="admin-button admin-button--primary" onClick={() => void load(month)}>
            Try again
          </button>
        </div>
      )}
      {data && <MonthGrid month={month} data={data} today={today} selected={selected} onSelect={setSelected} />}
      {data && selected && <DayDetails key={selected} date={selected} data={data} onChanged={() => void load(month)} />}
      <CalendarFeedSection />
    </section>
  )
}

function DayDetails({ date, data, onChanged }: { date: string; data: CalendarMonth; onChanged: () => void }) {
  const events = data.events.filter((e) => e.date === date)
  const blocked = data.blocked.find((b) => b.date === date)
  const warnings = data.warnings.filter((w) => w.date === date)
  const [note, setNote] = useState(blocked?.note ?? '')
  const [busy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  // A tapped day's details open below the month (below the fold on a phone): bring them, with "Block this date", into
  // view and take focus to their heading, so the next Tab reaches the day's controls.
  useEffect(() => {
    heading.current?.closest('section')?.scrollIntoView({ block: 'nearest' })
    heading.current?.focus({ preventScroll: true })
  }, [])
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await call()
      notifySuccess(done)
      onChanged()
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notifyError('Error', error instanceof ApiError && error.status === 400 ? error.message : 'Could not change the date.')
    } finally {
      setBusy(false)
    }
  }
  const save = (event: FormEvent) => {
    event.preventDefault()
    void run(() => blockDate(date, note.trim()), blocked ? 'Note saved' : 'Date blocked')
  }
  return (
    <section className="admin-calendar__day" aria-labelledby="day-heading">
      <h3 id="day-heading" className="admin-inquiry__section-title" ref={heading} tabIndex={-1}>
        {shortEventDate(date)}
      </h3>
      {warnings.map((w) => (
        <p key={w.kind} className="admin-inquiry__warning" role="note">
          {w.message}
        </p>
      ))}
      {events.length === 0 ? (
        <p className="admin-inquiry__muted">No events on this date.</p>
      ) : (
        <ul className="admin-calendar__day-events">
          {events.map((e) => (
            <li key={e.inquiryId}>
              <a href={`/admin/inbox?inquiry=${encodeURIComponent(e.inquiryId)}`}>{e.name}</a> · {e.service} ·{' '}
              <span className={`admin-status admin-status--${e.status}`}>{STATUS_LABELS[e.status]}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-pipeline__row" onSubmit={save}>
        <div className="admin-pipeline__field">
          <label className="admin-field__label" htmlFor="block-note">
            {blocked ? 'Blocked. Note (only you see it)' : 'Note (optional, only you see it)'}
          </label>
          <input
            id="block-note"
            className="admin-input"
            value={note}
            maxLength={200}
            placeholder="e.g. Vacation, fully booked"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={busy}>
          {blocked ? 'Save note' : 'Block this date'}
        </button>
        {blocked && (
          <button
            type="button"
            className="admin-button admin-button--outline admin-button--small"
            disabled={busy}
            onClick={() => void run(() => unblockDate(date), 'Date unblocked')}
          >
            Unblock
          </button>
        )}
      </form>
    </section>
  )
}

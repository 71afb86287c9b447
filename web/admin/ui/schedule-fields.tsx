// "Show from" / "Show until" for a service, an FAQ question or the seasonal hero: two studio-time inputs with a clear
// button each, and the badge that tells what the schedule does now ("Scheduled: shows Dec 1, 2026, 9:00 AM").
import './schedule-fields.css'
import { useEffect, useState } from 'react'
import { scheduleInstant, scheduleState, windowProblem, type ScheduleWindow } from '../../../server/lib/schedule'
import { studioDateTime } from '../../../server/lib/studio-time'
import { studioInputValue, studioInstant, studioIso } from '../../../server/lib/studio-wall-clock'
import { getServerClock } from '../admin-api'
import { Field } from './field'

/** The two inputs' values as datetime-local shows them, in studio time; '' is no limit. */
export interface ScheduleInputs {
  showFrom: string
  showUntil: string
}

export const scheduleInputs = (w: ScheduleWindow): ScheduleInputs => ({
  showFrom: studioInputValue(w.showFrom),
  showUntil: studioInputValue(w.showUntil),
})

/** What a save sends: each side as an ISO 8601 instant in the studio's offset, or null (no limit). */
export function scheduleFromInputs(v: ScheduleInputs): { showFrom: string | null; showUntil: string | null } {
  const side = (local: string) => {
    if (!local) return null
    const ms = studioInstant(local)
    return Number.isNaN(ms) ? local : studioIso(ms)
  }
  return { showFrom: side(v.showFrom), showUntil: side(v.showUntil) }
}

/** The message to show under Show until, or undefined. */
export const scheduleError = (v: ScheduleInputs) => windowProblem(scheduleFromInputs(v)) ?? undefined

/** What the schedule does at `now`, in words; null when there is none. */
export function scheduleSummary(w: ScheduleWindow, now: number): { text: string; hidden: boolean } | null {
  const from = w.showFrom ? studioDateTime(new Date(scheduleInstant(w.showFrom)).toISOString()) : ''
  const until = w.showUntil ? studioDateTime(new Date(scheduleInstant(w.showUntil)).toISOString()) : ''
  switch (scheduleState(w, now)) {
    case 'always':
      return null
    case 'upcoming':
      return { text: `Scheduled: shows ${from}${until ? ` – ${until}` : ''}`, hidden: true }
    case 'showing':
      return { text: until ? `Showing until ${until}` : `Showing since ${from}`, hidden: false }
    case 'ended':
      return { text: `Hidden since ${until}`, hidden: true }
  }
}

let serverClock: Promise<{ offset: number; moved: boolean }> | null = null
const readServerClock = () =>
  (serverClock ??= getServerClock().then(
    ({ now, moved }) => ({ offset: Date.parse(now) - Date.now(), moved }),
    () => ({ offset: 0, moved: false }),
  ))

/** The server's now (ms), read once per dashboard load and kept running; updated every 30 s for the badges. */
export function useServerNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    let offset = 0
    void readServerClock().then((clock) => {
      offset = clock.offset
      setNow(Date.now() + offset)
    })
    const timer = setInterval(() => setNow(Date.now() + offset), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

export function ScheduleBadge({ window: w, now }: { window: ScheduleWindow; now: number }) {
  const summary = scheduleSummary(w, now)
  if (!summary) return null
  return <span className={`admin-schedule-badge${summary.hidden ? ' is-hidden' : ''}`}>{summary.text}</span>
}

interface ScheduleFieldsProps {
  /** What is scheduled, for the legend and the clear buttons' names ("Schedule", "Seasonal hero schedule"). */
  legend: string
  value: ScheduleInputs
  onChange: (value: ScheduleInputs) => void
  /** Server-side problem to show, when the form has its own. */
  error?: string
  /** Added to the inputs' labels where a page holds several schedules (" 2" for question 2). */
  suffix?: string
}

/** On a preview server (FAKE_NOW) the schedules are judged by its moved clock: say so, with the time it reads. */
function MovedClockNote() {
  const [reads, setReads] = useState<string | null>(null)
  useEffect(() => {
    void readServerClock().then(({ offset, moved }) => setReads(moved ? studioDateTime(new Date(Date.now() + offset).toISOString()) : null))
  }, [])
  return reads ? <p className="admin-field__hint">This is a preview: its clock is moved and read {reads} when the page opened.</p> : null
}

export function ScheduleFields({ legend, value, onChange, error, suffix = '' }: ScheduleFieldsProps) {
  const problem = error ?? scheduleError(value)
  const side = (key: keyof ScheduleInputs, name: string, hint: string) => {
    const label = `${name}${suffix}`
    return (
      <div className="admin-schedule__side">
        <Field label={label} hint={hint} error={key === 'showUntil' ? problem : undefined}>
          <input
            className="admin-input"
            type="datetime-local"
            value={value[key]}
            onChange={(e) => onChange({ ...value, [key]: e.target.value })}
          />
        </Field>
        <button
          type="button"
          className="admin-button admin-button--ghost admin-schedule__clear"
          disabled={!value[key]}
          aria-label={`Clear ${label}`}
          onClick={() => onChange({ ...value, [key]: '' })}
        >
          Clear
        </button>
      </div>
    )
  }
  return (
    <fieldset className="admin-schedule">
      <legend className="admin-field__label">{legend}</legend>
      <p className="admin-field__hint">
        Studio time (Pacific, Los Angeles). Leave a date empty for no limit; the website changes by itself at these times.
      </p>
      <MovedClockNote />
      <div className="admin-schedule__sides">
        {side('showFrom', 'Show from', 'Empty: shown now.')}
        {side('showUntil', 'Show until', 'Hidden from this moment on. Empty: no end.')}
      </div>
    </fieldset>
  )
}

// The month as an accessible table: a row per week, a button per day naming what is on it (events, blocked, warnings);
// on a phone each event shows a status dot and the first name.
import { plural, shortEventDate, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import type { CalendarMonth } from './calendar-api'
import { monthTitle, monthWeeks, type Month } from './month-days'

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const

/** On a phone a day is a finger wide: each event shows the first word of its name (and a dot in its status colour). */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name

export function MonthGrid({
  month,
  data,
  today,
  selected,
  onSelect,
}: {
  month: Month
  data: CalendarMonth | null
  today: string
  selected: string | null
  onSelect: (date: string) => void
}) {
  return (
    <table className="admin-month">
      <caption className="admin-visually-hidden">{monthTitle(month)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col">
              <abbr title={long}>{short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week, i) => (
          <tr key={i}>
            {week.map((date, j) =>
              date ? (
                <DayCell key={date} date={date} data={data} today={today} selected={selected === date} onSelect={onSelect} />
              ) : (
                <td key={`empty-${j}`} className="admin-month__empty" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * A day's button is named by one visually hidden sentence holding everything the cell shows (date, block and note,
 * events, warnings); the visible parts are drawn for the eye only. No aria-label, so the name is the content.
 */
function DayCell({
  date,
  data,
  today,
  selected,
  onSelect,
}: {
  date: string
  data: CalendarMonth | null
  today: string
  selected: boolean
  onSelect: (date: string) => void
}) {
  const events = data?.events.filter((e) => e.date === date) ?? []
  const blocked = data?.blocked.find((b) => b.date === date)
  const warnings = data?.warnings.filter((w) => w.date === date) ?? []
  const description = [
    shortEventDate(date),
    blocked ? `blocked${blocked.note ? `: ${blocked.note}` : ''}` : '',
    events.length ? `${plural(events.length, 'event')}: ${events.map((e) => `${e.name} · ${STATUS_LABELS[e.status]}`).join(', ')}` : '',
    warnings.length ? `warning: ${warnings.map((w) => w.message).join(' ')}` : '',
  ]
    .filter(Boolean)
    .join(', ')
  const classes = ['admin-month__day', blocked ? 'is-blocked' : '', warnings.length ? 'has-warning' : '', date < today ? 'is-past' : '']
    .filter(Boolean)
    .join(' ')
  return (
    <td className={classes}>
      <button
        type="button"
        className="admin-month__button"
        aria-pressed={selected}
        aria-current={date === today ? 'date' : undefined}
        onClick={() => onSelect(date)}
      >
        <span className="admin-visually-hidden">{description}</span>
        <span className="admin-month__number" aria-hidden="true">
          {Number(date.slice(8))}
          {warnings.length > 0 && <span className="admin-month__warning-icon"> ⚠</span>}
          {events.map((e) => (
            <span key={e.inquiryId} className={`admin-month__dot admin-month__dot--${e.status}`} />
          ))}
        </span>
        {blocked && (
          <span className="admin-month__blocked" aria-hidden="true">
            Blocked
          </span>
        )}
        {events.length > 0 && (
          <span className="admin-month__events" aria-hidden="true">
            {events.map((e) => (
              <span key={e.inquiryId} className={`admin-month__event admin-month__event--${e.status}`}>
                <span className="admin-month__event-name">{e.name}</span>
                <span className="admin-month__event-first">{firstName(e.name)}</span>
                <span className="admin-month__event-status"> · {STATUS_LABELS[e.status]}</span>
              </span>
            ))}
          </span>
        )}
      </button>
    </td>
  )
}

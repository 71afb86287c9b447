// Which dates need a warning: two or more booked inquiries on one date, or a booked inquiry on a blocked date.
import type { BlockedDate, CalendarEvent, CalendarWarning } from './calendar.schema'

export function calendarWarnings(events: CalendarEvent[], blocked: BlockedDate[]): CalendarWarning[] {
  const booked = new Map<string, CalendarEvent[]>()
  for (const e of events) if (e.status === 'booked') booked.set(e.date, [...(booked.get(e.date) ?? []), e])
  const blockedOn = new Map(blocked.map((b) => [b.date, b]))
  const warnings: CalendarWarning[] = []
  for (const [date, list] of [...booked].sort(([a], [b]) => a.localeCompare(b))) {
    const ids = list.map((e) => e.inquiryId)
    if (list.length > 1) {
      warnings.push({
        date,
        kind: 'double-booked',
        inquiryIds: ids,
        message: `Double booking: ${list.map((e) => e.name).join(' and ')} are both booked on this date.`,
      })
    }
    const block = blockedOn.get(date)
    if (block) {
      warnings.push({
        date,
        kind: 'booked-on-blocked',
        inquiryIds: ids,
        message: `Booked on a blocked date${block.note ? ` (${block.note})` : ''}.`,
      })
    }
  }
  return warnings
}

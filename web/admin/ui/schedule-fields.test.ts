// The schedule badge's words at each moment of a window, as the owner reads them in the dashboard.
import { describe, expect, it } from 'vitest'
import { scheduleSummary } from './schedule-fields'

const FROM = '2026-12-01T09:00:00-08:00'
const UNTIL = '2026-12-27T00:00:00-08:00'
const at = (iso: string) => Date.parse(iso)

describe('the schedule badge', () => {
  it('says nothing without a schedule', () => {
    expect(scheduleSummary({}, at('2026-11-01T00:00:00Z'))).toBeNull()
    expect(scheduleSummary({ showFrom: null, showUntil: null }, at('2026-11-01T00:00:00Z'))).toBeNull()
  })

  it('before the window: hidden, with both ends, or the start alone', () => {
    expect(scheduleSummary({ showFrom: FROM, showUntil: UNTIL }, at('2026-11-30T00:00:00Z'))).toEqual({
      text: 'Scheduled: shows Dec 1, 2026, 9:00 AM – Dec 27, 2026, 12:00 AM',
      hidden: true,
    })
    expect(scheduleSummary({ showFrom: FROM }, at('2026-11-30T00:00:00Z'))).toEqual({
      text: 'Scheduled: shows Dec 1, 2026, 9:00 AM',
      hidden: true,
    })
  })

  it('inside: shown, until its end, or since its start when it has no end', () => {
    expect(scheduleSummary({ showFrom: FROM, showUntil: UNTIL }, at('2026-12-10T00:00:00Z'))).toEqual({
      text: 'Showing until Dec 27, 2026, 12:00 AM',
      hidden: false,
    })
    expect(scheduleSummary({ showFrom: FROM }, at('2026-12-10T00:00:00Z'))).toEqual({
      text: 'Showing since Dec 1, 2026, 9:00 AM',
      hidden: false,
    })
    expect(scheduleSummary({ showUntil: UNTIL }, at('2026-12-10T00:00:00Z'))).toEqual({
      text: 'Showing until Dec 27, 2026, 12:00 AM',
      hidden: false,
    })
  })

  it('at the first moment: showing; at the end: hidden since', () => {
    expect(scheduleSummary({ showFrom: FROM, showUntil: UNTIL }, at(FROM))?.hidden).toBe(false)
    expect(scheduleSummary({ showFrom: FROM, showUntil: UNTIL }, at(UNTIL))).toEqual({
      text: 'Hidden since Dec 27, 2026, 12:00 AM',
      hidden: true,
    })
  })
})

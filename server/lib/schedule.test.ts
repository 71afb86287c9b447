// The show from / show until window against fixed instants: Portland is UTC-8 in winter and UTC-7 in summer, and the
// studio's wall-clock times around the clock changes (Mar 8 and Nov 1, 2026) name the instants the owner means.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  boundariesPassed,
  isShownAt,
  refineWindow,
  scheduleBoundaries,
  scheduleInstant,
  scheduleShape,
  scheduleShapeFor,
  scheduleState,
  windowProblem,
  withoutOpenSides,
} from './schedule'
import { studioInputValue, studioInstant, studioIso } from './studio-wall-clock'

const at = (iso: string) => Date.parse(iso)
const holiday = { showFrom: '2026-12-01T09:00:00-08:00', showUntil: '2026-12-27T00:00:00-08:00' }
const Window = z.object(scheduleShape).superRefine(refineWindow)

describe('schedule window', () => {
  it('opens at show from (inclusive) and closes at show until (exclusive)', () => {
    expect(isShownAt(holiday, at('2026-12-01T16:59:59.999Z'))).toBe(false)
    expect(isShownAt(holiday, at('2026-12-01T17:00:00Z'))).toBe(true)
    expect(isShownAt(holiday, at('2026-12-27T07:59:59.999Z'))).toBe(true)
    expect(isShownAt(holiday, at('2026-12-27T08:00:00Z'))).toBe(false)
    expect(scheduleState(holiday, at('2026-11-30T12:00:00Z'))).toBe('upcoming')
    expect(scheduleState(holiday, at('2026-12-10T12:00:00Z'))).toBe('showing')
    expect(scheduleState(holiday, at('2026-12-28T12:00:00Z'))).toBe('ended')
  })

  it('an open side is no limit', () => {
    expect(isShownAt({}, 0)).toBe(true)
    expect(scheduleState({ showFrom: null, showUntil: null }, 0)).toBe('always')
    expect(isShownAt({ showFrom: holiday.showFrom }, at('2030-01-01T00:00:00Z'))).toBe(true)
    expect(isShownAt({ showUntil: holiday.showUntil }, at('2000-01-01T00:00:00Z'))).toBe(true)
    expect(isShownAt({ showUntil: holiday.showUntil }, at('2026-12-27T08:00:00Z'))).toBe(false)
  })

  it('a date-time without an offset is studio time, with the offset of its season', () => {
    expect(scheduleInstant('2026-12-01T09:00')).toBe(at('2026-12-01T17:00:00Z'))
    expect(scheduleInstant('2026-07-04T09:00:00')).toBe(at('2026-07-04T16:00:00Z'))
    expect(scheduleInstant('2026-12-01T17:00:00Z')).toBe(at('2026-12-01T17:00:00Z'))
    for (const bad of ['2026-02-30T09:00', '2026-12-01', '2026-12-01T25:00', 'tomorrow', '2026-12-01T09:00:00+5']) {
      expect(scheduleInstant(bad), bad).toBeNaN()
    }
  })

  it('around the switch to daylight time (Mar 8, 2026: 2 AM becomes 3 AM)', () => {
    expect(studioInstant('2026-03-08T01:59')).toBe(at('2026-03-08T09:59:00Z'))
    expect(studioInstant('2026-03-08T03:00')).toBe(at('2026-03-08T10:00:00Z'))
    // 2:30 AM does not exist that night: read with the winter offset, it is 3:30 AM daylight time.
    expect(studioInstant('2026-03-08T02:30')).toBe(at('2026-03-08T10:30:00Z'))
    expect(studioIso(at('2026-03-08T09:59:00Z'))).toBe('2026-03-08T01:59:00-08:00')
    expect(studioIso(at('2026-03-08T10:00:00Z'))).toBe('2026-03-08T03:00:00-07:00')
    const spring = { showFrom: '2026-03-08T03:00' }
    expect(isShownAt(spring, at('2026-03-08T09:59:59Z'))).toBe(false)
    expect(isShownAt(spring, at('2026-03-08T10:00:00Z'))).toBe(true)
  })

  it('around the switch back (Nov 1, 2026: 1:00-1:59 AM happens twice): the first of the two', () => {
    expect(studioInstant('2026-11-01T01:30')).toBe(at('2026-11-01T08:30:00Z'))
    expect(studioInstant('2026-11-01T02:00')).toBe(at('2026-11-01T10:00:00Z'))
    expect(studioIso(at('2026-11-01T09:30:00Z'))).toBe('2026-11-01T01:30:00-08:00')
    expect(studioInputValue('2026-11-01T08:30:00Z')).toBe('2026-11-01T01:30')
    expect(studioInputValue('2026-12-01T17:00:00.000Z')).toBe('2026-12-01T09:00')
    expect(studioInputValue(null)).toBe('')
  })

  it('the schema stores instants in the studio offset and names the field it refuses', () => {
    expect(Window.parse({ showFrom: '2026-12-01T17:00:00Z' })).toEqual({ showFrom: '2026-12-01T09:00:00-08:00' })
    expect(Window.parse({ showFrom: null, showUntil: '2026-07-04T09:00' })).toEqual({
      showFrom: null,
      showUntil: '2026-07-04T09:00:00-07:00',
    })
    const bad = Window.safeParse({ showFrom: 'Dec 1' })
    expect(bad.error?.issues[0].message).toMatch(/^Show from must be a date and time \(ISO 8601/)
    const reversed = Window.safeParse({ showFrom: holiday.showUntil, showUntil: holiday.showFrom })
    expect(reversed.error?.issues[0]).toMatchObject({ message: 'Show until must be after Show from', path: ['showUntil'] })
    expect(Window.safeParse({ showFrom: holiday.showFrom, showUntil: holiday.showFrom }).success).toBe(false)
  })

  it('boundaries: every opening and closing, sorted once; how many have passed', () => {
    const list = scheduleBoundaries([holiday, { showFrom: holiday.showFrom }, {}, { showUntil: '2026-12-05T00:00:00Z' }])
    expect(list).toEqual([at('2026-12-01T17:00:00Z'), at('2026-12-05T00:00:00Z'), at('2026-12-27T08:00:00Z')])
    expect(boundariesPassed(list, at('2026-12-01T16:59:59Z'))).toBe(0)
    expect(boundariesPassed(list, at('2026-12-01T17:00:00Z'))).toBe(1)
    expect(boundariesPassed(list, at('2027-01-01T00:00:00Z'))).toBe(3)
  })
})

describe('schedule edges, with fixed instants', () => {
  it('the state turns exactly at each side, and one side alone is a window too', () => {
    expect(scheduleState(holiday, at('2026-12-01T17:00:00Z'))).toBe('showing')
    expect(scheduleState(holiday, at('2026-12-27T08:00:00Z'))).toBe('ended')
    expect(scheduleState({ showFrom: holiday.showFrom }, at('2026-11-30T12:00:00Z'))).toBe('upcoming')
    expect(scheduleState({ showUntil: holiday.showUntil }, at('2026-12-28T12:00:00Z'))).toBe('ended')
  })

  it('fractions of a second, a date that does not exist even with an offset, and over-long fractions', () => {
    expect(scheduleInstant('2026-12-01T17:00:00.123Z')).toBe(at('2026-12-01T17:00:00.123Z'))
    expect(scheduleInstant('2026-02-30T09:00:00Z')).toBeNaN()
    expect(scheduleInstant('2026-12-01T09:00:00.1234567890')).toBeNaN()
    expect(studioInstant('2026-12-01T09:00:00.5')).toBe(at('2026-12-01T17:00:00Z'))
    for (const bad of ['tomorrow', 'x2026-12-01T09:00', '2026-12-01T09:00x', '2026-12-01T09:60', '2026-12-01T09:00:60'])
      expect(studioInstant(bad), bad).toBeNaN()
    expect(studioInstant('2026-12-01T23:30')).toBe(at('2026-12-02T07:30:00Z'))
    expect(studioInstant('2026-12-01T09:00:59')).toBe(at('2026-12-01T17:00:59Z'))
  })

  it('seconds and a bad date as the content file and the input show them', () => {
    expect(studioIso(at('2026-03-08T09:59:30Z'))).toBe('2026-03-08T01:59:30-08:00')
    expect(studioInputValue('not a date')).toBe('')
  })

  it('a window with both sides is checked; the open sides are left out of the file', () => {
    expect(windowProblem(holiday)).toBeNull()
    expect(windowProblem({ showFrom: holiday.showUntil, showUntil: holiday.showFrom })).toBe('Show until must be after Show from')
    expect(Window.parse(holiday)).toEqual(holiday)
    expect(withoutOpenSides({ id: 'a', showFrom: null, showUntil: holiday.showUntil })).toEqual({ id: 'a', showUntil: holiday.showUntil })
    expect(withoutOpenSides({ id: 'b', showFrom: holiday.showFrom, showUntil: null })).toEqual({ id: 'b', showFrom: holiday.showFrom })
  })

  it('names the side and why in each message', () => {
    const message = (value: unknown) => Window.safeParse({ showUntil: value }).error?.issues[0].message
    expect(message(5)).toBe('Show until must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00) or null')
    expect(message(`2026-12-01T09:00:00.123456789-08:00${' '.repeat(10)}`)).toBe(
      'Show until must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00)',
    )
    expect(message('soon')).toBe('Show until must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00)')
    expect(z.object(scheduleShapeFor('Hero: ')).safeParse({ showFrom: 'soon' }).error?.issues[0].message).toMatch(
      /^Hero: Show from must be/,
    )
  })
})

// Opening hours at their edges: the last minute and hour of a day, one past them, every day name, the ways of writing
// a dash, and a range whose closing hour is earlier without am/pm.
import { describe, expect, it } from 'vitest'
import { openingHours } from './opening-hours'

describe('opening hours at the edges', () => {
  it.each([
    ['Wed 9:59–24:00', ['We 09:59-24:00']],
    ['Wed 9:60–17:00', []],
    ['Wed 9–25', []],
    ['Thu 12am–11:59pm', ['Th 00:00-23:59']],
    ['Thu 12 a.m. – 6 p.m.', ['Th 00:00-18:00']],
    ['Fri 9.30 until 17.45', ['Fr 09:30-17:45']],
    ['Sun 10—4', ['Su 10:00-16:00']],
    ['Sun 10-10', ['Su 10:00-10:00']],
    ['Mon 8am–9', ['Mo 08:00-09:00']],
    ['Tue 1pm–3', ['Tu 13:00-15:00']],
    ['MONDAY – FRIDAY 9AM–5PM', ['Mo-Fr 09:00-17:00']],
    ['Mon., Tue 9-5', ['Tu 09:00-17:00']],
    ['Weekdays 9-5', []],
  ])('%s', (text, expected) => {
    expect(openingHours(text)).toEqual(expected)
  })
})

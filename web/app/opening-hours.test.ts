import { describe, expect, it } from 'vitest'
import { openingHours } from './opening-hours'

describe('openingHours', () => {
  it.each([
    ['Studio visits by appointment · Mon–Sat, 9am–6pm', ['Mo-Sa 09:00-18:00']],
    ['Mon-Fri 9:30am - 5pm; Sat 10am to 2pm', ['Mo-Fr 09:30-17:00', 'Sa 10:00-14:00']],
    ['Tuesday to Sunday: 08:00–20:00', ['Tu-Su 08:00-20:00']],
    ['Mon–Fri 9–5', ['Mo-Fr 09:00-17:00']],
    ['Sat 12pm–12am', ['Sa 12:00-00:00']],
    ['By appointment only', []],
    ['', []],
  ])('%s', (text, expected) => {
    expect(openingHours(text)).toEqual(expected)
  })
})

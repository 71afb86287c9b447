import { describe, expect, it } from 'vitest'
import { addMonths, monthRange, monthTitle, monthWeeks } from './month-days'

describe('month arithmetic', () => {
  it('lays a month out in Sunday-first weeks with blanks around it', () => {
    const weeks = monthWeeks({ year: 2026, month: 3 })
    expect(weeks[0]).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'])
    expect(weeks.at(-1)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', null, null, null, null])
    const feb = monthWeeks({ year: 2028, month: 2 })
    expect(feb[0].slice(0, 2)).toEqual([null, null])
    expect(feb.flat().filter(Boolean)).toHaveLength(29)
  })

  it('moves across years and knows month ends', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(monthTitle({ year: 2026, month: 3 })).toBe('March 2026')
  })
})

import { describe, expect, it } from 'vitest'
import { addDays, changeLabel, conversionRate, lastDays, shortDate } from './period'

describe('insights periods', () => {
  it('counts the last N studio days with today, across month and year ends', () => {
    expect(lastDays(7, '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' })
    expect(lastDays(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' })
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(shortDate('2026-11-03')).toBe('Nov 3')
  })

  it('says how a figure moved against the period before', () => {
    expect(changeLabel(560, 395)).toBe('+42%')
    expect(changeLabel(5, 10)).toBe('−50%')
    expect(changeLabel(7, 7)).toBe('no change')
    expect(changeLabel(3, 0)).toBe('new')
    expect(changeLabel(0, 0)).toBe('no change')
  })

  it('gives the conversion as inquiries per visitor, and a dash when nobody visited', () => {
    expect(conversionRate(7, 558)).toBe('1.3%')
    expect(conversionRate(0, 0)).toBe('–')
  })
})

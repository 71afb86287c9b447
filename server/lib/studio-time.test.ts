// The studio's dates and times, checked against fixed instants (not against the functions themselves): Portland is
// UTC-8 in winter and UTC-7 in summer, so the studio's "today" changes at 08:00 or 07:00 UTC.
import { describe, expect, it, vi } from 'vitest'
import { DATE_PATTERN, formatStudioTime, isCalendarDate, studioDateTime, studioToday } from './studio-time'

describe('studio time (America/Los_Angeles)', () => {
  it("today's date turns over at midnight in Portland, winter and summer", () => {
    expect(studioToday(new Date('2026-01-15T07:59:00Z'))).toBe('2026-01-14')
    expect(studioToday(new Date('2026-01-15T08:00:00Z'))).toBe('2026-01-15')
    expect(studioToday(new Date('2026-07-04T06:59:00Z'))).toBe('2026-07-03')
    expect(studioToday(new Date('2026-07-04T07:00:00Z'))).toBe('2026-07-04')
  })

  it('around the switch to daylight time (Mar 8, 2026, 2 AM local)', () => {
    expect(studioToday(new Date('2026-03-08T07:59:00Z'))).toBe('2026-03-07')
    expect(studioToday(new Date('2026-03-08T08:00:00Z'))).toBe('2026-03-08')
    expect(formatStudioTime('2026-03-08T09:59:00Z')).toBe('Sun, Mar 8, 2026, 1:59 AM PST')
    expect(formatStudioTime('2026-03-08T10:00:00Z')).toBe('Sun, Mar 8, 2026, 3:00 AM PDT')
  })

  it('shows times as the studio reads them', () => {
    expect(formatStudioTime('2026-11-22T04:31:00Z')).toBe('Sat, Nov 21, 2026, 8:31 PM PST')
    expect(studioDateTime('2026-11-22T18:04:00Z')).toBe('Nov 22, 2026, 10:04 AM')
    expect(studioDateTime('')).toBe('')
  })
})

describe('calendar dates', () => {
  it.each(['2026-12-31', '2026-01-01', '2028-02-29', '2000-02-29'])('%s is a day', (date) => {
    expect(isCalendarDate(date)).toBe(true)
  })

  it('the shape the forms check is the whole value, nothing before or after', () => {
    expect(['2026-12-31', 'x2026-12-31', '2026-12-31x', '12026-12-31'].map((d) => DATE_PATTERN.test(d))).toEqual([
      true,
      false,
      false,
      false,
    ])
  })

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2100-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-12-00',
    '2026-1-05',
    '2026-12-31T00:00',
    ' 2026-12-31',
    '',
  ])('"%s" is not', (date) => {
    expect(isCalendarDate(date)).toBe(false)
  })
})

describe('formatting many times', () => {
  it('reuses one formatter: a 10,000-row CSV export built one per call and held ~500 MB of native memory', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      for (let i = 0; i < 1000; i++) formatStudioTime(new Date(Date.UTC(2026, 10, 21, 4, i)).toISOString())
      expect(made).not.toHaveBeenCalled()
    } finally {
      made.mockRestore()
    }
    expect(formatStudioTime('2026-11-22T04:31:00.000Z')).toBe('Sat, Nov 21, 2026, 8:31 PM PST')
  })
})

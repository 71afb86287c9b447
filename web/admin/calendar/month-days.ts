// Calendar arithmetic for the month view, on plain YYYY-MM-DD strings (UTC dates, so no time zone can shift a day).

export interface Month {
  year: number
  /** 1-12 */
  month: number
}

const pad = (n: number) => String(n).padStart(2, '0')
export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

export function monthOf(date: string): Month {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }
}

export function addMonths({ year, month }: Month, n: number): Month {
  const index = year * 12 + (month - 1) + n
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

export function daysIn({ year, month }: Month): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function monthRange(m: Month): { from: string; to: string } {
  return { from: isoDate(m.year, m.month, 1), to: isoDate(m.year, m.month, daysIn(m)) }
}

/** The month's weeks, Sunday first; days outside the month are null. */
export function monthWeeks(m: Month): (string | null)[][] {
  const first = new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay()
  const cells: (string | null)[] = [...Array<null>(first).fill(null)]
  for (let d = 1; d <= daysIn(m); d++) cells.push(isoDate(m.year, m.month, d))
  while (cells.length % 7) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

export const monthTitle = ({ year, month }: Month) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' })

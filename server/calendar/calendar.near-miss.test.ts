// The private feed's address and the public availability with the values that almost pass: the secret one character
// off, cut or lengthened by one, another extension; the first and last day of the range asked for, and the day after.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const call = (method: string, path: string, json?: unknown) => ctx.t.call(method, path, { json, cookie: ctx.cookie })

describe('the feed address', () => {
  it('refuses the secret one character off, a prefix of it, one character longer, or under another extension', async () => {
    const { url } = (await (await call('POST', '/api/admin/calendar/feed')).json()) as { url: string }
    const token = new URL(url).pathname.slice('/api/calendar/'.length, -'.ics'.length)
    const other = (c: string) => (c === 'A' ? 'B' : 'A')
    expect((await ctx.t.call('GET', `/api/calendar/${token}.ics`)).status).toBe(200)
    for (const guess of [
      `${token.slice(0, -1)}${other(token.at(-1)!)}.ics`,
      `${other(token[0])}${token.slice(1)}.ics`,
      `${token.slice(0, -1)}.ics`,
      `${token}A.ics`,
      `${token.slice(0, 16)}.ics`,
      `${token}.ICS`,
      `${token}.icsx`,
      `${token}.ics.ics`,
      `${token}`,
      `${token.toUpperCase()}.ics`,
      `x${token}.ics`,
    ]) {
      const res = await ctx.t.call('GET', `/api/calendar/${guess}`)
      expect([res.status, await res.json()], guess).toEqual([404, { error: 'No such calendar' }])
    }
  })

  it('with no feed made, even a well-formed address is not found', async () => {
    const res = await ctx.t.call('GET', `/api/calendar/${'A'.repeat(32)}.ics`)
    expect(res.status).toBe(404)
  })
})

describe('public availability at the edges of the range', () => {
  it('includes a blocked first and last day, leaves out the day before and the day after', async () => {
    for (const date of ['2026-05-31', '2026-06-01', '2026-06-30', '2026-07-01']) {
      expect((await call('PUT', `/api/admin/calendar/blocked/${date}`, { note: '' })).status).toBe(200)
    }
    const june = await (await ctx.t.call('GET', '/api/availability?from=2026-06-01&to=2026-06-30')).json()
    expect(june).toEqual({ unavailable: ['2026-06-01', '2026-06-30'] })
    const oneDay = await (await ctx.t.call('GET', '/api/availability?from=2026-06-30&to=2026-06-30')).json()
    expect(oneDay).toEqual({ unavailable: ['2026-06-30'] })
  })

  it('takes exactly 400 days and refuses 401; refuses a to one day before from', async () => {
    expect((await ctx.t.call('GET', '/api/availability?from=2026-01-01&to=2027-02-05')).status).toBe(200)
    const long = await ctx.t.call('GET', '/api/availability?from=2026-01-01&to=2027-02-06')
    expect([long.status, await long.json()]).toEqual([400, { error: 'Ask for at most 400 days at a time' }])
    const back = await ctx.t.call('GET', '/api/availability?from=2026-06-02&to=2026-06-01')
    expect([back.status, await back.json()]).toEqual([400, { error: 'from must not be after to' }])
  })

  it('names the field of a date that is almost a date', async () => {
    for (const [query, field] of [
      ['from=2026-6-01&to=2026-06-30', 'from'],
      ['from=2026-06-01&to=2026-06-31', 'to'],
      ['from=2026-06-01T00:00&to=2026-06-30', 'from'],
    ]) {
      const res = await ctx.t.call('GET', `/api/availability?${query}`)
      expect([res.status, await res.json()], query).toEqual([400, { error: `${field} must be a date (YYYY-MM-DD)` }])
    }
  })
})

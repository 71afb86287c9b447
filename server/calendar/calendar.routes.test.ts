import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ical from 'node-ical'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import type { CalendarMonth, CalendarWarning } from './calendar.schema'

const ctx = useTestApp({ login: true })

async function lead(firstName: string, eventDate: string, status?: string) {
  const { id } = await ctx.t.deps.inquiries.create({ ...sampleInquiry({ firstName, eventDate }) } as never, {
    state: 'not-configured',
    attempts: 0,
  })
  if (status)
    await ctx.t.call('PATCH', `/api/admin/inquiries/${id}`, {
      json: { status, ...(status === 'lost' ? { lostReason: 'No reply' } : {}) },
      cookie: ctx.cookie,
    })
  return id
}
const call = (method: string, path: string, json?: unknown, cookie = ctx.cookie) => ctx.t.call(method, path, { json, cookie })
const block = (date: string, note = '') => call('PUT', `/api/admin/calendar/blocked/${date}`, { note })

describe('the event calendar', () => {
  it('every calendar call answers 401 without a session and writes nothing', async () => {
    for (const [method, path, json] of [
      ['GET', '/api/admin/calendar?from=2026-03-01&to=2026-03-31', undefined],
      ['GET', '/api/admin/calendar/warnings', undefined],
      ['PUT', '/api/admin/calendar/blocked/2026-03-14', { note: 'x' }],
      ['DELETE', '/api/admin/calendar/blocked/2026-03-14', undefined],
      ['GET', '/api/admin/calendar/feed', undefined],
      ['POST', '/api/admin/calendar/feed', undefined],
      ['DELETE', '/api/admin/calendar/feed', undefined],
    ] as const) {
      const res = await ctx.t.call(method, path, { json })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    expect(existsSync(join(ctx.t.dataDir, 'calendar'))).toBe(false)
  })

  it('shows open, quoted and booked events and blocked dates of a month, and warns of double bookings and bookings on blocked dates', async () => {
    const a = await lead('Ana', '2026-03-14', 'booked')
    const b = await lead('Bea', '2026-03-14', 'booked')
    await lead('Cal', '2026-03-14', 'quoted')
    await lead('Dee', '2026-03-20')
    await lead('Eve', '2026-03-21', 'lost')
    await lead('Fay', '2026-03-22', 'completed')
    const c = await lead('Gus', '2026-03-28', 'booked')
    await lead('Hal', '2026-04-02', 'booked')
    expect((await block('2026-03-28', 'Vacation')).status).toBe(200)
    const month = (await (await call('GET', '/api/admin/calendar?from=2026-03-01&to=2026-03-31')).json()) as CalendarMonth
    expect(month.events.map((e) => `${e.date} ${e.name} ${e.status}`)).toEqual([
      '2026-03-14 Ana Doe booked',
      '2026-03-14 Bea Doe booked',
      '2026-03-14 Cal Doe quoted',
      '2026-03-20 Dee Doe new',
      '2026-03-28 Gus Doe booked',
    ])
    expect(month.blocked).toEqual([{ date: '2026-03-28', note: 'Vacation' }])
    expect(month.warnings).toEqual(
      [
        { date: '2026-03-14', kind: 'double-booked', inquiryIds: [b, a].sort(), message: expect.stringMatching(/^Double booking: /) },
        { date: '2026-03-28', kind: 'booked-on-blocked', inquiryIds: [c], message: 'Booked on a blocked date (Vacation).' },
      ].map((w) => ({ ...w, inquiryIds: expect.arrayContaining(w.inquiryIds) })),
    )
    const all = (await (await call('GET', '/api/admin/calendar/warnings')).json()) as CalendarWarning[]
    expect(all.map((w) => w.date)).toEqual(['2026-03-14', '2026-03-28'])
  })

  it('blocks and unblocks dates durably under DATA_DIR, refusing bad dates and notes', async () => {
    await block('2026-05-02', 'Fully booked')
    await block('2026-05-01')
    const file = join(ctx.t.dataDir, 'calendar', 'blocked.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
      { date: '2026-05-01', note: '' },
      { date: '2026-05-02', note: 'Fully booked' },
    ])
    await call('DELETE', '/api/admin/calendar/blocked/2026-05-01')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{ date: '2026-05-02', note: 'Fully booked' }])
    for (const [path, json, error] of [
      ['/api/admin/calendar/blocked/2026-13-01', { note: '' }, 'Date must be a date (YYYY-MM-DD)'],
      ['/api/admin/calendar/blocked/tomorrow', { note: '' }, 'Date must be a date (YYYY-MM-DD)'],
      ['/api/admin/calendar/blocked/2026-05-03', { note: 'a\u0000b' }, expect.stringContaining('Note')],
      ['/api/admin/calendar/blocked/2026-05-03', { note: 'x'.repeat(201) }, 'Note is too long'],
    ] as const) {
      const res = await call('PUT', path, json)
      expect(res.status, path).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{ date: '2026-05-02', note: 'Fully booked' }])
    const range = await call('GET', '/api/admin/calendar?from=2026-05-31&to=2026-05-01')
    expect(await range.json()).toEqual({ error: 'from must not be after to' })
  })

  it('a month includes its first and last day and nothing beyond; on one day, bookings come first', async () => {
    await lead('Mar', '2026-03-31', 'booked')
    await lead('Abe', '2026-04-01', 'quoted')
    await lead('Zed', '2026-04-01', 'booked')
    await lead('End', '2026-04-30')
    await lead('May', '2026-05-01', 'booked')
    await lead('Mo', '2026-05-01', 'booked')
    for (const date of ['2026-03-31', '2026-04-01', '2026-04-30', '2026-05-01']) await block(date)
    const april = (await (await call('GET', '/api/admin/calendar?from=2026-04-01&to=2026-04-30')).json()) as CalendarMonth
    expect(april.events.map((e) => `${e.date} ${e.name}`)).toEqual(['2026-04-01 Zed Doe', '2026-04-01 Abe Doe', '2026-04-30 End Doe'])
    expect(april.blocked.map((b) => b.date)).toEqual(['2026-04-01', '2026-04-30'])
    // The booking on a blocked Apr 1 is April's; the double booking and blocked booking of May 1 and Mar 31 are not.
    expect(april.warnings.map((w) => `${w.date} ${w.kind}`)).toEqual(['2026-04-01 booked-on-blocked'])
  })

  it('blocking a blocked date again changes its note, and asks for at most 400 days at a time', async () => {
    await block('2026-09-05', 'Vacation')
    await block('2026-09-05', 'Family wedding')
    const file = join(ctx.t.dataDir, 'calendar', 'blocked.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{ date: '2026-09-05', note: 'Family wedding' }])
    expect((await call('GET', '/api/admin/calendar?from=2026-09-05&to=2026-09-05')).status).toBe(200)
    expect((await call('GET', '/api/admin/calendar?from=2026-01-01&to=2027-02-05')).status).toBe(200)
    const tooLong = await call('GET', '/api/admin/calendar?from=2026-01-01&to=2027-02-06')
    expect([tooLong.status, await tooLong.json()]).toEqual([400, { error: 'Ask for at most 400 days at a time' }])
  })

  it('keeps every date of twenty blocked at once (one file, written in turn)', async () => {
    const dates = Array.from({ length: 20 }, (_, i) => `2026-08-${String(i + 1).padStart(2, '0')}`)
    const answers = await Promise.all(dates.map((d, i) => block(d, `Note ${i}`)))
    expect(answers.map((r) => r.status)).toEqual(dates.map(() => 200))
    const file = JSON.parse(readFileSync(join(ctx.t.dataDir, 'calendar', 'blocked.json'), 'utf8')) as { date: string; note: string }[]
    expect(file).toEqual(dates.map((date, i) => ({ date, note: `Note ${i}` })))
  })

  it('tells the public which dates are unavailable, dates only, without a session', async () => {
    await block('2026-06-06', 'Family wedding')
    await block('2026-06-20', 'Vacation')
    await block('2026-07-01')
    await lead('Ana', '2026-06-13', 'booked')
    const res = await ctx.t.call('GET', '/api/availability?from=2026-06-01&to=2026-06-30')
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ unavailable: ['2026-06-06', '2026-06-20'] })
    expect(text).not.toMatch(/Family|Vacation|Ana|booked/)
    for (const query of [
      '',
      '?from=2026-06-01',
      '?from=2026-06-01&to=June',
      '?from=2026-06-01&to=2028-06-01',
      '?from=2026-06-30&to=2026-06-01',
    ]) {
      const bad = await ctx.t.call('GET', `/api/availability${query}`)
      expect(bad.status, query).toBe(400)
      expect(await bad.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('serves booked events as an iCalendar feed behind a secret, revocable address', async () => {
    await lead('Ana', '2026-03-14', 'booked')
    await lead('Bea', '2026-03-15', 'quoted')
    // An older record with a day that does not exist is left out, not put on the day it would roll over to.
    await lead('Odd', '2026-02-30', 'booked')
    expect(await (await call('GET', '/api/admin/calendar/feed')).json()).toEqual({ url: null })
    const { url } = (await (await call('POST', '/api/admin/calendar/feed')).json()) as { url: string }
    expect(url).toMatch(/^http:\/\/site\.test\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
    const path = new URL(url).pathname
    const feed = await ctx.t.call('GET', path)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/)
    // Private: never kept by a cache or indexed, and named after the studio.
    expect([feed.headers.get('cache-control'), feed.headers.get('x-robots-tag')]).toEqual(['no-store', 'noindex'])
    const text = await feed.text()
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/)
    const { brand } = (await (await ctx.t.call('GET', '/api/site-settings')).json()) as { brand: { name: string } }
    expect(text).toContain(`\r\nX-WR-CALNAME:${brand.name} bookings\r\n`)
    // A guess of another length is simply not found (not an error), like any wrong address.
    for (const guess of ['A'.repeat(16), 'A'.repeat(64), `${path.slice(-36, -4)}x`]) {
      expect((await ctx.t.call('GET', `/api/calendar/${guess}.ics`)).status, guess).toBe(404)
    }
    const events = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT')
    expect(events).toHaveLength(1)
    const [event] = events as ical.VEvent[]
    expect(event.summary).toBe('Balloon Garlands: Ana Doe')
    expect(event.datetype).toBe('date')
    expect(event.start.getFullYear()).toBe(2026)
    expect([event.start.getMonth(), event.start.getDate()]).toEqual([2, 14])
    // A new address retires the old; revoking retires it too.
    const { url: second } = (await (await call('POST', '/api/admin/calendar/feed')).json()) as { url: string }
    expect((await ctx.t.call('GET', path)).status).toBe(404)
    expect((await ctx.t.call('GET', new URL(second).pathname)).status).toBe(200)
    expect(await (await call('DELETE', '/api/admin/calendar/feed')).json()).toEqual({ url: null })
    expect((await ctx.t.call('GET', new URL(second).pathname)).status).toBe(404)
    expect((await ctx.t.call('GET', '/api/calendar/guess.ics')).status).toBe(404)
  })
})

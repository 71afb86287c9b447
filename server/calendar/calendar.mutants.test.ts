// What the owner and the public see of the calendar that the first mutation run found untested: the warnings' words,
// the order of a day's open inquiries, a bad date to unblock, a block without a note, a damaged blocked-dates file kept
// as it is, the feed's file and its name without site settings, and a feed address with a stray first character.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import type { CalendarMonth } from './calendar.schema'

const ctx = useTestApp({ login: true })
const call = (method: string, path: string, json?: unknown) => ctx.t.call(method, path, { json, cookie: ctx.cookie })

async function lead(firstName: string, eventDate: string, status?: string) {
  const { id } = await ctx.t.deps.inquiries.create({ ...sampleInquiry({ firstName, eventDate }) } as never, {
    state: 'not-configured',
    attempts: 0,
  })
  if (status) await call('PATCH', `/api/admin/inquiries/${id}`, { status })
  return id
}
const month = async (from: string, to: string) =>
  (await (await call('GET', `/api/admin/calendar?from=${from}&to=${to}`)).json()) as CalendarMonth

describe('the month view', () => {
  it('words a double booking by both names and a booking on a date blocked without a note', async () => {
    await lead('Bea', '2026-03-14', 'booked')
    await lead('Ana', '2026-03-14', 'booked')
    await lead('Gus', '2026-03-28', 'booked')
    await call('PUT', '/api/admin/calendar/blocked/2026-03-28', {})
    const { warnings, blocked } = await month('2026-03-01', '2026-03-31')
    expect(warnings.map((w) => w.message)).toEqual([
      'Double booking: Ana Doe and Bea Doe are both booked on this date.',
      'Booked on a blocked date.',
    ])
    // A block sent without a note keeps an empty one.
    expect(blocked).toEqual([{ date: '2026-03-28', note: '' }])
  })

  it('lists a day’s open inquiries by name when none is booked', async () => {
    await lead('Cal', '2026-04-02', 'quoted')
    await lead('Abe', '2026-04-02')
    await lead('Bea', '2026-04-02', 'quoted')
    const { events } = await month('2026-04-01', '2026-04-30')
    expect(events.map((e) => e.name)).toEqual(['Abe Doe', 'Bea Doe', 'Cal Doe'])
  })

  it('reads a blocked date written without a note as an empty note', async () => {
    mkdirSync(join(ctx.t.dataDir, 'calendar'), { recursive: true })
    writeFileSync(join(ctx.t.dataDir, 'calendar', 'blocked.json'), JSON.stringify([{ date: '2026-05-02' }]))
    expect((await month('2026-05-01', '2026-05-31')).blocked).toEqual([{ date: '2026-05-02', note: '' }])
  })
})

describe('blocked dates', () => {
  it('refuses to unblock a date that is not one, naming it, and keeps the file', async () => {
    await call('PUT', '/api/admin/calendar/blocked/2026-05-02', { note: 'x' })
    for (const date of ['2026-13-01', 'tomorrow', '2026-05-32']) {
      const res = await call('DELETE', `/api/admin/calendar/blocked/${date}`)
      expect([res.status, await res.json()], date).toEqual([400, { error: 'Date must be a date (YYYY-MM-DD)' }])
    }
    expect((await month('2026-05-01', '2026-05-31')).blocked).toHaveLength(1)
  })

  it('a block that is not a JSON object is refused with what to send', async () => {
    const res = await call('PUT', '/api/admin/calendar/blocked/2026-05-02', ['note'])
    expect([res.status, await res.json()]).toEqual([400, { error: 'Send the block as a JSON object' }])
  })

  it('a damaged blocked-dates file is not overwritten by the next block', async () => {
    const file = join(ctx.t.dataDir, 'calendar', 'blocked.json')
    mkdirSync(join(ctx.t.dataDir, 'calendar'), { recursive: true })
    writeFileSync(file, '[{"date": "2026-05-02", "note": "Wedd')
    const res = await call('PUT', '/api/admin/calendar/blocked/2026-05-03', { note: '' })
    expect(res.status).toBeGreaterThanOrEqual(500)
    expect(readFileSync(file, 'utf8')).toBe('[{"date": "2026-05-02", "note": "Wedd')
  })

  it('the public availability is never kept by a cache', async () => {
    const res = await ctx.t.call('GET', '/api/availability?from=2026-06-01&to=2026-06-30')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('the feed', () => {
  it('keeps its secret in DATA_DIR/calendar/feed.json beside the blocked dates', async () => {
    await call('PUT', '/api/admin/calendar/blocked/2026-05-02', { note: '' })
    const { url } = (await (await call('POST', '/api/admin/calendar/feed')).json()) as { url: string }
    const token = new URL(url).pathname.slice('/api/calendar/'.length, -'.ics'.length)
    expect(JSON.parse(readFileSync(join(ctx.t.dataDir, 'calendar', 'feed.json'), 'utf8'))).toMatchObject({ token })
    expect((await ctx.t.call('GET', new URL(url).pathname)).status).toBe(200)
    // A character outside the secret's alphabet in front of it is no address.
    const stray = await ctx.t.call('GET', `/api/calendar/.${token}.ics`)
    expect(stray.status).toBe(404)
  })

  it('is named "Studio bookings" when the site settings cannot be read', async () => {
    const { url } = (await (await call('POST', '/api/admin/calendar/feed')).json()) as { url: string }
    ctx.t.git('rm', '-q', 'content/site.yaml')
    ctx.t.git('commit', '-qm', 'No site settings')
    expect(existsSync(join(ctx.t.root, 'content/site.yaml'))).toBe(false)
    const feed = await ctx.t.call('GET', new URL(url).pathname)
    expect(feed.status).toBe(200)
    expect(await feed.text()).toContain('\r\nX-WR-CALNAME:Studio bookings\r\n')
  })
})

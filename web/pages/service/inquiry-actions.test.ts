// The note under the event date: the studio's blocked dates of the coming 400 days asked for once per page, a blocked
// day named in words, and a failure that just means no note.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { failing, type FakeApi } from '../../lib/testing-api'

let api: FakeApi
// A fresh module (and API client) per test: the module keeps what it fetched for the page's life.
beforeEach(async () => {
  vi.resetModules()
  const { fakeApi } = await import('../../lib/testing-api')
  api = fakeApi({ 'GET /availability?from=2026-03-01&to=2027-04-04': { unavailable: ['2026-07-04', '2026-12-25'] } })
})
const actions = () => import('./inquiry-actions')

describe('availabilityNotes', () => {
  it('asks for the dates from today to 399 days on, and warns politely about a blocked day, by name', async () => {
    const noteFor = await (await actions()).availabilityNotes('2026-03-01')
    expect(api.sent.map((s) => s.path)).toEqual(['/availability?from=2026-03-01&to=2027-04-04'])
    expect(noteFor('2026-07-04')).toBe(
      'Heads up: we may already be fully booked on Saturday, July 4. You are welcome to send your inquiry anyway, and we will let you know what we can do.',
    )
    expect(noteFor('2026-12-25')).toContain('on Friday, December 25.')
  })

  it('has no note for a free day, the day before or after a blocked one', async () => {
    const noteFor = await (await actions()).availabilityNotes('2026-03-01')
    for (const day of ['2026-07-03', '2026-07-05', '2026-03-01']) expect(noteFor(day)).toBeNull()
  })

  it('asks once per page, however often the date changes', async () => {
    const { availabilityNotes } = await actions()
    await availabilityNotes('2026-03-01')
    await availabilityNotes('2026-03-01')
    expect(api.sent).toHaveLength(1)
  })

  it('shows no note at all when the dates cannot be read', async () => {
    api.routes['GET /availability?from=2026-03-01&to=2027-04-04'] = failing()
    const noteFor = await (await actions()).availabilityNotes('2026-03-01')
    expect(noteFor('2026-07-04')).toBeNull()
  })

  it('counts the 399 days across a leap day and a month end', async () => {
    api.routes = { 'GET /availability?from=2027-12-31&to=2029-02-02': { unavailable: ['2028-02-29'] } }
    const noteFor = await (await actions()).availabilityNotes('2027-12-31')
    expect(noteFor('2028-02-29')).toContain('Tuesday, February 29.')
  })
})

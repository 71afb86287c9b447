// The booking e-mails' admin routes without SMTP (fast): the per-lead switch's answers and what it leaves on the lead,
// a refused save (issue 32).
import { beforeEach, describe, expect, it } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const lead = async (id: string) => (await (await t.call('GET', `/api/admin/inquiries/${id}`, { cookie })).json()) as Record<string, unknown>

describe('the per-lead switch', () => {
  it('answers the state it saved, both ways, and leaves an empty sent list on a lead that had no e-mail yet', async () => {
    const { id } = await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
    const url = `/api/admin/inquiries/${id}/booking-mail`
    const on = await t.call('PUT', url, { json: { off: true }, cookie })
    expect(on.status).toBe(200)
    expect(await on.json()).toEqual({ off: true })
    expect((await lead(id)).bookingMail).toEqual({ off: true, sent: [] })
    const back = await t.call('PUT', url, { json: { off: false }, cookie })
    expect(await back.json()).toEqual({ off: false })
    expect((await lead(id)).bookingMail).toEqual({ off: false, sent: [] })
    // The e-mails already sent stay listed.
    const sent = [
      { key: 'q-1.balanceReminder.2026-06-13-7d', kind: 'balanceReminder', to: 'client' as const, at: '2026-06-06T19:00:00.000Z' },
    ]
    await t.deps.inquiries.update(id, (r) => ({ ...r, bookingMail: { sent } }))
    expect(await (await t.call('PUT', url, { json: { off: true }, cookie })).json()).toEqual({ off: true })
    expect((await lead(id)).bookingMail).toEqual({ off: true, sent })
  })

  it('refuses an unknown lead, a wrong value and extra fields in words', async () => {
    const { id } = await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
    const missing = await t.call('PUT', '/api/admin/inquiries/2026-01-01T00-00-00-000Z-abcdef/booking-mail', {
      json: { off: true },
      cookie,
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: 'No such inquiry' })
    const odd = await t.call('PUT', '/api/admin/inquiries/not-an-id/booking-mail', { json: { off: true }, cookie })
    expect(odd.status).toBe(404)
    const url = `/api/admin/inquiries/${id}/booking-mail`
    const bad = await t.call('PUT', url, { json: { off: 'yes' }, cookie })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe('off must be true or false')
    const extra = await t.call('PUT', url, { json: { off: true, sent: [] }, cookie })
    expect(extra.status).toBe(400)
    const nothing = await t.call('PUT', url, { json: [], cookie })
    expect(nothing.status).toBe(400)
    expect((await nothing.json()).error).toBe('Send {off: true|false}')
    expect((await lead(id)).bookingMail).toBeUndefined()
  })
})

describe('the settings through the API', () => {
  it('through the API: the first refusal is the answer, and nothing is saved', async () => {
    const before = t.subjects().length
    const settings = await (await t.call('GET', '/api/admin/booking-mail', { cookie })).json()
    const res = await t.call('PUT', '/api/admin/booking-mail', { json: { ...settings, reviewUrl: 'ftp://x.example' }, cookie })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('The review link must be a web address (https://...)')
    expect(t.subjects()).toHaveLength(before)
  })

  it('a run now answers what it did (nothing without SMTP), and only to the owner', async () => {
    const res = await t.call('POST', '/api/admin/booking-mail/run', { cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect((await t.call('POST', '/api/admin/booking-mail/run')).status).toBe(401)
  })

  it('a review link emptied is saved empty, and the thank-you it carried is no longer planned', async () => {
    const { id } = await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
    const now = new Date()
    await t.deps.inquiries.update(id, (r) => ({
      ...r,
      status: 'completed',
      history: [{ at: now.toISOString(), from: 'booked', to: 'completed' }],
    }))
    const settings = await (await t.call('GET', '/api/admin/booking-mail', { cookie })).json()
    const save = async (reviewUrl: string) => {
      const res = await t.call('PUT', '/api/admin/booking-mail', { json: { ...settings, reviewUrl }, cookie })
      expect(res.status).toBe(200)
      return (await res.json()) as { reviewUrl: string }
    }
    const thankYous = async () => (await t.deps.bookingMail.upcoming(now)).filter((m) => m.kind === 'thankYou').map((m) => m.inquiryId)
    expect((await save('https://g.page/r/studio/review')).reviewUrl).toBe('https://g.page/r/studio/review')
    expect(await thankYous()).toEqual([id])
    expect((await save('')).reviewUrl).toBe('')
    expect((await (await t.call('GET', '/api/admin/booking-mail', { cookie })).json()).reviewUrl).toBe('')
    expect(await thankYous()).toEqual([])
    expect(t.subjects().slice(0, 3)).toEqual(['Update booking e-mails: 5 of 5 on', 'Update booking e-mails: 5 of 5 on', 'Seed content'])
  })
})

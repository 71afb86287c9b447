// What the inbox's "Coming up" shows the owner, written from the mutation run's survivors (issue 32): the newest quote
// version decides, the two-week horizon to the day, failing ones first with their error, a lead's name without a
// stray space, what a hand-recorded deposit leaves to pay; and no run at all without SMTP.
import { beforeEach, describe, expect, it } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { studioToday } from '../lib/studio-time'
import { addDays } from '../quotes/quote-view'
import type { InquiryRecord } from '../inquiries/inquiry-record.schema'
import type { QuoteRecord } from '../quotes/quote.schema'
import { useTestApp, type TestApp } from '../testing/test-app'
import { remainingCents } from './booking-mail-scheduler'
import { BookingMailJournal } from './booking-mail.journal'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const today = studioToday()
const noon = (day: string) => new Date(`${day}T20:00:00Z`)
const upcoming = (day = today) => t.deps.bookingMail.upcoming(noon(day))

async function newLead(extra: Record<string, unknown> = {}) {
  return (await t.deps.inquiries.create(sampleInquiry(extra) as never, { state: 'sent', attempts: 1 })).id
}
async function quote(id: string, price = 1000) {
  const res = await t.call('POST', `/api/admin/inquiries/${id}/quotes`, {
    json: { items: [{ description: 'Arch', quantity: 1, unitPrice: price }], depositPercent: 30 },
    cookie,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; token: string }
}

describe('"Coming up"', () => {
  it('follows up the newest quote version, not the one it replaced', async () => {
    const id = await newLead({ lastName: '' })
    // Four versions: the newest is found by its number, whatever order the files are read in.
    await quote(id)
    await quote(id, 950)
    await quote(id, 925)
    const second = await quote(id, 900)
    const items = await upcoming()
    expect(items).toEqual([
      { inquiryId: id, name: 'Jane', kind: 'quoteFollowUp', to: 'client', date: addDays(today, 3), state: 'scheduled' },
    ])
    const [entry] = items
    expect(entry).toBeDefined()
    // Due on its day, under the newest quote's key.
    const due = await upcoming(addDays(today, 3))
    expect(due.map((m) => [m.kind, m.state])).toEqual([['quoteFollowUp', 'due']])
    const journal = new BookingMailJournal(t.dataDir)
    await journal.decide(
      {
        kind: 'quoteFollowUp',
        key: `${second.id}.quoteFollowUp.${today}`,
        inquiryId: id,
        to: 'client',
        date: addDays(today, 3),
        lastDay: today,
      },
      noon(today),
    )
    await journal.update(`${second.id}.quoteFollowUp.${today}`, (e) => ({ ...e, state: 'failed', attempts: 1, lastError: 'SMTP said no' }))
    expect(await upcoming(addDays(today, 3))).toEqual([
      expect.objectContaining({ kind: 'quoteFollowUp', state: 'failed', lastError: 'SMTP said no' }),
    ])
    await journal.update(`${second.id}.quoteFollowUp.${today}`, (e) => ({ ...e, state: 'dropped' }))
    expect(await upcoming(addDays(today, 3))).toEqual([])
  })

  it('looks exactly fourteen days ahead, and lists failing e-mails before due ones, then by date', async () => {
    // A booked lead, paid in full by hand: only the event confirmation (the day before the event).
    const id = await newLead({ eventDate: addDays(today, 15), firstName: 'Ann', lastName: 'Lee' })
    const q = await quote(id)
    expect((await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: 'Ann Lee', agree: true } })).status).toBe(200)
    await t.call('PATCH', `/api/admin/inquiries/${id}`, { json: { status: 'booked', deposit: { amount: 1000, date: today } }, cookie })
    expect(await upcoming()).toEqual([
      { inquiryId: id, name: 'Ann Lee', kind: 'eventConfirmation', to: 'client', date: addDays(today, 14), state: 'scheduled' },
    ])
    expect(await upcoming(addDays(today, -1))).toEqual([])
  })

  it('lists overdue before due before scheduled, then by date, across leads; a sent one is no longer listed', async () => {
    /** Booked with $700 of $1,000 left (the deposit recorded by hand). */
    const booked = async (eventIn: number, firstName: string) => {
      const id = await newLead({ eventDate: addDays(today, eventIn), firstName })
      const q = await quote(id)
      await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: firstName, agree: true } })
      await t.call('PATCH', `/api/admin/inquiries/${id}`, { json: { status: 'booked', deposit: { amount: 300, date: today } }, cookie })
      return { id, q }
    }
    // Jane: due date tomorrow, so her 1-day reminder is due (dated today); Ann: due date today, so overdue tomorrow.
    const jane = await booked(8, 'Jane')
    await booked(7, 'Ann')
    const day = addDays(today, 1)
    expect((await upcoming(day)).map((m) => [m.name, m.kind, m.state, m.date])).toEqual([
      ['Ann Doe', 'balanceOverdue', 'overdue', day],
      ['Jane Doe', 'balanceReminder', 'due', today],
      ['Jane Doe', 'balanceOverdue', 'scheduled', addDays(today, 2)],
      ['Ann Doe', 'eventConfirmation', 'scheduled', addDays(today, 6)],
      ['Jane Doe', 'eventConfirmation', 'scheduled', addDays(today, 7)],
    ])
    const journal = new BookingMailJournal(t.dataDir)
    const key = `${jane.q.id}.balanceReminder.${day}-1d`
    await journal.decide(
      { kind: 'balanceReminder', key, inquiryId: jane.id, to: 'client', date: today, lastDay: day, dueDate: day },
      noon(day),
    )
    await journal.update(key, (e) => ({ ...e, state: 'sent', attempts: 1 }))
    expect((await upcoming(day)).map((m) => [m.name, m.kind])).not.toContainEqual(['Jane Doe', 'balanceReminder'])
  })

  it('a run without SMTP decides and sends nothing', async () => {
    const id = await newLead()
    await quote(id)
    expect(await t.deps.bookingMail.runOnce(noon(addDays(today, 3)))).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(await new BookingMailJournal(t.dataDir).all()).toEqual([])
    const res = await t.call('GET', '/api/admin/booking-mail/upcoming', { cookie })
    expect(await res.json()).toMatchObject({ mailConfigured: false })
    expect(await (await t.call('POST', '/api/admin/booking-mail/run', { cookie })).json()).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect((await t.call('POST', '/api/admin/booking-mail/run')).status).toBe(401)
    expect((await t.call('GET', '/api/admin/booking-mail/upcoming')).status).toBe(401)
  })
})

describe('what is still to pay', () => {
  it('a balance paid by card with the deposit recorded by hand leaves nothing (the hand deposit still counts)', () => {
    const q = {
      signature: { totals: { totalCents: 100_000 } },
      payments: [{ kind: 'balance', amountCents: 70_000, at: '', sessionId: 's', paymentIntent: null, eventId: 'e' }],
    } as unknown as QuoteRecord
    expect(remainingCents(q, { deposit: { amount: 300, date: today } } as unknown as InquiryRecord)).toBe(0)
    expect(remainingCents(q, {} as unknown as InquiryRecord)).toBe(30_000)
  })
})

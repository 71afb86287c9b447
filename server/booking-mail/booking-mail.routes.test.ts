// The booking e-mails on the real app with a real SMTP server on loopback: each e-mail goes once, counted across a
// restart (a new app on the same data directory) and after a crash between "decided" and "sent"; the per-lead switch;
// the settings saved as content; what the inbox's "Coming up" shows.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createAppDeps, stopAppDeps, type AppDeps } from '../app-deps'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from '../inquiries/testing-smtp'
import { studioToday } from '../lib/studio-time'
import { addDays } from '../quotes/quote-view'
import { QuoteStore } from '../quotes/quotes.store'
import { createTestApp, type TestApp } from '../testing/test-app'
import { planLead } from './booking-mail-plan'
import { STOPPED_MID_SEND } from './booking-mail-scheduler'
import { BookingMailJournal } from './booking-mail.journal'
import { readBookingMail } from './booking-mail.store'

let smtp: TestSmtp
let t: TestApp
let cookie: string
/** The app of the "restarted" server, when a test makes one. */
let second: AppDeps | null = null

beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(() => smtp.stop())

beforeEach(async () => {
  smtp.received.length = 0
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAYS: '0.05', MAIL_CONFIRM_VISITOR: 'off' } })
  cookie = await t.login()
  // The review link the thank-you carries.
  const settings = { ...(await readBookingMail(t.deps.store)), reviewUrl: 'https://g.page/r/test-studio/review' }
  expect((await t.call('PUT', '/api/admin/booking-mail', { json: settings, cookie })).status).toBe(200)
})
afterEach(async () => {
  if (second) await stopAppDeps(second)
  second = null
  await t.cleanup()
})

/** Noon in the studio on that day. */
const noon = (day: string) => new Date(`${day}T20:00:00Z`)
const today = studioToday()
const EVENT = addDays(today, 60)
const DUE = addDays(EVENT, -7)

async function newLead(extra: Record<string, unknown> = {}) {
  const record = await t.deps.inquiries.create(sampleInquiry({ eventDate: EVENT, ...extra }) as never, { state: 'sent', attempts: 1 })
  return record.id
}

async function quoteFor(id: string) {
  const res = await t.call('POST', `/api/admin/inquiries/${id}/quotes`, {
    json: { items: [{ description: 'Organic arch', quantity: 1, unitPrice: 1000 }], depositPercent: 30 },
    cookie,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; token: string; url: string }
}

/** Quoted, signed, the $300 deposit recorded by hand and Booked: $700 still to pay. */
async function bookedLead() {
  const id = await newLead()
  const q = await quoteFor(id)
  expect((await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: 'Jane Doe', agree: true } })).status).toBe(200)
  const patch = await t.call('PATCH', `/api/admin/inquiries/${id}`, {
    json: { status: 'booked', deposit: { amount: 300, date: today } },
    cookie,
  })
  expect(patch.status).toBe(200)
  await quiet()
  return { id, q }
}

/** The quote's own e-mails (its link, the signed copy) gone out and set aside: only booking e-mails are counted. */
async function quiet() {
  await t.deps.mailOutbox.settled()
  smtp.received.length = 0
}

const run = (deps: AppDeps, day: string) => deps.bookingMail.runOnce(noon(day))
const mails = () => smtp.received.map((m) => ({ to: m.to, ...parseMail(m.raw) }))
const lead = async (id: string) => (await t.call('GET', `/api/admin/inquiries/${id}`, { cookie })).json()

/** A new app on the same data directory and content, as after a restart (the old one stopped or killed). */
async function restart(stopOld: boolean): Promise<AppDeps> {
  if (stopOld) await stopAppDeps(t.deps)
  second = await createAppDeps(t.config, { passwordHash: 'scrypt$1024$8$1$AAAA$AAAA' })
  createApp(second)
  return second
}

describe('balance reminders', () => {
  it('go 7 and 1 days before the due date, once each, also across a restart', async () => {
    const { id, q } = await bookedLead()
    expect(await run(t.deps, addDays(DUE, -8))).toMatchObject({ decided: 0, sent: 0 })
    expect(await run(t.deps, addDays(DUE, -7))).toMatchObject({ decided: 1, sent: 1 })
    expect(await run(t.deps, addDays(DUE, -7))).toMatchObject({ decided: 0, sent: 0 })
    expect(await run(t.deps, addDays(DUE, -3))).toMatchObject({ decided: 0, sent: 0 })
    expect(mails()).toHaveLength(1)
    const [first] = mails()
    expect(first!.to).toEqual(['jane@example.com'])
    expect(first!.text).toContain('balance of $700.00 ')
    expect(first!.text).toContain(q.url)
    expect(first!.subject).toContain('Balance due')

    const after = await restart(true)
    expect(await run(after, addDays(DUE, -7))).toMatchObject({ decided: 0, sent: 0 })
    expect(await run(after, addDays(DUE, -1))).toMatchObject({ decided: 1, sent: 1 })
    expect(await run(after, addDays(DUE, -1))).toMatchObject({ decided: 0, sent: 0 })
    expect(mails()).toHaveLength(2)
    const record = await t.deps.inquiries.find(id)
    expect(record!.bookingMail!.sent.map((s) => s.kind)).toEqual(['balanceReminder', 'balanceReminder'])
  })

  it('a crash between "decided" and "sent" sends it once after the restart, never twice', async () => {
    const { id } = await bookedLead()
    // What a process killed right after writing its decision leaves: the decision on disk, nothing sent.
    const settings = await readBookingMail(t.deps.store)
    const facts = {
      inquiryId: id,
      status: 'booked' as const,
      eventDate: EVENT,
      off: false,
      quote: { id: 'x', sentOn: today, validUntil: today, state: 'accepted' as const, remainingCents: 1 },
    }
    const quotes = await new QuoteStore(t.dataDir).forInquiry(id)
    const mail = planLead({ ...facts, quote: { ...facts.quote, id: quotes[0]!.id } }, settings, 7).find(
      (m) => m.kind === 'balanceReminder',
    )!
    expect(await new BookingMailJournal(t.dataDir).decide(mail, noon(addDays(DUE, -7)))).not.toBeNull()
    // A second file left empty by a crash inside the decision itself.
    const confirmation = planLead({ ...facts, quote: undefined }, settings, 7).find((m) => m.kind === 'eventConfirmation')!
    writeFileSync(join(t.dataDir, 'booking-mail', `${confirmation.key}.json`), '')

    const after = await restart(true)
    // The restarted outbox picks the decided one up by itself; runs decide nothing again.
    expect(await run(after, addDays(DUE, -7))).toMatchObject({ decided: 0 })
    expect(await run(after, addDays(DUE, -7))).toMatchObject({ decided: 0, sent: 0 })
    expect(mails()).toHaveLength(1)
    // The day before the event, the confirmation whose decision was cut short goes once.
    expect(await run(after, addDays(EVENT, -1))).toMatchObject({ sent: 2 })
    expect(await run(after, addDays(EVENT, -1))).toMatchObject({ sent: 0 })
    expect(
      mails()
        .map((m) => m.subject.split(' ')[0])
        .sort(),
    ).toEqual(['Balance', 'Balance', 'See'])
    expect(mails().filter((m) => m.subject.startsWith('Balance overdue'))).toHaveLength(1)
  })

  it('sent and recorded on the inquiry just before a kill: the next run only catches the journal up', async () => {
    const { id } = await bookedLead()
    await run(t.deps, addDays(DUE, -7))
    expect(mails()).toHaveLength(1)
    const journal = new BookingMailJournal(t.dataDir)
    const [entry] = await journal.all()
    await journal.update(entry!.key, (e) => ({ ...e, state: 'sending' }))
    const after = await restart(true)
    expect(await run(after, addDays(DUE, -7))).toMatchObject({ decided: 0, sent: 0 })
    expect(mails()).toHaveLength(1)
    expect((await journal.find(entry!.key))!.state).toBe('sent')
    expect((await t.deps.inquiries.find(id))!.bookingMail!.sent).toHaveLength(1)
  })

  it('killed while handing it to the mail server: never sent again, and Coming up says it may not have gone', async () => {
    const { id } = await bookedLead()
    await smtp.stop()
    try {
      await run(t.deps, addDays(DUE, -7))
      // The process is gone: its outbox retries nothing more (under load a retry could go before the mark below).
      await t.deps.mailOutbox.stop()
    } finally {
      await smtp.start()
    }
    // What a process killed inside the SMTP exchange leaves: the decision marked as being sent, nothing recorded.
    const journal = new BookingMailJournal(t.dataDir)
    const [entry] = await journal.all()
    await journal.update(entry!.key, (e) => ({ ...e, state: 'sending' }))
    const after = await restart(true)
    const later = new Date(noon(addDays(DUE, -7)).getTime() + 3600_000)
    expect(await after.bookingMail.runOnce(later)).toMatchObject({ sent: 0 })
    expect(await after.bookingMail.runOnce(later)).toMatchObject({ sent: 0 })
    expect(mails()).toHaveLength(0)
    expect((await journal.find(entry!.key))!.state).toBe('unsure')
    expect((await after.bookingMail.upcoming(later))[0]).toMatchObject({
      inquiryId: id,
      kind: 'balanceReminder',
      state: 'failed',
      lastError: STOPPED_MID_SEND,
    })
  })

  it('an SMTP outage leaves the decision in place; the outbox retries it and it goes once', async () => {
    await bookedLead()
    await smtp.stop()
    try {
      expect(await run(t.deps, addDays(DUE, -7))).toMatchObject({ decided: 1, sent: 0, failed: 1 })
    } finally {
      await smtp.start()
    }
    await smtp.waitFor(1)
    await t.deps.mailOutbox.settled()
    expect(await run(t.deps, addDays(DUE, -7))).toMatchObject({ decided: 0, sent: 0 })
    expect(await run(t.deps, addDays(DUE, -6))).toMatchObject({ decided: 0, sent: 0 })
    expect(mails()).toHaveLength(1)
    // Failed at least once while SMTP was down (how many retries fit in that time depends on the machine's load), then sent.
    const entries = await new BookingMailJournal(t.dataDir).all()
    expect(entries.map((e) => e.state)).toEqual(['sent'])
    expect(entries[0]!.attempts).toBeGreaterThanOrEqual(2)
  })
})

describe('the owner note, the confirmation, the follow-up and the thank-you', () => {
  it('the overdue note goes to the studio, the confirmation to the client, each once', async () => {
    await bookedLead()
    await run(t.deps, addDays(DUE, 1))
    await run(t.deps, addDays(DUE, 2))
    expect(mails().map((m) => [m.to[0], m.subject])).toEqual([['hello@example.test', expect.stringContaining('Balance overdue: Jane Doe')]])
    await run(t.deps, addDays(EVENT, -1))
    expect(mails().map((m) => m.to[0])).toEqual(['hello@example.test', 'jane@example.com'])
  })

  it('a quote unanswered N days gets one follow-up with its link; a completed lead one thank-you with the review link', async () => {
    const quoted = await newLead()
    const q = await quoteFor(quoted)
    await quiet()
    await run(t.deps, addDays(today, 2))
    expect(mails()).toHaveLength(0)
    await run(t.deps, addDays(today, 3))
    await run(t.deps, addDays(today, 4))
    expect(mails()).toHaveLength(1)
    expect(mails()[0]!.text).toContain(q.url)

    const done = await newLead({ email: 'sam@example.com' })
    expect((await t.call('PATCH', `/api/admin/inquiries/${done}`, { json: { status: 'completed' }, cookie })).status).toBe(200)
    await run(t.deps, addDays(today, 1))
    await run(t.deps, addDays(today, 2))
    const thanks = mails().filter((m) => m.to[0] === 'sam@example.com')
    expect(thanks).toHaveLength(1)
    expect(thanks[0]!.text).toContain('https://g.page/r/test-studio/review')
    expect((await lead(done)).bookingMail.sent).toEqual([expect.objectContaining({ kind: 'thankYou', to: 'client' })])
  })
})

describe('the per-lead switch', () => {
  it('stops every e-mail of that lead and is saved on the server', async () => {
    const { id } = await bookedLead()
    const url = `/api/admin/inquiries/${id}/booking-mail`
    expect((await t.call('PUT', url, { json: { off: true } })).status).toBe(401)
    const bad = await t.call('PUT', url, { json: { off: 'yes' }, cookie })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toContain('off')
    expect((await t.call('PUT', '/api/admin/inquiries/nope/booking-mail', { json: { off: true }, cookie })).status).toBe(404)
    expect(await (await t.call('PUT', url, { json: { off: true }, cookie })).json()).toEqual({ off: true })
    expect((await lead(id)).bookingMail.off).toBe(true)
    await run(t.deps, addDays(DUE, -7))
    await run(t.deps, addDays(DUE, 1))
    expect(mails()).toHaveLength(0)
    await t.call('PUT', url, { json: { off: false }, cookie })
    await run(t.deps, addDays(DUE, 1))
    expect(mails().map((m) => m.subject)).toEqual([expect.stringContaining('Balance overdue')])
  })
})

describe('settings and the inbox list', () => {
  it('saves as one commit in the content history; bad input is a 400 naming the field, nothing written', async () => {
    const before = t.subjects().length
    const settings = await (await t.call('GET', '/api/admin/booking-mail', { cookie })).json()
    const bad = await t.call('PUT', '/api/admin/booking-mail', {
      json: { ...settings, balanceReminder: { ...settings.balanceReminder, subject: 'Pay {amount}' } },
      cookie,
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBe('Balance reminder: the subject has an unknown placeholder {amount}')
    for (const [body, message] of [
      ['nonsense', 'Send the booking e-mails as a JSON object'],
      [{ ...settings, quoteFollowUp: undefined }, 'Quote follow-up: send {on, subject, body} and its days'],
      [
        { ...settings, eventConfirmation: { ...settings.eventConfirmation, daysBefore: 0 } },
        'Event confirmation: days before the event must be at least 1',
      ],
      [{ ...settings, balanceReminder: { ...settings.balanceReminder, daysBefore: [7, 7] } }, 'Balance reminder: each day once'],
    ] as const) {
      const res = await t.call('PUT', '/api/admin/booking-mail', { json: body, cookie })
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe(message)
    }
    expect(t.subjects()).toHaveLength(before)
    const off = { ...settings, thankYou: { ...settings.thankYou, on: false } }
    const saved = await t.call('PUT', '/api/admin/booking-mail', { json: off, cookie })
    expect(saved.status).toBe(200)
    expect(t.subjects()[0]).toBe('Update booking e-mails: 4 of 5 on')
    expect(t.git('log', '-1', '--format=%(trailers:key=Content-Item,valueonly)').trim()).toBe('booking-mail')
    const stale = await t.call('PUT', '/api/admin/booking-mail', { json: { ...off, baseVersion: settings.version }, cookie })
    expect(stale.status).toBe(409)
    expect((await t.call('GET', '/api/admin/booking-mail')).status).toBe(401)
  })

  it('"Coming up" shows what is overdue, due and scheduled', async () => {
    await bookedLead()
    const at = (day: string) => t.deps.bookingMail.upcoming(noon(day))
    expect((await at(addDays(DUE, -10))).map((m) => [m.kind, m.state, m.date])).toEqual([
      ['balanceReminder', 'scheduled', addDays(DUE, -7)],
      ['balanceReminder', 'scheduled', addDays(DUE, -1)],
      ['balanceOverdue', 'scheduled', addDays(DUE, 1)],
    ])
    expect((await at(addDays(DUE, -7))).map((m) => [m.kind, m.state])).toEqual([
      ['balanceReminder', 'due'],
      ['balanceReminder', 'scheduled'],
      ['balanceOverdue', 'scheduled'],
      ['eventConfirmation', 'scheduled'],
    ])
    await run(t.deps, addDays(DUE, 1))
    expect((await at(addDays(DUE, 1)))[0]).toMatchObject({ kind: 'balanceOverdue', state: 'overdue', name: 'Jane Doe' })
    const res = await t.call('GET', '/api/admin/booking-mail/upcoming', { cookie })
    expect(await res.json()).toMatchObject({ mailConfigured: true, items: expect.any(Array) })
  })
})

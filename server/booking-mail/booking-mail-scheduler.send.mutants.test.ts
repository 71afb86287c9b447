// The booking e-mails' runs end to end in-process, fast: real inquiry, quote and journal files in a temp data directory,
// the real mail outbox, and a sender that keeps each message (or refuses it) instead of an SMTP server. What the client
// and the studio receive (every placeholder filled in), on which studio day (Los Angeles time, a day's first and last
// minute), once only across restarts and a process stopped mid-send, what each run reports, and what the owner's
// switch and the lead's moves change. Written from the mutation run of booking-mail-scheduler.ts (issue 32).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InquiryStore } from '../inquiries/inquiries.store'
import type { InquiryRecord } from '../inquiries/inquiry-record.schema'
import { MailOutbox, type OutgoingMail } from '../inquiries/mail-outbox'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import type { ContentStore } from '../lib/content-store'
import type { QuoteRecord } from '../quotes/quote.schema'
import { QuoteStore } from '../quotes/quotes.store'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'
import { BookingMailScheduler, STOPPED_MID_SEND } from './booking-mail-scheduler'
import { BookingMailJournal, type JournalEntry } from './booking-mail.journal'
import { BOOKING_MAIL_KIND } from './booking-mail.kind'
import { BOOKING_MAILS, type BookingMailSettings } from './booking-mail.schema'

/** Every placeholder, so one message shows each value the scheduler fills in. */
const ALL =
  'first={firstName}|client={clientName}|event={eventDate}|balance={balance}|due={balanceDueDate}|pay={payLink}|quote={quoteLink}|review={reviewLink}|studio={studioName}'
const settings: BookingMailSettings = structuredClone(DEFAULT_BOOKING_MAIL)
settings.reviewUrl = 'https://g.page/r/bloom/review'
for (const kind of BOOKING_MAILS) Object.assign(settings[kind], { subject: `${kind} {firstName}`, body: ALL })

const ADDRESSES = { from: 'mail@bloom.test', to: 'owner@bloom.test', brand: 'Bloom Balloons' }

// Event on Saturday 2026-06-20; the balance due 7 days before (2026-06-13, the price list's default); reminders on
// 2026-06-06 and 2026-06-12, the owner's overdue note on 2026-06-14, the confirmation on 2026-06-19.
const EVENT = '2026-06-20'
/** Noon in the studio (Los Angeles, summer time) on that day. */
const noon = (day: string) => new Date(`${day}T19:00:00Z`)

let dataDir: string
let sent: OutgoingMail[]
/** What the sender does with a message: undefined keeps it; anything thrown is the SMTP refusal. */
let onSend: ((mail: OutgoingMail) => Promise<void> | void) | undefined
let inquiries: InquiryStore
let quotes: QuoteStore
let clock: Date
const running: { s: BookingMailScheduler; outbox: MailOutbox }[] = []

/** A server on the data directory: its outbox (retries a minute apart) and scheduler; a second call is a restart. */
function server(minutes = 0) {
  const store = {
    readYaml: async (file: string, _schema: unknown, { ifMissing }: { ifMissing: () => unknown }) =>
      file === BOOKING_MAIL_KIND.file ? structuredClone(settings) : ifMissing(),
  } as unknown as ContentStore
  const outbox = new MailOutbox({
    store: inquiries,
    sender: {
      send: async (mail) => {
        await onSend?.(mail)
        sent.push(mail)
      },
      close: () => undefined,
    },
    addresses: async () => ADDRESSES,
    retryScheduleMs: [60_000],
  })
  void outbox.start()
  const s = new BookingMailScheduler({
    config: { dataDir, publicOrigin: 'https://bloom.test', bookingMailMinutes: minutes, mailRetryDelaysMs: [60_000] },
    store,
    inquiries,
    quotes,
    outbox,
    now: () => clock,
  })
  running.push({ s, outbox })
  return { s, outbox, run: (day: string) => s.runOnce((clock = noon(day))) }
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'booking-mail-send-'))
  inquiries = new InquiryStore(dataDir)
  quotes = new QuoteStore(dataDir)
  sent = []
  onSend = undefined
  clock = noon('2026-05-01')
})
afterEach(async () => {
  for (const { s, outbox } of running.splice(0)) {
    await s.stop()
    await outbox.stop()
  }
  rmSync(dataDir, { recursive: true, force: true })
})

async function newLead(extra: Record<string, unknown> = {}, change: (r: InquiryRecord) => InquiryRecord = (r) => r) {
  const record = await inquiries.create(sampleInquiry({ eventDate: EVENT, ...extra }) as never, { state: 'sent', attempts: 1 })
  await inquiries.update(record.id, change)
  return record.id
}

/** A quote made at `createdAt` (an instant), valid until a studio day; $1,000 in all. */
function newQuote(inquiryId: string, createdAt: string, validUntil: string): Promise<QuoteRecord> {
  return quotes.create({
    inquiryId,
    createdAt,
    validUntil,
    lines: [{ description: 'Organic arch', quantity: 1, unitPriceCents: 100_000 }],
    deliveryFeeCents: 0,
    discountCents: 0,
    deposit: { percent: 30 },
  })
}

const signature = { name: 'Jane Doe', at: '2026-05-02T18:00:00Z', addOns: [], textSha256: '', agreementCommit: null }

/** Quoted, signed, the $300 deposit recorded by hand, Booked: $700 to pay. */
async function bookedLead(extra: Record<string, unknown> = {}) {
  const id = await newLead(extra, (r) => ({ ...r, status: 'booked', deposit: { amount: 300, date: '2026-05-02' } }))
  const q = await newQuote(id, '2026-05-01T18:00:00Z', '2026-05-15')
  await quotes.update(q.id, (x) => ({
    ...x,
    signature: { ...signature, totals: { totalCents: 100_000, depositCents: 30_000, balanceCents: 70_000 } } as never,
  }))
  return { id, q }
}

const journal = () => new BookingMailJournal(dataDir)
/** Half a second on, the 7-day reminder is still being sent, and Coming up shows it due, not failing. */
async function stillSending(s: BookingMailScheduler, inquiryId: string) {
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect((await entries()).map((e) => [e.state, e.lastError])).toEqual([['sending', undefined]])
  expect(await s.upcoming(clock)).toContainEqual({
    inquiryId,
    name: 'Jane Doe',
    kind: 'balanceReminder',
    to: 'client',
    date: '2026-06-06',
    state: 'due',
  })
}

/** The SMTP server takes each message only once released; `sending` resolves when the first is handed over. */
function holdSends() {
  let handedOver!: () => void
  const sending = new Promise<void>((resolve) => (handedOver = resolve))
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  onSend = async () => {
    handedOver()
    await held
  }
  return { sending, release }
}
/** A booked lead whose 7-day reminder was decided (on its day) by a server that stopped before sending it. */
async function decidedBeforeCrash() {
  const { id, q } = await bookedLead()
  const key = `${q.id}.balanceReminder.2026-06-13-7d`
  await journal().decide(
    { kind: 'balanceReminder', key, inquiryId: id, to: 'client', date: '2026-06-06', lastDay: '2026-06-13', dueDate: '2026-06-13' },
    noon('2026-06-06'),
  )
  return { id, q, key }
}
const entries = async () => (await journal().all()).sort((a, b) => a.key.localeCompare(b.key))
const shown = (m: OutgoingMail) => ({ to: m.to, subject: m.subject, text: m.text })

describe('what the e-mails say', () => {
  it('a balance reminder to the client: every value filled in, from the newest quote', async () => {
    const { id, q } = await bookedLead()
    const { run } = server()
    expect(await run('2026-06-06')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(sent.map(shown)).toEqual([
      {
        to: { name: '', address: 'jane@example.com' },
        subject: 'balanceReminder Jane',
        text: `first=Jane|client=Jane Doe|event=Sat, Jun 20, 2026|balance=$700.00|due=Sat, Jun 13, 2026|pay=https://bloom.test/quote/${q.token}|quote=https://bloom.test/quote/${q.token}|review=https://g.page/r/bloom/review|studio=Bloom Balloons`,
      },
    ])
    expect(sent[0]!.from).toEqual({ name: 'Bloom Balloons', address: 'mail@bloom.test' })
    // Recorded on the inquiry (its history shows it) and in the journal, with the outbox's attempt and time.
    const record = await inquiries.find(id)
    const [entry] = await entries()
    expect(entry).toMatchObject({ key: `${q.id}.balanceReminder.2026-06-13-7d`, state: 'sent', attempts: 1, dueDate: '2026-06-13' })
    expect(record!.bookingMail).toEqual({ sent: [{ key: entry!.key, kind: 'balanceReminder', to: 'client', at: entry!.sentAt }] })
    expect(Date.parse(entry!.sentAt!)).toBeGreaterThan(Date.now() - 60_000)
  })

  it("the overdue note goes to the studio's inbox and names the client", async () => {
    await bookedLead({ lastName: '' })
    const { run } = server()
    expect(await run('2026-06-14')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(sent.map((m) => [m.to, m.subject])).toEqual([['owner@bloom.test', 'balanceOverdue Jane']])
    expect(sent[0]!.text).toMatch(/^first=Jane\|client=Jane\|event=Sat, Jun 20, 2026\|balance=\$700\.00\|due=Sat, Jun 13, 2026\|/)
    expect((await entries()).map((e) => [e.kind, e.to, e.state])).toEqual([['balanceOverdue', 'owner', 'sent']])
  })

  it('the thank-you goes the day after the studio day of the last move to Completed; no quote: no balance, no link', async () => {
    // Completed at 10 pm in the studio on June 21 (already June 22 in UTC), after a first Completed and a move back.
    const id = await newLead({ email: 'sam@example.com', firstName: 'Sam', lastName: 'Lee' }, (r) => ({
      ...r,
      status: 'completed',
      history: [
        { at: '2026-06-10T19:00:00Z', from: 'booked', to: 'completed' },
        { at: '2026-06-11T19:00:00Z', from: 'completed', to: 'booked' },
        { at: '2026-06-22T05:00:00Z', from: 'booked', to: 'completed' },
      ],
    }))
    const { s, run } = server()
    expect((await s.upcoming(noon('2026-06-21'))).map((m) => [m.kind, m.date, m.state])).toEqual([['thankYou', '2026-06-22', 'scheduled']])
    expect(await run('2026-06-21')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(await run('2026-06-22')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(sent.map(shown)).toEqual([
      {
        to: { name: '', address: 'sam@example.com' },
        subject: 'thankYou Sam',
        text: 'first=Sam|client=Sam Lee|event=Sat, Jun 20, 2026|balance=$0.00|due=Sat, Jun 13, 2026|pay=|quote=|review=https://g.page/r/bloom/review|studio=Bloom Balloons',
      },
    ])
    expect((await inquiries.find(id))!.bookingMail!.sent.map((x) => [x.kind, x.to])).toEqual([['thankYou', 'client']])
  })

  it('the quote follow-up counts from the studio day the quote was made, and links the newest version', async () => {
    const id = await newLead({}, (r) => ({ ...r, status: 'quoted' }))
    // Made at 8 pm in the studio on May 1 (May 2 in UTC): the follow-up is due May 4, three days on.
    await newQuote(id, '2026-05-02T03:00:00Z', '2026-05-20')
    const { s, run } = server()
    expect((await s.upcoming(noon('2026-05-01'))).map((m) => [m.kind, m.date])).toEqual([['quoteFollowUp', '2026-05-04']])
    expect(await run('2026-05-03')).toMatchObject({ decided: 0 })
    const newest = await newQuote(id, '2026-05-02T03:00:00Z', '2026-05-20')
    expect(await run('2026-05-04')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(sent[0]!.text).toContain(`|quote=https://bloom.test/quote/${newest.token}|`)
    expect((await entries()).map((e) => e.key)).toEqual([`${newest.id}.quoteFollowUp.2026-05-01`])
  })

  it('no follow-up once the quote has expired in the studio', async () => {
    const id = await newLead({}, (r) => ({ ...r, status: 'quoted' }))
    await newQuote(id, '2026-05-01T18:00:00Z', '2026-05-03')
    const { s, run } = server()
    expect(await s.upcoming(noon('2026-05-01'))).toEqual([])
    expect(await run('2026-05-04')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toEqual([])
  })
})

describe('the studio day', () => {
  it("a reminder is due from the studio's midnight (Los Angeles), not UTC's", async () => {
    await bookedLead()
    const { s } = server()
    // 11:59 pm on June 5 in the studio (06:59 UTC on June 6): not yet.
    expect(await s.runOnce(new Date('2026-06-06T06:59:00Z'))).toEqual({ decided: 0, sent: 0, failed: 0 })
    // Midnight in the studio: due.
    expect(await s.runOnce(new Date('2026-06-06T07:00:00Z'))).toEqual({ decided: 1, sent: 1, failed: 0 })
  })

  it('across the change back to winter time: each reminder on its studio day, the overdue note not an hour early', async () => {
    // Event Monday 2026-11-09: balance due 2026-11-02; reminders 2026-10-26 and 2026-11-01 (the day the clocks go back,
    // 2 am summer time); the overdue note 2026-11-03, when the studio is 8 hours behind UTC again.
    await bookedLead({ eventDate: '2026-11-09' })
    const { s } = server()
    const dueAt = async (iso: string) =>
      (await s.upcoming(new Date(iso))).filter((m) => m.state !== 'scheduled').map((m) => `${m.kind}@${m.date}`)
    // 11:59 pm on October 31 (summer time, 7 hours behind): the 7-day reminder, not yet the 1-day one.
    expect(await dueAt('2026-11-01T06:59:00Z')).toEqual(['balanceReminder@2026-10-26'])
    // Midnight of November 1: the 1-day reminder, on the day itself.
    expect(await dueAt('2026-11-01T07:00:00Z')).toEqual(['balanceReminder@2026-11-01'])
    // 11:59 pm on November 2 (winter time): still the due date, so still the reminder.
    expect(await dueAt('2026-11-03T07:59:00Z')).toEqual(['balanceReminder@2026-11-01'])
    // Midnight of November 3: overdue.
    expect(await dueAt('2026-11-03T08:00:00Z')).toEqual(['balanceOverdue@2026-11-03'])
  })

  it('in winter the studio is 8 hours behind UTC: the last minute of the day before the event still confirms it', async () => {
    const id = await newLead({ eventDate: '2026-12-05' }, (r) => ({ ...r, status: 'booked' }))
    const { s } = server()
    // 11:59 pm on December 4 in the studio is 07:59 UTC on December 5.
    expect(await s.runOnce(new Date('2026-12-05T07:59:00Z'))).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect((await inquiries.find(id))!.bookingMail!.sent.map((x) => x.kind)).toEqual(['eventConfirmation'])
    // A minute later it is the event day: a second lead's confirmation is let go.
    await newLead({ eventDate: '2026-12-05' }, (r) => ({ ...r, status: 'booked' }))
    expect(await s.runOnce(new Date('2026-12-05T08:00:00Z'))).toEqual({ decided: 0, sent: 0, failed: 0 })
  })
})

describe('once only', () => {
  it('a second run, a restart and the next day decide and send nothing again; a run counts only its own', async () => {
    await bookedLead()
    const first = server()
    expect(await first.run('2026-06-06')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(await first.run('2026-06-06')).toEqual({ decided: 0, sent: 0, failed: 0 })
    const again = server()
    expect(await again.run('2026-06-07')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toHaveLength(1)
    // The next reminder is its own e-mail; the run counts it, not the one before.
    expect(await again.run('2026-06-12')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(sent).toHaveLength(2)
    // Each recorded on the inquiry, in order.
    expect((await inquiries.list('all'))[0]!.bookingMail!.sent.map((x) => x.key.slice(-2))).toEqual(['7d', '1d'])
  })

  it('the decision is on disk as "sending" while the message is handed over', async () => {
    await bookedLead()
    const states: (string | undefined)[] = []
    onSend = async () => void states.push((await entries())[0]?.state)
    expect(await server().run('2026-06-06')).toMatchObject({ sent: 1 })
    expect(states).toEqual(['sending'])
  })

  it('decided before a crash: the restarted server sends it once by itself', async () => {
    const { key } = await decidedBeforeCrash()
    const { outbox } = server()
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await outbox.settled()
    expect((await entries()).map((e) => [e.key, e.state, e.attempts])).toEqual([[key, 'sent', 1]])
  })

  it('stopped mid-send: never sent again, its state "unsure", Coming up shows it failing with why', async () => {
    const { id } = await bookedLead()
    await server().run('2026-06-06')
    const [entry] = await entries()
    // What a kill inside the SMTP exchange leaves: the mark, nothing recorded on the inquiry.
    await journal().update(entry!.key, (e) => ({ ...e, state: 'sending', sentAt: undefined }))
    await inquiries.update(id, (r) => ({ ...r, bookingMail: { sent: [] } }))
    sent = []
    const after = server()
    expect(await after.run('2026-06-07')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(await after.run('2026-06-08')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toEqual([])
    expect((await entries()).map((e) => [e.state, e.lastError])).toEqual([['unsure', STOPPED_MID_SEND]])
    expect(STOPPED_MID_SEND).toBe('The server stopped while sending it; it may have gone, so it is not sent again')
    expect((await after.s.upcoming(noon('2026-06-08')))[0]).toEqual({
      inquiryId: id,
      name: 'Jane Doe',
      kind: 'balanceReminder',
      to: 'client',
      date: '2026-06-06',
      state: 'failed',
      lastError: STOPPED_MID_SEND,
    })
  })

  it('a run while the outbox sends one it picked up at start leaves it to that send: not taken for one stopped mid-send', async () => {
    const { id, key } = await decidedBeforeCrash()
    const { sending, release } = holdSends()
    const { s, outbox } = server()
    await sending
    clock = noon('2026-06-06')
    let run: Promise<unknown> = Promise.resolve()
    try {
      // The timer's first run, while the SMTP server is still taking the message.
      run = s.runOnce(clock)
      await stillSending(s, id)
    } finally {
      release()
    }
    await run
    await outbox.settled()
    expect(sent).toHaveLength(1)
    expect((await entries()).map((e) => [e.key, e.state, e.lastError])).toEqual([[key, 'sent', undefined]])
  })

  it('sent and recorded on the inquiry, then killed: the next run only marks the journal sent', async () => {
    const { id } = await bookedLead()
    await server().run('2026-06-06')
    const [entry] = await entries()
    await journal().update(entry!.key, (e) => ({ ...e, state: 'sending' }))
    sent = []
    expect(await server().run('2026-06-07')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toEqual([])
    expect((await entries()).map((e) => e.state)).toEqual(['sent'])
    expect((await inquiries.find(id))!.bookingMail!.sent).toHaveLength(1)
  })
})

describe('two servers on one data folder', () => {
  it('running at once, they send each e-mail once and only one of them counts it', async () => {
    await bookedLead()
    const a = server()
    const b = server()
    clock = noon('2026-06-06')
    const summaries = await Promise.all([a.s.runOnce(clock), b.s.runOnce(clock)])
    expect(summaries).toContainEqual({ decided: 1, sent: 1, failed: 0 })
    expect(summaries).toContainEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toHaveLength(1)
    expect((await entries()).map((e) => [e.state, e.attempts, e.lastError])).toEqual([['sent', 1, undefined]])
  })

  it("one's run waits for the other's to finish: it neither takes the e-mail being sent for one stopped mid-send nor counts it", async () => {
    const { id } = await bookedLead()
    const { sending, release } = holdSends()
    const first = server().run('2026-06-06')
    await sending
    const other = server()
    // Were the other server's run not waiting, it would read the leads at once: held there until the first run is
    // over, it would then find the e-mail sent after it started.
    const list = inquiries.list.bind(inquiries)
    let holding = true
    vi.spyOn(inquiries, 'list').mockImplementation(async (...args: Parameters<InquiryStore['list']>) => {
      if (holding) await first
      return list(...args)
    })
    const second = other.s.runOnce(clock)
    await new Promise((resolve) => setImmediate(resolve))
    holding = false
    try {
      // Time enough for a whole run of the other server, were it not waiting for the first one's.
      await stillSending(other.s, id)
    } finally {
      release()
    }
    expect(await first).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect(await second).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toHaveLength(1)
    expect((await entries()).map((e) => [e.state, e.lastError])).toEqual([['sent', undefined]])
  })

  it('both started after a crash with an e-mail decided and not sent: one of them sends it, once', async () => {
    const { id, key } = await decidedBeforeCrash()
    // Each outbox asks whether the e-mail is still wanted (reading its inquiry) before it takes it: both ask before
    // either takes it, the closest the two can come.
    const find = inquiries.find.bind(inquiries)
    let first: (() => void) | undefined
    let asked = 0
    vi.spyOn(inquiries, 'find').mockImplementation(async (inquiryId) => {
      asked++
      if (asked === 1) await new Promise<void>((resolve) => (first = resolve))
      if (asked === 2) first!()
      return find(inquiryId)
    })
    const a = server()
    const b = server()
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await a.outbox.settled()
    await b.outbox.settled()
    expect(sent).toHaveLength(1)
    expect((await entries()).map((e) => [e.key, e.state, e.attempts])).toEqual([[key, 'sent', 1]])
    expect((await inquiries.find(id))!.bookingMail!.sent.map((s) => s.key)).toEqual([key])
  })
})

describe('refused by the mail server', () => {
  it('counted as failed, kept with its error and next try, shown failing; retried after a restart and sent once', async () => {
    const { id } = await bookedLead()
    onSend = () => {
      throw new Error('421 try later')
    }
    const first = server()
    expect(await first.run('2026-06-06')).toEqual({ decided: 1, sent: 0, failed: 1 })
    const [failed] = await entries()
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: '421 try later' })
    expect(Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.lastAttemptAt!)).toBeGreaterThanOrEqual(59_000)
    expect(await first.s.upcoming(noon('2026-06-06'))).toContainEqual(
      expect.objectContaining({ kind: 'balanceReminder', state: 'failed', lastError: '421 try later' }),
    )
    // A later run of the same day neither decides it again nor counts the old failure.
    expect(await first.run('2026-06-06')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(sent).toEqual([])
    await first.s.stop()
    await first.outbox.stop()

    // The restarted server's outbox picks up the waiting retry: the second attempt goes.
    onSend = undefined
    const after = server()
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await after.outbox.settled()
    const [entry] = await entries()
    expect(entry).toMatchObject({ state: 'sent', attempts: 2 })
    expect((await inquiries.find(id))!.bookingMail!.sent).toHaveLength(1)
  })

  it('given up by the outbox (no next try): not picked up again after a restart', async () => {
    await bookedLead()
    onSend = () => {
      throw new Error('550 no such user')
    }
    await server().run('2026-06-06')
    const [entry] = await entries()
    await journal().update(entry!.key, ({ nextAttemptAt: _gone, ...e }) => e as JournalEntry)
    onSend = undefined
    const { outbox } = server()
    await new Promise((r) => setTimeout(r, 50))
    await outbox.settled()
    expect(sent).toEqual([])
    expect((await entries()).map((e) => [e.state, e.attempts])).toEqual([['failed', 1]])
  })
})

describe('a retry that is no longer wanted', () => {
  const refuse = () => {
    onSend = () => {
      throw new Error('421 try later')
    }
  }

  it('paid meanwhile: the restarted server lets it go instead of sending it', async () => {
    const { q } = await bookedLead()
    refuse()
    await server().run('2026-06-06')
    await quotes.update(q.id, (x) => ({
      ...x,
      payments: [{ kind: 'balance', amountCents: 70_000, at: '', sessionId: 's', paymentIntent: null, eventId: 'e' }],
    }))
    onSend = undefined
    // Restarted on the same day: its outbox picks up what waits for a retry before any run.
    clock = noon('2026-06-07')
    const { outbox } = server()
    await vi.waitFor(async () => expect((await entries()).map((e) => e.state)).toEqual(['dropped']))
    await outbox.settled()
    expect(sent).toEqual([])
  })

  it('decided before a crash, paid before the restart: let go, never sent', async () => {
    const { q } = await decidedBeforeCrash()
    await quotes.update(q.id, (x) => ({
      ...x,
      payments: [{ kind: 'balance', amountCents: 70_000, at: '', sessionId: 's', paymentIntent: null, eventId: 'e' }],
    }))
    clock = noon('2026-06-06')
    const { outbox } = server()
    await vi.waitFor(async () => expect((await entries()).map((e) => e.state)).toEqual(['dropped']))
    await outbox.settled()
    expect(sent).toEqual([])
  })

  it('paid meanwhile: the next run lets it go, with no restart', async () => {
    const { q } = await bookedLead()
    refuse()
    const { run } = server()
    expect(await run('2026-06-06')).toMatchObject({ failed: 1 })
    await quotes.update(q.id, (x) => ({
      ...x,
      payments: [{ kind: 'balance', amountCents: 70_000, at: '', sessionId: 's', paymentIntent: null, eventId: 'e' }],
    }))
    expect(await run('2026-06-06')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect((await entries()).map((e) => e.state)).toEqual(['dropped'])
  })

  it('its last day passed: a reminder that failed is not sent after the due date', async () => {
    await bookedLead()
    refuse()
    await server().run('2026-06-12')
    onSend = undefined
    // The server was down until the day after the due date (the owner's overdue note is what goes now, on a run).
    clock = noon('2026-06-14')
    const { outbox } = server()
    await vi.waitFor(async () => expect((await entries()).map((e) => e.state)).toEqual(['dropped']))
    await outbox.settled()
    expect(sent).toEqual([])
  })

  it('on its last day it is still retried', async () => {
    await bookedLead()
    refuse()
    await server().run('2026-06-12')
    onSend = undefined
    clock = noon('2026-06-13')
    const { outbox } = server()
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await outbox.settled()
    expect((await entries()).map((e) => [e.state, e.attempts])).toEqual([['sent', 2]])
  })

  it('one stopped mid-send stays "unsure" after its window, when the next reminder goes', async () => {
    const { id } = await bookedLead()
    await server().run('2026-06-06')
    const [entry] = await entries()
    await journal().update(entry!.key, (e) => ({ ...e, state: 'sending', sentAt: undefined }))
    await inquiries.update(id, (r) => ({ ...r, bookingMail: { sent: [] } }))
    const after = server()
    await after.run('2026-06-07')
    expect(await after.run('2026-06-12')).toEqual({ decided: 1, sent: 1, failed: 0 })
    expect((await entries()).map((e) => [e.key.slice(-2), e.state])).toEqual([
      ['1d', 'sent'],
      ['7d', 'unsure'],
    ])
  })
})

describe('a lead with an e-mail sent already', () => {
  it('a later one that failed is not taken for sent: it stays failed, and a deleted lead does not stop the run', async () => {
    const { id } = await bookedLead()
    const { run } = server()
    await run('2026-06-06')
    onSend = () => {
      throw new Error('421 try later')
    }
    expect(await run('2026-06-12')).toMatchObject({ decided: 1, failed: 1 })
    expect(await run('2026-06-12')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect((await entries()).map((e) => [e.key.slice(-2), e.state])).toEqual([
      ['1d', 'failed'],
      ['7d', 'sent'],
    ])
    // The lead deleted: the next run lets its waiting e-mail go instead of failing.
    await inquiries.remove(id)
    expect(await run('2026-06-12')).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect((await entries()).map((e) => e.state)).toEqual(['dropped', 'sent'])
  })
})

describe('the timer', () => {
  it('a run that fails is logged; once stopped, starting again runs nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const { s } = server(60)
      const runs = vi.spyOn(s, 'runOnce').mockRejectedValue(new Error('disk full'))
      s.start()
      await vi.waitFor(() => expect(errors).toHaveBeenCalledWith('The booking e-mails could not run:', new Error('disk full')))
      expect(runs).toHaveBeenCalledTimes(1)
      await s.stop()
      s.start()
      expect(runs).toHaveBeenCalledTimes(1)
    } finally {
      errors.mockRestore()
    }
  })
})

describe('the per-lead switch and the lead', () => {
  it('a lead switched off gets nothing; switched on again, what is due goes', async () => {
    const { id } = await bookedLead()
    await inquiries.update(id, (r) => ({ ...r, bookingMail: { sent: [], off: true } }))
    const { s, run } = server()
    expect(await s.upcoming(noon('2026-06-06'))).toEqual([])
    expect(await run('2026-06-06')).toEqual({ decided: 0, sent: 0, failed: 0 })
    await inquiries.update(id, (r) => ({ ...r, bookingMail: { sent: [], off: false } }))
    expect(await run('2026-06-06')).toEqual({ decided: 1, sent: 1, failed: 0 })
  })

  it('switched off while its e-mail was being handed over: the switch stays off', async () => {
    const { id } = await bookedLead()
    onSend = async () => void (await inquiries.update(id, (r) => ({ ...r, bookingMail: { sent: r.bookingMail?.sent ?? [], off: true } })))
    await server().run('2026-06-06')
    expect((await inquiries.find(id))!.bookingMail).toMatchObject({
      off: true,
      sent: [expect.objectContaining({ kind: 'balanceReminder' })],
    })
  })

  it('a deleted lead: its decided e-mail is not sent; it fails saying why', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const key = 'lead-gone.eventConfirmation.2026-06-20'
      await journal().decide(
        { kind: 'eventConfirmation', key, inquiryId: '20260501-gone', to: 'client', date: '2026-06-19', lastDay: '2026-06-19' },
        noon('2026-06-19'),
      )
      const { outbox } = server()
      await vi.waitFor(async () => expect((await entries())[0]?.state).toBe('failed'))
      await outbox.settled()
      expect(sent).toEqual([])
      expect((await entries())[0]).toMatchObject({ state: 'failed', attempts: 1, lastError: `No inquiry for booking e-mail ${key}` })
    } finally {
      warnings.mockRestore()
    }
  })
})

describe('stopping', () => {
  it('waits for the run in progress: its e-mail is sent and recorded when stop resolves; later runs do nothing', async () => {
    const { id } = await bookedLead()
    let release = () => undefined as void
    const handing = new Promise<void>((handed) => {
      onSend = () =>
        new Promise<void>((r) => {
          release = r
          handed()
        })
    })
    const { s, run } = server()
    const running = run('2026-06-06')
    await handing
    const stopped = s.stop()
    release()
    await stopped
    expect((await entries()).map((e) => e.state)).toEqual(['sent'])
    expect((await inquiries.find(id))!.bookingMail!.sent).toHaveLength(1)
    await running
    // Stopped: a run (or a start) decides nothing.
    expect(await s.runOnce(noon('2026-06-12'))).toEqual({ decided: 0, sent: 0, failed: 0 })
    expect(await entries()).toHaveLength(1)
  })
})

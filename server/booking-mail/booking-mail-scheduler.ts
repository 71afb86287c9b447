// The booking e-mails' timer: every BOOKING_MAIL_MINUTES it plans each lead's e-mails for the studio's today, writes
// the due ones down as decided (booking-mail.journal.ts), then sends what is decided through the mail outbox's SMTP
// connection, records each sent one on its inquiry (its history shows it) and retries failures on later runs.
import type { InquiryStore } from '../inquiries/inquiries.store'
import type { InquiryRecord } from '../inquiries/inquiry-record.schema'
import type { MailState } from '../inquiries/inquiry-record.schema'
import type { MailChannel, MailOutbox } from '../inquiries/mail-outbox'
import type { Config } from '../lib/config'
import type { ContentStore } from '../lib/content-store'
import { SerialQueue } from '../lib/durable-file'
import { studioToday } from '../lib/studio-time'
import { formatMoney, toCents } from '../pricing/money'
import { readPricing } from '../pricing/pricing.store'
import type { QuoteRecord } from '../quotes/quote.schema'
import { quoteState } from '../quotes/quote-view'
import type { QuoteStore } from '../quotes/quotes.store'
import { shortEventDate } from '../inquiries/inquiry-format'
import { addDays } from '../quotes/quote-view'
import { composeBookingMail, type MailValues } from './booking-mail-message'
import { balanceDueDate, dueToday, planLead, type LeadFacts } from './booking-mail-plan'
import { BookingMailJournal, type JournalEntry } from './booking-mail.journal'
import type { UpcomingMail } from './booking-mail.types'
import { readBookingMail } from './booking-mail.store'

/** The outbox channel the booking e-mails go through. */
const CHANNEL = 'booking'
/** How far ahead the inbox's "Coming up" looks. */
export const UPCOMING_DAYS = 14
/** Why an e-mail is not sent again after the server stopped while handing it to the mail server. */
export const STOPPED_MID_SEND = 'The server stopped while sending it; it may have gone, so it is not sent again'
/** How often the timer looks whether the studio's day has changed. */
const DAY_CHECK_MS = 60_000

interface Lead {
  record: InquiryRecord
  quote: QuoteRecord | undefined
  facts: LeadFacts
}

/** What is still to pay on a signed quote: the total less card payments (net of refunds) and a deposit recorded by hand. */
export function remainingCents(q: QuoteRecord, record: InquiryRecord): number {
  if (!q.signature) return 0
  const payments = q.payments ?? []
  let paid = payments.reduce((sum, p) => sum + p.amountCents - (p.refundedCents ?? 0), 0)
  if (!payments.some((p) => p.kind === 'deposit') && record.deposit) paid += toCents(record.deposit.amount) ?? 0
  return Math.max(0, q.signature.totals.totalCents - paid)
}

/** The studio day of the lead's last move to Completed. */
const completedOn = (r: InquiryRecord) => {
  const at = r.history.findLast((h) => h.to === 'completed')?.at
  return at ? studioToday(new Date(at)) : undefined
}

/** A lead's facts for the plan, from its inquiry and its newest quote. */
function leadOf(record: InquiryRecord, quote: QuoteRecord | undefined, today: string): Lead {
  const facts: LeadFacts = {
    inquiryId: record.id,
    status: record.status,
    eventDate: record.inquiry.eventDate,
    completedOn: completedOn(record),
    off: record.bookingMail?.off === true,
    ...(quote
      ? {
          quote: {
            id: quote.id,
            sentOn: studioToday(new Date(quote.createdAt)),
            validUntil: quote.validUntil,
            state: quoteState(quote, today),
            remainingCents: remainingCents(quote, record),
          },
        }
      : {}),
  }
  return { record, quote, facts }
}

/** The outbox's state of a decided e-mail; undefined for one it must not send (let go, unsure, or found mid-send). */
function mailStateOf(e: JournalEntry): MailState | undefined {
  if (e.state === 'decided') return { state: 'pending', attempts: e.attempts }
  if (e.state === 'failed')
    return {
      state: 'failed',
      attempts: e.attempts,
      ...(e.lastError ? { lastError: e.lastError } : {}),
      ...(e.nextAttemptAt ? { nextAttemptAt: e.nextAttemptAt } : {}),
    }
  if (e.state === 'sent') return { state: 'sent', attempts: e.attempts, ...(e.sentAt ? { sentAt: e.sentAt } : {}) }
  return undefined
}

export interface RunSummary {
  decided: number
  sent: number
  failed: number
}

interface SchedulerOptions {
  config: Pick<Config, 'dataDir' | 'publicOrigin' | 'bookingMailMinutes' | 'mailRetryDelaysMs'>
  store: ContentStore
  inquiries: InquiryStore
  quotes: QuoteStore
  outbox: MailOutbox
  /** The clock runs are judged by (tests pass their own). */
  now: () => Date
}

/** One queue per data directory: two app instances on one folder (a restart in-process) never run at once. */
const queues = new Map<string, SerialQueue>()

export class BookingMailScheduler {
  readonly journal: BookingMailJournal
  private timer: NodeJS.Timeout | undefined
  private dayTimer: NodeJS.Timeout | undefined
  private stopped = false
  private readonly queue: SerialQueue

  constructor(private readonly options: SchedulerOptions) {
    this.journal = new BookingMailJournal(options.config.dataDir)
    const dir = options.config.dataDir
    if (!queues.has(dir)) queues.set(dir, new SerialQueue())
    this.queue = queues.get(dir)!
    options.outbox.addChannel(this.channel())
  }

  /**
   * A run now, then one every BOOKING_MAIL_MINUTES (0: never), and one as soon as the studio's day changes (checked each
   * minute: after midnight, or when the clock is moved with FAKE_NOW / PUT /api/admin/clock on a preview server).
   */
  start(): void {
    const ms = this.options.config.bookingMailMinutes * 60_000
    if (ms <= 0 || this.stopped) return
    let day = ''
    const tick = () => {
      day = studioToday(this.options.now())
      void this.runOnce().catch((err) => console.error('The booking e-mails could not run:', err))
    }
    tick()
    this.timer = setInterval(tick, ms)
    this.timer.unref()
    this.dayTimer = setInterval(() => studioToday(this.options.now()) !== day && tick(), Math.min(ms, DAY_CHECK_MS))
    this.dayTimer.unref()
  }

  /** Stops the timers and waits for a run in progress (its send is finished and recorded). */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    clearInterval(this.dayTimer)
    await this.queue.run(async () => undefined)
  }

  /** Plans, decides and sends what is due at `now`; one run at a time per data directory. */
  runOnce(now: Date = this.options.now()): Promise<RunSummary> {
    return this.queue.run(() => this.run(now))
  }

  private async leads(today: string): Promise<Map<string, Lead>> {
    const [records, quotes] = await Promise.all([this.options.inquiries.list('all'), this.options.quotes.all()])
    const newest = new Map<string, QuoteRecord>()
    for (const q of quotes) if ((newest.get(q.inquiryId)?.version ?? 0) < q.version) newest.set(q.inquiryId, q)
    return new Map(records.map((record) => [record.id, leadOf(record, newest.get(record.id), today)]))
  }

  private async plans(now: Date) {
    const today = studioToday(now)
    const [settings, pricing, leads] = await Promise.all([
      readBookingMail(this.options.store),
      readPricing(this.options.store),
      this.leads(today),
    ])
    const planned = [...leads.values()].map((lead) => ({ lead, mails: planLead(lead.facts, settings, pricing.balanceDueDays) }))
    return { today, settings, balanceDueDays: pricing.balanceDueDays, leads, planned }
  }

  private async run(now: Date): Promise<RunSummary> {
    const summary: RunSummary = { decided: 0, sent: 0, failed: 0 }
    const { outbox } = this.options
    if (this.stopped || !outbox.configured) return summary
    const started = new Date().toISOString()
    const { today, leads, planned } = await this.plans(now)
    const due = new Set<string>()
    for (const { mails } of planned) {
      for (const mail of dueToday(mails, today)) {
        due.add(mail.key)
        if (!(await this.journal.decide(mail, now))) continue
        summary.decided++
        outbox.enqueueMail(CHANNEL, mail.key)
      }
    }
    for (const entry of await this.journal.all()) {
      if (entry.state === 'sent' || entry.state === 'dropped' || entry.state === 'unsure') continue
      const lead = leads.get(entry.inquiryId)
      // Sent and recorded on the inquiry just before a crash: only the journal is behind.
      if (lead?.record.bookingMail?.sent.some((s) => s.key === entry.key))
        await this.journal.update(entry.key, (e) => ({ ...e, state: 'sent' }))
      // Handed to SMTP when a process died: it may have gone, so it is never sent again ("Coming up" says so). One
      // this process is sending now (picked up by the outbox at start, or a retry) is left to that send.
      else if (entry.state === 'sending' && !this.journal.isSending(entry.key))
        await this.journal.update(entry.key, (e) => ({ ...e, state: 'unsure', lastError: STOPPED_MID_SEND }))
      // No longer due (paid, switched off, the lead moved on, its day passed): let go.
      else if (!due.has(entry.key)) await this.journal.update(entry.key, (e) => ({ ...e, state: 'dropped' }))
    }
    // What the outbox made of it (sent, or failed and retried later by the outbox).
    await outbox.settled()
    for (const e of await this.journal.all()) {
      if (e.state === 'sent' && (e.sentAt ?? '') >= started) summary.sent++
      if (e.state === 'failed' && (e.lastAttemptAt ?? '') >= started) summary.failed++
    }
    return summary
  }

  /**
   * Whether the lead still gets this e-mail (not paid, not switched off, not moved on) and its last day has not passed;
   * a deleted lead's fails in compose, saying so.
   */
  private async stillPlanned(e: JournalEntry): Promise<boolean> {
    const { inquiries, quotes, store } = this.options
    const record = await inquiries.find(e.inquiryId)
    if (!record) return true
    const [settings, pricing, leadQuotes] = await Promise.all([readBookingMail(store), readPricing(store), quotes.forInquiry(record.id)])
    const today = studioToday(this.options.now())
    const { facts } = leadOf(record, leadQuotes.at(-1), today)
    return planLead(facts, settings, pricing.balanceDueDays).some((m) => m.key === e.key && today <= m.lastDay)
  }

  /** The booking e-mails as a channel of the mail outbox: their state in the journal, sent and retried by the outbox. */
  private channel(): MailChannel {
    const { inquiries, quotes, store, config } = this.options
    return {
      name: CHANNEL,
      all: async () =>
        (await this.journal.all()).flatMap((e) => {
          const state = mailStateOf(e)
          return state ? [{ key: e.key, state }] : []
        }),
      // Asked before each try: one paid, switched off or no longer planned meanwhile (a retry, or one picked up after
      // a restart before the first run) is let go here, not sent.
      state: async (key) => {
        const e = await this.journal.find(key)
        if (!e) return undefined
        if (e.state !== 'decided' && e.state !== 'failed') return mailStateOf(e)
        if (!(await this.stillPlanned(e))) {
          await this.journal.update(key, (x) => ({ ...x, state: 'dropped' }))
          return undefined
        }
        // Marked as being sent before the message is made and handed over, in one step with the check: of two
        // schedulers on one data folder picking it up, one sends it; a process killed from here on leaves this mark,
        // never a resend.
        const claimed = await this.journal.claim(key)
        return claimed ? mailStateOf(claimed) : undefined
      },
      compose: async (key, addresses) => {
        const entry = await this.journal.find(key)
        const record = entry && (await inquiries.find(entry.inquiryId))
        if (!entry || !record) throw new Error(`No inquiry for booking e-mail ${key}`)
        const [settings, pricing, leadQuotes] = await Promise.all([
          readBookingMail(store),
          readPricing(store),
          quotes.forInquiry(record.id),
        ])
        const lead = leadOf(record, leadQuotes.at(-1), studioToday(this.options.now()))
        const quoteLink = lead.quote ? `${config.publicOrigin}/quote/${lead.quote.token}` : ''
        const { inquiry } = record
        const values: MailValues = {
          firstName: inquiry.firstName,
          clientName: `${inquiry.firstName} ${inquiry.lastName}`.trim(),
          eventDate: shortEventDate(inquiry.eventDate),
          balance: formatMoney(lead.facts.quote?.remainingCents ?? 0),
          balanceDueDate: shortEventDate(entry.dueDate ?? balanceDueDate(inquiry.eventDate, pricing.balanceDueDays)),
          payLink: quoteLink,
          quoteLink,
          reviewLink: settings.reviewUrl,
          studioName: addresses.brand,
        }
        return composeBookingMail(settings[entry.kind], values, entry.to === 'owner' ? 'owner' : { client: inquiry.email }, addresses)
      },
      record: async (key, state) => {
        const entry = await this.journal.find(key)
        if (!entry) return
        if (state.state === 'sent') {
          const at = state.sentAt ?? new Date().toISOString()
          await inquiries.update(entry.inquiryId, (r) => {
            const sent = r.bookingMail?.sent ?? []
            if (sent.some((s) => s.key === key)) return r
            return { ...r, bookingMail: { ...r.bookingMail, sent: [...sent, { key, kind: entry.kind, to: entry.to, at }] } }
          })
          await this.journal.update(key, (e) => ({ ...e, state: 'sent', attempts: state.attempts, sentAt: at }))
          return
        }
        await this.journal.update(key, (e) => ({
          ...e,
          state: 'failed',
          attempts: state.attempts,
          lastAttemptAt: new Date().toISOString(),
          ...(state.lastError ? { lastError: state.lastError } : {}),
          nextAttemptAt: state.nextAttemptAt,
        }))
      },
    }
  }

  /** What the inbox shows at a glance: overdue balances, e-mails due or failing, and those of the next two weeks. */
  async upcoming(now: Date = this.options.now()): Promise<UpcomingMail[]> {
    const { today, planned } = await this.plans(now)
    const journal = new Map((await this.journal.all()).map((e) => [e.key, e]))
    const horizon = addDays(today, UPCOMING_DAYS)
    const out: UpcomingMail[] = []
    for (const { lead, mails } of planned) {
      const dueNow = new Set(dueToday(mails, today).map((m) => m.key))
      const name = `${lead.record.inquiry.firstName} ${lead.record.inquiry.lastName}`.trim()
      for (const m of mails) {
        const entry = journal.get(m.key)
        const base = { inquiryId: m.inquiryId, name, kind: m.kind, to: m.to, date: m.date }
        if (m.kind === 'balanceOverdue' && dueNow.has(m.key)) out.push({ ...base, state: 'overdue' })
        else if (entry?.state === 'unsure' && dueNow.has(m.key)) out.push({ ...base, state: 'failed', lastError: STOPPED_MID_SEND })
        else if (entry?.state === 'sent' || entry?.state === 'dropped' || entry?.state === 'unsure') continue
        else if (dueNow.has(m.key))
          out.push({
            ...base,
            state: entry?.state === 'failed' ? 'failed' : 'due',
            ...(entry?.lastError ? { lastError: entry.lastError } : {}),
          })
        else if (m.date > today && m.date <= horizon) out.push({ ...base, state: 'scheduled' })
      }
    }
    const rank = { overdue: 0, failed: 1, due: 2, scheduled: 3 }
    return out.sort((a, b) => rank[a.state] - rank[b.state] || a.date.localeCompare(b.date))
  }
}

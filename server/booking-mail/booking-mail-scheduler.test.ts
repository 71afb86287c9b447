// The booking e-mails' timer with an injected clock: a run at start, one per interval, one when the studio's day changes
// (midnight, or a clock moved on a preview server); none once stopped; none at all when switched off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InquiryStore } from '../inquiries/inquiries.store'
import type { InquiryRecord } from '../inquiries/inquiry-record.schema'
import type { MailOutbox } from '../inquiries/mail-outbox'
import type { ContentStore } from '../lib/content-store'
import type { QuoteRecord } from '../quotes/quote.schema'
import type { QuoteStore } from '../quotes/quotes.store'
import { BookingMailScheduler, remainingCents } from './booking-mail-scheduler'

let clock: Date
const scheduler = (minutes: number, dataDir: string) => {
  const s = new BookingMailScheduler({
    config: { dataDir, publicOrigin: 'http://site.test', bookingMailMinutes: minutes, mailRetryDelaysMs: [1000] },
    store: {} as ContentStore,
    inquiries: {} as InquiryStore,
    quotes: {} as QuoteStore,
    outbox: { configured: true, addChannel: () => undefined } as unknown as MailOutbox,
    now: () => clock,
  })
  const runs = vi.spyOn(s, 'runOnce').mockResolvedValue({ decided: 0, sent: 0, failed: 0 })
  return { s, runs }
}

beforeEach(() => {
  vi.useFakeTimers()
  // 11 pm in the studio (Pacific): an hour before its midnight.
  clock = new Date('2026-06-10T06:00:00Z')
})
afterEach(() => vi.useRealTimers())

describe('the booking e-mail timer', () => {
  it('runs at start, every interval, and as soon as the studio day changes', async () => {
    const { s, runs } = scheduler(15, '/tmp/booking-mail-timer-a')
    s.start()
    expect(runs).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(runs).toHaveBeenCalledTimes(1)
    // Past the studio's midnight: the next minute's check runs it, without waiting for the interval.
    clock = new Date('2026-06-10T07:00:30Z')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(3 * 60_000)
    expect(runs).toHaveBeenCalledTimes(2)
    // A preview server's clock moved a week on.
    clock = new Date('2026-06-17T19:00:00Z')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(15 * 60_000)
    expect(runs.mock.calls.length).toBeGreaterThanOrEqual(4)
    await s.stop()
    const stopped = runs.mock.calls.length
    clock = new Date('2026-06-20T19:00:00Z')
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(runs).toHaveBeenCalledTimes(stopped)
  })

  it('BOOKING_MAIL_MINUTES=off: never runs by itself', async () => {
    const { s, runs } = scheduler(0, '/tmp/booking-mail-timer-b')
    s.start()
    clock = new Date('2026-06-12T19:00:00Z')
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(runs).not.toHaveBeenCalled()
    await s.stop()
  })
})

describe('what is still to pay', () => {
  const signed = {
    id: 'q-1',
    signature: { totals: { totalCents: 100_000, depositCents: 30_000, balanceCents: 70_000 } },
  } as unknown as QuoteRecord
  const lead = (deposit?: { amount: number; date: string }) => ({ deposit }) as unknown as InquiryRecord
  const paid = (kind: 'deposit' | 'balance', amountCents: number, refundedCents?: number) => ({
    kind,
    amountCents,
    at: '',
    sessionId: `s-${kind}`,
    paymentIntent: null,
    eventId: 'e',
    ...(refundedCents ? { refundedCents } : {}),
  })

  it('is the total less card payments net of refunds, or less a deposit recorded by hand', () => {
    expect(remainingCents({ ...signed, signature: undefined } as QuoteRecord, lead())).toBe(0)
    expect(remainingCents(signed, lead())).toBe(100_000)
    expect(remainingCents(signed, lead({ amount: 300, date: '2026-06-01' }))).toBe(70_000)
    expect(remainingCents({ ...signed, payments: [paid('deposit', 30_000)] }, lead({ amount: 300, date: '2026-06-01' }))).toBe(70_000)
    expect(remainingCents({ ...signed, payments: [paid('deposit', 30_000), paid('balance', 70_000)] }, lead())).toBe(0)
    expect(remainingCents({ ...signed, payments: [paid('deposit', 30_000), paid('balance', 70_000, 20_000)] }, lead())).toBe(20_000)
  })
})

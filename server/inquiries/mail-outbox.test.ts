import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InquiryStore } from './inquiries.store'
import { MailOutbox, smtpSender } from './mail-outbox'
import { sampleInquiry, until } from './testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from './testing-smtp'

const inquiry = { ...sampleInquiry(), eventDetails: 'Backyard party\nfor 40 guests' }

let dataDir: string
let smtp: TestSmtp
const outboxes: MailOutbox[] = []

function outbox(store: InquiryStore, url = smtp.url) {
  const o = new MailOutbox({
    store,
    sender: smtpSender(url),
    addresses: async () => ({ from: 'site@studio.test', to: 'owner@studio.test', brand: 'Test Studio' }),
    retryScheduleMs: [100, 200],
  })
  outboxes.push(o)
  return o
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-'))
  smtp = await startTestSmtp()
})

afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop()
  await smtp.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('mail outbox', () => {
  it('e-mails a stored inquiry to the studio with every answer and Reply-To the visitor', async () => {
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const record = await store.create(inquiry, o.initialState())
    o.enqueue(record.id)
    const [mail] = await smtp.waitFor(1)
    expect(mail.to).toEqual(['owner@studio.test'])
    expect(mail.from).toBe('site@studio.test')
    const parsed = parseMail(mail.raw)
    expect(parsed.subject).toBe('New inquiry: Balloon Garlands — Jane Doe, 2099-12-05')
    expect(parsed.headers['reply-to']).toContain('jane@example.com')
    for (const text of [
      '503-555-0100',
      '1 Main St',
      '97201',
      'Backyard party',
      'Instagram',
      'Blush, Ivory',
      'Garland length: 12 ft',
      'Setting: Outdoor',
    ]) {
      expect(parsed.text).toContain(text)
    }
    expect(parsed.html).toContain('Garland length')
    const sent = await until(
      () => store.find(record.id),
      (r) => r?.mail.state === 'sent',
    )
    expect(sent!.mail.attempts).toBe(1)
    expect(sent!.mail.sentAt).toBeTruthy()
  })

  it('retries while SMTP is down, across a restart, and delivers exactly once', async () => {
    await smtp.stop()
    const store = new InquiryStore(dataDir)
    const first = outbox(store)
    await first.start()
    const record = await store.create(inquiry, first.initialState())
    first.enqueue(record.id)
    const failed = await until(
      () => store.find(record.id),
      (r) => (r?.mail.attempts ?? 0) >= 2,
    )
    expect(failed!.mail.state).toBe('failed')
    expect(failed!.mail.lastError).toMatch(/ECONNREFUSED/)
    expect(failed!.mail.nextAttemptAt).toBeTruthy()
    await first.stop()

    await smtp.start()
    const second = outbox(new InquiryStore(dataDir))
    await second.start()
    await smtp.waitFor(1)
    const sent = await until(
      () => store.find(record.id),
      (r) => r?.mail.state === 'sent',
    )
    expect(sent!.mail.attempts).toBeGreaterThanOrEqual(3)
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.received).toHaveLength(1)
  })

  it('never sends an inquiry already marked sent, even after a restart', async () => {
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const record = await store.create(inquiry, o.initialState())
    o.enqueue(record.id)
    await until(
      () => store.find(record.id),
      (r) => r?.mail.state === 'sent',
    )
    await o.stop()
    const again = outbox(store)
    await again.start()
    again.enqueue(record.id)
    await again.settled()
    expect(smtp.received).toHaveLength(1)
  })

  it('stores inquiries as not-configured when there is no SMTP', async () => {
    const store = new InquiryStore(dataDir)
    const o = new MailOutbox({
      store,
      sender: null,
      retryScheduleMs: [1000],
      addresses: async () => ({ from: 'x@y.z', to: 'a@b.c', brand: 'B' }),
    })
    expect(o.initialState()).toEqual({ state: 'not-configured', attempts: 0 })
  })
})

describe('mail outbox backoff', () => {
  it('sends the ones waiting out their backoff as soon as another message gets through', async () => {
    await smtp.stop()
    const store = new InquiryStore(dataDir)
    const o = new MailOutbox({
      store,
      sender: smtpSender(smtp.url),
      addresses: async () => ({ from: 'site@studio.test', to: 'owner@studio.test', brand: 'Test Studio' }),
      retryScheduleMs: [60_000],
    })
    outboxes.push(o)
    await o.start()
    const waiting = await store.create(inquiry, o.initialState())
    o.enqueue(waiting.id)
    await until(
      () => store.find(waiting.id),
      (r) => r?.mail.state === 'failed',
    )
    await smtp.start()
    const fresh = await store.create({ ...inquiry, firstName: 'Kim' }, o.initialState())
    o.enqueue(fresh.id)
    await smtp.waitFor(2)
    await until(
      () => store.find(waiting.id),
      (r) => r?.mail.state === 'sent',
    )
  })
})

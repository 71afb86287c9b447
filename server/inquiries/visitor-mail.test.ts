// The visitor's confirmation e-mail through the mail queue and a real SMTP server: sent once, tracked apart from the studio's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../lib/config'
import { InquiryStore } from './inquiries.store'
import { MailOutbox, smtpSender } from './mail-outbox'
import { sampleInquiry, until } from './testing-inquiry'
import { parseMail, startTestSmtp, type ReceivedMail, type TestSmtp } from './testing-smtp'
import { formatEventDate } from './visitor-mail'

const inquiry = { ...sampleInquiry(), eventDetails: 'Backyard party\nfor 40 guests' }

let dataDir: string
let smtp: TestSmtp
const outboxes: MailOutbox[] = []

function outbox(store: InquiryStore, confirmVisitor = true) {
  const o = new MailOutbox({
    store,
    sender: smtpSender(smtp.url),
    addresses: async () => ({
      from: 'site@studio.test',
      to: 'owner@studio.test',
      brand: 'Test Studio',
      contact: { email: 'hello@studio.test', phone: '(503) 555-0142' },
    }),
    retryScheduleMs: [100, 200],
    confirmVisitor,
  })
  outboxes.push(o)
  return o
}

async function submitted(o: MailOutbox, store: InquiryStore, extra: Partial<typeof inquiry> = {}) {
  const record = await store.create({ ...inquiry, ...extra }, o.initialState(), new Date(), o.initialConfirmation())
  o.enqueue(record.id)
  return record
}

const to = (address: string) => (m: ReceivedMail) => m.to.includes(address)

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confirm-'))
})

afterEach(async () => {
  for (const o of outboxes.splice(0)) await o.stop()
  await smtp.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('visitor confirmation e-mail', () => {
  it('sends the studio e-mail and the confirmation once each, tracked separately', async () => {
    smtp = await startTestSmtp()
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const record = await submitted(o, store)
    expect(record.confirmation).toEqual({ state: 'pending', attempts: 0 })
    await smtp.waitFor(2)
    const done = await until(
      () => store.find(record.id),
      (r) => r?.mail.state === 'sent' && r.confirmation?.state === 'sent',
    )
    expect(done!.mail).toMatchObject({ state: 'sent', attempts: 1 })
    expect(done!.confirmation).toMatchObject({ state: 'sent', attempts: 1 })
    expect(done!.confirmation!.sentAt).toBeTruthy()

    const studio = smtp.received.filter(to('owner@studio.test'))
    const visitor = smtp.received.filter(to('jane@example.com'))
    expect(studio).toHaveLength(1)
    expect(visitor).toHaveLength(1)
    expect(visitor[0].to).toEqual(['jane@example.com'])
    expect(visitor[0].from).toBe('site@studio.test')
    const mail = parseMail(visitor[0].raw)
    expect(mail.subject).toBe('We received your inquiry — Test Studio')
    expect(mail.headers.from).toBe('Test Studio <site@studio.test>')
    expect(mail.headers['reply-to']).toBe('Test Studio <hello@studio.test>')
    // The bare address: the name is free text the sender typed.
    expect(mail.headers.to).toBe('jane@example.com')
    for (const part of [mail.text, mail.html]) {
      for (const text of [
        'Hello,',
        'Test Studio',
        'Balloon Garlands',
        'Saturday, December 5, 2099',
        'within one business day',
        '(503) 555-0142',
        'hello@studio.test',
      ]) {
        expect(part).toContain(text)
      }
      // Only the service and date of what the visitor sent; none of their free text, nothing else from the record.
      for (const text of [
        'Jane',
        'Doe',
        'Portland',
        '503-555-0100',
        '1 Main St',
        '97201',
        'Backyard party',
        'Blush',
        'Garland length',
        'Outdoor',
        record.id,
      ]) {
        expect(part).not.toContain(text)
      }
    }

    // A restart on the same data directory sends neither again.
    await o.stop()
    const again = outbox(new InquiryStore(dataDir))
    await again.start()
    again.enqueue(record.id)
    await again.settled()
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received).toHaveLength(2)
  })

  it('sends only the studio e-mail when confirmations are off', async () => {
    smtp = await startTestSmtp()
    const store = new InquiryStore(dataDir)
    const o = outbox(store, false)
    await o.start()
    const record = await submitted(o, store)
    expect(record.confirmation).toBeUndefined()
    await until(
      () => store.find(record.id),
      (r) => r?.mail.state === 'sent',
    )
    await o.settled()
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received.map((m) => m.to)).toEqual([['owner@studio.test']])
    expect((await store.find(record.id))!.confirmation).toBeUndefined()
  })

  it('keeps retrying a confirmation the server refuses while the studio e-mail goes out, then sends it once', async () => {
    let refuse = true
    smtp = await startTestSmtp({ rejectRecipient: (address) => refuse && address.endsWith('@example.com') })
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const record = await submitted(o, store)
    const failing = await until(
      () => store.find(record.id),
      (r) => r?.mail.state === 'sent' && (r.confirmation?.attempts ?? 0) >= 2,
    )
    expect(failing!.mail).toMatchObject({ state: 'sent', attempts: 1 })
    expect(failing!.confirmation!.state).toBe('failed')
    expect(failing!.confirmation!.lastError).toMatch(/Recipient address rejected/)
    expect(failing!.confirmation!.nextAttemptAt).toBeTruthy()
    expect(smtp.received.map((m) => m.to)).toEqual([['owner@studio.test']])

    refuse = false
    const sent = await until(
      () => store.find(record.id),
      (r) => r?.confirmation?.state === 'sent',
    )
    expect(sent!.confirmation!.attempts).toBeGreaterThanOrEqual(3)
    expect(sent!.mail).toEqual(failing!.mail)
    await new Promise((r) => setTimeout(r, 400))
    expect(smtp.received.filter(to('jane@example.com'))).toHaveLength(1)
    expect(smtp.received.filter(to('owner@studio.test'))).toHaveLength(1)
  })

  it('sends the confirmation even while the studio address is refused', async () => {
    smtp = await startTestSmtp({ rejectRecipient: (address) => address.endsWith('@studio.test') })
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const record = await submitted(o, store)
    const r = await until(
      () => store.find(record.id),
      (r) => r?.confirmation?.state === 'sent' && (r.mail.attempts ?? 0) >= 2,
    )
    expect(r!.mail.state).toBe('failed')
    expect(smtp.received.map((m) => m.to)).toEqual([['jane@example.com']])
  })

  it("a stranger's address typed in the form receives none of the words the sender chose", async () => {
    smtp = await startTestSmtp()
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const spam = 'WIN a FREE cruise at scam.example'
    await submitted(o, store, { firstName: spam, lastName: '<script>alert("x")</script>', city: 'Call 555-0000 now & <b>Vancouver</b>' })
    await smtp.waitFor(2)
    const raw = smtp.received.find(to('jane@example.com'))!.raw
    const mail = parseMail(raw)
    for (const part of [mail.text, mail.html, mail.headers.to]) {
      for (const text of ['cruise', 'scam.example', 'script', 'Call 555-0000', 'Vancouver']) expect(part).not.toContain(text)
    }
    expect(raw).not.toMatch(/cruise|scam\.example|Vancouver/)
  })

  it('sends no confirmation for an inquiry stored before confirmations existed', async () => {
    smtp = await startTestSmtp()
    const id = '2026-11-01T10-00-00-000Z-abcdef'
    mkdirSync(join(dataDir, 'inquiries'), { recursive: true })
    const old = { id, receivedAt: '2026-11-01T10:00:00.000Z', status: 'new', inquiry, mail: { state: 'pending', attempts: 0 } }
    writeFileSync(join(dataDir, 'inquiries', `${id}.json`), JSON.stringify(old, null, 2))
    const store = new InquiryStore(dataDir)
    const o = outbox(store)
    await o.start()
    const sent = await until(
      () => store.find(id),
      (r) => r?.mail.state === 'sent',
    )
    expect(sent!.confirmation).toBeUndefined()
    await o.settled()
    expect(smtp.received.map((m) => m.to)).toEqual([['owner@studio.test']])
  })
})

describe('MAIL_CONFIRM_VISITOR', () => {
  it('is on unless turned off', () => {
    smtp = { stop: async () => undefined } as TestSmtp
    expect(loadConfig({}).mailConfirmVisitor).toBe(true)
    for (const off of ['0', 'false', 'off', 'no']) expect(loadConfig({ MAIL_CONFIRM_VISITOR: off }).mailConfirmVisitor).toBe(false)
    expect(loadConfig({ MAIL_CONFIRM_VISITOR: 'on' }).mailConfirmVisitor).toBe(true)
    expect(loadConfig({ MAIL_CONFIRM_VISITOR: 'OFF' }).mailConfirmVisitor).toBe(false)
    expect(() => loadConfig({ MAIL_CONFIRM_VISITOR: 'maybe' })).toThrow(/MAIL_CONFIRM_VISITOR/)
  })

  it('formats the event date in words, and leaves anything else as sent', () => {
    expect(formatEventDate('2099-12-05')).toBe('Saturday, December 5, 2099')
    expect(formatEventDate('next spring')).toBe('next spring')
  })
})

// The client's quote e-mails as the outbox gets them (issue 32), without SMTP: who each is from, to and answered to,
// the message and its attachment, a receipt's remaining balance right after its payment, the mails that cannot be
// composed (each with its reason), the states kept on the quote, and the signed copy kept as first made.
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InquiryStore } from '../inquiries/inquiries.store'
import type { MailState } from '../inquiries/inquiry-record.schema'
import type { MailAddresses, MailChannel, MailOutbox } from '../inquiries/mail-outbox'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { quoteTotals } from '../pricing/money'
import type { Payment, QuoteRecord } from './quote.schema'
import { composeQuoteLink, composeReceipt, composeSignedCopy } from './quote-mail'
import { QuoteMail } from './quote-mail-channel'
import { QuoteStore } from './quotes.store'
import { pdfTextLines } from './testing-pdf'

const PENDING: MailState = { state: 'pending', attempts: 0 }
let dataDir: string
let quotes: QuoteStore
let inquiries: InquiryStore
let channel: MailChannel
let enqueued: [string, string][]
let mail: QuoteMail
let configured: boolean
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quote-mail-'))
  quotes = new QuoteStore(dataDir)
  inquiries = new InquiryStore(dataDir)
  enqueued = []
  configured = true
  const outbox = {
    addChannel: (c: MailChannel) => (channel = c),
    get configured() {
      return configured
    },
    initialState: () => PENDING,
    enqueueMail: (name: string, key: string) => enqueued.push([name, key]),
  } as unknown as MailOutbox
  mail = new QuoteMail({ dataDir, publicOrigin: 'https://studio.test', outbox, quotes, inquiries })
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

const addresses: MailAddresses = { from: 'site@studio.test', to: 'inbox@studio.test', brand: 'Peony & Pine' }
const lines = [
  { description: 'Arch', quantity: 1, unitPriceCents: 50_000 },
  { description: 'Lights', quantity: 1, unitPriceCents: 4_000, optional: true },
]
const payment = (over: Partial<Payment>): Payment => ({
  kind: 'deposit',
  amountCents: 15_000,
  at: '2026-11-03T18:00:00.000Z',
  sessionId: 'cs_1',
  paymentIntent: 'pi_1',
  eventId: 'evt_1',
  ...over,
})

async function makeQuote(signed: boolean, extra: Partial<QuoteRecord> = {}) {
  const inquiry = await inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
  const money = { lines, deliveryFeeCents: 0, discountCents: 0, deposit: { percent: 30 } }
  const q = await quotes.create({ inquiryId: inquiry.id, createdAt: '2026-11-01T10:00:00.000Z', validUntil: '2099-01-31', ...money })
  const totals = quoteTotals(money, new Set([1]))
  const signature = {
    name: 'Jane Q. Doe',
    at: '2026-11-02T18:30:00.000Z',
    addOns: [1],
    textSha256: 'b'.repeat(64),
    agreementCommit: null,
    totals,
    shown: {
      studio: 'Peony & Pine',
      clientName: 'Jane Doe',
      eventDate: '2099-12-05',
      balanceDueDate: '2099-11-28',
      agreementText: 'Terms.',
    },
  }
  return (await quotes.update(q.id, (r) => ({ ...r, ...(signed ? { signature } : {}), ...extra })))!
}
const facts = (q: QuoteRecord) => ({
  brand: 'Peony & Pine',
  url: `https://studio.test/quote/${q.token}`,
  version: 1,
  eventDate: '2099-12-05',
})

describe('every e-mail', () => {
  it('is from the site under the brand, to the client with no display name, answered to the studio', async () => {
    const q = await makeQuote(false)
    expect(await channel.compose(`${q.id}/link`, addresses)).toMatchObject({
      from: { name: 'Peony & Pine', address: 'site@studio.test' },
      to: { name: '', address: 'jane@example.com' },
      replyTo: { name: 'Peony & Pine', address: 'inbox@studio.test' },
    })
    const named = await channel.compose(`${q.id}/link`, {
      ...addresses,
      from: 'Studio <site@studio.test>',
      contact: { email: 'hello@studio.test' },
    })
    expect(named).toMatchObject({ from: 'Studio <site@studio.test>', replyTo: { name: 'Peony & Pine', address: 'hello@studio.test' } })
    expect(enqueued).toEqual([])
  })
})

describe('the link', () => {
  it('gives the total and deposit without add-ons and the last day to accept, the link on the public origin', async () => {
    const q = await makeQuote(false)
    const composed = await channel.compose(`${q.id}/link`, addresses)
    const expected = composeQuoteLink({ ...facts(q), totals: quoteTotals({ lines, deposit: { percent: 30 } }), validUntil: '2099-01-31' })
    expect(composed).toMatchObject(expected)
    expect(composed.text).toContain('  Total: $500.00\n  Deposit to book the date: $150.00\n  Can be accepted until: 2099-01-31')
    expect(composed.text).toContain(`Open your quote: https://studio.test/quote/${q.token}`)
    expect(composed).not.toHaveProperty('attachments')
  })
})

describe('the signed copy', () => {
  it('says the signed totals, name, time and balance due date, with the PDF kept under its version number', async () => {
    const q = await makeQuote(true)
    const composed = await channel.compose(`${q.id}/signed`, addresses)
    const s = q.signature!
    expect(composed).toMatchObject(
      composeSignedCopy({ ...facts(q), totals: s.totals, name: 'Jane Q. Doe', at: s.at, balanceDueDate: '2099-11-28' }),
    )
    expect(composed.text).toContain('Balance: $378.00, due by 2099-11-28')
    expect(composed.attachments).toHaveLength(1)
    const [pdf] = composed.attachments!
    expect(pdf).toMatchObject({ filename: 'signed-quote-v1.pdf', contentType: 'application/pdf' })
    expect(pdf!.content.equals(readFileSync(join(dataDir, 'quotes', 'signed', `${q.id}.pdf`)))).toBe(true)
    expect(pdfTextLines(pdf!.content).join(' ')).toContain('Jane Q. Doe')
    expect(statSync(join(dataDir, 'quotes', 'signed')).mode & 0o777).toBe(0o700)
  })

  it('is kept as first made: a later change to the quote does not change the copy', async () => {
    const q = await makeQuote(true)
    const first = await mail.signedPdf(q)
    const later = { ...q, signature: { ...q.signature!, name: 'Someone Else', shown: { ...q.signature!.shown!, clientName: 'X' } } }
    expect((await mail.signedPdf(later))!.equals(first!)).toBe(true)
    writeFileSync(join(dataDir, 'quotes', 'signed', `${q.id}.pdf`), 'kept')
    expect((await mail.signedPdf(q))!.toString()).toBe('kept')
  })

  it('each signed quote keeps its own copy: the second one is made beside the first', async () => {
    const [one, two] = [await makeQuote(true), await makeQuote(true)]
    const [first, second] = [await mail.signedPdf(one), await mail.signedPdf(two)]
    expect(first!.equals(readFileSync(join(dataDir, 'quotes', 'signed', `${one.id}.pdf`)))).toBe(true)
    expect(second!.equals(readFileSync(join(dataDir, 'quotes', 'signed', `${two.id}.pdf`)))).toBe(true)
  })

  it('there is none before the signature, or for a signature without the text shown', async () => {
    const unsigned = await makeQuote(false)
    expect(await mail.signedPdf(unsigned)).toBeNull()
    await expect(channel.compose(`${unsigned.id}/signed`, addresses)).rejects.toThrow(`Quote ${unsigned.id} is not signed`)
    const old = await makeQuote(true)
    const { shown: _, ...without } = old.signature!
    await quotes.update(old.id, (r) => ({ ...r, signature: without }))
    expect(await mail.signedPdf({ ...old, signature: without })).toBeNull()
    await expect(channel.compose(`${old.id}/signed`, addresses)).rejects.toThrow(`Quote ${old.id} has no signed text to copy`)
  })
})

describe('a receipt', () => {
  it('gives what was left right after its payment, whatever came after it; an unknown session has none', async () => {
    const deposit = payment({})
    const balance = payment({ kind: 'balance', amountCents: 39_000, sessionId: 'cs_2', paymentIntent: null, eventId: 'evt_2' })
    const q = await makeQuote(true, { payments: [{ ...deposit, refundedCents: 15_000 }, balance] })
    const totals = q.signature!.totals
    expect(totals.totalCents).toBe(54_000)
    const first = await channel.compose(`${q.id}/receipt:cs_1`, addresses)
    expect(first).toMatchObject(composeReceipt({ ...facts(q), totals, payment: q.payments![0]!, remainingCents: 39_000 }))
    expect(first.text).toContain('Remaining balance: $390.00')
    const second = await channel.compose(`${q.id}/receipt:cs_2`, addresses)
    expect(second.text).toContain('Remaining balance: Nothing: paid in full')
    expect(second.text).toContain('Card payment reference: cs_2')
    await expect(channel.compose(`${q.id}/receipt:cs_9`, addresses)).rejects.toThrow(`Quote ${q.id} has no payment cs_9`)
    await expect(channel.compose(`${q.id}/cs_1`, addresses)).rejects.toThrow(`Quote ${q.id} has no payment `)
    await expect(channel.compose(`${q.id}/receiptXcs_1`, addresses)).rejects.toThrow(`Quote ${q.id} has no payment `)
    const unpaid = await makeQuote(true)
    await expect(channel.compose(`${unpaid.id}/receipt:cs_1`, addresses)).rejects.toThrow(`Quote ${unpaid.id} has no payment cs_1`)
  })
})

describe('a mail that cannot be composed', () => {
  it('names the quote that is gone, or whose inquiry is gone', async () => {
    await expect(channel.compose('q-0000000000000000/link', addresses)).rejects.toThrow('Quote q-0000000000000000 is gone')
    const q = await quotes.create({
      inquiryId: 'gone',
      createdAt: '',
      validUntil: '2099-01-31',
      lines,
      deliveryFeeCents: 0,
      discountCents: 0,
      deposit: { percent: 30 },
    })
    await expect(channel.compose(`${q.id}/link`, addresses)).rejects.toThrow(`The inquiry of quote ${q.id} is gone`)
  })
})

describe("the e-mails' states", () => {
  it('are listed, read and recorded on the quote by `<quote id>/<key>`, the other states kept', async () => {
    const q = await makeQuote(true, { mails: { link: { state: 'sent', attempts: 1 }, 'receipt:cs_1': PENDING } })
    const other = await makeQuote(false)
    expect(await channel.all()).toEqual(
      expect.arrayContaining([
        { key: `${q.id}/link`, state: { state: 'sent', attempts: 1 } },
        { key: `${q.id}/receipt:cs_1`, state: PENDING },
      ]),
    )
    expect(await channel.all()).toHaveLength(2)
    expect(await channel.state(`${q.id}/receipt:cs_1`)).toEqual(PENDING)
    expect(await channel.state(`${q.id}/signed`)).toBeUndefined()
    expect(await channel.state(`${other.id}/link`)).toBeUndefined()
    expect(await channel.state('q-0000000000000000/link')).toBeUndefined()
    await channel.record(`${q.id}/receipt:cs_1`, { state: 'sent', attempts: 1, sentAt: '2026-11-03T18:01:00.000Z' })
    expect((await quotes.find(q.id))!.mails).toEqual({
      link: { state: 'sent', attempts: 1 },
      'receipt:cs_1': { state: 'sent', attempts: 1, sentAt: '2026-11-03T18:01:00.000Z' },
    })
    expect(channel.name).toBe('quote')
  })

  it("are the outbox's: whether it is set up, the first state, and the job it is handed", async () => {
    expect(mail.configured).toBe(true)
    configured = false
    expect(mail.configured).toBe(false)
    expect(mail.initialState()).toBe(PENDING)
    mail.enqueue('q-0123456789abcdef', 'receipt:cs_1')
    expect(enqueued).toEqual([['quote', 'q-0123456789abcdef/receipt:cs_1']])
  })
})

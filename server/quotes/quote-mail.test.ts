// The client's quote e-mails over a real SMTP server: the link when a quote is made, the signed copy as a PDF on
// acceptance (the owner downloads the same file), a receipt per card payment sent once however often Stripe repeats
// the event and retried through a mail outage; the inquiries CSV with each lead's quote total, paid and balance.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sampleInquiry, until } from '../inquiries/testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from '../inquiries/testing-smtp'
import { formatMoney } from '../pricing/money'
import { createTestApp, type TestApp } from '../testing/test-app'
import { startMailOutbox } from '../inquiries/studio-mail'
import type { QuoteRecord } from './quote.schema'
import { QuoteMail } from './quote-mail-channel'
import { pdfTextLines } from './testing-pdf'
import { completedEvent, signedEvent, startFakeStripe, TEST_STRIPE_KEY, TEST_WEBHOOK_SECRET, type FakeStripe } from './testing-stripe'

const AGREEMENT =
  '# Agreement\n\n{clientName} books {studioName} on {eventDate}: total {total}, deposit {deposit}, balance {balance} due {balanceDueDate}.\n'

const quoteBody = {
  items: [
    { description: 'Organic arch, per foot', quantity: 12.5, unitPrice: 25 },
    { description: 'Bouquet', quantity: 3, unitPrice: 19.99 },
    { description: 'LED lights', quantity: 1, unitPrice: 40, optional: true },
    { description: 'Helium tank', quantity: 1, unitPrice: 15, optional: true },
  ],
  deliveryFee: 45,
  discount: 10,
  depositPercent: 33,
}

let stripe: FakeStripe
let smtp: TestSmtp
let t: TestApp
let cookie: string
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())
beforeEach(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@studio.test',
      MAIL_RETRY_DELAYS: '0.05',
      STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  })
  cookie = await t.login()
  writeFileSync(join(t.root, 'content/agreement.md'), AGREEMENT)
  t.git('add', 'content/agreement.md')
  t.git('commit', '-qm', 'Add the agreement')
})
afterEach(async () => {
  await t.cleanup()
  await smtp.stop()
})

const newInquiry = async (extra: Record<string, unknown> = {}) =>
  (await t.deps.inquiries.create(sampleInquiry(extra) as never, { state: 'sent', attempts: 1 })).id
async function makeQuote(inquiryId: string, body: object = quoteBody) {
  const res = await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, { json: body, cookie })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; token: string; url: string; version: number; mail: string; emailedTo: string | null }
}
const accept = (token: string, addOns: number[]) =>
  t.call('POST', `/api/quotes/${token}/accept`, { json: { name: 'Jane Q. Doe', agree: true, addOns } })
const record = (id: string) => JSON.parse(readFileSync(join(t.dataDir, 'quotes', `${id}.json`), 'utf8')) as QuoteRecord
const deliver = (delivery: { body: string; signature: string }) =>
  t.call('POST', '/api/stripe/webhook', {
    body: delivery.body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
  })
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw))

describe("the quote's link by e-mail", () => {
  it('making a quote e-mails the client its link and moves the lead to Quoted; a revision e-mails the new link', async () => {
    const inquiryId = await newInquiry()
    const q = await makeQuote(inquiryId)
    expect(q).toMatchObject({ mail: 'pending', emailedTo: 'jane@example.com' })
    const [mail] = await smtp.waitFor(1)
    expect(mail!.to).toEqual(['jane@example.com'])
    const parsed = parseMail(mail!.raw)
    expect(parsed.subject).toBe('Your quote from Test Balloon Studio')
    expect(parsed.text).toContain(`Open your quote: http://site.test/quote/${q.token}`)
    // 312.50 + 59.97 + 45 - 10 = 407.47 without add-ons; 33% deposit = 134.47
    expect(parsed.text).toContain('Total: $407.47')
    expect(parsed.text).toContain('Deposit to book the date: $134.47')
    expect(parsed.html).toContain(`href="http://site.test/quote/${q.token}"`)
    const lead = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(lead.status).toBe('quoted')
    expect(lead.notes.at(-1).text).toBe('Quote version 1 made: $407.47, deposit $134.47; its link is being e-mailed to jane@example.com')
    await until(
      async () => record(q.id).mails?.link?.state,
      (s) => s === 'sent',
    )

    const second = await makeQuote(inquiryId, { ...quoteBody, discount: 20 })
    const revised = parseMail((await smtp.waitFor(2))[1]!.raw)
    expect(revised.subject).toBe('Your updated quote from Test Balloon Studio')
    expect(revised.text).toContain(`http://site.test/quote/${second.token}`)
    expect(revised.text).toContain('Total: $397.47')
  })

  it('without SMTP the quote is still made and the owner is told to send the link herself', async () => {
    await t.cleanup()
    t = await createTestApp()
    cookie = await t.login()
    const inquiryId = await newInquiry()
    const q = await makeQuote(inquiryId)
    expect(q).toMatchObject({ mail: 'not-configured', emailedTo: null })
    const lead = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(lead.notes.at(-1).text).toMatch(/e-mail is not set up, so send the client its link yourself$/)
  })
})

describe('the signed copy', () => {
  it('on acceptance the client gets a PDF with the lines, add-ons chosen, signed totals, the text and the signature record', async () => {
    const inquiryId = await newInquiry()
    const q = await makeQuote(inquiryId)
    await smtp.waitFor(1)
    expect((await accept(q.token, [2])).status).toBe(200)
    const [, mail] = await smtp.waitFor(2)
    const parsed = parseMail(mail!.raw)
    expect(parsed.subject).toBe('Your signed agreement with Test Balloon Studio')
    expect(parsed.text).toContain('Balance: $299.80, due by 2099-11-28')
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([['signed-quote-v1.pdf', 'application/pdf']])
    const pdf = parsed.attachments[0]!.content
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    // Long lines wrap: the text is read as one run of words.
    const text = pdfTextLines(pdf).join(' ').replace(/\s+/g, ' ')
    const signature = record(q.id).signature!
    // The numbers are the signed record's (money.ts when signing): 447.47 with the lights, 33% = 147.67.
    expect(formatMoney(signature.totals.totalCents)).toBe('$447.47')
    for (const expected of [
      'Test Balloon Studio',
      'Client: Jane Doe',
      'Event date: 2099-12-05',
      'Organic arch, per foot (12.5 x $25.00)',
      '$312.50',
      'Bouquet (3 x $19.99)',
      '$59.97',
      'Add-on: LED lights (1 x $40.00)',
      'Delivery and set-up',
      '-$10.00',
      formatMoney(signature.totals.totalCents),
      formatMoney(signature.totals.depositCents),
      'Balance (due by 2099-11-28)',
      formatMoney(signature.totals.balanceCents),
      'Jane Doe books Test Balloon Studio on 2099-12-05: total $447.47, deposit $147.67, balance $299.80 due 2099-11-28.',
      'Signed by typing the full name: Jane Q. Doe',
      `SHA-256 of the agreement text above: ${signature.textSha256}`,
      `Agreement version (content commit): ${t.git('log', '-1', '--format=%H', '--', 'content/agreement.md').trim()}`,
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).toContain('$299.80')
    // The add-on not chosen is not on the signed copy.
    expect(text).not.toContain('Helium tank')

    // The owner sees the signature on the inquiry and downloads the same file (session only); it is kept in DATA_DIR.
    const [listed] = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json()
    expect(listed).toMatchObject({
      state: 'accepted',
      total: 447.47,
      signature: { name: 'Jane Q. Doe', textSha256: signature.textSha256, pdfUrl: `/api/admin/quotes/${q.id}/signed.pdf` },
    })
    await until(
      async () =>
        listed && (await (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json())[0].mails.signed?.state,
      (s) => s === 'sent',
    )
    const download = await t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`, { cookie })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true)
    expect((await t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`)).status).toBe(401)
    expect(existsSync(join(t.dataDir, 'quotes', 'signed', `${q.id}.pdf`))).toBe(true)
    expect(t.git('status', '--porcelain')).toBe('')
  })

  it('an unsigned or unknown quote has no signed copy to download', async () => {
    const q = await makeQuote(await newInquiry())
    expect((await t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`, { cookie })).status).toBe(404)
    expect((await t.call('GET', '/api/admin/quotes/q-0000000000000000/signed.pdf', { cookie })).status).toBe(404)
  })
})

describe('the receipt for a card payment', () => {
  it('is sent once however often the event arrives, and a mail outage keeps the payment and retries the receipt', async () => {
    const inquiryId = await newInquiry()
    const q = await makeQuote(inquiryId, { items: [{ description: 'Arch', quantity: 1, unitPrice: 500 }], depositPercent: 30 })
    expect((await accept(q.token, [])).status).toBe(200)
    await smtp.waitFor(2)
    await smtp.stop()
    const event = signedEvent(completedEvent('evt_1', { id: 'cs_test_9', quoteId: q.id, kind: 'deposit', amount: 15_000 }))
    expect((await deliver(event)).status).toBe(200)
    expect((await deliver(event)).status).toBe(200)
    expect(
      (await deliver(signedEvent(completedEvent('evt_2', { id: 'cs_test_9', quoteId: q.id, kind: 'deposit', amount: 15_000 })))).status,
    ).toBe(200)
    // SMTP is down: the payment and the booking stand, the receipt waits for its next attempt.
    const failed = await until(
      async () => record(q.id),
      (r) => r.mails?.['receipt:cs_test_9']?.state === 'failed',
    )
    expect(failed.payments).toHaveLength(1)
    expect(failed.mails!['receipt:cs_test_9']!.nextAttemptAt).toBeDefined()
    // The owner sees it on the inquiry's quote.
    const [listed] = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json()
    expect(listed.mails['receipt:cs_test_9']).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('ECONNREFUSED'),
      nextAttemptAt: expect.any(String),
    })
    expect(await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()).toMatchObject({
      status: 'booked',
      deposit: { amount: 150 },
    })

    await smtp.start()
    await until(
      async () => record(q.id).mails?.['receipt:cs_test_9']?.state,
      (s) => s === 'sent',
    )
    expect((await deliver(event)).status).toBe(200)
    await t.deps.mailOutbox.settled()
    const receipts = mailsTo('jane@example.com').filter((m) => m.subject.startsWith('Receipt'))
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.subject).toBe('Receipt: $150.00 deposit paid to Test Balloon Studio')
    expect(receipts[0]!.text).toContain(
      'Thank you! We received your card payment of $150.00 for the deposit of your event on 2099-12-05 (quote version 1).',
    )
    expect(receipts[0]!.text).toContain('Remaining balance: $350.00')
    expect(receipts[0]!.text).toContain('Card payment reference: pi_cs_test_9')

    // The balance: its own receipt, nothing left to pay.
    await deliver(signedEvent(completedEvent('evt_3', { id: 'cs_test_10', quoteId: q.id, kind: 'balance', amount: 35_000 })))
    await until(
      async () => mailsTo('jane@example.com').filter((m) => m.subject.startsWith('Receipt')),
      (r) => r.length === 2,
    )
    const balance = mailsTo('jane@example.com').filter((m) => m.subject.startsWith('Receipt'))[1]!
    expect(balance.subject).toBe('Receipt: $350.00 balance paid to Test Balloon Studio')
    expect(balance.text).toContain('Remaining balance: Nothing: paid in full')
  })

  it('a receipt still waiting when the server stops is sent by the next one', async () => {
    const inquiryId = await newInquiry()
    const q = await makeQuote(inquiryId, { items: [{ description: 'Arch', quantity: 1, unitPrice: 500 }], depositPercent: 30 })
    await accept(q.token, [])
    await smtp.waitFor(2)
    await smtp.stop()
    await deliver(signedEvent(completedEvent('evt_1', { id: 'cs_test_9', quoteId: q.id, kind: 'deposit', amount: 15_000 })))
    await until(
      async () => record(q.id).mails?.['receipt:cs_test_9']?.state,
      (s) => s === 'failed',
    )
    await smtp.start()
    // The server stops; a new one on the same data directory: the outbox and the quote channel as app-deps.ts wires them.
    await t.deps.mailOutbox.stop()
    const outbox = startMailOutbox({ config: t.config, store: t.deps.store, inquiries: t.deps.inquiries, photoLinks: t.deps.photoLinks })
    new QuoteMail({ dataDir: t.dataDir, publicOrigin: t.config.publicOrigin, outbox, quotes: t.deps.quotes, inquiries: t.deps.inquiries })
    try {
      await until(
        async () => record(q.id).mails?.['receipt:cs_test_9']?.state,
        (s) => s === 'sent',
      )
      expect(mailsTo('jane@example.com').filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1)
    } finally {
      await outbox.stop()
    }
  })
})

describe('the inquiries CSV', () => {
  it('gains the quote total, paid and balance of each lead, in cents as signed (percent deposit rounded half up)', async () => {
    const signed = await newInquiry({ firstName: 'Signed' })
    const open = await newInquiry({ firstName: 'Open' })
    await newInquiry({ firstName: 'Noquote' })
    const q = await makeQuote(signed)
    await makeQuote(open)
    await accept(q.token, [2, 3])
    // 407.47 + 40 + 15 = 462.47; 33% = 152.6151 -> 152.62 paid by card, 309.85 left
    await deliver(signedEvent(completedEvent('evt_1', { id: 'cs_test_1', quoteId: q.id, kind: 'deposit', amount: 15_262 })))
    const csv = (await (await t.call('GET', '/api/admin/inquiries.csv', { cookie })).text()).replace(/^\uFEFF/, '')
    const [header, ...rows] = csv.trim().split('\r\n')
    expect(header!.split(',').slice(-3)).toEqual(['Quote total', 'Paid', 'Balance'])
    const last3 = (name: string) =>
      rows
        .find((r) => r.includes(`,${name},`))!
        .split(',')
        .slice(-3)
    expect(last3('Signed')).toEqual(['462.47', '152.62', '309.85'])
    expect(last3('Open')).toEqual(['407.47', '0.00', '407.47'])
    expect(last3('Noquote')).toEqual(['', '', ''])
  })
})

// The quote routes at their edges (issue 32), without SMTP or Stripe: the owner's download of the signed copy (its
// name, no-store, the 404 before a signature), two acceptances at once, in the same millisecond (one wins, the other
// is refused and changes nothing), the owner's list of payments and e-mail states, and the client's page of a quote whose lead was deleted.
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import type { TestApp } from '../testing/test-app'
import type { QuoteRecord } from './quote.schema'
import { useQuoteApp } from './testing-quote-app'

const app = useQuoteApp()
let t: TestApp
let cookie: string
let inquiryId: string
beforeEach(() => void ({ t, cookie, inquiryId } = app))

const items = [
  { description: 'Arch', quantity: 1, unitPrice: 200 },
  { description: 'Lights', quantity: 1, unitPrice: 40, optional: true },
]
async function makeQuote(body: object = { items, depositPercent: 50 }) {
  const res = await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, { json: body, cookie })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; token: string; version: number }
}
const accept = (token: string, name = 'Jane Doe', addOns: number[] = []) =>
  t.call('POST', `/api/quotes/${token}/accept`, { json: { name, agree: true, addOns } })
const list = async () => (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json()

describe("the owner's signed copy", () => {
  it('downloads as signed-quote-v<version>.pdf, never cached; before the signature and for an unknown quote, a 404', async () => {
    await makeQuote()
    const q = await makeQuote()
    const none = await t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`, { cookie })
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ error: 'No signed copy: this quote is unknown or not signed yet' })
    const unknown = await t.call('GET', '/api/admin/quotes/q-0000000000000000/signed.pdf', { cookie })
    expect(await unknown.json()).toEqual({ error: 'No signed copy: this quote is unknown or not signed yet' })
    expect((await accept(q.token)).status).toBe(200)
    const pdf = await t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`, { cookie })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="signed-quote-v2.pdf"')
    expect(pdf.headers.get('cache-control')).toBe('no-store')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })
})

describe('a signed copy that cannot be kept yet', () => {
  it('leaves the acceptance signed (200), logs why naming the quote, and the copy is made once it can be', async () => {
    const q = await makeQuote()
    // A file where the folder of signed copies goes: the copy cannot be written.
    mkdirSync(join(t.dataDir, 'quotes'), { recursive: true })
    writeFileSync(join(t.dataDir, 'quotes', 'signed'), '')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    onTestFinished(() => logged.mockRestore())
    const res = await accept(q.token)
    expect(res.status).toBe(200)
    expect((await res.json()).signed.name).toBe('Jane Doe')
    expect(logged.mock.calls.map((c) => String(c[0]))).toContainEqual(
      expect.stringMatching(new RegExp(`^The signed copy of quote ${q.id} could not be made yet: EEXIST: .*quotes/signed'$`)),
    )
    unlinkSync(join(t.dataDir, 'quotes', 'signed'))
    const pdf = await t.call('GET', `/api/admin/quotes/${q.id}/signed.pdf`, { cookie })
    expect(pdf.status).toBe(200)
  })
})

describe('two acceptances at once', () => {
  it('one is signed, the other answers 409 and changes nothing; the lead has one note of it', async () => {
    const q = await makeQuote()
    // In the same millisecond too: the clock stands still while both are answered.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    const [a, b] = await Promise.all([accept(q.token, 'First Signer', [1]), accept(q.token, 'Second Signer', [])])
    vi.useRealTimers()
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([200, 409])
    const [won, lost] = a.status === 200 ? [a, b] : [b, a]
    expect(await lost.json()).toEqual({ error: 'This quote was already accepted.' })
    const winner = (await won.json()).signed.name
    const [listed] = await list()
    expect(listed.signature.name).toBe(winner)
    expect(listed.total).toBe(winner === 'First Signer' ? 240 : 200)
    const lead = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(lead.notes.filter((n: { text: string }) => n.text.includes('accepted and signed'))).toHaveLength(1)
  })
})

describe("the owner's list", () => {
  it("gives each payment (its refund only when there is one) and each e-mail's time, error and next attempt only when set", async () => {
    const q = await makeQuote()
    await accept(q.token)
    await t.deps.quotes.update(q.id, (r) => ({
      ...r,
      payments: [
        { kind: 'deposit', amountCents: 10_000, at: '2026-11-03T10:00:00.000Z', sessionId: 'cs_1', paymentIntent: 'pi_1', eventId: 'e1' },
        {
          kind: 'balance',
          amountCents: 10_000,
          at: '2026-11-04T10:00:00.000Z',
          sessionId: 'cs_2',
          paymentIntent: null,
          eventId: 'e2',
          refundedCents: 2_550,
        },
      ],
      mails: {
        link: { state: 'sent', attempts: 1, sentAt: '2026-11-01T10:00:00.000Z' },
        signed: { state: 'failed', attempts: 2, lastError: 'ECONNREFUSED', nextAttemptAt: '2026-11-02T11:00:00.000Z' },
      },
    }))
    const [listed] = await list()
    expect(listed.payments).toEqual([
      { kind: 'deposit', amount: 100, at: '2026-11-03T10:00:00.000Z' },
      { kind: 'balance', amount: 100, at: '2026-11-04T10:00:00.000Z', refunded: 25.5 },
    ])
    expect(listed.mails).toEqual({
      link: { state: 'sent', sentAt: '2026-11-01T10:00:00.000Z' },
      signed: { state: 'failed', lastError: 'ECONNREFUSED', nextAttemptAt: '2026-11-02T11:00:00.000Z' },
    })
    expect(listed.signature).toEqual({
      name: 'Jane Doe',
      at: expect.any(String),
      addOns: [],
      textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      agreementCommit: null,
      pdfUrl: `/api/admin/quotes/${q.id}/signed.pdf`,
    })
  })

  it('a signature kept before the signed copy existed has no copy to download', async () => {
    const q = await makeQuote()
    await accept(q.token)
    await t.deps.quotes.update(q.id, (r) => {
      const { shown: _, ...signature } = r.signature!
      return { ...r, signature } as QuoteRecord
    })
    const [listed] = await list()
    expect(listed.signature.pdfUrl).toBeNull()
    expect(listed.state).toBe('accepted')
  })

  it('lists nothing for an inquiry without quotes', async () => {
    await makeQuote()
    const other = (await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })).id
    expect(await (await t.call('GET', `/api/admin/inquiries/${other}/quotes`, { cookie })).json()).toEqual([])
  })
})

describe('a new quote', () => {
  it('answers its link, version, amounts and validity, and the optional lines only are optional on the page', async () => {
    const res = await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, {
      json: { items: [...items, { description: 'Helium', quantity: 2, unitPrice: 5, optional: false }], validUntil: '2099-02-01' },
      cookie,
    })
    const q = await res.json()
    expect(q).toEqual({
      id: expect.stringMatching(/^q-[0-9a-f]{16}$/),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      url: `http://site.test/quote/${q.token}`,
      version: 1,
      validUntil: '2099-02-01',
      total: 210,
      deposit: 63,
      balance: 147,
      mail: 'not-configured',
      emailedTo: null,
    })
    const page = await (await t.call('GET', `/api/quotes/${q.token}`)).json()
    expect(page.lines.map((l: { optional: boolean }) => l.optional)).toEqual([false, true, false])
    expect(page).toMatchObject({ deliveryFee: 0, discount: 0, state: 'open' })
  })

  it('leaves a lost lead lost (a revived one is moved by hand), the amount recorded', async () => {
    const lost = await t.call('PATCH', `/api/admin/inquiries/${inquiryId}`, {
      json: { status: 'lost', lostReason: 'Went elsewhere' },
      cookie,
    })
    expect(lost.status).toBe(200)
    await makeQuote()
    const lead = await (await t.call('GET', `/api/admin/inquiries/${inquiryId}`, { cookie })).json()
    expect(lead).toMatchObject({ status: 'lost', quotedAmount: 200 })
  })
})

describe('a quote whose lead was deleted', () => {
  it('is no longer shown, signed or paid: the link answers 404, and nothing is recorded', async () => {
    const q = await makeQuote()
    expect((await t.call('DELETE', `/api/admin/inquiries/${inquiryId}`, { cookie })).status).toBe(200)
    const error = { error: 'This quote link is not valid. Please check the link in your e-mail, or contact the studio.' }
    for (const res of [await t.call('GET', `/api/quotes/${q.token}`), await accept(q.token)]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual(error)
    }
    expect((await t.deps.quotes.find(q.id))!.signature).toBeUndefined()
  })
})

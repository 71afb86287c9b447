// Card payments as the client, the owner and a forger see them, written from the mutation run's survivors (issue 32):
// what is due after a part payment, which event records what (the balance never rebooks the lead or overwrites its
// deposit), refunds matched by their payment only, and the export's paid and balance columns.
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import type { TestApp } from '../testing/test-app'
import { completedEvent, signedEvent, useStripeApp, type FakeStripe } from './testing-stripe'

const app = useStripeApp()
let stripe: FakeStripe
let t: TestApp
let cookie: string
beforeEach(() => {
  ;({ stripe, t, cookie } = app)
})

/** A $500 quote with a 30% deposit ($150), signed, for a new lead. */
async function signedQuote(quote: object = { items: [{ description: 'Arch', quantity: 1, unitPrice: 500 }], depositPercent: 30 }) {
  const inquiry = await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
  const made = await t.call('POST', `/api/admin/inquiries/${inquiry.id}/quotes`, { json: quote, cookie })
  expect(made.status).toBe(201)
  const q = (await made.json()) as { id: string; token: string }
  expect((await t.call('POST', `/api/quotes/${q.token}/accept`, { json: { name: 'Jane Doe', agree: true } })).status).toBe(200)
  return { inquiryId: inquiry.id, ...q }
}
const checkout = (token: string) => t.call('POST', `/api/quotes/${token}/checkout`)
const deliver = (event: object) => {
  const d = signedEvent(event)
  return t.call('POST', '/api/stripe/webhook', {
    body: d.body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': d.signature },
  })
}
const lead = async (id: string) => (await t.call('GET', `/api/admin/inquiries/${id}`, { cookie })).json()
const payment = async (token: string) => (await (await t.call('GET', `/api/quotes/${token}`)).json()).payment
const refundEvent = (id: string, intent: unknown, refunded: number) => ({
  id,
  object: 'event',
  type: 'charge.refunded',
  data: { object: { id: `ch_${id}`, object: 'charge', payment_intent: intent, amount_refunded: refunded } },
})
const adminQuotes = async (inquiryId: string) => (await t.call('GET', `/api/admin/inquiries/${inquiryId}/quotes`, { cookie })).json()
const csvRow = async (firstName: string) => {
  const csv = (await (await t.call('GET', '/api/admin/inquiries.csv', { cookie })).text()).replace(/^\uFEFF/, '')
  return csv
    .trim()
    .split('\r\n')
    .find((r) => r.includes(`,${firstName},`))!
    .split(',')
    .slice(-3)
}

describe('what is due', () => {
  it('after part of the deposit, the rest of the deposit; after the deposit, the balance; after both, nothing to pay', async () => {
    const q = await signedQuote()
    await deliver(completedEvent('evt_a', { id: 'cs_a', quoteId: q.id, kind: 'deposit', amount: 10_000 }))
    expect((await payment(q.token)).due).toEqual({ kind: 'deposit', amount: 50 })
    await deliver(completedEvent('evt_b', { id: 'cs_b', quoteId: q.id, kind: 'deposit', amount: 5_000 }))
    expect((await payment(q.token)).due).toEqual({ kind: 'balance', amount: 350 })
    await deliver(completedEvent('evt_c', { id: 'cs_c', quoteId: q.id, kind: 'balance', amount: 34_999 }))
    expect((await payment(q.token)).due).toEqual({ kind: 'balance', amount: 0.01 })
    await deliver(completedEvent('evt_d', { id: 'cs_d', quoteId: q.id, kind: 'balance', amount: 1 }))
    expect((await payment(q.token)).due).toBeNull()
    const res = await checkout(q.token)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Nothing is left to pay on this quote.' })
    expect(stripe.requests).toHaveLength(0)
  })

  it('a fixed deposit of $0 leaves the balance due at once, and its checkout names it "Balance"', async () => {
    const q = await signedQuote({ items: [{ description: 'Arch', quantity: 2, unitPrice: 100 }], deposit: 0 })
    expect((await payment(q.token)).due).toEqual({ kind: 'balance', amount: 200 })
    expect((await checkout(q.token)).status).toBe(200)
    const form = stripe.requests[0]!.form
    expect(form.get('metadata[kind]')).toBe('balance')
    expect(form.get('line_items[0][quantity]')).toBe('1')
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Balance for Test Balloon Studio, event on 2099-12-05')
    expect(form.get('cancel_url')).toBe(`http://site.test/quote/${q.token}`)
  })

  it("the deposit's checkout says what it is for, and an unknown link pays nothing", async () => {
    const q = await signedQuote()
    await checkout(q.token)
    expect(stripe.requests[0]!.form.get('line_items[0][price_data][product_data][name]')).toBe(
      'Deposit for Test Balloon Studio, event on 2099-12-05',
    )
    expect((await checkout('A'.repeat(22))).status).toBe(404)
    expect(stripe.requests).toHaveLength(1)
  })

  it("an outage is logged for the owner naming the quote and Stripe's own words", async () => {
    const q = await signedQuote()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    onTestFinished(() => logged.mockRestore())
    stripe.failWith(500)
    expect((await checkout(q.token)).status).toBe(502)
    expect(logged.mock.calls.map((c) => String(c[0]))).toContain(`Stripe checkout failed for quote ${q.id}: Stripe is having a bad day`)
  })

  it('a session without a checkout address is a 502 too, never an answer with no address to go to', async () => {
    const q = await signedQuote()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    onTestFinished(() => logged.mockRestore())
    stripe.answerWithoutUrl(true)
    const res = await checkout(q.token)
    expect(res.status).toBe(502)
    expect((await res.json()).error).toBe(
      'Card payments are not available right now. Your acceptance is saved; please try again in a few minutes.',
    )
    expect(logged.mock.calls.map((c) => String(c[0]))).toContain(
      `Stripe checkout failed for quote ${q.id}: Stripe answered no checkout address`,
    )
  })
})

describe("the webhook's completed checkout", () => {
  it("adds the receipt's e-mail to the quote's e-mails, keeping the link's and the signed copy's", async () => {
    const q = await signedQuote()
    await deliver(completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000 }))
    await deliver(completedEvent('evt_2', { id: 'cs_2', quoteId: q.id, kind: 'balance', amount: 35_000 }))
    const [listed] = await adminQuotes(q.inquiryId)
    const waiting = { state: 'not-configured' }
    expect(listed.mails).toEqual({ link: waiting, signed: waiting, 'receipt:cs_1': waiting, 'receipt:cs_2': waiting })
  })

  it('the balance is recorded with its note; the lead is not rebooked and keeps the deposit it had', async () => {
    const q = await signedQuote()
    await deliver(completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000 }))
    const booked = await lead(q.inquiryId)
    expect(booked.notes.at(-1).text).toBe('Deposit $150.00 paid by card (Stripe cs_1)')
    await t.call('PATCH', `/api/admin/inquiries/${q.inquiryId}`, { json: { status: 'completed' }, cookie })
    await deliver(completedEvent('evt_2', { id: 'cs_2', quoteId: q.id, kind: 'balance', amount: 35_000 }))
    const after = await lead(q.inquiryId)
    expect(after.status).toBe('completed')
    expect(after.deposit).toEqual(booked.deposit)
    expect(after.notes.at(-1).text).toBe('Balance $350.00 paid by card (Stripe cs_2)')
    const [listed] = await adminQuotes(q.inquiryId)
    expect(listed.payments).toEqual([
      { kind: 'deposit', amount: 150, at: expect.any(String) },
      { kind: 'balance', amount: 350, at: expect.any(String) },
    ])
  })

  it('finds the quote by client_reference_id when the metadata has none, and records nothing for an unknown quote', async () => {
    const q = await signedQuote()
    const event = completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000 })
    const object = event.data.object as Record<string, unknown>
    delete object.metadata
    object.payment_intent = null
    expect((await deliver(event)).status).toBe(200)
    // Without metadata, a payment is the deposit (and one without a PaymentIntent is recorded all the same).
    expect((await payment(q.token)).paid).toEqual([{ kind: 'deposit', amount: 150, at: expect.any(String) }])
    expect((await lead(q.inquiryId)).status).toBe('booked')

    const other = await signedQuote()
    const stray = completedEvent('evt_2', { id: 'cs_2', quoteId: 'q-0000000000000000', kind: 'deposit', amount: 15_000 })
    ;(stray.data.object as Record<string, unknown>).client_reference_id = other.id
    expect((await deliver(stray)).status).toBe(200)
    // metadata.quoteId wins over client_reference_id: an unknown quote records nothing, not the other one.
    expect((await payment(other.token)).paid).toEqual([])
    expect((await deliver(completedEvent('evt_3', { id: 'cs_3', quoteId: '', kind: 'deposit', amount: 1 }))).status).toBe(200)
    expect((await lead(other.inquiryId)).status).toBe('quoted')
  })

  it('an event recorded once is not recorded again with another session, and a session without amount pays $0', async () => {
    const q = await signedQuote()
    await deliver(completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000 }))
    // The same event id (Stripe's retry) even with another session inside: nothing more.
    await deliver(completedEvent('evt_1', { id: 'cs_other', quoteId: q.id, kind: 'deposit', amount: 15_000 }))
    expect((await payment(q.token)).paid).toHaveLength(1)
    const empty = completedEvent('evt_2', { id: 'cs_2', quoteId: q.id, kind: 'balance', amount: 0 })
    delete (empty.data.object as Record<string, unknown>).amount_total
    await deliver(empty)
    expect((await payment(q.token)).paid.at(-1)).toEqual({ kind: 'balance', amount: 0, at: expect.any(String) })
    expect((await payment(q.token)).due).toEqual({ kind: 'balance', amount: 350 })
  })

  it('other event types are acknowledged and record nothing', async () => {
    const q = await signedQuote()
    const event = completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000 })
    const res = await deliver({ ...event, type: 'checkout.session.expired' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true })
    expect((await payment(q.token)).paid).toEqual([])
    expect((await lead(q.inquiryId)).status).toBe('quoted')
  })
})

describe("the webhook's refunds", () => {
  it('match the payment by its PaymentIntent (an object too), update a later larger refund, and touch no other quote', async () => {
    const a = await signedQuote()
    const b = await signedQuote()
    // Signed and not paid: a refund looks through it too.
    const unpaid = await signedQuote()
    const paidWithObject = completedEvent('evt_1', { id: 'cs_1', quoteId: a.id, kind: 'deposit', amount: 15_000 })
    ;(paidWithObject.data.object as Record<string, unknown>).payment_intent = { id: 'pi_a', object: 'payment_intent' }
    await deliver(paidWithObject)
    await deliver(completedEvent('evt_2', { id: 'cs_2', quoteId: b.id, kind: 'deposit', amount: 15_000, paymentIntent: 'pi_b' }))
    const notesOf = async (id: string) =>
      (await lead(id)).notes.map((n: { text: string }) => n.text).filter((x: string) => x.startsWith('Refund'))

    // Every delivery is answered 200: a 500 would have Stripe repeat it for days.
    expect((await deliver(refundEvent('evt_3', { id: 'pi_a', object: 'payment_intent' }, 2_500))).status).toBe(200)
    expect((await payment(a.token)).paid).toEqual([{ kind: 'deposit', amount: 150, at: expect.any(String), refunded: 25 }])
    expect((await payment(b.token)).paid).toEqual([{ kind: 'deposit', amount: 150, at: expect.any(String) }])
    expect(await notesOf(a.inquiryId)).toEqual(['Refund of $25.00 recorded from Stripe'])
    expect(await notesOf(b.inquiryId)).toEqual([])

    await deliver(refundEvent('evt_4', 'pi_a', 15_000))
    expect((await payment(a.token)).paid[0].refunded).toBe(150)
    expect((await adminQuotes(a.inquiryId))[0].payments[0]).toMatchObject({ amount: 150, refunded: 150 })
    expect(await notesOf(a.inquiryId)).toEqual(['Refund of $25.00 recorded from Stripe', 'Refund of $150.00 recorded from Stripe'])

    // A refund of a charge without a PaymentIntent, or of someone else's, records nothing anywhere.
    expect((await deliver(refundEvent('evt_5', null, 1_000))).status).toBe(200)
    expect((await deliver(refundEvent('evt_6', 'pi_unknown', 1_000))).status).toBe(200)
    expect(await notesOf(a.inquiryId)).toHaveLength(2)
    expect(await notesOf(b.inquiryId)).toEqual([])
    expect((await payment(unpaid.token)).paid).toEqual([])
  })
})

describe('with the deposit and the balance both paid', () => {
  it("a replay of the deposit's session under a new event records nothing; a refund touches only its own payment", async () => {
    const q = await signedQuote()
    await deliver(completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000, paymentIntent: 'pi_dep' }))
    await deliver(completedEvent('evt_2', { id: 'cs_2', quoteId: q.id, kind: 'balance', amount: 35_000, paymentIntent: 'pi_bal' }))
    await deliver(completedEvent('evt_3', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000, paymentIntent: 'pi_dep' }))
    expect((await payment(q.token)).paid.map((p: { amount: number }) => p.amount)).toEqual([150, 350])
    // Another event type carrying the deposit's PaymentIntent is no refund.
    await deliver({ ...refundEvent('evt_4', 'pi_dep', 15_000), type: 'payment_intent.succeeded' })
    expect((await payment(q.token)).paid.some((p: { refunded?: number }) => p.refunded)).toBe(false)
    await deliver(refundEvent('evt_5', 'pi_dep', 5_000))
    expect((await payment(q.token)).paid).toEqual([
      { kind: 'deposit', amount: 150, at: expect.any(String), refunded: 50 },
      { kind: 'balance', amount: 350, at: expect.any(String) },
    ])
  })
})

describe("the inquiries export's quote money", () => {
  it('paid is card payments less refunds; the balance is what is left', async () => {
    const q = await signedQuote()
    await deliver(completedEvent('evt_1', { id: 'cs_1', quoteId: q.id, kind: 'deposit', amount: 15_000, paymentIntent: 'pi_1' }))
    await deliver(refundEvent('evt_2', 'pi_1', 4_000))
    expect(await csvRow('Jane')).toEqual(['500.00', '110.00', '390.00'])
  })

  it('without card payments, the deposit recorded by hand counts as paid; the newest unsigned version is the total', async () => {
    const inquiry = await t.deps.inquiries.create(sampleInquiry({ firstName: 'Hand' }) as never, { state: 'sent', attempts: 1 })
    const make = (price: number) =>
      t.call('POST', `/api/admin/inquiries/${inquiry.id}/quotes`, {
        json: { items: [{ description: 'Arch', quantity: 1, unitPrice: price }] },
        cookie,
      })
    await make(400)
    await make(300)
    await make(250)
    await t.call('PATCH', `/api/admin/inquiries/${inquiry.id}`, {
      json: { status: 'booked', deposit: { amount: 75.5, date: '2026-11-20' } },
      cookie,
    })
    expect(await csvRow('Hand')).toEqual(['250.00', '75.50', '174.50'])
  })

  it('a signed version counts over a newer one, and its signed add-ons are in the total', async () => {
    const inquiry = await t.deps.inquiries.create(sampleInquiry({ firstName: 'Signed' }) as never, { state: 'sent', attempts: 1 })
    const made = await t.call('POST', `/api/admin/inquiries/${inquiry.id}/quotes`, {
      json: {
        items: [
          { description: 'Arch', quantity: 1, unitPrice: 400 },
          { description: 'Lights', quantity: 1, unitPrice: 40, optional: true },
        ],
      },
      cookie,
    })
    const first = (await made.json()) as { token: string }
    await t.call('POST', `/api/quotes/${first.token}/accept`, { json: { name: 'Jane Doe', agree: true, addOns: [1] } })
    await t.call('POST', `/api/admin/inquiries/${inquiry.id}/quotes`, {
      json: { items: [{ description: 'Arch', quantity: 1, unitPrice: 999 }] },
      cookie,
    })
    expect(await csvRow('Signed')).toEqual(['440.00', '0.00', '440.00'])
  })
})

// Card payments against a local Stripe stand-in: a Checkout Session for the deposit of a signed quote, then the
// balance; the webhook verified by its signature, recorded once however often it arrives; refunds; an outage.
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { createTestApp, type TestApp } from '../testing/test-app'
import { completedEvent, signedEvent, TEST_STRIPE_KEY, useStripeApp, type FakeStripe } from './testing-stripe'

const app = useStripeApp()
let stripe: FakeStripe
let t: TestApp
let cookie: string
beforeEach(() => {
  ;({ stripe, t, cookie } = app)
})

/** An inquiry with a quote of $500 (30% deposit: $150), accepted and signed. */
async function signedQuote(accept = true) {
  const inquiry = await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })
  const made = await t.call('POST', `/api/admin/inquiries/${inquiry.id}/quotes`, {
    json: { items: [{ description: 'Arch', quantity: 1, unitPrice: 500 }], depositPercent: 30 },
    cookie,
  })
  const quote = (await made.json()) as { id: string; token: string }
  if (accept) {
    const accepted = await t.call('POST', `/api/quotes/${quote.token}/accept`, { json: { name: 'Jane Doe', agree: true } })
    expect(accepted.status).toBe(200)
    // The answer to the signature already says what is due now.
    expect((await accepted.json()).payment.due).toEqual({ kind: 'deposit', amount: 150 })
  }
  return { inquiryId: inquiry.id, ...quote }
}
const checkout = (token: string) => t.call('POST', `/api/quotes/${token}/checkout`)
const deliver = (delivery: { body: string; signature: string }) =>
  t.call('POST', '/api/stripe/webhook', {
    body: delivery.body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
  })
const lead = async (id: string) => (await t.call('GET', `/api/admin/inquiries/${id}`, { cookie })).json()
const view = async (token: string) => (await t.call('GET', `/api/quotes/${token}`)).json()

describe('paying the deposit by card', () => {
  it('makes a Checkout Session for the deposit of the signed quote', async () => {
    const q = await signedQuote()
    const res = await checkout(q.token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' })
    const form = stripe.requests[0]!.form
    expect(stripe.requests[0]!.authorization).toBe(`Bearer ${TEST_STRIPE_KEY}`)
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      client_reference_id: q.id,
      'metadata[quoteId]': q.id,
      'metadata[kind]': 'deposit',
      'line_items[0][price_data][unit_amount]': '15000',
      'line_items[0][price_data][currency]': 'usd',
      success_url: `http://site.test/quote/${q.token}?paid=1`,
    })
    expect((await view(q.token)).payment).toEqual({ card: true, due: { kind: 'deposit', amount: 150 }, paid: [] })
  })

  it('refuses before the quote is signed, and answers a clear 502 when Stripe is down (the acceptance stays)', async () => {
    const unsigned = await signedQuote(false)
    const refused = await checkout(unsigned.token)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: 'Accept and sign the quote before paying.' })
    const q = await signedQuote()
    stripe.failWith(500)
    const res = await checkout(q.token)
    expect(res.status).toBe(502)
    expect((await res.json()).error).toBe(
      'Card payments are not available right now. Your acceptance is saved; please try again in a few minutes.',
    )
    expect((await view(q.token)).state).toBe('accepted')
  })
})

describe("Stripe's webhook", () => {
  it('a completed checkout books the lead with the deposit, once, however often or late it arrives', async () => {
    const q = await signedQuote()
    const event = signedEvent(completedEvent('evt_1', { id: 'cs_test_9', quoteId: q.id, kind: 'deposit', amount: 15_000 }))
    expect((await deliver(event)).status).toBe(200)
    expect((await deliver(event)).status).toBe(200)
    // The same session reported by another event (a retry Stripe numbered anew) records nothing either.
    expect(
      (await deliver(signedEvent(completedEvent('evt_2', { id: 'cs_test_9', quoteId: q.id, kind: 'deposit', amount: 15_000 })))).status,
    ).toBe(200)
    const booked = await lead(q.inquiryId)
    expect(booked).toMatchObject({ status: 'booked', deposit: { amount: 150 } })
    expect(booked.notes.filter((n: { text: string }) => n.text.startsWith('Deposit $150.00 paid by card'))).toHaveLength(1)
    expect((await view(q.token)).payment).toMatchObject({ due: { kind: 'balance', amount: 350 }, paid: [{ kind: 'deposit', amount: 150 }] })
    // Next, the balance.
    await checkout(q.token)
    expect(stripe.requests.at(-1)!.form.get('line_items[0][price_data][unit_amount]')).toBe('35000')
    expect(stripe.requests.at(-1)!.form.get('metadata[kind]')).toBe('balance')
  })

  it('refuses a bad, foreign or old signature with 400 and records nothing', async () => {
    const q = await signedQuote()
    const event = completedEvent('evt_3', { id: 'cs_test_10', quoteId: q.id, kind: 'deposit', amount: 15_000 })
    const good = signedEvent(event)
    const deliveries = [
      { body: good.body.replace('15000', '1'), signature: good.signature },
      signedEvent(event, { secret: 'whsec_someoneelse123' }),
      signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      { body: good.body, signature: '' },
    ]
    for (const d of deliveries) {
      const res = await deliver(d)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'The Stripe signature does not match, or the event is too old' })
    }
    expect(await lead(q.inquiryId)).toMatchObject({ status: 'quoted' })
    expect((await view(q.token)).payment.paid).toEqual([])
  })

  it('a refund is recorded on the payment it belongs to', async () => {
    const q = await signedQuote()
    await deliver(
      signedEvent(completedEvent('evt_4', { id: 'cs_test_11', quoteId: q.id, kind: 'deposit', amount: 15_000, paymentIntent: 'pi_42' })),
    )
    const refund = {
      id: 'evt_5',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_42', amount_refunded: 5_000 } },
    }
    expect((await deliver(signedEvent(refund))).status).toBe(200)
    expect((await deliver(signedEvent(refund))).status).toBe(200)
    expect((await view(q.token)).payment.paid).toEqual([{ kind: 'deposit', amount: 150, at: expect.any(String), refunded: 50 }])
    expect(
      (await lead(q.inquiryId)).notes.filter((n: { text: string }) => n.text === 'Refund of $50.00 recorded from Stripe'),
    ).toHaveLength(1)
  })
})

describe('without Stripe', () => {
  it("the quote shows the studio's own payment instructions, and checkout says cards are not set up", async () => {
    const bare = await createTestApp()
    onTestFinished(() => bare.cleanup())
    t = bare
    cookie = await t.login()
    await t.call('PUT', '/api/pricing', { json: { paymentInstructions: 'Venmo @peony-pine or Zelle hello@example.test' }, cookie })
    const q = await signedQuote()
    expect((await view(q.token)).payment).toEqual({
      card: false,
      due: { kind: 'deposit', amount: 150 },
      paid: [],
      instructions: 'Venmo @peony-pine or Zelle hello@example.test',
    })
    const res = await checkout(q.token)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: 'Card payments are not set up on this site. Please use the payment instructions on the quote.',
    })
    expect((await t.call('POST', '/api/stripe/webhook', { body: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(404)
  })
})

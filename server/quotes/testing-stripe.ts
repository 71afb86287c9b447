// Test helper: a real HTTP server on loopback speaking the part of Stripe's API the site uses (Checkout Sessions),
// recording each request; webhook events are signed with the stripe SDK's own test helper.
import { createServer, type IncomingMessage } from 'node:http'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

export const TEST_STRIPE_KEY = 'sk_test_studio0123456789'
export const TEST_WEBHOOK_SECRET = 'whsec_studio0123456789'

export interface CheckoutRequest {
  path: string
  authorization: string | undefined
  form: URLSearchParams
}

export interface FakeStripe {
  url: string
  requests: CheckoutRequest[]
  /** Answer the next requests with this status (an outage). */
  failWith: (status: number | null) => void
  /** Answer the next sessions without a checkout address (as Stripe does for an embedded checkout). */
  answerWithoutUrl: (on: boolean) => void
  close: () => Promise<void>
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ''
    req.on('data', (d) => (text += d))
    req.on('end', () => resolve(text))
  })

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: CheckoutRequest[] = []
  let failing: number | null = null
  let withoutUrl = false
  let n = 0
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await bodyOf(req))
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, form })
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${n}` })
      res.end(JSON.stringify(body))
    }
    if (failing) return send(failing, { error: { type: 'api_error', message: 'Stripe is having a bad day' } })
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions')
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
    if (req.headers.authorization !== `Bearer ${TEST_STRIPE_KEY}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    const id = `cs_test_${++n}`
    send(200, {
      id,
      object: 'checkout.session',
      mode: form.get('mode'),
      url: withoutUrl ? null : `https://checkout.stripe.test/c/pay/${id}`,
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      client_reference_id: form.get('client_reference_id'),
      metadata: { quoteId: form.get('metadata[quoteId]'), kind: form.get('metadata[kind]') },
      payment_intent: null,
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => (failing = status),
    answerWithoutUrl: (on) => (withoutUrl = on),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const signer = new Stripe(TEST_STRIPE_KEY)

/** A webhook delivery as Stripe sends it: the event's JSON and its `Stripe-Signature` header (SDK test helper). */
export function signedEvent(event: object, options: { secret?: string; timestamp?: number } = {}): { body: string; signature: string } {
  const body = JSON.stringify(event)
  const signature = signer.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  })
  return { body, signature }
}

/** A `checkout.session.completed` event for a session the fake made. */
export const completedEvent = (
  id: string,
  session: { id: string; quoteId: string; kind: string; amount: number; paymentIntent?: string },
) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: session.id,
      object: 'checkout.session',
      amount_total: session.amount,
      client_reference_id: session.quoteId,
      metadata: { quoteId: session.quoteId, kind: session.kind },
      payment_intent: session.paymentIntent ?? `pi_${session.id}`,
    },
  },
})

/**
 * A signed-in test app wired to one Stripe stand-in for the file: a fresh app and an empty request log for each test,
 * read through the returned object inside a test (`app.t`, `app.stripe`, `app.cookie`).
 */
export function useStripeApp(): { readonly stripe: FakeStripe; readonly t: TestApp; readonly cookie: string } {
  const ctx = {} as { stripe: FakeStripe; t: TestApp; cookie: string }
  beforeAll(async () => {
    ctx.stripe = await startFakeStripe()
  })
  afterAll(async () => {
    await ctx.t?.cleanup()
    await ctx.stripe.close()
  })
  beforeEach(async () => {
    await ctx.t?.cleanup()
    ctx.stripe.requests.length = 0
    ctx.stripe.failWith(null)
    ctx.stripe.answerWithoutUrl(false)
    ctx.t = await createTestApp({
      env: { STRIPE_SECRET_KEY: TEST_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_URL: ctx.stripe.url },
    })
    ctx.cookie = await ctx.t.login()
  })
  return ctx
}

// Card payments through Stripe Checkout: a session for what is still due on a signed quote, and the webhook's
// events recorded once each (a repeated or reordered delivery records nothing twice).
import Stripe from 'stripe'
import type { Config } from '../lib/config'
import type { Payment, QuoteRecord } from './quote.schema'

export type StripeSettings = NonNullable<Config['stripe']>

export function stripeClient(settings: StripeSettings): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey, { maxNetworkRetries: 1, timeout: 20_000 })
  const url = new URL(settings.apiUrl)
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
    timeout: 20_000,
  })
}

const paid = (q: QuoteRecord, kind: Payment['kind']) =>
  (q.payments ?? []).filter((p) => p.kind === kind).reduce((sum, p) => sum + p.amountCents, 0)

/** What the client can pay now on a signed quote: the deposit, then the balance; null when nothing is due. */
export function amountDue(q: QuoteRecord): { kind: Payment['kind']; amountCents: number } | null {
  const totals = q.signature?.totals
  if (!totals) return null
  const deposit = totals.depositCents - paid(q, 'deposit')
  if (deposit > 0) return { kind: 'deposit', amountCents: deposit }
  const balance = totals.balanceCents - paid(q, 'balance')
  return balance > 0 ? { kind: 'balance', amountCents: balance } : null
}

/**
 * The quote with a completed Checkout Session recorded, or null when this event or this session was recorded before
 * (Stripe delivers at least once, in any order).
 */
export function withPayment(q: QuoteRecord, event: { id: string }, session: Stripe.Checkout.Session, at: string): QuoteRecord | null {
  if (q.stripeEvents?.includes(event.id) || q.payments?.some((p) => p.sessionId === session.id)) return null
  const kind = session.metadata?.kind === 'balance' ? 'balance' : 'deposit'
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
  const payment: Payment = { kind, amountCents: session.amount_total ?? 0, at, sessionId: session.id, paymentIntent, eventId: event.id }
  return { ...q, payments: [...(q.payments ?? []), payment], stripeEvents: [...(q.stripeEvents ?? []), event.id] }
}

/** The quote with a refund recorded on the payment it belongs to, or null when not this quote's or already recorded. */
export function withRefund(q: QuoteRecord, event: { id: string }, charge: Stripe.Charge): QuoteRecord | null {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
  if (!intent || q.stripeEvents?.includes(event.id) || !q.payments?.some((p) => p.paymentIntent === intent)) return null
  return {
    ...q,
    payments: q.payments.map((p) => (p.paymentIntent === intent ? { ...p, refundedCents: charge.amount_refunded } : p)),
    stripeEvents: [...(q.stripeEvents ?? []), event.id],
  }
}

/** What the client has paid by card on these payments, less refunds. */
export const paidCents = (payments: readonly Payment[] = []) => payments.reduce((sum, p) => sum + p.amountCents - (p.refundedCents ?? 0), 0)

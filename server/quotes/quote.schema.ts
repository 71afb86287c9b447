// A quote built from an inquiry: the owner's request (dollars, as JSON carries them) and the record kept (integer cents).
import { z } from 'zod'
import { DATE_PATTERN, isCalendarDate } from '../lib/studio-time'
import { textBlock, textLine } from '../lib/text'
import { DollarsSchema } from '../pricing/pricing.schema'
import type { DepositRule, QuoteLine, QuoteTotals } from '../pricing/money'
import type { MailState } from '../inquiries/inquiry-record.schema'

const LineSchema = z.object({
  description: textLine('Description').min(1, 'Each line needs a description').max(200, 'A description is 200 characters at most'),
  quantity: z.number({ error: 'Quantity must be a number' }).positive('Quantity must be more than 0').max(10_000, 'Quantity is too large'),
  unitPrice: DollarsSchema('Unit price'),
  optional: z.boolean().optional(),
})

/**
 * POST /api/admin/inquiries/{id}/quotes. A revision is sent whole, so an optional field sent as null is that field left
 * out: no note, no delivery fee or discount, the price list's deposit and validity.
 */
export const QuoteRequestSchema = z
  .object({
    items: z.array(LineSchema).min(1, 'A quote needs at least one line').max(100, 'A quote has 100 lines at most'),
    deliveryFee: DollarsSchema('Delivery fee').nullish(),
    discount: DollarsSchema('Discount').nullish(),
    depositPercent: z
      .number({ error: 'Deposit percent must be a number' })
      .min(0, 'Deposit percent cannot be negative')
      .max(100, 'Deposit percent is 100 at most')
      .nullish(),
    deposit: DollarsSchema('Deposit').nullish(),
    validUntil: z
      // The words of a value that is not text, and of one not in the date's pattern (a check without its own message).
      .string({ error: 'Valid until must be a date (YYYY-MM-DD)' })
      .regex(DATE_PATTERN)
      .refine(isCalendarDate, 'Valid until must be a real date')
      .nullish(),
    note: textBlock('Note').max(2000, 'The note is 2,000 characters at most').nullish(),
  })
  .refine((q) => q.depositPercent == null || q.deposit == null, {
    message: 'Give the deposit as a percent or an amount, not both',
    path: ['deposit'],
  })
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>

export interface Signature {
  /** The full name the client typed. */
  name: string
  at: string
  /** The optional lines the client chose (their indexes in `lines`). */
  addOns: number[]
  /** SHA-256 (hex) of the exact agreement text shown, placeholders filled in. */
  textSha256: string
  /** The content commit content/agreement.md came from (null when the site had no agreement file). */
  agreementCommit: string | null
  /** The totals as signed. */
  totals: QuoteTotals
  /** What the client saw when signing, the signed copy (PDF) is made from: the exact agreement text (its SHA-256 is `textSha256`) and its facts. */
  shown?: SignedFacts
}

export interface SignedFacts {
  studio: string
  clientName: string
  eventDate: string
  balanceDueDate: string
  agreementText: string
}

/** A card payment recorded from Stripe's webhook (never from the browser's word). */
export interface Payment {
  kind: 'deposit' | 'balance'
  amountCents: number
  at: string
  /** Stripe's ids: the Checkout Session, its PaymentIntent, and the event that reported it. */
  sessionId: string
  paymentIntent: string | null
  eventId: string
  refundedCents?: number
}

export interface QuoteRecord {
  id: string
  /** 128 random bits, base64url: the client's link. */
  token: string
  inquiryId: string
  /** 1 for the inquiry's first quote, then 2, 3, … for revisions. */
  version: number
  createdAt: string
  /** The last day it can be accepted (studio date, inclusive). */
  validUntil: string
  lines: QuoteLine[]
  deliveryFeeCents: number
  discountCents: number
  deposit: DepositRule
  note?: string
  /** The quote's id that replaced this one. */
  replacedBy?: string
  signature?: Signature
  payments?: Payment[]
  /** Stripe event ids already recorded: a repeated delivery changes nothing. */
  stripeEvents?: string[]
  /** The client's e-mails about this quote, sent and retried by the mail outbox: `link`, `signed`, `receipt:<session id>`. */
  mails?: Record<string, MailState>
}

/** The state a client's link is in. */
export type QuoteState = 'open' | 'accepted' | 'expired' | 'replaced'

export const AcceptSchema = z.object({
  name: textLine('Full name').min(2, 'Type your full name to sign').max(120, 'The name is 120 characters at most'),
  agree: z.literal(true, { error: 'Tick "I agree to the terms above" to accept' }),
  addOns: z.array(z.number().int().min(0)).max(100).default([]),
})

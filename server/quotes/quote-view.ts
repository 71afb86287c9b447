// A quote as its page and the API show it, in dollars: the lines, the totals for the chosen add-ons, the dates, the
// agreement filled in. Pure (no Node), so the client's page computes exactly what the server signs.
import { lineTotal, quoteTotals, toDollars, type QuoteTotals } from '../pricing/money'
import type { QuoteRecord, QuoteState } from './quote.schema'

/** YYYY-MM-DD plus (or minus) whole days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export function quoteState(q: QuoteRecord, today: string): QuoteState {
  if (q.signature) return 'accepted'
  if (q.replacedBy) return 'replaced'
  return today > q.validUntil ? 'expired' : 'open'
}

/** Only optional lines can be chosen; anything else is not an add-on of this quote. */
export function chosenAddOns(q: Pick<QuoteRecord, 'lines'>, addOns: readonly number[]): Set<number> | null {
  const chosen = new Set(addOns)
  for (const i of chosen) if (!q.lines[i]?.optional) return null
  return chosen
}

export function totalsOf(q: QuoteRecord, chosen: ReadonlySet<number>): QuoteTotals {
  return quoteTotals({ lines: q.lines, deliveryFeeCents: q.deliveryFeeCents, discountCents: q.discountCents, deposit: q.deposit }, chosen)
}

export interface QuoteView {
  state: QuoteState
  version: number
  validUntil: string
  studio: string
  clientName: string
  eventDate: string
  balanceDueDate: string
  lines: { description: string; quantity: number; unitPrice: number; amount: number; optional: boolean }[]
  deliveryFee: number
  discount: number
  /** How the deposit is worked out, so the page's totals follow the add-ons ticked (dollars for a fixed one). */
  depositRule: { percent: number } | { fixed: number }
  /** For the add-ons chosen (none, or the signed ones once accepted). */
  total: number
  deposit: number
  balance: number
  note?: string
  /** The agreement template (placeholders unfilled): the page fills it as the totals change. */
  agreement: string
  /** When replaced: the newer quote's page. */
  replacedByUrl?: string
  signed?: { name: string; at: string; addOns: number[] }
  /** Once signed: what can be paid by card now, what was paid, and the studio's own instructions without cards. */
  payment?: {
    card: boolean
    due: { kind: 'deposit' | 'balance'; amount: number } | null
    paid: { kind: 'deposit' | 'balance'; amount: number; at: string; refunded?: number }[]
    instructions?: string
  }
}

export function quoteView(
  q: QuoteRecord,
  facts: {
    today: string
    studio: string
    clientName: string
    eventDate: string
    balanceDueDays: number
    agreement: string
    replacedByUrl?: string
    payment?: { card: boolean; due: { kind: 'deposit' | 'balance'; amountCents: number } | null; instructions?: string }
  },
): QuoteView {
  const chosen = new Set(q.signature?.addOns ?? [])
  const totals = q.signature?.totals ?? totalsOf(q, chosen)
  return {
    state: quoteState(q, facts.today),
    version: q.version,
    validUntil: q.validUntil,
    studio: facts.studio,
    clientName: facts.clientName,
    eventDate: facts.eventDate,
    balanceDueDate: addDays(facts.eventDate, -facts.balanceDueDays),
    lines: q.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: toDollars(l.unitPriceCents),
      amount: toDollars(lineTotal(l)),
      optional: Boolean(l.optional),
    })),
    deliveryFee: toDollars(q.deliveryFeeCents),
    discount: toDollars(q.discountCents),
    depositRule: 'percent' in q.deposit ? { percent: q.deposit.percent } : { fixed: toDollars(q.deposit.fixedCents) },
    total: toDollars(totals.totalCents),
    deposit: toDollars(totals.depositCents),
    balance: toDollars(totals.balanceCents),
    ...(q.note ? { note: q.note } : {}),
    agreement: facts.agreement,
    ...(facts.replacedByUrl ? { replacedByUrl: facts.replacedByUrl } : {}),
    ...(q.signature ? { signed: { name: q.signature.name, at: q.signature.at, addOns: q.signature.addOns } } : {}),
    ...(q.signature && facts.payment
      ? {
          payment: {
            card: facts.payment.card,
            due: facts.payment.due ? { kind: facts.payment.due.kind, amount: toDollars(facts.payment.due.amountCents) } : null,
            paid: (q.payments ?? []).map((p) => ({
              kind: p.kind,
              amount: toDollars(p.amountCents),
              at: p.at,
              ...(p.refundedCents ? { refunded: toDollars(p.refundedCents) } : {}),
            })),
            ...(facts.payment.instructions ? { instructions: facts.payment.instructions } : {}),
          },
        }
      : {}),
  }
}

/** The totals of a view for the add-ons ticked, computed as the server computes them when it signs. */
export function viewTotals(
  view: Pick<QuoteView, 'lines' | 'deliveryFee' | 'discount' | 'depositRule'>,
  chosen: ReadonlySet<number>,
): QuoteTotals {
  const cents = (d: number) => Math.round(d * 100)
  return quoteTotals(
    {
      lines: view.lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: cents(l.unitPrice),
        optional: l.optional,
      })),
      deliveryFeeCents: cents(view.deliveryFee),
      discountCents: cents(view.discount),
      deposit: 'percent' in view.depositRule ? view.depositRule : { fixedCents: cents(view.depositRule.fixed) },
    },
    chosen,
  )
}

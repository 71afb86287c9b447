// Each inquiry's quote money for the inquiries export: the quote that counts (the signed one, else the newest version),
// its total (the signed totals, else without add-ons: money.ts), what was paid and the balance left, in integer cents.
import type { InquiryMoney, InquiryRecord } from '../inquiries/inquiry-record.schema'
import { paidCents } from './payments'
import type { QuoteRecord } from './quote.schema'
import { totalsOf } from './quote-view'
import { QuoteStore } from './quotes.store'

/**
 * Paid is the card payments less refunds; a lead with none counts the deposit the owner recorded by hand (a card
 * deposit is recorded there too, so it is never counted twice).
 */
export function quoteMoney(quotes: readonly QuoteRecord[], record: InquiryRecord): InquiryMoney | null {
  const own = quotes.filter((q) => q.inquiryId === record.id)
  const q = own.find((x) => x.signature) ?? own.sort((a, b) => b.version - a.version)[0]
  if (!q) return null
  const totalCents = (q.signature?.totals ?? totalsOf(q, new Set())).totalCents
  const byCard = q.payments?.length ? paidCents(q.payments) : null
  const paid = byCard ?? Math.round((record.deposit?.amount ?? 0) * 100)
  return { totalCents, paidCents: paid, balanceCents: totalCents - paid }
}

/** Reads every quote once, for one export. */
export async function quoteMoneyLookup(store: QuoteStore): Promise<(record: InquiryRecord) => InquiryMoney | null> {
  const quotes = await store.all()
  return (record) => quoteMoney(quotes, record)
}

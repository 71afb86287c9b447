// The quote builder's draft: lines picked from the price list or typed, the delivery fee from the inquiry's ZIP zone,
// and what "Create and e-mail to the client" sends.
import type { Pricing } from '../../../server/pricing/pricing.schema'
import { zoneForZip } from '../../../server/pricing/pricing.schema'
import type { QuoteRequest } from '../../../server/quotes/quote.schema'

export interface LineDraft {
  key: number
  description: string
  quantity: string
  unitPrice: string
  optional: boolean
}

export interface QuoteDraft {
  lines: LineDraft[]
  deliveryFee: string
  discount: string
  depositPercent: string
}

let next = 0
const money = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2))

/** A new draft: no lines yet, the delivery fee of the ZIP's zone (blank outside every zone: "ask us"), the usual deposit. */
export function newQuoteDraft(pricing: Pricing, zip: string): QuoteDraft {
  const zone = zoneForZip(pricing.deliveryZones, zip)
  return {
    lines: [],
    deliveryFee: zone ? money(zone.fee) : '',
    discount: '',
    depositPercent: 'percent' in pricing.deposit ? String(pricing.deposit.percent) : '',
  }
}

/** A line from a price-list entry (an add-on is optional for the client), or a blank one. */
export function lineFrom(entry: Pricing['items'][number] | null, optional = false): LineDraft {
  return { key: ++next, description: entry?.name ?? '', quantity: '1', unitPrice: entry ? money(entry.price) : '', optional }
}

const amount = (text: string) => {
  const cleaned = text.replace(/[$,\s]/g, '')
  return cleaned === '' ? undefined : Number(cleaned)
}

export function quoteRequest(d: QuoteDraft): QuoteRequest {
  const deliveryFee = amount(d.deliveryFee)
  const discount = amount(d.discount)
  const depositPercent = amount(d.depositPercent)
  return {
    items: d.lines.map((l) => ({
      description: l.description.trim(),
      quantity: amount(l.quantity) ?? Number.NaN,
      unitPrice: amount(l.unitPrice) ?? Number.NaN,
      ...(l.optional ? { optional: true } : {}),
    })),
    ...(deliveryFee !== undefined ? { deliveryFee } : {}),
    ...(discount !== undefined ? { discount } : {}),
    ...(depositPercent !== undefined ? { depositPercent } : {}),
  }
}

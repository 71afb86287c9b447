// The delivery estimate on the quote form, from the price list's delivery zones (content/pricing.yaml: ZIP codes or
// prefixes, a fee each). Zod-free, so the public form says exactly what the server stores; the zone is found as
// zoneForZip in pricing.schema.ts finds it (longest matching code), which the tests hold it to.
import type { DeliveryZone } from './pricing.schema'

export type { DeliveryZone }

/** What the form showed and the inquiry keeps: a zone and its fee, or outside every zone. */
export type DeliveryEstimate = { zip: string; zone: string; fee: number } | { zip: string; outside: true }

/** The five-digit ZIP of what was typed (ZIP+4 allowed), or null while it is not one yet. */
export function fiveDigitZip(typed: string): string | null {
  const m = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(typed)
  return m ? m[1] : null
}

/** The zone whose longest ZIP or prefix matches; null when the ZIP is not complete or there are no zones at all. */
export function deliveryEstimate(zones: readonly DeliveryZone[], typed: string): DeliveryEstimate | null {
  const zip = fiveDigitZip(typed)
  if (!zip || zones.length === 0) return null
  let best: { zone: DeliveryZone; length: number } | null = null
  for (const zone of zones) {
    for (const prefix of zone.zips) {
      if (zip.startsWith(prefix) && (!best || prefix.length > best.length)) best = { zone, length: prefix.length }
    }
  }
  return best ? { zip, zone: best.zone.name, fee: best.zone.fee } : { zip, outside: true }
}

const money = (fee: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(fee) ? 0 : 2 }).format(fee)

/** The words the form shows and the inbox repeats: always an estimate, never a promise. */
export function describeEstimate(estimate: DeliveryEstimate): string {
  return 'outside' in estimate
    ? `Delivery to ${estimate.zip} is outside our usual area: we'll confirm`
    : `Delivery to ${estimate.zip}: about ${money(estimate.fee)}`
}

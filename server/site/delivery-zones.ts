// The delivery estimate on the quote form: the studio's zones (ZIP codes or prefixes, a fee each, in content/site.yaml
// as `deliveryZones`) and the zone a ZIP falls in. Zod-free, so the public form says exactly what the server stores.

export interface DeliveryZone {
  name: string
  /** Five-digit ZIP codes, or prefixes of one to four digits ("972" covers 97201-97299). */
  zips: string[]
  /** Dollars, at most two decimals. */
  fee: number
}

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

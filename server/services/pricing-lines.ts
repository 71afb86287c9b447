// Pricing text read as lines; no schema library, so the public pages can use it without zod.
/** One line of pricing text: 'Label: value' splits at the first colon; other lines are plain items. */
export type PricingLine = { label: string; value: string } | { text: string }

export function parsePricingLines(pricingInfo: string): PricingLine[] {
  return pricingInfo
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':')
      if (colon <= 0) return { text: line }
      return { label: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() }
    })
}

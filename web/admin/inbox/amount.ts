// The amounts the owner types on a lead's pipeline card (quote, deposit): dollars with at most two decimals, a
// dollar sign, thousands commas and spaces allowed.

/** "1,250.50" or "$450" -> 1250.5 or 450; null when it is not an amount (empty, negative, three decimals, letters). */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  return Number(cleaned)
}

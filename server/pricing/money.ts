// Money in integer cents, and a quote's totals: the one place the page, the API, e-mails and exports compute them.

/** Dollars as the owner and the JSON API write them (at most two decimals) to integer cents; null when not whole cents. */
export function toCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null
  const cents = Math.round(dollars * 100)
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : null
}

/** Cents back to dollars for JSON (725.5 for 72550). */
export const toDollars = (cents: number) => cents / 100

/** "1250.00" (two decimals, no sign of currency or grouping: exports). */
export function decimalMoney(cents: number): string {
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** "$1,250.00" (always two decimals, US grouping). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100).toLocaleString('en-US')
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`
}

export interface QuoteLine {
  description: string
  quantity: number
  unitPriceCents: number
  /** An add-on the client may tick on the quote page; counted only when chosen. */
  optional?: boolean
}

export type DepositRule = { percent: number } | { fixedCents: number }

export interface QuoteMoneyInput {
  lines: QuoteLine[]
  deliveryFeeCents?: number
  discountCents?: number
  deposit: DepositRule
}

export interface QuoteTotals {
  /** Each line's quantity x unit price, in the lines' order (optional ones too, chosen or not). */
  lineTotalsCents: number[]
  /** Required lines plus the optional lines chosen. */
  itemsCents: number
  deliveryFeeCents: number
  discountCents: number
  totalCents: number
  depositCents: number
  balanceCents: number
}

/** A line's amount: quantity (whole, or a fraction such as 12.5 feet) times the unit price, rounded to the cent. */
export const lineTotal = (line: QuoteLine) => Math.round(line.quantity * line.unitPriceCents)

/**
 * The totals for the chosen optional lines (by index): items, then delivery, less the discount (never below zero);
 * a percent deposit rounds half up to the cent, a fixed one is capped at the total; the balance is the rest.
 */
export function quoteTotals(input: QuoteMoneyInput, chosenOptional: ReadonlySet<number> = new Set()): QuoteTotals {
  const lineTotalsCents = input.lines.map(lineTotal)
  const itemsCents = input.lines.reduce((sum, line, i) => (line.optional && !chosenOptional.has(i) ? sum : sum + lineTotalsCents[i]!), 0)
  const deliveryFeeCents = input.deliveryFeeCents ?? 0
  const discountCents = Math.min(input.discountCents ?? 0, itemsCents + deliveryFeeCents)
  const totalCents = itemsCents + deliveryFeeCents - discountCents
  const depositCents =
    'percent' in input.deposit
      ? Math.min(totalCents, Math.round((totalCents * input.deposit.percent) / 100))
      : Math.min(totalCents, input.deposit.fixedCents)
  return { lineTotalsCents, itemsCents, deliveryFeeCents, discountCents, totalCents, depositCents, balanceCents: totalCents - depositCents }
}

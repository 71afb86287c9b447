// The price list (content/pricing.yaml): items and add-ons, delivery fees by ZIP zone, the deposit and the dates.
import { z } from 'zod'
import { textLine } from '../lib/text'
import { toCents } from './money'

/** Dollars as the owner writes them: 45, 12.5, 19.99 (whole cents, not negative). */
export const DollarsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number of dollars` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`)
    .refine((n) => toCents(n) !== null, `${label} must be in whole cents (at most two decimals)`)

export const PRICE_UNITS = ['each', 'per-foot', 'flat'] as const
export const PRICE_UNIT_LABELS: Record<(typeof PRICE_UNITS)[number], string> = { each: 'each', 'per-foot': 'per foot', flat: 'flat' }

const IdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'An id is lowercase letters, digits and hyphens')

const PriceItemSchema = z.object({
  id: IdSchema,
  name: textLine('Name').min(1, 'Name is required').max(120, 'Name is too long (120 characters at most)'),
  unit: z.enum(PRICE_UNITS, { error: 'Unit must be each, per-foot or flat' }),
  price: DollarsSchema('Price'),
  /** The service it belongs to, for grouping in the quote builder (optional). */
  service: IdSchema.optional(),
})
export type PriceItem = z.infer<typeof PriceItemSchema>

/** A ZIP code (97214) or a prefix of one (972). */
const ZipSchema = z.string().regex(/^\d{3,5}$/, 'ZIP codes are 3 to 5 digits (a prefix covers every code it starts)')

const DeliveryZoneSchema = z.object({
  name: textLine('Zone name').min(1, 'Zone name is required').max(60),
  zips: z.array(ZipSchema).min(1, 'A zone needs at least one ZIP code or prefix').max(500),
  fee: DollarsSchema('Delivery fee'),
})
export type DeliveryZone = z.infer<typeof DeliveryZoneSchema>

const DepositSchema = z.union([
  z.object({
    percent: z
      .number({ error: 'Deposit percent must be a number' })
      .min(0, 'Deposit percent cannot be negative')
      .max(100, 'Deposit percent is 100 at most'),
  }),
  z.object({ fixed: DollarsSchema('Deposit') }),
])

/** The price list's parts in the owner's words: History's field changes and the dashboard's stale-edit compare. */
export const PRICING_FIELD_LABELS: Record<string, string> = {
  items: 'Items',
  addOns: 'Add-ons',
  deliveryZones: 'Delivery zones',
  deposit: 'Deposit',
  balanceDueDays: 'Balance due (days before the event)',
  quoteValidDays: 'Quote valid for (days)',
  paymentInstructions: 'How to pay without a card',
}

const PricingShape = z.object({
  items: z.array(PriceItemSchema).max(500).default([]),
  addOns: z.array(PriceItemSchema).max(200).default([]),
  deliveryZones: z.array(DeliveryZoneSchema).max(50).default([]),
  deposit: DepositSchema.default({ percent: 30 }),
  /** The balance is due this many days before the event. */
  balanceDueDays: z.number().int('Balance due must be whole days').min(0).max(365).default(7),
  /** A quote can be accepted for this many days. */
  quoteValidDays: z.number().int('Quote validity must be whole days').min(1).max(365).default(14),
  /** How to pay when cards are not set up (Venmo, Zelle, cash…), shown on a signed quote. */
  paymentInstructions: z.string().max(2000, 'Payment instructions are 2,000 characters at most').optional(),
})

/** Items and add-ons are picked by id in a quote: each id once across both lists. */
function uniqueIds(p: z.output<typeof PricingShape>, ctx: z.RefinementCtx): void {
  const ids = new Set<string>()
  for (const [list, entries] of [
    ['items', p.items],
    ['addOns', p.addOns],
  ] as const) {
    entries.forEach((e, i) => {
      if (ids.has(e.id)) ctx.addIssue({ code: 'custom', path: [list, i, 'id'], message: `The id "${e.id}" is used twice` })
      ids.add(e.id)
    })
  }
}

export const PricingSchema = PricingShape.superRefine(uniqueIds)
/** A save: the list and the version the editor loaded. */
export const PricingSaveSchema = PricingShape.extend({ baseVersion: z.string().max(100).optional() }).superRefine(uniqueIds)
export type Pricing = z.infer<typeof PricingSchema>

/** The zone whose ZIP code or longest matching prefix covers `zip`, or null ("ask us"). */
export function zoneForZip(zones: readonly DeliveryZone[], zip: string): DeliveryZone | null {
  let best: { zone: DeliveryZone; length: number } | null = null
  for (const zone of zones) {
    for (const code of zone.zips) {
      if (zip.startsWith(code) && (!best || code.length > best.length)) best = { zone, length: code.length }
    }
  }
  return best?.zone ?? null
}

// The Pricing tab's form model: the price list as the inputs hold it (text), and what Save sends (numbers, lists).
import type { Pricing } from '../../../server/pricing/pricing.schema'

export interface PriceDraft {
  key: string
  id: string
  name: string
  unit: 'each' | 'per-foot' | 'flat'
  price: string
  service: string
}

export interface ZoneDraft {
  key: string
  name: string
  /** ZIP codes and prefixes, separated by commas or spaces. */
  zips: string
  fee: string
}

export interface PricingDraft {
  items: PriceDraft[]
  addOns: PriceDraft[]
  zones: ZoneDraft[]
  depositKind: 'percent' | 'fixed'
  deposit: string
  balanceDueDays: string
  quoteValidDays: string
  /** Shown on a signed quote when cards are not set up. */
  paymentInstructions: string
}

let next = 0
export const newKey = () => `new-${++next}`

/** A row of a list (an item, an add-on, a zone) with one change written in; the other rows as they were. */
export const updateRow = <Row extends { key: string }>(rows: readonly Row[], key: string, patch: Partial<Row>): Row[] =>
  rows.map((row) => (row.key === key ? { ...row, ...patch } : row))

/** The list without the row with this key. */
export const removeRow = <Row extends { key: string }>(rows: readonly Row[], key: string): Row[] => rows.filter((row) => row.key !== key)

/** A new empty item or add-on: sold each, no price yet, an id made from its name on Save. */
export const blankPrice = (): PriceDraft => ({ key: newKey(), id: '', name: '', unit: 'each', price: '', service: '' })

/** A new empty delivery zone. */
export const blankZone = (): ZoneDraft => ({ key: newKey(), name: '', zips: '', fee: '' })

/** The deposit field's label for the deposit kind chosen. */
export const depositLabel = (kind: PricingDraft['depositKind']) => (kind === 'percent' ? 'Deposit (%)' : 'Deposit ($)')

/** The id a price list's heading is known by ("Add-ons" → pricing-add-ons). */
export const listHeadingId = (title: string) => `pricing-${title.toLowerCase().replace(/\W+/g, '-')}`

/** An id from a name, unique among `taken`: "Organic arch (10 ft)" → organic-arch-10-ft. */
export function idFromName(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'item'
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  return id
}

const money = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2))

export function toDraft(p: Pricing): PricingDraft {
  const price = (e: Pricing['items'][number]): PriceDraft => ({
    key: e.id,
    id: e.id,
    name: e.name,
    unit: e.unit,
    price: money(e.price),
    service: e.service ?? '',
  })
  return {
    items: p.items.map(price),
    addOns: p.addOns.map(price),
    zones: p.deliveryZones.map((z, i) => ({ key: `zone-${i}`, name: z.name, zips: z.zips.join(', '), fee: money(z.fee) })),
    depositKind: 'percent' in p.deposit ? 'percent' : 'fixed',
    deposit: 'percent' in p.deposit ? String(p.deposit.percent) : money(p.deposit.fixed),
    balanceDueDays: String(p.balanceDueDays),
    quoteValidDays: String(p.quoteValidDays),
    paymentInstructions: p.paymentInstructions ?? '',
  }
}

/** A number typed by a person: "45", "$1,250.50", " 12.5 "; NaN when it is not one (the server names the field). */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '')
  return cleaned === '' ? Number.NaN : Number(cleaned)
}

/** What Save sends. New entries get an id from their name; ids already given keep theirs. */
export function fromDraft(d: PricingDraft): Pricing {
  const taken = new Set([...d.items, ...d.addOns].map((e) => e.id).filter(Boolean))
  const entry = (e: PriceDraft) => {
    const id = e.id || idFromName(e.name, taken)
    taken.add(id)
    return { id, name: e.name.trim(), unit: e.unit, price: parseAmount(e.price), ...(e.service ? { service: e.service } : {}) }
  }
  return {
    items: d.items.map(entry),
    addOns: d.addOns.map(entry),
    deliveryZones: d.zones.map((z) => ({ name: z.name.trim(), zips: z.zips.split(/[\s,]+/).filter(Boolean), fee: parseAmount(z.fee) })),
    deposit: d.depositKind === 'percent' ? { percent: parseAmount(d.deposit) } : { fixed: parseAmount(d.deposit) },
    balanceDueDays: parseAmount(d.balanceDueDays),
    quoteValidDays: parseAmount(d.quoteValidDays),
    ...(d.paymentInstructions.trim() ? { paymentInstructions: d.paymentInstructions.trim() } : {}),
  }
}

/** The price list as the stale-edit dialog compares it: each part in a line of words, not as data. */
export function pricingInWords(p: Pricing): Record<string, string> {
  const entries = (list: Pricing['items']) => list.map((e) => `${e.name} $${money(e.price)}`).join(', ')
  return {
    items: entries(p.items),
    addOns: entries(p.addOns),
    deliveryZones: p.deliveryZones.map((z) => `${z.name} $${money(z.fee)}`).join(', '),
    deposit: 'percent' in p.deposit ? `${p.deposit.percent}%` : `$${money(p.deposit.fixed)}`,
    balanceDueDays: String(p.balanceDueDays),
    quoteValidDays: String(p.quoteValidDays),
    paymentInstructions: p.paymentInstructions ?? '',
  }
}

// What the inbox's quotes card says and does with its draft (inquiry-quotes.tsx lays it out; the draft and what it
// sends are quote-draft.ts): each version's standing, the price list's choices, the lines edited, and the notices.
import type { Pricing } from '../../../server/pricing/pricing.schema'
import { lineFrom, type LineDraft, type QuoteDraft } from './quote-draft'
import type { QuoteSummary } from './quotes-api'

const STATE_WORDS: Record<QuoteSummary['state'], string> = {
  open: 'Waiting for the client',
  accepted: 'Accepted and signed',
  expired: 'Expired',
  replaced: 'Replaced',
}

/** After "Version N: ": its total, where it stands, and who signed it. */
export const quoteStanding = (quote: Pick<QuoteSummary, 'total' | 'state' | 'signature'>): string =>
  `$${quote.total.toFixed(2)}, ${STATE_WORDS[quote.state]}${quote.signature ? ` by ${quote.signature.name}` : ''}.`

/** The button that opens the builder: a first quote, or a new version of one. */
export const startLabel = (quotes: readonly unknown[]): string => (quotes.length ? 'Make a new version' : 'Make a quote')

/** The price list's menu: the items, then the add-ons, each with its price. */
export function priceListChoices(pricing: Pick<Pricing, 'items' | 'addOns'> | null): { value: string; label: string }[] {
  if (!pricing) return []
  return [
    ...pricing.items.map((i) => ({ value: `item:${i.id}`, label: `${i.name} ($${i.price})` })),
    ...pricing.addOns.map((i) => ({ value: `addon:${i.id}`, label: `Add-on: ${i.name} ($${i.price})` })),
  ]
}

/** The draft with the chosen price-list entry added as a line (an add-on optional for the client); null for the prompt or an entry gone. */
export function withPicked(draft: QuoteDraft, pricing: Pick<Pricing, 'items' | 'addOns'>, value: string): QuoteDraft | null {
  const [list, id] = value.split(':')
  const addOn = list === 'addon'
  const entry = (addOn ? pricing.addOns : pricing.items).find((e) => e.id === id)
  return entry ? { ...draft, lines: [...draft.lines, lineFrom(entry, addOn)] } : null
}

/** The draft with one line changed. */
export const withLine = (draft: QuoteDraft, key: number, patch: Partial<LineDraft>): QuoteDraft => ({
  ...draft,
  lines: draft.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)),
})

/** The draft without one line. */
export const withoutLine = (draft: QuoteDraft, key: number): QuoteDraft => ({ ...draft, lines: draft.lines.filter((l) => l.key !== key) })

/** The delivery fee's label: outside every zone it is blank, and the owner is told to ask. */
export const deliveryFeeLabel = (draft: Pick<QuoteDraft, 'deliveryFee'>): string =>
  `Delivery fee ($)${draft.deliveryFee === '' ? ' (outside the delivery zones: ask)' : ''}`

/** The notice once a quote is made: e-mailed to the client, or its link to send when e-mail is not set up. */
export function quoteMadeNotice(made: { version: number; url: string; emailedTo: string | null }): { title: string; detail: string } {
  return made.emailedTo
    ? { title: 'Quote sent', detail: `Version ${made.version} is being e-mailed to ${made.emailedTo}; the lead is now Quoted.` }
    : {
        title: 'Quote made',
        detail: `Version ${made.version} is ready and the lead is now Quoted. E-mail is not set up: send the client ${made.url}`,
      }
}

// The inbox's quotes card as the owner reads and uses it: each version's total and standing, the price list's menu,
// the lines picked, changed and removed, the delivery fee's label, and the notice once a quote is made.
import { describe, expect, it } from 'vitest'
import { PricingSchema } from '../../../server/pricing/pricing.schema'
import { newQuoteDraft } from './quote-draft'
import {
  deliveryFeeLabel,
  priceListChoices,
  quoteMadeNotice,
  quoteStanding,
  startLabel,
  withLine,
  withoutLine,
  withPicked,
} from './quote-card'

const pricing = PricingSchema.parse({
  items: [
    { id: 'arch', name: 'Organic arch', unit: 'per-foot', price: 25 },
    { id: 'wall', name: 'Balloon wall', unit: 'flat', price: 450.5 },
  ],
  addOns: [{ id: 'led', name: 'LED lights', unit: 'flat', price: 40 }],
  deliveryZones: [{ name: 'Central', zips: ['97214'], fee: 25 }],
})
const draft = () => newQuoteDraft(pricing, '97214')

describe('each version', () => {
  it('reads its total in dollars and cents, where it stands, and who signed it', () => {
    expect(quoteStanding({ total: 450, state: 'open', signature: null })).toBe('$450.00, Waiting for the client.')
    expect(quoteStanding({ total: 1250.5, state: 'accepted', signature: { name: 'Maya Okafor' } as never })).toBe(
      '$1250.50, Accepted and signed by Maya Okafor.',
    )
    expect(quoteStanding({ total: 99.999, state: 'expired', signature: null })).toBe('$100.00, Expired.')
    expect(quoteStanding({ total: 0, state: 'replaced', signature: null })).toBe('$0.00, Replaced.')
  })

  it('is followed by a button for a new version, or for a first quote', () => {
    expect(startLabel([])).toBe('Make a quote')
    expect(startLabel([{}])).toBe('Make a new version')
  })
})

describe('the price list menu', () => {
  it('offers the items, then the add-ons, each with its price', () => {
    expect(priceListChoices(pricing)).toEqual([
      { value: 'item:arch', label: 'Organic arch ($25)' },
      { value: 'item:wall', label: 'Balloon wall ($450.5)' },
      { value: 'addon:led', label: 'Add-on: LED lights ($40)' },
    ])
  })

  it('is empty while the price list is not loaded', () => {
    expect(priceListChoices(null)).toEqual([])
  })

  it('adds the chosen item as a line the client must take, an add-on as one they may leave', () => {
    const item = withPicked(draft(), pricing, 'item:wall')!
    expect(item.lines).toMatchObject([{ description: 'Balloon wall', quantity: '1', unitPrice: '450.50', optional: false }])
    const both = withPicked(item, pricing, 'addon:led')!
    expect(both.lines).toMatchObject([{ description: 'Balloon wall' }, { description: 'LED lights', unitPrice: '40', optional: true }])
    expect(both.deliveryFee).toBe('25')
  })

  it('adds nothing for the menu prompt, an entry gone, or an id looked up in the other list', () => {
    expect(withPicked(draft(), pricing, '')).toBeNull()
    expect(withPicked(draft(), pricing, 'item:gone')).toBeNull()
    expect(withPicked(draft(), pricing, 'item:led')).toBeNull()
    expect(withPicked(draft(), pricing, 'addon:arch')).toBeNull()
    expect(withPicked(draft(), pricing, 'extra:led')).toBeNull()
    expect(withPicked(draft(), pricing, 'led')).toBeNull()
  })
})

describe('the lines', () => {
  const two = () => withPicked(withPicked(draft(), pricing, 'item:arch')!, pricing, 'item:wall')!

  it('change one at a time, the others as they were', () => {
    const before = two()
    const [first, second] = before.lines
    const after = withLine(before, second.key, { quantity: '3', optional: true })
    expect(after.lines).toEqual([first, { ...second, quantity: '3', optional: true }])
    expect(before.lines[1]).toEqual(second)
  })

  it('are removed one at a time', () => {
    const before = two()
    const [first, second] = before.lines
    expect(withoutLine(before, first.key).lines).toEqual([second])
    expect(withoutLine(before, -1).lines).toEqual([first, second])
    expect(before.lines).toHaveLength(2)
  })
})

describe('the delivery fee', () => {
  it('asks the owner to ask when the ZIP is outside every zone', () => {
    expect(deliveryFeeLabel({ deliveryFee: '' })).toBe('Delivery fee ($) (outside the delivery zones: ask)')
    expect(deliveryFeeLabel({ deliveryFee: '25' })).toBe('Delivery fee ($)')
    expect(deliveryFeeLabel({ deliveryFee: '0' })).toBe('Delivery fee ($)')
    // Only the blank the zone left asks: a fee the owner typed over with spaces is hers to fix.
    expect(deliveryFeeLabel({ deliveryFee: ' ' })).toBe('Delivery fee ($)')
  })
})

describe('once a quote is made', () => {
  it('says it is e-mailed to the client and the lead is Quoted', () => {
    expect(quoteMadeNotice({ version: 2, url: 'https://studio.example/quote/abc', emailedTo: 'maya@example.com' })).toEqual({
      title: 'Quote sent',
      detail: 'Version 2 is being e-mailed to maya@example.com; the lead is now Quoted.',
    })
  })

  it('gives the link to send when e-mail is not set up', () => {
    expect(quoteMadeNotice({ version: 1, url: 'https://studio.example/quote/abc', emailedTo: null })).toEqual({
      title: 'Quote made',
      detail: 'Version 1 is ready and the lead is now Quoted. E-mail is not set up: send the client https://studio.example/quote/abc',
    })
  })
})

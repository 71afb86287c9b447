import { describe, expect, it } from 'vitest'
import { PricingSchema } from '../../../server/pricing/pricing.schema'
import { lineFrom, newQuoteDraft, quoteRequest } from './quote-draft'

const pricing = PricingSchema.parse({
  items: [{ id: 'arch', name: 'Organic arch', unit: 'per-foot', price: 25 }],
  addOns: [{ id: 'led', name: 'LED lights', unit: 'flat', price: 40.5 }],
  deliveryZones: [
    { name: 'Central', zips: ['97214'], fee: 25 },
    { name: 'Metro', zips: ['972'], fee: 45 },
  ],
  deposit: { percent: 30 },
})

describe('the quote builder draft', () => {
  it('fills the delivery fee from the ZIP zone, blank outside every zone, and the usual deposit', () => {
    expect(newQuoteDraft(pricing, '97214')).toMatchObject({ deliveryFee: '25', depositPercent: '30' })
    expect(newQuoteDraft(pricing, '97219').deliveryFee).toBe('45')
    expect(newQuoteDraft(pricing, '98101').deliveryFee).toBe('')
  })

  it('sends picked and typed lines as numbers, an add-on as optional, blank amounts left out', () => {
    const draft = newQuoteDraft(pricing, '98101')
    draft.lines.push({ ...lineFrom(pricing.items[0]!), quantity: '12.5' }, lineFrom(pricing.addOns[0]!, true), {
      ...lineFrom(null),
      description: 'Custom sign',
      unitPrice: '$1,000',
    })
    draft.discount = '10'
    expect(quoteRequest(draft)).toEqual({
      items: [
        { description: 'Organic arch', quantity: 12.5, unitPrice: 25 },
        { description: 'LED lights', quantity: 1, unitPrice: 40.5, optional: true },
        { description: 'Custom sign', quantity: 1, unitPrice: 1000 },
      ],
      discount: 10,
      depositPercent: 30,
    })
  })

  it('shows a price with cents as dollars and cents, reads amounts typed with spaces, and sends a blank quantity as not a number', () => {
    expect(lineFrom(pricing.addOns[0]!)).toMatchObject({ description: 'LED lights', quantity: '1', unitPrice: '40.50', optional: false })
    expect(lineFrom(pricing.items[0]!).unitPrice).toBe('25')
    expect(lineFrom(null)).toMatchObject({ description: '', unitPrice: '' })
    const draft = newQuoteDraft(pricing, '97214')
    draft.lines.push({ ...lineFrom(null), description: '  Custom sign ', quantity: '', unitPrice: '$ 1 200' })
    draft.deliveryFee = ' $ 35 '
    const sent = quoteRequest(draft)
    expect(sent.items[0]).toMatchObject({ description: 'Custom sign', unitPrice: 1200 })
    expect(sent.items[0]!.quantity).toBeNaN()
    expect(sent.deliveryFee).toBe(35)
  })
})

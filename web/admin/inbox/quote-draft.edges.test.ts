// The quote builder's draft at its edges: a fixed deposit leaves the percent blank, a zone fee with cents, each line
// its own key, a line's text trimmed, amounts left blank or typed as spaces sent as "not a number" for the server to name.
import { describe, expect, it } from 'vitest'
import { PricingSchema } from '../../../server/pricing/pricing.schema'
import { lineFrom, newQuoteDraft, quoteRequest } from './quote-draft'

const pricing = PricingSchema.parse({
  items: [{ id: 'arch', name: 'Organic arch', unit: 'per-foot', price: 25 }],
  addOns: [],
  deliveryZones: [{ name: 'Central', zips: ['97214'], fee: 12.5 }],
  deposit: { fixed: 200 },
})

describe('the quote builder draft at its edges', () => {
  it('a fixed deposit leaves the percent blank, and it is not sent; a fee with cents shows them', () => {
    const draft = newQuoteDraft(pricing, '97214')
    expect(draft).toEqual({ lines: [], deliveryFee: '12.50', discount: '', depositPercent: '' })
    expect(quoteRequest(draft)).toEqual({ items: [], deliveryFee: 12.5 })
  })

  it('each new line has a key of its own; a blank line has no text and no price', () => {
    const a = lineFrom(null)
    const b = lineFrom(pricing.items[0]!)
    expect(b.key).toBe(a.key + 1)
    expect(a).toMatchObject({ description: '', quantity: '1', unitPrice: '', optional: false })
    expect(b).toMatchObject({ description: 'Organic arch', unitPrice: '25', optional: false })
  })

  it("a line's text is sent trimmed; an empty quantity or price is sent as not a number, a delivery fee of 0 as 0", () => {
    const draft = newQuoteDraft(pricing, '98101')
    draft.lines.push({ ...lineFrom(null), description: '  Custom sign  ', quantity: ' ', unitPrice: '' })
    draft.deliveryFee = '0'
    draft.discount = ' '
    const sent = quoteRequest(draft)
    expect(sent.items[0]!.description).toBe('Custom sign')
    expect(sent.items[0]!.quantity).toBeNaN()
    expect(sent.items[0]!.unitPrice).toBeNaN()
    expect(sent.items[0]).not.toHaveProperty('optional')
    expect(sent.deliveryFee).toBe(0)
    expect(sent).not.toHaveProperty('discount')
  })
})

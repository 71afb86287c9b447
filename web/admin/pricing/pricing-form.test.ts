import { describe, expect, it } from 'vitest'
import { fromDraft, idFromName, parseAmount, pricingInWords, toDraft } from './pricing-form'

const pricing = {
  items: [{ id: 'arch', name: 'Organic arch', unit: 'per-foot' as const, price: 25.5, service: 'balloon-garlands' }],
  addOns: [{ id: 'led', name: 'LED lights', unit: 'flat' as const, price: 40 }],
  deliveryZones: [{ name: 'Central', zips: ['97214', '972'], fee: 25 }],
  deposit: { percent: 30 },
  balanceDueDays: 7,
  quoteValidDays: 14,
}

describe('the Pricing form model', () => {
  it('shows the list as text and sends the same list back', () => {
    const draft = toDraft(pricing)
    expect(draft.items[0]).toMatchObject({ price: '25.50', service: 'balloon-garlands' })
    expect(draft.zones[0]!.zips).toBe('97214, 972')
    expect(fromDraft(draft)).toEqual(pricing)
  })

  it('reads amounts as people type them', () => {
    expect([parseAmount('45'), parseAmount('$1,250.50'), parseAmount(' 12.5 ')]).toEqual([45, 1250.5, 12.5])
    expect(parseAmount('')).toBeNaN()
    expect(parseAmount('about 40')).toBeNaN()
  })

  it('gives a new entry an id from its name, unique across items and add-ons, and a fixed deposit in dollars', () => {
    const draft = toDraft(pricing)
    draft.items.push({ key: 'n1', id: '', name: 'LED lights', unit: 'each', price: '10', service: '' })
    draft.depositKind = 'fixed'
    draft.deposit = '150'
    const sent = fromDraft(draft)
    expect(sent.items[1]).toEqual({ id: 'led-lights', name: 'LED lights', unit: 'each', price: 10 })
    expect(sent.deposit).toEqual({ fixed: 150 })
    expect(idFromName('LED lights', new Set(['led-lights']))).toBe('led-lights-2')
    expect(idFromName('!!!', new Set())).toBe('item')
  })

  it('puts each part in words for the stale-edit compare', () => {
    expect(pricingInWords(pricing)).toEqual({
      items: 'Organic arch $25.50',
      addOns: 'LED lights $40',
      deliveryZones: 'Central $25',
      deposit: '30%',
      balanceDueDays: '7',
      quoteValidDays: '14',
      paymentInstructions: '',
    })
    expect(pricingInWords({ ...pricing, deposit: { fixed: 100 }, paymentInstructions: 'Venmo @studio' })).toMatchObject({
      deposit: '$100',
      paymentInstructions: 'Venmo @studio',
    })
  })
})

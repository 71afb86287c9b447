// The Pricing form model at its edges: ids from names with runs of punctuation at either end, a third entry of one
// name, new entries' keys, names and ZIP lists as typed with stray spaces, payment instructions cleared.
import { describe, expect, it } from 'vitest'
import { fromDraft, idFromName, newKey, toDraft } from './pricing-form'

const pricing = {
  items: [{ id: 'arch', name: 'Organic arch', unit: 'per-foot' as const, price: 25, service: 'balloon-garlands' }],
  addOns: [],
  deliveryZones: [{ name: 'Central', zips: ['97214'], fee: 12.5 }],
  deposit: { fixed: 99.9 },
  balanceDueDays: 7,
  quoteValidDays: 14,
  paymentInstructions: 'Zelle to studio@example.com',
}

describe('ids from names', () => {
  it('turns every run of other characters into one hyphen and trims them at both ends', () => {
    expect(idFromName('--Organic   arch (10 ft)!!', new Set())).toBe('organic-arch-10-ft')
    expect(idFromName('  Big--Bouquet  ', new Set())).toBe('big-bouquet')
    expect(idFromName('a'.repeat(70), new Set())).toBe('a'.repeat(60))
  })

  it('counts up past every taken id', () => {
    expect(idFromName('LED', new Set(['led', 'led-2', 'led-3']))).toBe('led-4')
    expect(idFromName('LED', new Set(['led-2']))).toBe('led')
  })

  it('new entries get keys of their own', () => {
    const a = newKey()
    const b = newKey()
    expect(a).toMatch(/^new-\d+$/)
    expect(b).not.toBe(a)
    expect(Number(b.slice(4))).toBe(Number(a.slice(4)) + 1)
  })
})

describe('what Save sends', () => {
  it('a fixed deposit and fees with cents shown with two decimals, and sent back as numbers', () => {
    const draft = toDraft(pricing)
    expect([draft.depositKind, draft.deposit, draft.zones[0]!.fee, draft.items[0]!.price]).toEqual(['fixed', '99.90', '12.50', '25'])
    expect(draft.paymentInstructions).toBe('Zelle to studio@example.com')
    expect(fromDraft(draft)).toEqual(pricing)
  })

  it('names and ZIPs as typed, with spaces, commas and blank entries', () => {
    const draft = toDraft(pricing)
    draft.items[0]!.name = '  Organic arch  '
    draft.zones[0] = { key: 'z', name: ' North ', zips: ' 97217,97203  97211 ,, ', fee: '0' }
    const sent = fromDraft(draft)
    expect(sent.items[0]!.name).toBe('Organic arch')
    expect(sent.deliveryZones).toEqual([{ name: 'North', zips: ['97217', '97203', '97211'], fee: 0 }])
  })

  it('two new entries of one name get two ids; a new entry keeps clear of ids in the add-ons', () => {
    const draft = toDraft({ ...pricing, addOns: [{ id: 'helium', name: 'Helium', unit: 'flat', price: 5 }] })
    draft.items.push({ key: 'n1', id: '', name: 'Helium', unit: 'each', price: '1', service: '' })
    draft.items.push({ key: 'n2', id: '', name: 'Helium', unit: 'each', price: '2', service: '' })
    expect(fromDraft(draft).items.map((i) => i.id)).toEqual(['arch', 'helium-2', 'helium-3'])
  })

  it('payment instructions of spaces are left out; a price list without them shows an empty box', () => {
    const draft = toDraft(pricing)
    draft.paymentInstructions = '  \n '
    expect(fromDraft(draft)).not.toHaveProperty('paymentInstructions')
    const { paymentInstructions: _, ...without } = pricing
    expect(toDraft(without).paymentInstructions).toBe('')
  })
})

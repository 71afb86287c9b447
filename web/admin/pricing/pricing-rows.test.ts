// The Pricing tab's lists as the owner edits them: a row changed in place, a row removed, new empty rows, the deposit's
// label and each list's heading id.
import { describe, expect, it } from 'vitest'
import {
  blankPrice,
  blankZone,
  depositLabel,
  fromDraft,
  listHeadingId,
  pricingInWords,
  removeRow,
  toDraft,
  updateRow,
  type ZoneDraft,
} from './pricing-form'

const zone = (key: string, name: string): ZoneDraft => ({ key, name, zips: '972', fee: '25' })

describe('the Pricing lists', () => {
  it('write a change into that row only, keeping its other fields', () => {
    const rows = [zone('a', 'Central'), zone('b', 'East'), zone('c', 'West')]
    const changed = updateRow(rows, 'b', { fee: '40' })
    expect(changed).toEqual([zone('a', 'Central'), { key: 'b', name: 'East', zips: '972', fee: '40' }, zone('c', 'West')])
    expect(updateRow(rows, 'z', { fee: '40' })).toEqual(rows)
    expect(rows[1]!.fee).toBe('25')
  })

  it('remove the row with that key only', () => {
    const rows = [zone('a', 'Central'), zone('b', 'East'), zone('c', 'West')]
    expect(removeRow(rows, 'b').map((r) => r.name)).toEqual(['Central', 'West'])
    expect(removeRow(rows, 'z')).toEqual(rows)
  })

  it('add empty rows, each with a key of its own', () => {
    const price = blankPrice()
    expect(price).toEqual({ key: expect.stringMatching(/^new-\d+$/), id: '', name: '', unit: 'each', price: '', service: '' })
    const zoneRow = blankZone()
    expect(zoneRow).toEqual({ key: expect.stringMatching(/^new-\d+$/), name: '', zips: '', fee: '' })
    expect(new Set([price.key, zoneRow.key, blankPrice().key]).size).toBe(3)
  })

  it('label the deposit by its kind', () => {
    expect(depositLabel('percent')).toBe('Deposit (%)')
    expect(depositLabel('fixed')).toBe('Deposit ($)')
  })

  it('give each list a heading id from its title', () => {
    expect(listHeadingId('Items')).toBe('pricing-items')
    expect(listHeadingId('Add-ons')).toBe('pricing-add-ons')
    expect(listHeadingId('Delivery  zones!')).toBe('pricing-delivery-zones-')
  })
})

describe('the price list read and sent', () => {
  const pricing = {
    items: [
      { id: 'arch', name: 'Organic arch', unit: 'per-foot' as const, price: 25.5 },
      { id: 'wall', name: 'Balloon wall', unit: 'each' as const, price: 300 },
    ],
    addOns: [],
    deliveryZones: [
      { name: 'Central', zips: ['97214'], fee: 25 },
      { name: 'East', zips: ['97230'], fee: 40 },
    ],
    deposit: { percent: 30 },
    balanceDueDays: 7,
    quoteValidDays: 14,
  }

  it('gives each zone its own key, so a change to one leaves the other', () => {
    const draft = toDraft(pricing)
    expect(new Set(draft.zones.map((z) => z.key)).size).toBe(2)
    const zones = updateRow(draft.zones, draft.zones[1]!.key, { fee: '45' })
    expect(zones.map((z) => z.fee)).toEqual(['25', '45'])
  })

  it('sends the payment instructions without spaces around them, and none for spaces alone', () => {
    expect(fromDraft({ ...toDraft(pricing), paymentInstructions: '  Venmo @studio \n' }).paymentInstructions).toBe('Venmo @studio')
    expect(fromDraft({ ...toDraft(pricing), paymentInstructions: '   ' })).not.toHaveProperty('paymentInstructions')
  })

  it('says several entries and zones in words, separated by commas', () => {
    expect(pricingInWords(pricing)).toMatchObject({
      items: 'Organic arch $25.50, Balloon wall $300',
      deliveryZones: 'Central $25, East $40',
    })
  })
})

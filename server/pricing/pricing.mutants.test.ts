// The price list and money as the owner and a visitor see them, written from the mutation run's survivors (issue 32):
// amounts at the edge of whole cents, totals without delivery or discount, ZIPs as typed, zones that tie, the
// errors named by entry, the owner's version, and the commit's counts in the singular and the plural.
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'
import { deliveryEstimate, describeEstimate, fiveDigitZip } from './delivery-estimate'
import { formatMoney, quoteTotals, toCents } from './money'
import { zoneForZip } from './pricing.schema'

describe('money at its edges', () => {
  it('whole cents pass, a hundredth of a cent over does not; negative amounts keep their sign', () => {
    expect([toCents(0.29), toCents(1.1), toCents(-2.5), toCents(1e-9)]).toEqual([29, 110, -250, 0])
    expect([toCents(0.0101), toCents(12.3401), toCents(-0.015), toCents(-Infinity)]).toEqual([null, null, null, null])
    expect([formatMoney(100), formatMoney(99), formatMoney(123_456_789), formatMoney(-5)]).toEqual([
      '$1.00',
      '$0.99',
      '$1,234,567.89',
      '-$0.05',
    ])
  })

  it('totals without delivery or discount given; a discount smaller than the total is taken whole', () => {
    const lines = [{ description: 'Arch', quantity: 2, unitPriceCents: 5_000 }]
    expect(quoteTotals({ lines, deposit: { percent: 25 } })).toEqual({
      lineTotalsCents: [10_000],
      itemsCents: 10_000,
      deliveryFeeCents: 0,
      discountCents: 0,
      totalCents: 10_000,
      depositCents: 2_500,
      balanceCents: 7_500,
    })
    expect(quoteTotals({ lines, deliveryFeeCents: 1_000, discountCents: 10_999, deposit: { percent: 100 } })).toMatchObject({
      discountCents: 10_999,
      totalCents: 1,
      depositCents: 1,
      balanceCents: 0,
    })
    // The discount is capped at items plus delivery, not at items alone.
    expect(quoteTotals({ lines, deliveryFeeCents: 1_000, discountCents: 10_500, deposit: { fixedCents: 0 } })).toMatchObject({
      discountCents: 10_500,
      totalCents: 500,
      depositCents: 0,
      balanceCents: 500,
    })
  })
})

describe('the delivery estimate as typed', () => {
  it('takes spaces around, ZIP+4 with or without its hyphen, and nothing more or less', () => {
    expect(['  97214 ', '97214-1234', '972141234', '97214'].map(fiveDigitZip)).toEqual(['97214', '97214', '97214', '97214'])
    expect(['9721', '972145', '97214-123', 'x97214', '97214x', '97214--1234', ''].map(fiveDigitZip)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('of two zones with the same prefix length, the first listed wins (as the price list rule)', () => {
    const zones = [
      { name: 'First', zips: ['972'], fee: 10 },
      { name: 'Second', zips: ['972'], fee: 20 },
      { name: 'Longer later', zips: ['9721'], fee: 30 },
    ]
    expect(deliveryEstimate(zones, '97201')).toEqual({ zip: '97201', zone: 'First', fee: 10 })
    expect(zoneForZip(zones, '97201')?.name).toBe('First')
    expect(deliveryEstimate(zones, '97214')).toEqual({ zip: '97214', zone: 'Longer later', fee: 30 })
    expect(zoneForZip(zones, '97214')?.name).toBe('Longer later')
  })

  it('says cents only when the fee has them', () => {
    expect(describeEstimate({ zip: '97214', zone: 'A', fee: 1250 })).toBe('Delivery to 97214: about $1,250')
    expect(describeEstimate({ zip: '97214', zone: 'A', fee: 0.5 })).toBe('Delivery to 97214: about $0.50')
  })
})

describe('/api/pricing', () => {
  const ctx = useTestApp({ login: true })
  let t: TestApp
  let cookie: string
  beforeEach(() => ({ t, cookie } = ctx))
  const item = (id: string) => ({ id, name: id, unit: 'each', price: 1 })

  it("the owner's read carries the version, a visitor's does not", async () => {
    expect(await (await t.call('GET', '/api/pricing', { cookie })).json()).toHaveProperty(
      'version',
      expect.stringMatching(/^[0-9a-f]{16}$/),
    )
    expect(await (await t.call('GET', '/api/pricing')).json()).not.toHaveProperty('version')
  })

  it('names the commit in the singular and the plural', async () => {
    await t.call('PUT', '/api/pricing', { json: { items: [item('a')], deliveryZones: [] }, cookie })
    expect(t.subjects()[0]).toBe('Update price list: 1 item, 0 add-ons, 0 delivery zones')
    await t.call('PUT', '/api/pricing', {
      json: {
        addOns: [item('b'), item('c')],
        deliveryZones: [
          { name: 'A', zips: ['972'], fee: 1 },
          { name: 'B', zips: ['970'], fee: 2 },
        ],
      },
      cookie,
    })
    expect(t.subjects()[0]).toBe('Update price list: 0 items, 2 add-ons, 2 delivery zones')
    // What was saved is read back whole: the defaults are not shared between reads.
    expect(await (await t.call('GET', '/api/pricing')).json()).toMatchObject({ items: [], addOns: [item('b'), item('c')] })
  })

  it('names the entry only for a problem inside one; a duplicate id in one list is named too', async () => {
    const errorOf = async (json: unknown) => {
      const res = await t.call('PUT', '/api/pricing', { json, cookie })
      expect(res.status).toBe(400)
      return ((await res.json()) as { error: string }).error
    }
    expect(await errorOf({ deposit: { percent: 120 } })).toBe('Deposit percent is 100 at most')
    expect(await errorOf({ deposit: { percent: -1 } })).toBe('Deposit percent cannot be negative')
    expect(await errorOf({ balanceDueDays: 1.5 })).toBe('Balance due must be whole days')
    expect(await errorOf({ items: [item('a'), item('a')] })).toBe('Item 2: The id "a" is used twice')
    expect(await errorOf({ addOns: [item('a'), { ...item('b'), name: '' }] })).toBe('Add-on 2: Name is required')
    expect(await errorOf({ paymentInstructions: 'x'.repeat(2001) })).toBe('Payment instructions are 2,000 characters at most')
    expect(await errorOf({ items: 'none' })).toBe('Invalid input: expected array, received string')
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

import { describe, expect, it } from 'vitest'
import { decimalMoney, formatMoney, lineTotal, quoteTotals, toCents, toDollars } from './money'

describe('cents', () => {
  it('takes dollars with at most two decimals, and refuses fractions of a cent', () => {
    expect([toCents(725), toCents(725.5), toCents(0.1 + 0.2), toCents(19.99), toCents(0)]).toEqual([72_500, 72_550, 30, 1999, 0])
    expect([toCents(1.005), toCents(0.001), toCents(Number.NaN), toCents(Infinity)]).toEqual([null, null, null, null])
    expect(toDollars(72_550)).toBe(725.5)
  })

  it('formats as the studio writes prices', () => {
    expect([formatMoney(0), formatMoney(5), formatMoney(72_550), formatMoney(125_000_00), formatMoney(-1050)]).toEqual([
      '$0.00',
      '$0.05',
      '$725.50',
      '$125,000.00',
      '-$10.50',
    ])
  })
})

describe('quote totals, against fixed quotes', () => {
  const arch = { description: 'Organic arch, per foot', quantity: 12.5, unitPriceCents: 2_500 }
  const bouquet = { description: 'Bouquet', quantity: 3, unitPriceCents: 1_999 }
  const addOn = { description: 'LED lights', quantity: 1, unitPriceCents: 4_000, optional: true }

  it('adds lines, delivery and a discount; a percent deposit rounds half up to the cent', () => {
    expect(lineTotal(arch)).toBe(31_250)
    // 2.5 feet at $3.33 is $8.325: a line rounds half up to the cent, as the deposit does.
    expect(lineTotal({ description: 'Garland, per foot', quantity: 2.5, unitPriceCents: 333 })).toBe(833)
    expect(lineTotal({ description: 'Garland, per foot', quantity: 1.3, unitPriceCents: 1_001 })).toBe(1_301)
    const t = quoteTotals({ lines: [arch, bouquet], deliveryFeeCents: 4_500, discountCents: 1_000, deposit: { percent: 33 } })
    expect(t).toEqual({
      lineTotalsCents: [31_250, 5_997],
      itemsCents: 37_247,
      deliveryFeeCents: 4_500,
      discountCents: 1_000,
      totalCents: 40_747,
      depositCents: 13_447, // 40,747 x 0.33 = 13,446.51
      balanceCents: 27_300,
    })
  })

  it('counts an optional add-on only when chosen', () => {
    const input = { lines: [bouquet, addOn], deposit: { percent: 50 } }
    expect(quoteTotals(input).totalCents).toBe(5_997)
    expect(quoteTotals(input, new Set([1]))).toMatchObject({
      itemsCents: 9_997,
      totalCents: 9_997,
      depositCents: 4_999,
      balanceCents: 4_998,
    })
  })

  it('never goes below zero, and a fixed deposit is capped at the total', () => {
    expect(quoteTotals({ lines: [bouquet], discountCents: 99_999, deposit: { fixedCents: 10_000 } })).toMatchObject({
      discountCents: 5_997,
      totalCents: 0,
      depositCents: 0,
      balanceCents: 0,
    })
    expect(quoteTotals({ lines: [bouquet], deposit: { fixedCents: 2_000 } })).toMatchObject({
      totalCents: 5_997,
      depositCents: 2_000,
      balanceCents: 3_997,
    })
    expect(quoteTotals({ lines: [bouquet], deposit: { fixedCents: 9_000 } })).toMatchObject({ depositCents: 5_997, balanceCents: 0 })
  })
})

describe('decimalMoney (exports)', () => {
  it('writes cents as dollars with two decimals, no symbol or grouping, without float rounding', () => {
    expect([0, 5, 99, 100, 15_262, 123_456_789, -1_005].map(decimalMoney)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '152.62',
      '1234567.89',
      '-10.05',
    ])
  })
})

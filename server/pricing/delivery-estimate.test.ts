import { describe, expect, it } from 'vitest'
import { deliveryEstimate, describeEstimate } from './delivery-estimate'
import { zoneForZip } from './pricing.schema'

const zones = [
  { name: 'Portland', zips: ['972'], fee: 45 },
  { name: 'Gresham', zips: ['97030', '97080'], fee: 65.5 },
  { name: 'Inner SE', zips: ['97214'], fee: 35 },
]

describe('delivery estimate', () => {
  it('the longest matching ZIP or prefix wins', () => {
    expect(deliveryEstimate(zones, '97201')).toEqual({ zip: '97201', zone: 'Portland', fee: 45 })
    expect(deliveryEstimate(zones, '97214-1234')).toEqual({ zip: '97214', zone: 'Inner SE', fee: 35 })
    expect(deliveryEstimate(zones, '97080')).toEqual({ zip: '97080', zone: 'Gresham', fee: 65.5 })
  })

  it('outside every zone, an incomplete ZIP, or no zones at all', () => {
    expect(deliveryEstimate(zones, '98101')).toEqual({ zip: '98101', outside: true })
    expect(deliveryEstimate(zones, '972')).toBe(null)
    expect(deliveryEstimate([], '97201')).toBe(null)
  })

  it("finds the zone the price list's own rule finds", () => {
    for (const zip of ['97201', '97214', '97080', '97030', '98101', '97299']) {
      const estimate = deliveryEstimate(zones, zip)
      expect([zip, estimate && 'zone' in estimate ? estimate.zone : null]).toEqual([zip, zoneForZip(zones, zip)?.name ?? null])
    }
  })

  it('is said as an estimate', () => {
    expect(describeEstimate({ zip: '97214', zone: 'Inner SE', fee: 45 })).toBe('Delivery to 97214: about $45')
    expect(describeEstimate({ zip: '97080', zone: 'Gresham', fee: 65.5 })).toBe('Delivery to 97080: about $65.50')
    expect(describeEstimate({ zip: '98101', outside: true })).toBe("Delivery to 98101 is outside our usual area: we'll confirm")
  })
})

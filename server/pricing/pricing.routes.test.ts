// /api/pricing on the real app: public read, the owner's save as one commit in History, bad input and stale saves.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'
import { zoneForZip } from './pricing.schema'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const list = {
  items: [
    { id: 'classic-bouquet', name: 'Classic bouquet', unit: 'each', price: 45, service: 'bouquets' },
    { id: 'organic-garland', name: 'Organic garland', unit: 'per-foot', price: 25.5 },
  ],
  addOns: [{ id: 'led-lights', name: 'LED lights', unit: 'flat', price: 40 }],
  deliveryZones: [{ name: 'Central', zips: ['97214'], fee: 25 }],
  deposit: { percent: 30 },
  balanceDueDays: 7,
  quoteValidDays: 14,
}

describe('the price list', () => {
  it('without a file answers an empty list with the default policy', async () => {
    const res = await t.call('GET', '/api/pricing')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      items: [],
      addOns: [],
      deliveryZones: [],
      deposit: { percent: 30 },
      balanceDueDays: 7,
      quoteValidDays: 14,
    })
  })

  it('a save is one commit of content/pricing.yaml, public at once, and named in History', async () => {
    const before = await (await t.call('GET', '/api/pricing', { cookie })).json()
    const res = await t.call('PUT', '/api/pricing', { json: { ...list, baseVersion: before.version }, cookie })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ...list, version: expect.stringMatching(/^[0-9a-f]{16}$/) })
    expect(t.subjects()[0]).toBe('Update price list: 2 items, 1 add-on, 1 delivery zone')
    expect(t.git('log', '-1', '--format=%B')).toContain('Content-Item: pricing')
    expect(readFileSync(join(t.root, 'content/pricing.yaml'), 'utf8')).toContain('price: 25.5')
    expect(await (await t.call('GET', '/api/pricing')).json()).toEqual(list)
    const history = await (await t.call('GET', '/api/admin/history?limit=1', { cookie })).json()
    expect(history.entries[0].title).toBe('Added the price list')
    const filters = await (await t.call('GET', '/api/admin/history/items', { cookie })).json()
    expect(filters).toContainEqual({ item: 'pricing', label: 'Price list', current: true })
  })

  it('bad input answers 400 naming the field; no session 401; a stale save 409; nothing written', async () => {
    const bad = [
      [{ ...list, items: [{ ...list.items[0], price: 45.001 }] }, 'Item 1: Price must be in whole cents (at most two decimals)'],
      [{ ...list, items: [{ ...list.items[0], price: -1 }] }, 'Item 1: Price cannot be negative'],
      [{ ...list, items: [{ ...list.items[0], unit: 'per-hour' }] }, 'Item 1: Unit must be each, per-foot or flat'],
      [{ ...list, addOns: [{ ...list.addOns[0], id: 'classic-bouquet' }] }, 'Add-on 1: The id "classic-bouquet" is used twice'],
      [
        { ...list, deliveryZones: [{ name: 'X', zips: ['97a14'], fee: 1 }] },
        'Delivery zone 1: ZIP codes are 3 to 5 digits (a prefix covers every code it starts)',
      ],
    ] as const
    for (const [body, error] of bad) {
      const res = await t.call('PUT', '/api/pricing', { json: body, cookie })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect((await t.call('PUT', '/api/pricing', { json: list })).status).toBe(401)
    expect((await t.call('PUT', '/api/pricing', { json: { ...list, baseVersion: '0123456789abcdef' }, cookie })).status).toBe(409)
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

describe('delivery zones', () => {
  const zones = [
    { name: 'Central', zips: ['97214', '97215'], fee: 25 },
    { name: 'Metro', zips: ['972', '970'], fee: 45 },
  ]
  it('the exact code wins over a prefix; outside every zone there is none', () => {
    expect(zoneForZip(zones, '97214')?.name).toBe('Central')
    expect(zoneForZip(zones, '97219')?.name).toBe('Metro')
    expect(zoneForZip(zones, '97005')?.name).toBe('Metro')
    expect(zoneForZip(zones, '98101')).toBeNull()
    expect(zoneForZip(zones, '97')).toBeNull()
  })
})

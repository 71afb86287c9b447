// A home card's About and Pricing texts: fetched once per service when a visitor reaches for them, shared by every
// opening after, and asked again after a failure.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { failing, type FakeApi } from '../lib/testing-api'

let api: FakeApi
const arches = { id: 'arches', visible: true, title: 'Arches', aboutText: 'We build arches.', pricingInfo: 'From $300.' }
// A fresh module (and API client) per test: the module keeps what it fetched for the page's life.
beforeEach(async () => {
  vi.resetModules()
  const { fakeApi } = await import('../lib/testing-api')
  api = fakeApi({ 'GET /services/arches': arches, 'GET /services/secret': { ...arches, visible: false } })
})
const texts = async () => (await import('./service-texts')).loadServiceTexts

describe('loadServiceTexts', () => {
  it('answers only the two texts of the service', async () => {
    expect(await (await texts())('arches')).toEqual({ aboutText: 'We build arches.', pricingInfo: 'From $300.' })
  })

  it('asks once per service, whoever opens it next', async () => {
    const load = await texts()
    const [a, b] = await Promise.all([load('arches'), load('arches')])
    expect(await load('arches')).toBe(a)
    expect(b).toBe(a)
    expect(api.sent.map((s) => s.path)).toEqual(['/services/arches'])
  })

  it('answers null for a hidden or unknown service', async () => {
    const load = await texts()
    expect(await load('secret')).toBeNull()
    expect(await load('gone')).toBeNull()
  })

  it('asks again on the next opening after a failure', async () => {
    const load = await texts()
    api.routes['GET /services/arches'] = failing(503)
    await expect(load('arches')).rejects.toMatchObject({ status: 503 })
    api.routes['GET /services/arches'] = arches
    expect(await load('arches')).toEqual({ aboutText: 'We build arches.', pricingInfo: 'From $300.' })
    expect(api.sent).toHaveLength(2)
  })
})

describe('settledTexts', () => {
  it('shows the texts that arrived, or the error for a service that is gone', async () => {
    const { settledTexts } = await import('./service-texts')
    const loaded = { aboutText: 'We build arches.', pricingInfo: 'From $300.' }
    expect(settledTexts(loaded)).toEqual({ status: 'loaded', texts: loaded })
    expect(settledTexts({ aboutText: '', pricingInfo: '' })).toEqual({ status: 'loaded', texts: { aboutText: '', pricingInfo: '' } })
    expect(settledTexts(null)).toEqual({ status: 'error' })
  })
})

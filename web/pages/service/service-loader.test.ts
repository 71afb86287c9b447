// The service page's data: the visible service and the price list's delivery zones; not found for an unknown or hidden
// service, service pages switched off, or settings that cannot be read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isNotFound } from '../../lib/not-found-response'
import { failing, fakeApi, type FakeApi } from '../../lib/testing-api'
import { serviceLoader } from './service-loader'

let api: FakeApi
const arches = { id: 'arches', title: 'Arches', visible: true }
beforeEach(() => {
  api = fakeApi({
    'GET /site-settings': { features: { servicesEnabled: true } },
    'GET /services/arches': arches,
    'GET /services/secret': { ...arches, id: 'secret', visible: false },
    'GET /pricing': { deliveryZones: [{ name: 'Central', fee: 40 }] },
  })
})
afterEach(() => vi.restoreAllMocks())

const request = new Request('https://studio.example/services/arches')
const load = (serviceId: string | undefined) => serviceLoader({ params: { serviceId }, request })
const notFound = (call: Promise<unknown>) => call.then(() => false, isNotFound)

describe('serviceLoader', () => {
  it('answers the visible service and the delivery zones, asking with the request’s signal', async () => {
    expect(await load('arches')).toEqual({ service: arches, deliveryZones: [{ name: 'Central', fee: 40 }] })
    expect(api.sent.map((s) => s.path).sort()).toEqual(['/pricing', '/services/arches', '/site-settings'])
    expect(api.sent.every((s) => s.signal === request.signal)).toBe(true)
  })

  it('still shows the service without zones when the price list cannot be read', async () => {
    api.routes['GET /pricing'] = failing()
    expect(await load('arches')).toEqual({ service: arches, deliveryZones: [] })
  })

  it('is not found for an unknown or hidden service, or none named', async () => {
    for (const id of ['gone', 'secret', undefined]) expect(await notFound(load(id))).toBe(true)
    expect(api.sent.some((s) => s.path === '/services/')).toBe(true)
  })

  it('is not found while service pages are off, or the settings cannot be read', async () => {
    api.routes['GET /site-settings'] = { features: { servicesEnabled: false } }
    expect(await notFound(load('arches'))).toBe(true)
    api.routes['GET /site-settings'] = failing()
    expect(await notFound(load('arches'))).toBe(true)
  })

  it('logs a service that could not be read (not a missing one) and answers not found', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await notFound(load('gone'))
    expect(logged).not.toHaveBeenCalled()
    api.routes['GET /services/arches'] = failing(500)
    expect(await notFound(load('arches'))).toBe(true)
    expect(String(logged.mock.calls[0]?.[0])).toContain('Failed (500)')
  })
})

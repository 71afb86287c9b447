// The About page exists only while the owner has it switched on; settings that cannot be read hide it too.
import { beforeEach, describe, expect, it } from 'vitest'
import { isNotFound } from '../../lib/not-found-response'
import { failing, fakeApi, type FakeApi } from '../../lib/testing-api'
import { aboutLoader } from './about-loader'

let api: FakeApi
beforeEach(() => {
  api = fakeApi({ 'GET /site-settings': { features: { aboutEnabled: true } } })
})
const load = (request = new Request('https://studio.example/about')) => aboutLoader({ request })
const notFound = (call: Promise<unknown>) => call.then(() => false, isNotFound)

describe('aboutLoader', () => {
  it('loads (no data of its own) while About is switched on, asking with the request’s signal', async () => {
    const request = new Request('https://studio.example/about')
    expect(await load(request)).toBeNull()
    expect(api.sent.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: '/site-settings' }])
    // toMatchObject would pass any signal (an AbortSignal has no keys of its own): the same one, by identity.
    expect(api.sent[0].signal).toBe(request.signal)
  })

  it('is not found while About is off, or the settings cannot be read', async () => {
    api.routes['GET /site-settings'] = { features: { aboutEnabled: false } }
    expect(await notFound(load())).toBe(true)
    api.routes['GET /site-settings'] = failing()
    expect(await notFound(load())).toBe(true)
  })
})

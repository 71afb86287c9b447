// The public site's reads of services: a hidden service never shows, even when the owner browses the site signed in
// (her session also receives hidden ones), and an unknown one is "not found" rather than an error.
import { beforeEach, describe, expect, it } from 'vitest'
import { ServiceSchema, type Service } from '../../server/services/services.schema'
import { ApiError, configureApi } from './api-client'
import { findPublicService, getPublicServices, summarise } from './public-api'

const service = (id: string, visible: boolean, more: Partial<Service> = {}): Service =>
  ServiceSchema.parse({ id, title: id, description: `${id} described`, visible, ...more })

let answer: (url: string) => Response

beforeEach(() => {
  configureApi({ base: '', fetch: async (input) => answer(String(input)) })
})

describe('services on the public site', () => {
  it('leaves hidden services out, in the order the server gave', async () => {
    answer = () => Response.json([service('bouquets', true), service('mosaics', false), service('arches', true)])
    expect((await getPublicServices()).map((s) => s.id)).toEqual(['bouquets', 'arches'])
  })

  it('a service page: the visible service; null for a hidden or unknown one; other failures are errors', async () => {
    answer = (url) =>
      url === '/api/services/bouquets'
        ? Response.json(service('bouquets', true))
        : url === '/api/services/mosaics'
          ? Response.json(service('mosaics', false))
          : url === '/api/services/a%2Fb'
            ? Response.json({ error: 'Internal server error' }, { status: 500 })
            : Response.json({ error: 'Service not found' }, { status: 404 })
    expect((await findPublicService('bouquets'))?.title).toBe('bouquets')
    expect(await findPublicService('mosaics')).toBeNull()
    expect(await findPublicService('unknown')).toBeNull()
    await expect(findPublicService('a/b')).rejects.toBeInstanceOf(ApiError)
  })

  it('a card knows whether About and Pricing have anything to open', () => {
    expect(summarise(service('bouquets', true, { aboutText: 'Hand-tied', pricingInfo: '  \n' }))).toEqual({
      id: 'bouquets',
      title: 'bouquets',
      description: 'bouquets described',
      images: [],
      hasAbout: true,
      hasPricing: false,
    })
  })
})

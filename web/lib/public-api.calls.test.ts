// What each of the public site's API calls asks the server: method, address and body, and what it answers with.
import { beforeEach, describe, expect, it } from 'vitest'
import { configureApi } from './api-client'
import * as api from './public-api'

let sent: { method: string; url: string; body: unknown; signal: AbortSignal | null | undefined }[]
let reply: unknown

beforeEach(() => {
  sent = []
  reply = { ok: true }
  configureApi({
    base: '',
    fetch: async (input, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        signal: init?.signal,
      })
      return Response.json(reply)
    },
  })
})

describe('the public API calls', () => {
  it.each([
    ['getSiteSettings', () => api.getSiteSettings(), 'GET', '/api/site-settings'],
    ['getImageVersions', () => api.getImageVersions(), 'GET', '/api/image-versions'],
    ['getTestimonials', () => api.getTestimonials(), 'GET', '/api/testimonials'],
    ['getFaq', () => api.getFaq(), 'GET', '/api/faq'],
    ['getDeliveryContent', () => api.getDeliveryContent(), 'GET', '/api/delivery-installation-content'],
    ['getMailingListSegments', () => api.getMailingListSegments(), 'GET', '/api/flodesk-segments'],
    [
      'getUnavailableDates',
      () => api.getUnavailableDates('2026-06-01', '2026-06-30'),
      'GET',
      '/api/availability?from=2026-06-01&to=2026-06-30',
    ],
  ] as const)('%s asks %s %s and answers what the server sent', async (_, call, method, url) => {
    reply = { answer: 42 }
    expect(await call()).toEqual({ answer: 42 })
    expect(sent.map(({ method, url }) => ({ method, url }))).toEqual([{ method, url }])
  })

  it('passes the caller’s abort signal on', async () => {
    const controller = new AbortController()
    await api.getFaq(controller.signal)
    await api.getSiteSettings(controller.signal)
    await api.getTestimonials(controller.signal)
    await api.getDeliveryContent(controller.signal)
    await api.getMailingListSegments(controller.signal)
    await api.getImageVersions(controller.signal)
    await api.getDeliveryZones(controller.signal)
    expect(sent.every((s) => s.signal === controller.signal)).toBe(true)
    expect(sent).toHaveLength(7)
  })

  it('services: GET /api/services and /api/services/<id>, with the caller’s signal', async () => {
    const controller = new AbortController()
    reply = []
    await api.getPublicServices(controller.signal)
    reply = { id: 'a b', visible: true }
    await api.findPublicService('a b', controller.signal)
    expect(sent.map(({ method, url, signal }) => ({ method, url, same: signal === controller.signal }))).toEqual([
      { method: 'GET', url: '/api/services', same: true },
      { method: 'GET', url: '/api/services/a%20b', same: true },
    ])
  })

  it('sends a subscription and an inquiry as JSON posts', async () => {
    const subscription = { email: 'cai@example.com', firstName: 'Cai', lastName: 'Li', segment_ids: ['weddings'] }
    expect(await api.subscribe(subscription as never)).toEqual({ ok: true })
    const inquiry = { firstName: 'Ana', eventDate: '2026-07-03' }
    reply = { ok: true, id: 'inq-1' }
    expect(await api.sendInquiry(inquiry as never)).toEqual({ ok: true, id: 'inq-1' })
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/api/subscribe', body: subscription },
      { method: 'POST', url: '/api/contact', body: inquiry },
    ])
  })

  it('the delivery zones of the price list, or none when it has none', async () => {
    reply = { deliveryZones: [{ id: 'zone-1', name: 'Zone 1', zips: ['97201'], fee: 0 }] }
    expect(await api.getDeliveryZones()).toEqual([{ id: 'zone-1', name: 'Zone 1', zips: ['97201'], fee: 0 }])
    reply = {}
    expect(await api.getDeliveryZones()).toEqual([])
    expect(sent.map((s) => s.url)).toEqual(['/api/pricing', '/api/pricing'])
  })

  it('a card has About only when its text is more than spaces, and Pricing the same', () => {
    const base = { id: 'a', title: 'A', description: 'd', images: [] }
    expect(api.summarise({ ...base, aboutText: ' \n', pricingInfo: 'x' } as never)).toEqual({ ...base, hasAbout: false, hasPricing: true })
    expect(api.summarise({ ...base, aboutText: 'About', pricingInfo: '  ' } as never)).toEqual({
      ...base,
      hasAbout: true,
      hasPricing: false,
    })
  })
})

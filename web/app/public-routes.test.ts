// Each public address as the server renders it: which page, its status, its title, the data every page shares (the
// settings, the visible services in short, the image hashes) and the page's own; and what a missing page or a site
// whose settings cannot be read answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { failing, fakeApi, type FakeApi } from '../lib/testing-api'
import { loadPage, PUBLIC_PAGE_PATHS } from './public-routes'
import { rootLoader } from './root-loader'

const settings = { brand: { name: 'Pop Studio' }, features: { aboutEnabled: true, servicesEnabled: true } }
const service = (id: string, visible = true) => ({
  id,
  title: `Title ${id}`,
  description: 'd',
  images: [],
  aboutText: id === 'arches' ? 'About arches' : ' ',
  pricingInfo: '',
  visible,
})
let api: FakeApi

beforeEach(() => {
  api = fakeApi({
    'GET /site-settings': settings,
    'GET /services': [service('arches'), service('secret', false)],
    'GET /services/arches': service('arches'),
    'GET /services/secret': service('secret', false),
    'GET /image-versions': { 'hero.webp': 'abc' },
    'GET /testimonials': [{ id: 't1', quote: 'Lovely' }],
    'GET /faq': [{ id: 'q1', question: 'When?', answer: 'Any **day**.' }],
    'GET /delivery-installation-content': { markdownContent: 'We *deliver*.' },
    'GET /pricing': { deliveryZones: [{ name: 'Central' }] },
  })
})
afterEach(() => vi.restoreAllMocks())

const page = (path: string) => loadPage(new Request(`https://studio.example${path}`))
const root = {
  settings,
  services: [{ id: 'arches', title: 'Title arches', description: 'd', images: [], hasAbout: true, hasPricing: false }],
  images: { 'hero.webp': 'abc' },
}

describe('a public page', () => {
  it('home: 200, the home title, the shared data and the testimonials', async () => {
    expect(await page('/')).toEqual({
      status: 200,
      title: 'Pop Studio | Balloon Decor in Portland, Oregon',
      data: { route: 'home', path: '/', root, page: { testimonials: [{ id: 't1', quote: 'Lovely' }] } },
    })
  })

  it('a visible service: its title before the brand, the service and the delivery zones', async () => {
    const loaded = await page('/services/arches')
    expect(loaded.status).toBe(200)
    expect(loaded.title).toBe('Title arches | Pop Studio')
    expect(loaded.data).toMatchObject({
      route: 'service',
      path: '/services/arches',
      page: { service: { id: 'arches' }, deliveryZones: [{ name: 'Central' }] },
    })
  })

  it.each([
    ['/about', 'about', 'About | Pop Studio'],
    ['/contact', 'contact', 'Contact | Pop Studio'],
    ['/delivery-installation', 'delivery', 'Delivery & Installation | Pop Studio'],
    ['/thank-you', 'thank-you', 'Thank You | Pop Studio'],
    ['/privacy', 'privacy', 'Privacy | Pop Studio'],
    ['/faq', 'faq', 'Frequently Asked Questions | Pop Studio'],
  ])('%s: 200, the %s page titled "%s"', async (path, route, title) => {
    const loaded = await page(path)
    expect(loaded).toMatchObject({ status: 200, title, data: { route, path, root } })
  })

  it('pages without a loader of their own have no page data; the FAQ and delivery pages have their HTML', async () => {
    expect((await page('/contact')).data?.page).toBeNull()
    expect((await page('/about')).data?.page).toBeNull()
    expect((await page('/faq')).data?.page).toEqual({
      items: [{ id: 'q1', question: 'When?', answer: 'Any **day**.', html: expect.stringContaining('<strong>day</strong>') }],
    })
    expect((await page('/delivery-installation')).data?.page).toEqual({ html: expect.stringContaining('<em>deliver</em>') })
  })

  it('asks only the home page’s own data for the home page', async () => {
    await page('/')
    expect(api.sent.map((s) => s.path).sort()).toEqual(['/image-versions', '/services', '/site-settings', '/testimonials'])
  })
})

describe('a missing page', () => {
  const notFound = (path: string) => ({
    status: 404,
    title: 'Page Not Found | Pop Studio',
    data: { route: 'not-found', path, root, page: null },
  })

  it('an unknown address, or one a part longer or shorter than a page’s, answers 404 with the not-found title', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const path of ['/nope', '/aboutx', '/services', '/services/arches/more', '/faq/q1'])
      expect(await page(path)).toEqual(notFound(path))
    // An address no page has is no failure: nothing in the log.
    expect(logged).not.toHaveBeenCalled()
  })

  it('a hidden or unknown service, or a switched-off About page, answers 404 without an error in the log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await page('/services/secret')).toEqual(notFound('/services/secret'))
    expect(await page('/services/gone')).toEqual(notFound('/services/gone'))
    const off = { ...settings, features: { aboutEnabled: false, servicesEnabled: false } }
    api.routes['GET /site-settings'] = off
    for (const path of ['/about', '/services/arches']) {
      const expected = notFound(path)
      expect(await page(path)).toEqual({ ...expected, data: { ...expected.data, root: { ...root, settings: off } } })
    }
    expect(logged).not.toHaveBeenCalled()
  })

  it('reads the path from the address, not its query', async () => {
    expect((await page('/faq?x=/about')).data).toMatchObject({ route: 'faq', path: '/faq' })
  })
})

describe('the shared data', () => {
  it('without the settings, nothing can be drawn: 500 and the reason logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    api.routes['GET /site-settings'] = failing(503)
    expect(await page('/')).toEqual({ status: 500, data: null, title: "We couldn't load the site" })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0][0])).toContain('Failed (503)')
  })

  it('without the services or the image hashes, the page still draws (no services, no hashes), the failure logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    api.routes['GET /services'] = failing()
    api.routes['GET /image-versions'] = failing()
    expect(await rootLoader({ request: new Request('https://studio.example/') })).toEqual({ settings, services: null, images: {} })
    expect(logged).toHaveBeenCalledTimes(2)
  })

  it('passes the request’s abort signal to every call', async () => {
    const request = new Request('https://studio.example/')
    await rootLoader({ request })
    expect(api.sent).toHaveLength(3)
    for (const s of api.sent) expect(s.signal).toBe(request.signal)
  })
})

describe('PUBLIC_PAGE_PATHS', () => {
  it('lists each page with a fixed path', () => {
    expect(PUBLIC_PAGE_PATHS).toEqual({
      home: '/',
      service: '/services/:serviceId',
      about: '/about',
      contact: '/contact',
      delivery: '/delivery-installation',
      'thank-you': '/thank-you',
      privacy: '/privacy',
      faq: '/faq',
    })
  })
})

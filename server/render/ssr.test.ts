import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../lib/config'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app'
import { serverEntryPath } from './page-renderer'

const CLIENT_DIR = process.env.CLIENT_DIR ?? join(PROJECT_ROOT, 'dist/client')

let t: TestApp
beforeAll(async () => {
  if (!existsSync(serverEntryPath(CLIENT_DIR))) throw new Error('Server rendering tests need the build: run `npm run build` first')
  t = await createTestApp({ env: { CLIENT_DIR } })
})
afterAll(() => t?.cleanup())

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await t.call('GET', path, { headers })
  return { res, html: await res.text() }
}

const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)
  return match ? (JSON.parse(match[1]) as { '@graph': Record<string, unknown>[] }) : null
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]

describe('server rendering', () => {
  it('home answers HTML that already holds the visible services, the testimonials and the hero', async () => {
    const { res, html } = await page('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(html).toContain('Balloons for every party')
    expect(html).toMatch(/<h3 class="service-card__title"[^>]*>Bouquets<\/h3>/)
    expect(html).toMatch(/<h3 class="service-card__title"[^>]*>Mosaics<\/h3>/)
    expect(html).not.toMatch(/service-card__title[^>]*>Secret</)
    expect(html).toContain('Wonderful!')
    expect(html).toContain('The arch was perfect.')
    expect(html).toContain('id="page-data"')
  })

  it('sends no inline script: only the module bundle and JSON data blocks (the CSP forbids inline script)', async () => {
    for (const path of ['/', '/services/bouquets', '/delivery-installation', '/nope']) {
      const { html } = await page(path)
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
      for (const attrs of scripts) expect(attrs).toMatch(/type="module"[^>]*src=|type="application\/(json|ld\+json)"/)
    }
  })

  it('a service page holds the service details and its inquiry form title', async () => {
    const { res, html } = await page('/services/bouquets')
    expect(res.status).toBe(200)
    expect(html).toContain('<h1 class="page-intro__title">Bouquets</h1>')
    expect(html).toContain('Get a Quote')
    expect(html).toContain('All about Bouquets.')
    expect(html).toContain('$120')
    expect(html).toMatch(/<input[^>]*id="[^"]*email/i)
  })

  it('the delivery page holds its markdown rendered', async () => {
    const { html } = await page('/delivery-installation')
    expect(html).toContain('We deliver across Portland.')
  })

  it('unknown paths, hidden and unknown services answer 404 with the not-found page', async () => {
    for (const path of ['/nope', '/services/secret', '/services/unknown', '/about']) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(404)
      expect(html).toContain('Oops! This page has floated away.')
      expect(html).toContain('<meta name="robots" content="noindex">')
    }
  })

  it("keeps the page's data small: every service as what the pages show of it, not its whole content", async () => {
    const { html } = await page('/')
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]) as {
      root: { services: Record<string, unknown>[] }
    }
    const bouquets = data.root.services.find((s) => s.id === 'bouquets')!
    expect(Object.keys(bouquets).sort()).toEqual(['description', 'hasAbout', 'hasPricing', 'id', 'images', 'title'])
    expect(bouquets).toMatchObject({ title: 'Bouquets', hasAbout: true, hasPricing: true })
    expect(html).not.toContain('All about Bouquets.')
  })

  it('draws every page after one stylesheet, and names the page chunks to fetch beside the entry once painted', async () => {
    for (const [path, chunk] of [
      ['/', 'home-page'],
      ['/services/bouquets', 'service-page'],
      ['/delivery-installation', 'delivery-page'],
    ]) {
      const { html } = await page(path)
      const blocking = [...html.matchAll(/<link rel="stylesheet"([^>]*)>/g)].filter((m) => !m[1].includes('media="print"'))
      expect(blocking, path).toHaveLength(1)
      // Nothing but the hero competes with the HTML and the stylesheet before the first paint.
      expect(html, path).not.toContain('rel="modulepreload"')
      expect(html, path).toMatch(
        new RegExp(
          `<script type="module" src="/start-after-paint.js" data-preload="[^"]*/assets/${chunk}-[^"]+\\.js[^"]*" data-entry="/assets/index-[^"]+\\.js">`,
        ),
      )
    }
  })

  it('the dashboard stays a client-only shell that search engines are told not to index', async () => {
    const { res, html } = await page('/admin')
    expect(res.status).toBe(200)
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(res.headers.get('x-robots-tag')).toBe('noindex')
  })
})

describe('head', () => {
  it('home: title, description, canonical, Open Graph and Twitter card with a 1200x630 image, LocalBusiness JSON-LD', async () => {
    const { html } = await page('/')
    expect(html).toContain('<title>Test Balloon Studio | Balloon Decor in Portland, Oregon</title>')
    expect(meta(html, 'description')).toMatch(/Test Balloon Studio/)
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/">`)
    expect(meta(html, 'og:title')).toBe('Test Balloon Studio | Balloon Decor in Portland, Oregon')
    expect(meta(html, 'og:url')).toBe(`${TEST_ORIGIN}/`)
    expect(meta(html, 'og:image')).toBe(`${TEST_ORIGIN}/images/og-default.jpg`)
    expect(meta(html, 'og:image:width')).toBe('1200')
    expect(meta(html, 'og:image:height')).toBe('630')
    expect(meta(html, 'twitter:card')).toBe('summary_large_image')
    expect(html.match(/<title>/g)).toHaveLength(1)
    const business = jsonLd(html)!['@graph'].find((n) => n['@type'] === 'LocalBusiness')!
    expect(business).toMatchObject({
      name: 'Test Balloon Studio',
      telephone: '503-555-0100',
      email: 'hello@example.test',
      url: `${TEST_ORIGIN}/`,
      areaServed: 'Portland, Oregon',
      sameAs: ['https://instagram.com/test', 'https://facebook.com/test'],
    })
    expect(business.image).toBe(`${TEST_ORIGIN}/images/og-default.jpg`)
    const list = jsonLd(html)!['@graph'].find((n) => n['@type'] === 'ItemList') as { itemListElement: { item: { name: string } }[] }
    expect(list.itemListElement.map((e) => e.item.name)).toEqual(['Mosaics', 'Bouquets'])
  })

  it('home preloads the hero image in the formats and widths the page asks for', async () => {
    const { html } = await page('/')
    // The copies' URLs carry the source's content hash (its SHA-256, 10 hex digits), in the HTML and the page data alike.
    const hash = createHash('sha256')
      .update(readFileSync(join(t.root, 'uploads/hero-image.jpg')))
      .digest('hex')
      .slice(0, 10)
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="image" type="image/avif" imagesrcset="/img/${hash}/320/hero-image\\.jpg\\.avif 320w, [^"]+" imagesizes="100vw" fetchpriority="high">`,
      ),
    )
    expect(html).toMatch(new RegExp(`<source type="image/avif" srcSet="/img/${hash}/320/hero-image\\.jpg\\.avif 320w`, 'i'))
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]) as {
      root: { images: Record<string, string> }
    }
    expect(data.root.images['hero-image.jpg']).toBe(hash)
  })

  it('a service page: its title, description, canonical, a 1200x630 card of its first image and a Service in JSON-LD', async () => {
    const { html } = await page('/services/bouquets')
    expect(html).toContain('<title>Bouquets | Test Balloon Studio</title>')
    expect(meta(html, 'description')).toBe('Bouquets for every occasion.')
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/services/bouquets">`)
    // Under the picture's content hash, so scrapers and browsers may keep it for good.
    const hash = createHash('sha256')
      .update(readFileSync(join(t.root, 'uploads/bouquet-one.jpg')))
      .digest('hex')
      .slice(0, 10)
    expect(meta(html, 'og:image')).toBe(`${TEST_ORIGIN}/img/${hash}/og/bouquet-one.jpg.jpg`)
    expect(meta(html, 'twitter:image')).toBe(`${TEST_ORIGIN}/img/${hash}/og/bouquet-one.jpg.jpg`)
    const service = jsonLd(html)!['@graph'].find((n) => n['@type'] === 'Service')!
    expect(service).toMatchObject({
      name: 'Bouquets',
      description: 'Bouquets for every occasion.',
      url: `${TEST_ORIGIN}/services/bouquets`,
    })
    const card = await t.call('GET', `/img/${hash}/og/bouquet-one.jpg.jpg`)
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toBe('image/jpeg')
    expect(card.headers.get('cache-control')).toContain('immutable')
  })
})

describe('caching and transfer', () => {
  it('pages and API reads carry an ETag and answer 304 to a repeat', async () => {
    for (const path of ['/services/bouquets', '/api/services', '/api/testimonials']) {
      const first = await t.call('GET', path)
      const etag = first.headers.get('etag')
      expect(etag, path).toBeTruthy()
      const again = await t.call('GET', path, { headers: { 'If-None-Match': etag! } })
      expect(again.status, path).toBe(304)
      expect(await again.text()).toBe('')
    }
  })

  it('public API reads may be kept but are revalidated; admin answers are never stored', async () => {
    expect((await t.call('GET', '/api/services')).headers.get('cache-control')).toBe('no-cache')
    expect((await t.call('GET', '/api/services', { cookie: await t.login() })).headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', '/')).headers.get('cache-control')).toBe('no-cache')
  })

  it('text answers are gzipped for clients that accept it', async () => {
    for (const path of ['/', '/api/services']) {
      const res = await t.call('GET', path, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(res.headers.get('content-encoding'), path).toBe('gzip')
      expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).toContain('Bouquets')
    }
  })

  it('a change made with plain git shows on the very next request, API and page alike, and changes the ETag', async () => {
    const before = await t.call('GET', '/api/services/bouquets')
    const etag = before.headers.get('etag')!
    expect((await page('/services/bouquets')).html).toContain('All about Bouquets.')
    const file = join(t.root, 'content/services/bouquets.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('All about Bouquets.', 'Edited by hand.'))
    t.git('commit', '-qm', 'Hand edit', '--', 'content/services/bouquets.yaml')
    const after = await t.call('GET', '/api/services/bouquets', { headers: { 'If-None-Match': etag } })
    expect(after.status).toBe(200)
    expect((await after.json()).aboutText).toBe('Edited by hand.')
    expect((await page('/services/bouquets')).html).toContain('Edited by hand.')
    t.git('revert', '--no-edit', 'HEAD')
    expect((await (await t.call('GET', '/api/services/bouquets')).json()).aboutText).toBe('All about Bouquets.')
    expect((await page('/services/bouquets')).html).toContain('All about Bouquets.')
  })
})

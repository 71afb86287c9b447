// The <head> a search engine and a link preview read: what each page is called and described as, which pages are
// indexed, the share picture and its words, the structured data; and that no text from the content can break out of
// an attribute or the JSON-LD script.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ServiceSchema } from '../../server/services/services.schema'
import { SiteSettingsSchema, type SiteSettings } from '../../server/site/site.schema'
import { summarise } from '../lib/public-api'
import { jsonLd, renderHead, scriptJson } from './seo-head'

const seeded: SiteSettings = SiteSettingsSchema.parse(parse(readFileSync('content/site.yaml', 'utf8')))
const origin = 'https://peonyandpine.example'
const arches = ServiceSchema.parse({
  id: 'arches',
  title: 'Balloon Arches',
  description: 'Organic arches for any venue.',
  images: [{ cropped: '/uploads/arch-1.jpg', original: '/uploads/arch-1-original.jpg', alt: 'A pink arch' }],
})
const summary = summarise(arches)

type Input = Parameters<typeof renderHead>[0]
const input = (change: Partial<Input> = {}): Input => ({
  routeId: 'home',
  title: 'Peony & Pine',
  path: '/',
  origin,
  settings: seeded,
  services: [summary],
  images: {},
  ...change,
})
const metaOf = (head: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1]
const ldOf = (head: string) => JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]) as { '@graph': any[] }

describe('what each page is called and described as', () => {
  it("describes the home page by the owner's search description, or by the brand and its area", () => {
    const owner = { ...seeded, seo: { ...seeded.seo, description: 'Balloons for every party in Portland.' } }
    expect(metaOf(renderHead(input({ settings: owner })), 'description')).toBe('Balloons for every party in Portland.')
    const none = { ...seeded, seo: { ...seeded.seo, description: '' } }
    expect(metaOf(renderHead(input({ settings: none })), 'description')).toMatch(
      /^Peony &amp; Pine Balloon Studio: Statement balloon décor, handcrafted in Portland\. Garlands/,
    )
  })

  it('describes a service by its description, and a page it does not know like the home page', () => {
    expect(metaOf(renderHead(input({ routeId: 'service', service: arches, path: '/services/arches' })), 'description')).toBe(
      'Organic arches for any venue.',
    )
    expect(metaOf(renderHead(input({ routeId: 'contact' })), 'description')).toMatch(/^Contact Peony &amp; Pine Balloon Studio: e-mail /)
    const none = { ...seeded, seo: { ...seeded.seo, description: '' } }
    expect(metaOf(renderHead(input({ routeId: 'unknown', settings: none })), 'description')).toMatch(/^Peony &amp; Pine Balloon Studio: /)
  })

  it('cuts a long description at a word, under 160 characters, with an ellipsis, and flattens its lines', () => {
    const long = ServiceSchema.parse({ ...arches, description: `Arches\n\nfor ${'every party '.repeat(20)}` })
    const description = metaOf(renderHead(input({ routeId: 'service', service: long })), 'description')!
    expect(description.length).toBeLessThanOrEqual(160)
    expect(description).toMatch(/^Arches for every party every/)
    expect(description).toMatch(/party…$/)
    const exact = ServiceSchema.parse({ ...arches, description: 'x'.repeat(160) })
    expect(metaOf(renderHead(input({ routeId: 'service', service: exact })), 'description')).toBe('x'.repeat(160))
  })

  it('indexes the public pages with a canonical address without a trailing slash, and keeps the others out', () => {
    const about = renderHead(input({ routeId: 'about', path: '/about/' }))
    expect(about).toContain(`<link rel="canonical" href="${origin}/about">`)
    expect(about).not.toContain('noindex')
    expect(renderHead(input({ path: '/' }))).toContain(`<link rel="canonical" href="${origin}/">`)
    const thanks = renderHead(input({ routeId: 'thank-you', path: '/thank-you' }))
    expect(thanks).toContain('<meta name="robots" content="noindex">')
    expect(thanks).not.toContain('rel="canonical"')
    expect(thanks).not.toContain('application/ld+json')
  })
})

describe('the link preview', () => {
  it("shows a service's first picture with its words, under the picture's version", () => {
    const head = renderHead(input({ routeId: 'service', service: arches, images: { 'arch-1.jpg': 'abc123' } }))
    expect(metaOf(head, 'og:image')).toBe(`${origin}/img/abc123/og/arch-1.jpg.jpg`)
    expect(metaOf(head, 'og:image:alt')).toBe('A pink arch')
    expect(metaOf(head, 'twitter:image:alt')).toBe('A pink arch')
    const noAlt = ServiceSchema.parse({ ...arches, images: [{ ...arches.images[0], alt: '' }] })
    expect(metaOf(renderHead(input({ routeId: 'service', service: noAlt })), 'og:image:alt')).toBe(
      'Balloon Arches by Peony &amp; Pine Balloon Studio',
    )
  })

  it("shows the owner's share picture with her words, or the built-in one with the brand's", () => {
    const share = { ...seeded, seo: { ...seeded.seo, shareImage: '/uploads/share.jpg', shareImageAlt: 'Our studio' } }
    const head = renderHead(input({ settings: share }))
    expect(metaOf(head, 'og:image')).toBe(`${origin}/img/og/share.jpg.jpg`)
    expect(metaOf(head, 'og:image:alt')).toBe('Our studio')
    const builtIn = { ...seeded, seo: { ...seeded.seo, shareImage: '', shareImageAlt: 'Unused' } }
    const plain = renderHead(input({ settings: builtIn }))
    expect(metaOf(plain, 'og:image')).toBe(`${origin}/images/og-default.jpg`)
    expect(metaOf(plain, 'og:image:alt')).toBe(
      'Peony &amp; Pine Balloon Studio, balloon décor in Portland, Oregon &amp; the greater metro area',
    )
    expect(metaOf(plain, 'og:image:width')).toBe('1200')
    expect(metaOf(plain, 'og:image:height')).toBe('630')
  })

  it('preloads the hero picture only when the page names one', () => {
    const preloadImage = { srcSet: '/img/a/640/h.jpg.avif 640w', sizes: '100vw', type: 'image/avif' }
    expect(renderHead(input({ preloadImage }))).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/img/a/640/h.jpg.avif 640w" imagesizes="100vw" fetchpriority="high">',
    )
    expect(renderHead(input())).not.toContain('rel="preload"')
  })
})

describe('text from the content cannot break out', () => {
  it('escapes a title and a description in attributes and in the title element', () => {
    const hostile = ServiceSchema.parse({ ...arches, title: 'A "quoted" <b>', description: 'Tom & Jerry "say" <hi>' })
    const head = renderHead(input({ routeId: 'service', service: hostile, title: '<script>alert(1)</script> & co' }))
    expect(head).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</title>')
    expect(head).toContain('<meta name="description" content="Tom &amp; Jerry &quot;say&quot; &lt;hi&gt;">')
    expect(head).not.toContain('<hi>')
    expect(head).not.toContain('<script>alert')
  })

  it('keeps a "</script>" and the JavaScript line separators in the content inside the JSON-LD', () => {
    expect(scriptJson({ a: '</script><b>', b: '\u2028\u2029' })).toBe('{"a":"\\u003c/script>\\u003cb>","b":"\\u2028\\u2029"}')
    const hostile = ServiceSchema.parse({ ...arches, description: '</script><script>alert(1)</script>' })
    const head = renderHead(input({ routeId: 'service', service: hostile }))
    expect(head.match(/<\/script>/g)).toHaveLength(1)
    expect(ldOf(head)['@graph'][1].description).toBe('</script><script>alert(1)</script>')
  })
})

describe('the structured data', () => {
  it('describes the business with its hours and profiles, leaving out what the owner has not set', () => {
    const business = ldOf(renderHead(input()))['@graph'][0]
    expect(business).toMatchObject({
      '@type': 'LocalBusiness',
      '@id': `${origin}/#business`,
      name: 'Peony & Pine Balloon Studio',
      url: `${origin}/`,
      slogan: 'Statement balloon décor, handcrafted in Portland',
      hoursAvailable: { description: 'Studio visits by appointment · Mon–Sat, 9am–6pm' },
      openingHours: ['Mo-Sa 09:00-18:00'],
    })
    expect(business.sameAs).toEqual([seeded.social.instagram, seeded.social.facebook])
    const bare = {
      ...seeded,
      brand: { ...seeded.brand, tagline: '' },
      seo: { ...seeded.seo, description: '' },
      contact: { ...seeded.contact, hours: '' },
    }
    const plain = jsonLd(input({ settings: bare })) as { '@graph': Record<string, unknown>[] }
    expect(plain['@graph'][0]).not.toHaveProperty('slogan', expect.anything())
    expect(plain['@graph'][0].description).toBeUndefined()
    expect(plain['@graph'][0].openingHours).toBeUndefined()
    expect(plain['@graph'][0].hoursAvailable).toBeUndefined()
  })

  it('lists the services on the home page, linked when service pages are on, by name alone when they are off', () => {
    const list = ldOf(renderHead(input()))['@graph'][1]
    expect(list['@type']).toBe('ItemList')
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      item: {
        '@type': 'Service',
        url: `${origin}/services/arches`,
        image: `${origin}/img/og/arch-1.jpg.jpg`,
        provider: { '@id': `${origin}/#business` },
      },
    })
    const off = { ...seeded, features: { ...seeded.features, servicesEnabled: false } }
    const item = ldOf(renderHead(input({ settings: off })))['@graph'][1].itemListElement[0].item
    expect(item).toEqual({ '@type': 'Service', name: 'Balloon Arches', description: 'Organic arches for any venue.' })
    expect(ldOf(renderHead(input({ services: [] })))['@graph']).toHaveLength(1)
  })

  it('gives the FAQ page its questions and a service page its service, and no other page either', () => {
    const faq = [{ question: 'Do you deliver?', answer: 'Yes, across Portland.' }]
    const faqGraph = ldOf(renderHead(input({ routeId: 'faq', faq, path: '/faq' })))['@graph']
    expect(faqGraph[1]).toEqual({
      '@type': 'FAQPage',
      '@id': `${origin}/faq#faq`,
      mainEntity: [{ '@type': 'Question', name: 'Do you deliver?', acceptedAnswer: { '@type': 'Answer', text: 'Yes, across Portland.' } }],
    })
    expect(ldOf(renderHead(input({ routeId: 'faq', faq: [] })))['@graph']).toHaveLength(1)
    expect(ldOf(renderHead(input({ routeId: 'about', faq })))['@graph']).toHaveLength(1)
    const serviceGraph = ldOf(renderHead(input({ routeId: 'service', service: arches })))['@graph']
    expect(serviceGraph.map((n) => n['@type'])).toEqual(['LocalBusiness', 'Service'])
    const noPicture = ServiceSchema.parse({ ...arches, images: [] })
    expect(ldOf(renderHead(input({ routeId: 'service', service: noPicture })))['@graph'][1].image).toBeUndefined()
  })
})

describe('every tag, as a crawler reads it', () => {
  it("writes a service page's head in full, one tag a line", () => {
    const head = renderHead(input({ routeId: 'service', service: arches, path: '/services/arches', title: 'Balloon Arches | Peony' }))
    const image = `${origin}/img/og/arch-1.jpg.jpg`
    expect(head.split('\n    ').slice(0, -1)).toEqual([
      '<title>Balloon Arches | Peony</title>',
      '<meta name="description" content="Organic arches for any venue.">',
      `<link rel="canonical" href="${origin}/services/arches">`,
      '<meta property="og:type" content="website">',
      '<meta property="og:site_name" content="Peony &amp; Pine Balloon Studio">',
      '<meta property="og:locale" content="en_US">',
      '<meta property="og:title" content="Balloon Arches | Peony">',
      '<meta property="og:description" content="Organic arches for any venue.">',
      `<meta property="og:url" content="${origin}/services/arches">`,
      `<meta property="og:image" content="${image}">`,
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image:height" content="630">',
      '<meta property="og:image:alt" content="A pink arch">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Balloon Arches | Peony">',
      '<meta name="twitter:description" content="Organic arches for any venue.">',
      `<meta name="twitter:image" content="${image}">`,
      '<meta name="twitter:image:alt" content="A pink arch">',
    ])
  })

  it('gives the service and the business their full structured data', () => {
    const [business, service] = ldOf(renderHead(input({ routeId: 'service', service: arches })))['@graph']
    expect(service).toEqual({
      '@type': 'Service',
      '@id': `${origin}/services/arches#service`,
      name: 'Balloon Arches',
      serviceType: 'Balloon Arches',
      description: 'Organic arches for any venue.',
      url: `${origin}/services/arches`,
      image: `${origin}/img/og/arch-1.jpg.jpg`,
      areaServed: seeded.contact.area,
      provider: { '@id': `${origin}/#business` },
    })
    expect(business).toMatchObject({
      telephone: seeded.contact.phone,
      email: seeded.contact.email,
      image: `${origin}/images/og-default.jpg`,
      logo: `${origin}/images/og-default.jpg`,
      areaServed: seeded.contact.area,
      address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressRegion: 'OR', addressCountry: 'US' },
      hoursAvailable: { '@type': 'OpeningHoursSpecification' },
    })
    expect(ldOf(renderHead(input()))).toMatchObject({ '@context': 'https://schema.org' })
    const home = ldOf(renderHead(input()))['@graph'][1]
    expect(home).toMatchObject({ '@type': 'ItemList', name: 'Our Services' })
    expect(home.itemListElement[0]['@type']).toBe('ListItem')
  })

  it('describes the business by its tagline when the owner wrote no search description', () => {
    const none = { ...seeded, seo: { ...seeded.seo, description: '' } }
    expect(ldOf(renderHead(input({ settings: none })))['@graph'][0].description).toBe(seeded.brand.tagline)
  })

  it('describes each page in its own words and indexes only the public ones', () => {
    const expected: Record<string, RegExp> = {
      about: /^The story, values and artist behind Peony &amp; Pine Balloon Studio, a balloon décor studio in Portland/,
      delivery: /^How Peony &amp; Pine Balloon Studio delivers and installs balloon décor across Portland/,
      'thank-you': /^Thank you for your inquiry to Peony &amp; Pine Balloon Studio\.$/,
      faq: /^Answers to the questions people ask Peony &amp; Pine Balloon Studio most: booking, delivery/,
      privacy: /^What Peony &amp; Pine Balloon Studio's website counts and never keeps: no cookies/,
      'not-found': /^This page has floated away\. Find balloon décor by Peony &amp; Pine Balloon Studio on the home page\.$/,
    }
    for (const [routeId, description] of Object.entries(expected)) {
      expect(metaOf(renderHead(input({ routeId })), 'description'), routeId).toMatch(description)
    }
    for (const routeId of ['home', 'service', 'about', 'contact', 'delivery', 'faq']) {
      expect(renderHead(input({ routeId, path: `/${routeId}` })), routeId).toContain('rel="canonical"')
    }
    for (const routeId of ['privacy', 'not-found', 'thank-you']) {
      expect(renderHead(input({ routeId, path: `/${routeId}` })), routeId).toContain('content="noindex"')
    }
  })

  it('describes a page by its own words even when its data holds a service, and takes off every trailing slash', () => {
    const about = renderHead(input({ routeId: 'about', service: arches, path: '/about//' }))
    expect(metaOf(about, 'description')).toMatch(/^The story/)
    expect(about).toContain(`<link rel="canonical" href="${origin}/about">`)
    expect(ldOf(about)['@graph']).toHaveLength(1)
    expect(ldOf(renderHead(input({ routeId: 'faq' })))['@graph']).toHaveLength(1)
  })
})

// The public pages as rendered on the server, after the owner's saves: the next request shows them (no restart).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../lib/config'
import { serverEntryPath } from '../render/page-renderer'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app'

const CLIENT_DIR = process.env.CLIENT_DIR ?? join(PROJECT_ROOT, 'dist/client')

let t: TestApp
let cookie: string
beforeAll(async () => {
  if (!existsSync(serverEntryPath(CLIENT_DIR))) throw new Error('Server rendering tests need the build: run `npm run build` first')
  t = await createTestApp({ env: { CLIENT_DIR } })
  cookie = await t.login()
}, 60_000)
afterAll(() => t?.cleanup())

const html = async (path: string) => (await t.call('GET', path)).text()
const graph = (source: string) =>
  (JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(source)![1]) as { '@graph': Record<string, unknown>[] })[
    '@graph'
  ]
const meta = (source: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(source)?.[1]

async function saveSettings(change: (s: Record<string, Record<string, unknown>>) => void) {
  const { version, ...settings } = await (await t.call('GET', '/api/site-settings', { cookie })).json()
  change(settings)
  const res = await t.call('PUT', '/api/site-settings', { json: { ...settings, baseVersion: version }, cookie })
  expect(res.status).toBe(200)
}

describe('public pages after a save', () => {
  it('home: hero, Why Choose, footer, description, share picture and LocalBusiness JSON-LD change on the next request', async () => {
    const before = await html('/')
    expect(graph(before).find((n) => n['@type'] === 'LocalBusiness')).toMatchObject({ telephone: '503-555-0100' })

    await saveSettings((s) => {
      Object.assign(s.contact, { phone: '(503) 555-0199', hours: 'Mon–Fri, 10am–4pm', area: 'Portland & Vancouver' })
      Object.assign(s.social, { tiktok: 'https://www.tiktok.com/@teststudio' })
      Object.assign(s.hero, { title: 'Spring balloons', imageAlt: 'Balloon arch in the spring sun' })
      Object.assign(s.seo, {
        description: 'Hand-built balloon décor for Portland parties.',
        shareImage: '/uploads/bouquet-one.jpg',
        shareImageAlt: 'A bouquet',
      })
      ;(s as Record<string, unknown>).why = [{ title: 'Local and kind', text: 'We are your neighbours.' }]
      Object.assign(s.pages, { servicesTitle: 'What we make', ctaTitle: 'Shall we plan your party?' })
    })

    const after = await html('/')
    expect(after).toContain('Spring balloons')
    expect(after).toContain('alt="Balloon arch in the spring sun"')
    expect(after).toContain('Local and kind')
    expect(after).not.toContain('Premium Quality')
    expect(after).toContain('What we make')
    expect(after).toContain('Shall we plan your party?')
    expect(after).not.toContain('Our Services</h2>')
    expect(after).toContain('(503) 555-0199')
    expect(after).toContain('href="https://www.tiktok.com/@teststudio"')
    expect(meta(after, 'description')).toBe('Hand-built balloon décor for Portland parties.')
    expect(meta(after, 'og:image')).toMatch(new RegExp(`^${TEST_ORIGIN}/img/([0-9a-f]+/)?og/bouquet-one\\.jpg\\.jpg$`))
    expect(meta(after, 'og:image:alt')).toBe('A bouquet')
    expect(graph(after).find((n) => n['@type'] === 'LocalBusiness')).toMatchObject({
      telephone: '(503) 555-0199',
      areaServed: 'Portland & Vancouver',
      openingHours: ['Mo-Fr 10:00-16:00'],
      sameAs: ['https://instagram.com/test', 'https://facebook.com/test', 'https://www.tiktok.com/@teststudio'],
    })
  })

  it("the about page appears with the owner's story when switched on, and leaves when switched off", async () => {
    expect((await t.call('GET', '/about')).status).toBe(404)
    await saveSettings((s) => {
      s.features.aboutEnabled = true
      Object.assign(s.about, {
        story: 'We started in a garage.\n\nNow we fill ballrooms.',
        photo: '/uploads/shared-image.jpg',
        photoAlt: 'The team at work',
      })
    })
    const about = await html('/about')
    expect(about).toContain('<p>We started in a garage.</p><p>Now we fill ballrooms.</p>')
    expect(about).toContain('alt="The team at work"')
    expect(await html('/')).toContain('href="/about"')
    await saveSettings((s) => (s.features.aboutEnabled = false))
    expect((await t.call('GET', '/about')).status).toBe(404)
  })

  it("the closing call's button and the contact and about pages' headings are the owner's page texts", async () => {
    const texts = {
      ctaButton: 'Write to us',
      contactReachTitle: 'Reach the studio',
      contactSocialTitle: 'See our latest work',
      contactQuoteTitle: 'Ask for a price',
      contactQuoteText: 'Pick what you would like and tell us about the day.',
      aboutEyebrow: 'Who we are',
      aboutStoryTitle: 'How it began',
      aboutValuesTitle: 'What we care about',
      aboutButton: 'Plan your party with us',
    }
    const before = (await html('/')) + (await html('/contact'))
    for (const text of Object.values(texts)) expect(before).not.toContain(text)
    await saveSettings((s) => {
      Object.assign(s.pages, texts)
      s.features.aboutEnabled = true
    })
    const home = await html('/')
    expect(home).toContain('>Write to us</a>')
    expect(home).not.toContain('>Contact Us</a>')
    const contact = await html('/contact')
    for (const key of ['contactReachTitle', 'contactSocialTitle', 'contactQuoteTitle', 'contactQuoteText'] as const)
      expect(contact).toContain(texts[key])
    expect(contact).not.toContain('Get in touch')
    const about = await html('/about')
    for (const key of ['aboutEyebrow', 'aboutStoryTitle', 'aboutValuesTitle', 'aboutButton'] as const) expect(about).toContain(texts[key])
    expect(about).not.toContain('Our Story')
    await saveSettings((s) => (s.features.aboutEnabled = false))
  })

  it("a service picture's description is its alt text and the link preview's", async () => {
    const service = await (await t.call('GET', '/api/services/bouquets', { cookie })).json()
    const images = service.images.map((image: object, i: number) => (i === 0 ? { ...image, alt: 'Pink bouquet on a white table' } : image))
    expect((await t.call('PUT', '/api/services/bouquets/images', { json: { images }, cookie })).status).toBe(200)
    const page = await html('/services/bouquets')
    expect(page).toContain('alt="Pink bouquet on a white table"')
    expect(meta(page, 'og:image:alt')).toBe('Pink bouquet on a white table')
  })

  it("/faq renders the answers' markdown safely with FAQPage JSON-LD, and shows a save on the next request", async () => {
    const { version } = await (await t.call('GET', '/api/admin/faq', { cookie })).json()
    const items = [
      { question: 'Do you deliver?', answer: 'Yes, **across Portland**.' },
      { question: 'Is HTML shown?', answer: 'No: <script>alert(1)</script> <img src=x onerror=alert(1)> [link](javascript:alert(1))' },
    ]
    expect((await t.call('PUT', '/api/faq', { json: { items, baseVersion: version }, cookie })).status).toBe(200)
    const page = await html('/faq')
    expect(page).toContain('<strong>across Portland</strong>')
    expect(page).not.toContain('<script>alert')
    expect(page).not.toMatch(/<img[^>]*onerror/)
    expect(page).not.toContain('href="javascript:')
    const faq = graph(page).find((n) => n['@type'] === 'FAQPage') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] }
    expect(faq.mainEntity.map((q) => q.name)).toEqual(['Do you deliver?', 'Is HTML shown?'])
    expect(faq.mainEntity[0].acceptedAnswer.text).toBe('Yes, **across Portland**.')
    expect(await html('/')).toContain('href="/faq"')
  })
})

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_WHY_ITEMS } from './site.schema'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the settings as loose JSON
type Settings = Record<string, any> & { version: string }

async function current(): Promise<Settings> {
  return (await t.call('GET', '/api/site-settings', { cookie })).json()
}

/** The settings as the editor would send them: everything it read, with some parts changed. */
async function edited(change: (s: Settings) => void): Promise<Record<string, unknown>> {
  const s = await current()
  const { version, ...body } = s
  change(body as Settings)
  return { ...body, baseVersion: version }
}

const siteFile = () => readFileSync(join(t.root, 'content/site.yaml'), 'utf8')

describe('GET /api/site-settings', () => {
  it("fills the new parts with their defaults for an older file: the specification's three Why Choose items", async () => {
    const res = await t.call('GET', '/api/site-settings')
    const body = await res.json()
    expect(body.why).toEqual(DEFAULT_WHY_ITEMS)
    expect(body.about).toMatchObject({ photo: '', values: [{ title: 'Quality' }, { title: 'Creativity' }, { title: 'Service' }] })
    expect(body.seo).toEqual({ description: '', shareImage: '', shareImageAlt: '' })
    expect(body.pages).toMatchObject({
      servicesTitle: 'Our Services',
      testimonialsTitle: 'What Our Clients Say',
      contactTitle: 'Contact Us',
    })
    expect(body.version).toBeUndefined()
    expect((await current()).version).toMatch(/^[0-9a-f]{16}$/)
  })
})

describe('PUT /api/site-settings', () => {
  it('saves contact, hours and hero as one commit touching only site.yaml, and answers the new version', async () => {
    const body = await edited((s) => {
      s.contact.phone = '(503) 555-0199'
      s.contact.hours = 'Closed Dec 24–26'
      s.hero.title = 'Winter balloons'
      s.why = [{ title: 'Fast', text: 'Quick quotes.' }, ...DEFAULT_WHY_ITEMS]
    })
    const res = await t.call('PUT', '/api/site-settings', { json: body, cookie })
    expect(res.status).toBe(200)
    const saved = await res.json()
    expect(saved).toMatchObject({ contact: { phone: '(503) 555-0199', hours: 'Closed Dec 24–26' }, hero: { title: 'Winter balloons' } })
    expect(saved.why).toHaveLength(4)
    expect(saved.version).not.toBe(body.baseVersion)
    expect(t.subjects()[0]).toBe('Update site settings: contact, hero, Why Choose')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/site.yaml')
    expect(t.git('log', '-1', '--format=%B')).toContain('Content-Item: site')
    expect(siteFile()).toContain('phone: (503) 555-0199')
    expect(t.git('status', '--porcelain').trim()).toBe('')
  })

  it('saving what was read makes no commit', async () => {
    const res = await t.call('PUT', '/api/site-settings', { json: await edited(() => {}), cookie })
    expect(res.status).toBe(200)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('optional social links: TikTok and Pinterest are kept, and an empty one is left out of the file', async () => {
    let res = await t.call('PUT', '/api/site-settings', {
      json: await edited((s) => Object.assign(s.social, { tiktok: 'https://www.tiktok.com/@studio', pinterest: '' })),
      cookie,
    })
    expect(res.status).toBe(200)
    expect(siteFile()).toContain('tiktok: https://www.tiktok.com/@studio')
    expect(siteFile()).not.toContain('pinterest')
    res = await t.call('PUT', '/api/site-settings', { json: await edited((s) => Object.assign(s.social, { tiktok: '' })), cookie })
    expect((await res.json()).social.tiktok).toBeUndefined()
  })

  it.each([
    ['a bad e-mail', (s: Settings) => (s.contact.email = 'hello-at-example'), /Contact e-mail must be an e-mail address/],
    [
      'a link that is not https',
      (s: Settings) => (s.social.instagram = 'javascript:alert(1)'),
      /Instagram link must be a full address starting with https:\/\//,
    ],
    [
      'a button link that is neither a page nor an address',
      (s: Settings) => (s.hero.primaryHref = 'contact us'),
      /First button link must be a page of this site/,
    ],
    [
      'a button link starting /\\ (a browser goes to another site)',
      (s: Settings) => (s.hero.primaryHref = '/\\evil.example'),
      /First button link must be a page of this site/,
    ],
    [
      'a button link starting \\\\',
      (s: Settings) => (s.hero.secondaryHref = '\\\\evil.example/x'),
      /Second button link must be a page of this site/,
    ],
    [
      'a scheme-relative button link',
      (s: Settings) => (s.hero.primaryHref = '//evil.example'),
      /First button link must be a page of this site/,
    ],
    [
      'a button link with a backslash later on',
      (s: Settings) => (s.hero.primaryHref = '/contact\\..\\\\evil.example'),
      /First button link must be a page of this site/,
    ],
    [
      'an address whose host holds a backslash',
      (s: Settings) => (s.hero.primaryHref = 'https://site.test\\@evil.example'),
      /First button link must be a page of this site/,
    ],
    [
      'a hero picture that is not an upload',
      (s: Settings) => (s.hero.image = 'https://evil.example/x.jpg'),
      /Hero picture must be an uploaded picture/,
    ],
    ['an empty phone', (s: Settings) => (s.contact.phone = ''), /Phone is required/],
    ['a phone that is not a number', (s: Settings) => (s.contact.phone = 'call us'), /Phone must be a phone number/],
    ['no Why Choose items', (s: Settings) => (s.why = [] as never), /Keep at least one Why Choose item/],
    [
      'a Why Choose item without a title',
      (s: Settings) => (s.why = [{ title: '', text: 'x' }] as never),
      /Why Choose item title is required/,
    ],
    ['a hero title on two lines', (s: Settings) => (s.hero.title = 'a\nb'), /Hero title must be one line/],
    ['a missing part', (s: Settings) => delete (s as Partial<Settings>).seo, /Search and sharing is required/],
    ['an empty section heading', (s: Settings) => (s.pages.servicesTitle = ' '), /Services: heading is required/],
    ['a switch that is not true or false', (s: Settings) => (s.features.aboutEnabled = 'yes'), /About page on\/off must be true or false/],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, change, message) => {
    const before = siteFile()
    const res = await t.call('PUT', '/api/site-settings', { json: await edited(change), cookie })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(message)
    expect(siteFile()).toBe(before)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('answers 401 without a session and writes nothing', async () => {
    const res = await t.call('PUT', '/api/site-settings', { json: await edited((s) => (s.contact.phone = '1 555 0100')) })
    expect(res.status).toBe(401)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('refuses a save based on a stale copy with 409 and the settings as they are now', async () => {
    const stale = await edited((s) => (s.contact.phone = '503 555 0111'))
    const first = await t.call('PUT', '/api/site-settings', { json: await edited((s) => (s.contact.hours = 'Mon–Fri')), cookie })
    expect(first.status).toBe(200)
    const res = await t.call('PUT', '/api/site-settings', { json: stale, cookie })
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body.error).toBe('This item was changed elsewhere since you opened it.')
    expect(body.current.contact.hours).toBe('Mon–Fri')
    expect(siteFile()).not.toContain('503 555 0111')
    expect(t.subjects()).toHaveLength(2)
  })

  it('of two saves on the same version exactly one wins', async () => {
    const a = await edited((s) => (s.contact.hours = 'A'))
    const b = await edited((s) => (s.contact.hours = 'B'))
    const statuses = (await Promise.all([a, b].map((json) => t.call('PUT', '/api/site-settings', { json, cookie })))).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 409])
    expect(t.subjects()).toHaveLength(2)
  })

  it('a hand edit made with plain git is what the next read and a stale save see', async () => {
    const stale = await edited((s) => (s.contact.hours = 'Mine'))
    writeFileSync(join(t.root, 'content/site.yaml'), siteFile().replace('503-555-0100', '503-555-0177'))
    t.git('commit', '-qm', 'Phone by hand', '--', 'content/site.yaml')
    expect(((await current()).contact as { phone: string }).phone).toBe('503-555-0177')
    expect((await t.call('PUT', '/api/site-settings', { json: stale, cookie })).status).toBe(409)
  })
})

describe('site settings on the public side, on the next request', () => {
  it('the sitemap lists the about page once it is switched on', async () => {
    const before = await (await t.call('GET', '/sitemap.xml')).text()
    expect(before).not.toContain('/about<')
    await t.call('PUT', '/api/site-settings', { json: await edited((s) => (s.features.aboutEnabled = true)), cookie })
    expect(await (await t.call('GET', '/sitemap.xml')).text()).toContain('/about</loc>')
  })

  it('the history lists the save under Site settings and restores the earlier version', async () => {
    const seed = t.git('rev-parse', 'HEAD').trim()
    await t.call('PUT', '/api/site-settings', { json: await edited((s) => (s.contact.phone = '503 555 0123')), cookie })
    const detail = await (await t.call('GET', `/api/admin/history/commits/${t.git('rev-parse', 'HEAD').trim()}`, { cookie })).json()
    expect(detail.changes[0]).toMatchObject({
      item: 'site',
      fields: [{ label: 'Contact › Phone', before: '503-555-0100', after: '503 555 0123' }],
    })
    const res = await t.call('POST', '/api/admin/history/restore', { json: { hash: seed, item: 'site' }, cookie })
    expect(res.status).toBe(200)
    expect(((await current()).contact as { phone: string }).phone).toBe('503-555-0100')
  })
})

describe('button links in a hand-edited file', () => {
  it('an unsafe link written into content/site.yaml by hand is served as the default page', async () => {
    writeFileSync(join(t.root, 'content/site.yaml'), `${siteFile()}  primaryHref: /\\evil.example\n  secondaryHref: //evil.example\n`)
    const settings = await (await t.call('GET', '/api/site-settings')).json()
    expect(settings.hero.primaryHref).toBe('/contact')
    expect(settings.hero.secondaryHref).toBe('/services')
  })
})

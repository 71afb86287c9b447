// What the owner reads when saving the site settings, written from the mutation run's survivors (issue 32): the
// commit subject naming every part changed, and each refusal's exact words (where the field's path is said and where not).
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the settings as loose JSON
type Settings = Record<string, any>

async function save(change: (s: Settings) => void) {
  const { version, ...settings } = (await (await t.call('GET', '/api/site-settings', { cookie })).json()) as Settings
  change(settings)
  return t.call('PUT', '/api/site-settings', { json: { ...settings, baseVersion: version }, cookie })
}

describe('saving the site settings', () => {
  it('names every part it changed in the commit, in the settings order', async () => {
    const res = await save((s) => {
      s.brand.name = 'Pop & Float'
      s.contact.phone = '(503) 555-0199'
      s.social.instagram = 'https://instagram.com/popfloat'
      s.hero.title = 'Balloons for every day'
      s.why[0].title = 'Best balloons'
      s.about.artistTitle = 'The artist'
      s.pages.servicesTitle = 'What we make'
      s.seo.description = 'Balloon decor in Portland.'
      s.features.aboutEnabled = !s.features.aboutEnabled
    })
    expect(res.status).toBe(200)
    expect(t.subjects()[0]).toBe(
      'Update site settings: brand, contact, social links, hero, Why Choose, about page, page texts, search & sharing, pages on/off',
    )
  })

  it.each([
    // zod's own messages for a wrong shape say where; the site's own messages name the field already.
    ['a missing part', (s: Settings) => delete s.seo, 'seo: Search and sharing is required'],
    ['a brand name that is a number', (s: Settings) => (s.brand.name = 42), 'brand.name: Brand name must be text'],
    ['an empty phone', (s: Settings) => (s.contact.phone = ''), 'Phone is required'],
    ['a phone that is not a number', (s: Settings) => (s.contact.phone = 'call us'), 'Phone must be a phone number like (503) 555-0142'],
    [
      'an e-mail address that is not one',
      (s: Settings) => (s.contact.email = 'studio'),
      'Contact e-mail must be an e-mail address like name@example.com',
    ],
    ['a long tagline', (s: Settings) => (s.brand.tagline = 'x'.repeat(1000)), 'Tagline is too long (200 characters at most)'],
  ])('refuses %s in these words, writing nothing', async (_name, change, message) => {
    const res = await save(change)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(message)
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

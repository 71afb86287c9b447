// The Site tab's form as the owner edits it: the check's first sentence, one field changed without touching the rest,
// the seasonal hero added, changed and removed, and the page texts in their two groups.
import { describe, expect, it } from 'vitest'
import { PAGE_TEXT_FIELDS, SiteSettingsSchema } from '../../../server/site/site.schema'
import {
  PART_LABELS,
  blankSeasonal,
  changedSeasonal,
  fieldText,
  isAboutText,
  pageTextFields,
  siteProblem,
  withPart,
  type PageTextKey,
} from './site-form'

const settings = SiteSettingsSchema.parse({
  brand: { name: 'Pop Studio', tagline: 'Balloons' },
  contact: { email: 'hello@pop.example', phone: '(503) 555-0142' },
  social: { instagram: 'https://instagram.com/pop', facebook: 'https://facebook.com/pop' },
  hero: { title: 'Balloons for every party', image: '/uploads/hero.jpg' },
})

describe('the check before a save', () => {
  it('passes the settings as read, and says the first problem of a broken one', () => {
    expect(siteProblem(settings)).toBeNull()
    expect(siteProblem(withPart(settings, 'brand', { name: '  ' }))).toMatch(/^Brand name/)
    expect(siteProblem(withPart(settings, 'contact', { phone: 'call me' }))).toBe('Phone must be a phone number like (503) 555-0142')
    expect(siteProblem(withPart(settings, 'contact', { email: 'nope', phone: 'call me' }))).toBe(
      'Contact e-mail must be an e-mail address like name@example.com',
    )
  })
})

describe('changing the settings', () => {
  it('merges a field into an object part, leaving its other fields and the other parts', () => {
    const changed = withPart(settings, 'brand', { tagline: 'Party decor' })
    expect(changed.brand).toEqual({ ...settings.brand, tagline: 'Party decor' })
    expect(changed.contact).toBe(settings.contact)
    expect(settings.brand.tagline).toBe('Balloons')
  })

  it('replaces a list part whole', () => {
    const why = [{ title: 'Fast', text: 'Set up in an hour' }]
    expect(withPart(settings, 'why', why as never).why).toEqual(why)
  })

  it('shows a field as text, empty for none', () => {
    expect(fieldText(settings, 'brand', 'name')).toBe('Pop Studio')
    expect(fieldText(settings, 'brand', 'ownerName')).toBe('')
    expect(fieldText(settings, 'social', 'tiktok')).toBe('')
  })

  it('adds an empty seasonal hero, changes it keeping its other fields, drops an empty schedule side, removes it', () => {
    expect(blankSeasonal()).toEqual({ title: '', subtitle: '', image: '', imageAlt: '' })
    const start = { title: 'Halloween', subtitle: 'Spooky', image: '/uploads/h.jpg', imageAlt: '', showFrom: '2026-10-01T00:00:00-07:00' }
    expect(changedSeasonal(start, { subtitle: 'Boo' })).toEqual({ ...start, subtitle: 'Boo' })
    expect(changedSeasonal(start, { showFrom: '', showUntil: '2026-11-01T00:00:00-07:00' } as never)).toEqual({
      title: 'Halloween',
      subtitle: 'Spooky',
      image: '/uploads/h.jpg',
      imageAlt: '',
      showUntil: '2026-11-01T00:00:00-07:00',
    })
    expect(changedSeasonal(undefined, { title: 'New' })).toEqual({ title: 'New' })
    expect(changedSeasonal(start, null)).toBeUndefined()
  })
})

describe('the page texts', () => {
  it("come in two groups, the About page's and the rest, every text in one", () => {
    const about = pageTextFields(isAboutText).map((f) => f.key)
    const rest = pageTextFields((key) => !isAboutText(key)).map((f) => f.key)
    expect(about.length).toBeGreaterThan(0)
    expect(about.every((key) => key.startsWith('about'))).toBe(true)
    expect(rest.some((key) => key.startsWith('about'))).toBe(false)
    expect([...about, ...rest].sort()).toEqual((Object.keys(PAGE_TEXT_FIELDS) as PageTextKey[]).sort())
    expect(isAboutText('aboutEyebrow')).toBe(true)
    expect(isAboutText('contactTitle')).toBe(false)
  })

  it('each with its label and limit, the long ones (over 150 characters) in a text area', () => {
    const fields = pageTextFields(() => true)
    expect(fields.find((f) => f.key === 'servicesEyebrow')).toEqual({
      key: 'servicesEyebrow',
      label: 'Services: small heading',
      max: 60,
      multiline: false,
    })
    expect(fields.find((f) => f.key === 'servicesLead')).toEqual({
      key: 'servicesLead',
      label: 'Services: text',
      max: 300,
      multiline: true,
    })
    expect(fields.find((f) => f.key === 'contactQuoteText')).toMatchObject({ max: 200, multiline: true })
    expect(fields.find((f) => f.key === 'ctaTitle')).toMatchObject({ max: 120, multiline: false })
  })

  it('names each part in the stale-edit dialog', () => {
    expect(PART_LABELS).toEqual({
      brand: 'Brand',
      contact: 'Contact',
      social: 'Social links',
      hero: 'Hero',
      why: 'Why Choose',
      about: 'About page',
      pages: 'Page texts',
      seo: 'Search & sharing',
      features: 'Pages on/off',
    })
  })
})

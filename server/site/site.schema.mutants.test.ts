// The site settings' schemas, word for word and limit by limit (issue 32): what an older or hand-edited site.yaml reads
// as (every default the visitor then sees), which button links the site may render, what the public site is shown
// (the seasonal hero in its window, never the owner's own name), and every refusal the dashboard's save can answer,
// at each field's limit and one over, with clearing an optional field by null or an empty text. Pure: the schemas
// only, so the mutation run's static mutants (defaults, limits, messages) run these in milliseconds.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ABOUT,
  DEFAULT_WHY_ITEMS,
  isSafeLink,
  PAGE_TEXT_FIELDS,
  publicSiteSettings,
  SiteSettingsInputSchema,
  SiteSettingsSchema,
  type SiteSettings,
} from './site.schema'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit the settings as loose JSON
type Loose = Record<string, any>

/** The parts a site.yaml cannot do without. */
const REQUIRED_ONLY = {
  brand: { name: 'Peony & Pine' },
  contact: { email: 'hello@peony.test', phone: '(503) 555-0142' },
  social: { instagram: 'https://www.instagram.com/peony', facebook: 'https://www.facebook.com/peony' },
  hero: { title: 'Balloon décor', image: '/uploads/hero.jpg' },
}

const WHY = [
  {
    title: 'Premium Quality',
    text: 'Professional-grade balloons, double-stuffed colours and sturdy frames that look flawless from the first guest to the last.',
  },
  {
    title: 'Custom Designs',
    text: 'Every installation is designed around your palette, venue and story. No templates, just your vision brought to life.',
  },
  { title: 'Delivery & Setup', text: 'We deliver across the Portland area and handle installation, so you can focus on the celebration.' },
]

const ABOUT = {
  story:
    'We began at a kitchen table in Portland, Oregon, with a bag of balloons, a hand pump and a birthday that deserved more than a bunch of helium strings. Word travelled from friends to neighbours to event planners, and the studio grew into a team that builds statement installations, sculptures, costumes and mosaics for celebrations across the region.\n\nWe still approach every project the same way: listen closely, sketch freely, and build with care so the moment your guests walk in feels like magic.',
  values: [
    { title: 'Quality', text: 'Professional-grade balloons, careful sizing and builds made to last through the final toast.' },
    { title: 'Creativity', text: 'Every design starts from your story: colours, textures and shapes composed just for you.' },
    { title: 'Service', text: 'Clear quotes, on-time delivery and a calm, friendly crew from first message to teardown.' },
  ],
  artistTitle: 'Meet the Artist',
  artist:
    'Our founder is a trained designer who fell in love with balloons as a sculptural medium: light, playful and endlessly colourful. From organic garlands to towering custom pieces, she leads every design and still shows up to install the big ones herself.',
  photo: '',
  photoAlt: '',
}

/** Each page text: the dashboard's label, the text a site starts with, the most characters it takes. */
const PAGE_TEXTS: Record<string, [label: string, text: string, max: number]> = {
  servicesEyebrow: ['Services: small heading', 'What we create', 60],
  servicesTitle: ['Services: heading', 'Our Services', 80],
  servicesLead: ['Services: text', 'From a single bouquet to a full venue transformation, every piece is designed and built by hand.', 300],
  whyEyebrow: ['Why Choose: small heading', 'The difference', 60],
  testimonialsEyebrow: ['Testimonials: small heading', 'Kind words', 60],
  testimonialsTitle: ['Testimonials: heading', 'What Our Clients Say', 80],
  ctaEyebrow: ['Closing call: small heading', "Let's celebrate", 60],
  ctaTitle: ['Closing call: heading', 'Ready to make your event unforgettable?', 120],
  ctaText: [
    'Closing call: text',
    "Tell us about your date, venue and colours, and we'll send a tailored quote, usually within one business day.",
    300,
  ],
  ctaButton: ['Closing call: button', 'Contact Us', 40],
  contactEyebrow: ['Contact page: small heading', 'Say hello', 60],
  contactTitle: ['Contact page: heading', 'Contact Us', 80],
  contactLead: [
    'Contact page: text',
    'Planning a celebration? Reach out and we will help you shape the idea, the palette and the budget.',
    300,
  ],
  contactReachTitle: ['Contact page: heading of the e-mail and call buttons', 'Get in touch', 80],
  contactSocialTitle: ['Contact page: social links heading', 'Follow along', 80],
  contactQuoteTitle: ['Contact page: services heading', 'Request a quote', 80],
  contactQuoteText: ['Contact page: services text', 'Choose a service to open its inquiry form.', 200],
  aboutEyebrow: ['About page: small heading', 'About us', 60],
  aboutStoryTitle: ['About page: story heading', 'Our Story', 80],
  aboutValuesTitle: ['About page: values heading', 'Our Values', 80],
  aboutButton: ['About page: button', 'Work with us', 40],
}
const PAGES_AS_STARTED = Object.fromEntries(Object.entries(PAGE_TEXTS).map(([key, [, text]]) => [key, text]))

const read = (file: unknown) => SiteSettingsSchema.parse(file)
const clone = <T>(value: T): T => structuredClone(value)

describe('an older or hand-edited site.yaml', () => {
  it('with only the parts it cannot do without, reads with every default the site shows, word for word', () => {
    expect(read(REQUIRED_ONLY)).toEqual({
      brand: { name: 'Peony & Pine', tagline: '' },
      contact: { email: 'hello@peony.test', phone: '(503) 555-0142', area: 'Portland, Oregon', hours: '' },
      social: { instagram: 'https://www.instagram.com/peony', facebook: 'https://www.facebook.com/peony' },
      hero: {
        title: 'Balloon décor',
        subtitle: '',
        image: '/uploads/hero.jpg',
        imageAlt: '',
        primaryLabel: 'Get a Quote',
        primaryHref: '/contact',
        secondaryHref: '/services',
      },
      why: WHY,
      about: ABOUT,
      pages: PAGES_AS_STARTED,
      seo: { description: '', shareImage: '', shareImageAlt: '' },
      features: { servicesEnabled: true, aboutEnabled: false },
    })
    expect(DEFAULT_WHY_ITEMS).toEqual(WHY)
    expect(DEFAULT_ABOUT).toEqual(ABOUT)
  })

  it('the dashboard labels each page text as the editor shows it, with its limit and the text a site starts with', () => {
    expect(Object.fromEntries(Object.entries(PAGE_TEXT_FIELDS).map(([key, f]) => [key, [f.label, f.default, f.max]]))).toEqual(PAGE_TEXTS)
  })

  it('a part given in part keeps what it has and takes the defaults for the rest', () => {
    const settings = read({
      ...REQUIRED_ONLY,
      about: { photo: '/uploads/me.jpg' },
      pages: { servicesTitle: 'What we make' },
      seo: { description: 'Balloons in Portland' },
      features: { aboutEnabled: true },
    })
    expect(settings.about).toEqual({ ...ABOUT, photo: '/uploads/me.jpg' })
    expect(settings.pages).toEqual({ ...PAGES_AS_STARTED, servicesTitle: 'What we make' })
    expect(settings.seo).toEqual({ description: 'Balloons in Portland', shareImage: '', shareImageAlt: '' })
    expect(settings.features).toEqual({ servicesEnabled: true, aboutEnabled: true })
    expect(read({ ...REQUIRED_ONLY, features: { servicesEnabled: false } }).features).toEqual({
      servicesEnabled: false,
      aboutEnabled: false,
    })
    expect(read({ ...REQUIRED_ONLY, features: {} }).features).toEqual({ servicesEnabled: true, aboutEnabled: false })
  })

  it('keeps what the file says over every default', () => {
    const file = {
      brand: { name: 'B', tagline: 'T', ownerName: 'Penny' },
      contact: { email: 'a@b.test', phone: '1', area: 'Salem', hours: '9-5' },
      social: { ...REQUIRED_ONLY.social, tiktok: 'https://tiktok.test/@b', pinterest: 'https://pinterest.test/b' },
      hero: {
        title: 'H',
        subtitle: 'S',
        image: 'i',
        imageAlt: 'A',
        primaryLabel: 'P',
        primaryHref: '/faq',
        secondaryLabel: 'L',
        secondaryHref: '/about',
      },
      why: [{ title: 'W', text: 'X' }],
      about: { story: 's', values: [], artistTitle: 'a', artist: 'b', photo: 'p', photoAlt: 'q' },
      pages: PAGES_AS_STARTED,
      seo: { description: 'd', shareImage: 'e', shareImageAlt: 'f' },
      features: { servicesEnabled: false, aboutEnabled: true },
    }
    expect(read(file)).toEqual(file)
  })

  it.each([
    ['an empty brand name', (s: Loose) => (s.brand.name = ''), ['brand', 'name']],
    ['a contact e-mail that is not one', (s: Loose) => (s.contact.email = 'studio'), ['contact', 'email']],
    ['an empty phone', (s: Loose) => (s.contact.phone = ''), ['contact', 'phone']],
    ['an Instagram link that is no address', (s: Loose) => (s.social.instagram = 'instagram'), ['social', 'instagram']],
    ['a Facebook link that is no address', (s: Loose) => (s.social.facebook = 'facebook'), ['social', 'facebook']],
    ['a TikTok link that is no address', (s: Loose) => (s.social.tiktok = 'tiktok'), ['social', 'tiktok']],
    ['a Pinterest link that is no address', (s: Loose) => (s.social.pinterest = 'pinterest'), ['social', 'pinterest']],
    ['an empty hero title', (s: Loose) => (s.hero.title = ''), ['hero', 'title']],
    ['an empty hero picture', (s: Loose) => (s.hero.image = ''), ['hero', 'image']],
    ['an empty seasonal title', (s: Loose) => (s.hero.seasonal = { title: '', image: 'x' }), ['hero', 'seasonal', 'title']],
    ['an empty seasonal picture', (s: Loose) => (s.hero.seasonal = { title: 'x', image: '' }), ['hero', 'seasonal', 'image']],
    ['a flag that is not true or false', (s: Loose) => (s.features = { servicesEnabled: 'yes' }), ['features', 'servicesEnabled']],
    ['an about flag that is not true or false', (s: Loose) => (s.features = { aboutEnabled: 1 }), ['features', 'aboutEnabled']],
  ])('does not read with %s', (_, change, path) => {
    const file = clone(REQUIRED_ONLY) as Loose
    change(file)
    const result = SiteSettingsSchema.safeParse(file)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path)).toEqual([path])
  })

  it('a button link the site may not render is read as the default page; a safe one is kept', () => {
    const hero = (primaryHref: string, secondaryHref: string) =>
      read({ ...REQUIRED_ONLY, hero: { ...REQUIRED_ONLY.hero, primaryHref, secondaryHref } }).hero
    expect(hero('//evil.example', 'javascript:alert(1)')).toMatchObject({ primaryHref: '/contact', secondaryHref: '/services' })
    expect(hero('/faq', 'https://shop.test/balloons')).toMatchObject({ primaryHref: '/faq', secondaryHref: 'https://shop.test/balloons' })
  })

  it('a seasonal hero takes the defaults for its texts, drops open sides, and refuses a window that ends before it starts', () => {
    const seasonal = (s: Loose) => read({ ...REQUIRED_ONLY, hero: { ...REQUIRED_ONLY.hero, seasonal: s } }).hero.seasonal
    expect(seasonal({ title: 'Winter', image: '/uploads/w.jpg', showFrom: null, showUntil: '2026-12-31T00:00:00-08:00' })).toEqual({
      title: 'Winter',
      subtitle: '',
      image: '/uploads/w.jpg',
      imageAlt: '',
      showUntil: '2026-12-31T00:00:00-08:00',
    })
    const result = SiteSettingsSchema.safeParse({
      ...REQUIRED_ONLY,
      hero: {
        ...REQUIRED_ONLY.hero,
        seasonal: { title: 'W', image: 'x', showFrom: '2026-12-31T00:00:00-08:00', showUntil: '2026-12-01T00:00:00-08:00' },
      },
    })
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['hero', 'seasonal', 'showUntil'], 'Seasonal hero: Show until must be after Show from'],
    ])
    const notADate = SiteSettingsSchema.safeParse({
      ...REQUIRED_ONLY,
      hero: { ...REQUIRED_ONLY.hero, seasonal: { title: 'W', image: 'x', showFrom: 'December' } },
    })
    expect(notADate.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['hero', 'seasonal', 'showFrom'], 'Seasonal hero: Show from must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00)'],
    ])
  })
})

describe('button links the site may render', () => {
  it.each([
    '/',
    '/contact',
    '/#services',
    '/services/bouquet?x=1',
    'https://shop.test',
    'https://shop.test/a?b=c#d',
    'http://shop.test/x',
    'mailto:hello@peony.test',
    'mailto:hello@peony.test?subject=Hi',
    'tel:+15035550142',
    'tel:5',
    'tel:5(503)555-0142',
    'tel:+1 (503) 555-0142',
  ])('%s is a link', (href) => expect(isSafeLink(href)).toBe(true))

  it.each([
    '',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/a\\b',
    '/a b',
    '/a\tb',
    '/contact\n',
    ' /contact',
    'contact',
    'x/contact',
    'https://',
    'https:///evil.example',
    'https://\\evil.example',
    'https://?x',
    'https://#x',
    'https://shop.test/a b',
    'https://shop.test\\a',
    'https:/shop.test',
    'httpx://shop.test',
    'HTTPS://shop.test',
    'ftp://shop.test',
    'javascript:alert(1)',
    'mailto:',
    'mailto: a@b.test',
    'mailto:a\\b',
    'tel:',
    'tel:(503)',
    'tel:-5',
    'tel:5a',
    'data:text/html,x',
  ])('%j is not', (href) => expect(isSafeLink(href)).toBe(false))
})

describe('what the public site is shown', () => {
  const settings = (extra: { seasonal?: Loose; ownerName?: string } = {}): SiteSettings =>
    read({
      ...REQUIRED_ONLY,
      brand: { ...REQUIRED_ONLY.brand, ...(extra.ownerName ? { ownerName: extra.ownerName } : {}) },
      hero: {
        ...REQUIRED_ONLY.hero,
        subtitle: 'All year',
        imageAlt: 'A garland',
        secondaryLabel: 'Prices',
        ...(extra.seasonal ? { seasonal: extra.seasonal } : {}),
      },
    })
  const WINTER = {
    title: 'Winter balloons',
    subtitle: 'Book December',
    image: '/uploads/winter.jpg',
    imageAlt: 'A red bouquet',
    showFrom: '2026-12-01T00:00:00-08:00',
    showUntil: '2027-01-01T00:00:00-08:00',
  }
  const at = (iso: string) => Date.parse(iso)

  it("never the owner's own name, and without a seasonal hero the standing one", () => {
    const shown = publicSiteSettings(settings({ ownerName: 'Penny' }), at('2026-06-01T00:00:00Z'))
    expect(shown.brand).toEqual({ name: 'Peony & Pine', tagline: '' })
    expect(shown.hero).toEqual(settings().hero)
  })

  it('inside its window (from its first instant), the seasonal hero in the standing one’s place, the buttons kept', () => {
    for (const now of [at('2026-12-01T00:00:00-08:00'), at('2026-12-31T23:59:59-08:00')]) {
      const shown = publicSiteSettings(settings({ seasonal: WINTER, ownerName: 'Penny' }), now)
      expect(shown.hero).toEqual({
        title: 'Winter balloons',
        subtitle: 'Book December',
        image: '/uploads/winter.jpg',
        imageAlt: 'A red bouquet',
        primaryLabel: 'Get a Quote',
        primaryHref: '/contact',
        secondaryLabel: 'Prices',
        secondaryHref: '/services',
      })
      expect(shown.brand).not.toHaveProperty('ownerName')
    }
  })

  it('outside it (a millisecond before, or from its last instant on), the standing hero, and the seasonal one not sent', () => {
    for (const now of [at('2026-12-01T00:00:00-08:00') - 1, at('2027-01-01T00:00:00-08:00')]) {
      const shown = publicSiteSettings(settings({ seasonal: WINTER, ownerName: 'Penny' }), now)
      expect(shown.hero).toEqual(settings().hero)
      expect(shown.brand).toEqual({ name: 'Peony & Pine', tagline: '' })
    }
  })

  it('leaves the settings it was given as they were', () => {
    const given = settings({ seasonal: WINTER, ownerName: 'Penny' })
    const before = clone(given)
    publicSiteSettings(given, at('2026-12-02T00:00:00Z'))
    expect(given).toEqual(before)
  })
})

/** Settings the dashboard may save, as it sends them. */
function valid(): Loose {
  return {
    brand: { name: 'Peony & Pine', tagline: 'Balloons', ownerName: 'Penny' },
    contact: { email: 'hello@peony.test', phone: '(503) 555-0142', area: 'Portland', hours: '9-5' },
    social: {
      instagram: 'https://www.instagram.com/peony',
      facebook: 'https://www.facebook.com/peony',
      tiktok: 'https://www.tiktok.com/@peony',
      pinterest: 'https://www.pinterest.com/peony',
    },
    hero: {
      title: 'Balloon décor',
      subtitle: 'Garlands and arches',
      image: '/uploads/hero.jpg',
      imageAlt: 'A garland',
      primaryLabel: 'Get a Quote',
      primaryHref: '/contact',
      secondaryLabel: 'Prices',
      secondaryHref: '/services',
      seasonal: {
        title: 'Winter',
        subtitle: 'Book December',
        image: '/uploads/winter.jpg',
        imageAlt: 'A red bouquet',
        showFrom: '2026-12-01T00:00:00-08:00',
        showUntil: '2027-01-01T00:00:00-08:00',
      },
    },
    why: clone(WHY),
    about: { ...clone(ABOUT), photo: '/uploads/me.jpg', photoAlt: 'The artist' },
    pages: { ...PAGES_AS_STARTED },
    seo: { description: 'Balloon décor in Portland', shareImage: '/uploads/share.jpg', shareImageAlt: 'Balloons' },
    features: { servicesEnabled: true, aboutEnabled: false },
  }
}

/** The first refusal of the settings after `change` (what the save answers), or null when they save. */
function refusal(change: (s: Loose) => void): { path: PropertyKey[]; message: string } | null {
  const settings = valid()
  change(settings)
  const result = SiteSettingsInputSchema.safeParse(settings)
  if (result.success) return null
  const [issue] = result.error.issues
  return { path: issue.path, message: issue.message }
}
/** The valid settings after `change`. */
function mutate(change: (s: Loose) => void): Loose {
  const settings = valid()
  change(settings)
  return settings
}

/** Sets the field at `path` (['about', 'values', 0, 'title']). */
const setAt = (path: (string | number)[], value: unknown) => (s: Loose) => {
  let target = s
  for (const key of path.slice(0, -1)) target = target[key]
  target[path.at(-1)!] = value
}

type Kind = 'text' | 'email' | 'phone' | 'profile' | 'picture' | 'link'
/** A value of the field's form exactly `length` characters long. */
function ofLength(kind: Kind, length: number): string {
  switch (kind) {
    case 'text':
      return 'x'.repeat(length)
    case 'email':
      return `${'a'.repeat(length - '@peony.test'.length)}@peony.test`
    case 'phone':
      return '5'.repeat(length)
    case 'profile':
      return `https://peony.test/${'x'.repeat(length - 'https://peony.test/'.length)}`
    case 'picture':
      return `/uploads/${'x'.repeat(length - '/uploads/'.length)}`
    case 'link':
      return `/${'x'.repeat(length - 1)}`
  }
}

/** Every text the dashboard saves: where it is, its label in messages, its limit, its form, and whether it may be empty. */
const FIELDS: [path: (string | number)[], label: string, max: number, kind: Kind, required: boolean][] = [
  [['brand', 'name'], 'Brand name', 120, 'text', true],
  [['brand', 'tagline'], 'Tagline', 200, 'text', false],
  [['brand', 'ownerName'], 'Your name', 80, 'text', false],
  [['contact', 'email'], 'Contact e-mail', 200, 'email', true],
  [['contact', 'phone'], 'Phone', 40, 'phone', true],
  [['contact', 'area'], 'Service area', 200, 'text', true],
  [['contact', 'hours'], 'Hours', 200, 'text', false],
  [['social', 'instagram'], 'Instagram link', 500, 'profile', true],
  [['social', 'facebook'], 'Facebook link', 500, 'profile', true],
  [['social', 'tiktok'], 'TikTok link', 500, 'profile', false],
  [['social', 'pinterest'], 'Pinterest link', 500, 'profile', false],
  [['hero', 'title'], 'Hero title', 120, 'text', true],
  [['hero', 'subtitle'], 'Hero subtitle', 400, 'text', false],
  [['hero', 'image'], 'Hero picture', 300, 'picture', true],
  [['hero', 'imageAlt'], 'Hero picture description', 200, 'text', false],
  [['hero', 'primaryLabel'], 'First button label', 40, 'text', true],
  [['hero', 'primaryHref'], 'First button link', 500, 'link', true],
  [['hero', 'secondaryLabel'], 'Second button label', 40, 'text', false],
  [['hero', 'secondaryHref'], 'Second button link', 500, 'link', true],
  [['hero', 'seasonal', 'title'], 'Seasonal hero title', 120, 'text', true],
  [['hero', 'seasonal', 'subtitle'], 'Seasonal hero subtitle', 400, 'text', false],
  [['hero', 'seasonal', 'image'], 'Seasonal hero picture', 300, 'picture', true],
  [['hero', 'seasonal', 'imageAlt'], 'Seasonal hero picture description', 200, 'text', false],
  [['why', 0, 'title'], 'Why Choose item title', 80, 'text', true],
  [['why', 2, 'text'], 'Why Choose item text', 600, 'text', false],
  [['about', 'story'], 'About story', 5000, 'text', false],
  [['about', 'values', 0, 'title'], 'Value title', 80, 'text', true],
  [['about', 'values', 1, 'text'], 'Value text', 600, 'text', false],
  [['about', 'artistTitle'], 'About second heading', 80, 'text', false],
  [['about', 'artist'], 'About second text', 2000, 'text', false],
  [['about', 'photo'], 'About photo', 300, 'picture', false],
  [['about', 'photoAlt'], 'About photo description', 200, 'text', false],
  ...Object.entries(PAGE_TEXTS).map(
    ([key, [label, , max]]) => [['pages', key], label, max, 'text', true] as [string[], string, number, Kind, boolean],
  ),
  [['seo', 'description'], 'Search description', 300, 'text', false],
  [['seo', 'shareImage'], 'Share picture', 300, 'picture', false],
  [['seo', 'shareImageAlt'], 'Share picture description', 200, 'text', false],
]

describe('saving the site settings', () => {
  it('settings as the dashboard sends them save as they are', () => {
    expect(SiteSettingsInputSchema.parse(valid())).toEqual(valid())
  })

  it.each(FIELDS)('%j (%s) takes %i characters and refuses one more', (path, label, max, kind) => {
    expect(refusal(setAt(path, ofLength(kind, max)))).toBeNull()
    expect(refusal(setAt(path, ofLength(kind, max + 1)))).toEqual({ path, message: `${label} is too long (${max} characters at most)` })
  })

  it.each(FIELDS.filter(([, , , , required]) => required))(
    '%j (%s) is required: refused when empty or only spaces',
    (path, label, _max, kind) => {
      for (const empty of ['', '   ']) {
        const answer = refusal(setAt(path, empty))
        expect(answer?.path).toEqual(path)
        // An address or a picture is held to its form, not to a minimum length: empty is not one.
        expect(answer?.message).toBe(
          {
            profile: `${label} must be a full address starting with https://`,
            email: `${label} must be an e-mail address like name@example.com`,
            picture: `${label} must be an uploaded picture (/uploads/...)`,
          }[kind as string] ?? `${label} is required`,
        )
      }
    },
  )

  it.each(FIELDS.filter(([, , , kind, required]) => !required && kind === 'text'))('%j may be empty', (path) => {
    expect(refusal(setAt(path, ''))).toBeNull()
  })

  it.each(FIELDS.filter(([, , , kind]) => kind === 'text'))('%j (%s) is text: a number is refused naming the field', (path, label) => {
    expect(refusal(setAt(path, 42))).toEqual({ path, message: `${label} must be text` })
  })

  it.each([
    [['hero', 'subtitle'], true],
    [['hero', 'seasonal', 'subtitle'], true],
    [['why', 2, 'text'], true],
    [['about', 'story'], true],
    [['about', 'values', 1, 'text'], true],
    [['about', 'artist'], true],
    [['brand', 'name'], false],
    [['brand', 'tagline'], false],
    [['hero', 'title'], false],
    [['hero', 'imageAlt'], false],
    [['why', 0, 'title'], false],
    [['about', 'artistTitle'], false],
    [['seo', 'description'], false],
    [['pages', 'ctaText'], false],
  ] as [(string | number)[], boolean][])('%j takes several lines: %s', (path, several) => {
    const label = FIELDS.find(([p]) => p.join('.') === path.join('.'))![1]
    expect(refusal(setAt(path, 'First line\nSecond line'))).toEqual(several ? null : { path, message: `${label} must be one line` })
  })

  it('one-line texts are saved trimmed', () => {
    const settings = SiteSettingsInputSchema.parse(mutate((s) => ((s.brand.name = '  Peony  '), (s.pages.ctaButton = ' Call '))))
    expect(settings.brand.name).toBe('Peony')
    expect(settings.pages.ctaButton).toBe('Call')
  })

  describe('clearing an optional field', () => {
    it("an empty (or blank) owner's name, second button label, TikTok or Pinterest link is left out of what is saved", () => {
      for (const empty of ['', '  ']) {
        const settings = SiteSettingsInputSchema.parse(
          mutate((s) => {
            s.brand.ownerName = empty
            s.hero.secondaryLabel = empty
            s.social.tiktok = ''
            s.social.pinterest = ''
          }),
        )
        expect(settings.brand).toEqual({ name: 'Peony & Pine', tagline: 'Balloons' })
        expect(settings.hero.secondaryLabel).toBeUndefined()
        expect(settings.social).toEqual({ instagram: 'https://www.instagram.com/peony', facebook: 'https://www.facebook.com/peony' })
      }
    })

    it('absent optional fields save without them', () => {
      const settings = SiteSettingsInputSchema.parse(
        mutate((s) => {
          delete s.brand.ownerName
          delete s.hero.secondaryLabel
          delete s.social.tiktok
          delete s.social.pinterest
          delete s.hero.seasonal
        }),
      )
      expect(Object.keys(settings.brand)).toEqual(['name', 'tagline'])
      expect(Object.keys(settings.social)).toEqual(['instagram', 'facebook'])
      expect(Object.keys(settings.hero)).not.toContain('seasonal')
      expect(Object.keys(settings.hero)).not.toContain('secondaryLabel')
    })

    it('a seasonal hero sent as null is removed', () => {
      const settings = SiteSettingsInputSchema.parse(mutate((s) => (s.hero.seasonal = null)))
      expect(settings.hero.seasonal).toBeUndefined()
      expect(settings.hero.title).toBe('Balloon décor')
    })

    it('an empty about photo or share picture is kept empty (the built-in picture then shows)', () => {
      const settings = SiteSettingsInputSchema.parse(mutate((s) => ((s.about.photo = ''), (s.seo.shareImage = ''))))
      expect(settings.about.photo).toBe('')
      expect(settings.seo.shareImage).toBe('')
    })

    it("a seasonal hero's open sides (null) are left out", () => {
      const settings = SiteSettingsInputSchema.parse(mutate((s) => ((s.hero.seasonal.showFrom = null), delete s.hero.seasonal.showUntil)))
      expect(settings.hero.seasonal).toEqual({
        title: 'Winter',
        subtitle: 'Book December',
        image: '/uploads/winter.jpg',
        imageAlt: 'A red bouquet',
      })
    })
  })

  it.each([
    ['brand', 'Brand is required'],
    ['contact', 'Contact details are required'],
    ['social', 'Social links are required'],
    ['hero', 'Hero is required'],
    ['why', 'Why Choose items must be a list'],
    ['about', 'About page is required'],
    ['pages', 'Page texts are required'],
    ['seo', 'Search and sharing is required'],
    ['features', 'Features are required'],
  ])('without its %s part: "%s"', (part, message) => {
    expect(refusal((s) => delete s[part])).toEqual({ path: [part], message })
    expect(refusal((s) => (s[part] = 'x'))).toEqual({ path: [part], message })
  })

  it.each([
    ['servicesEnabled', 'Service pages on/off must be true or false'],
    ['aboutEnabled', 'About page on/off must be true or false'],
  ])('features.%s must be true or false: "%s"', (flag, message) => {
    for (const value of ['true', 1, null, undefined]) {
      expect(refusal((s) => (s.features[flag] = value))).toEqual({ path: ['features', flag], message })
    }
    expect(SiteSettingsInputSchema.parse(mutate((s) => (s.features[flag] = !s.features[flag]))).features[flag as 'aboutEnabled']).toBe(
      !valid().features[flag],
    )
  })

  describe('Why Choose items and values', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Item ${i + 1}`, text: 'Text' }))

    it('Why Choose takes one to six items: none is refused, seven are refused', () => {
      expect(refusal((s) => (s.why = items(1)))).toBeNull()
      expect(refusal((s) => (s.why = items(6)))).toBeNull()
      expect(refusal((s) => (s.why = []))).toEqual({ path: ['why'], message: 'Keep at least one Why Choose item' })
      expect(refusal((s) => (s.why = items(7)))).toEqual({ path: ['why'], message: 'At most 6 why choose items' })
    })

    it('the about page takes no value up to six: seven are refused; a value list that is no list is named', () => {
      expect(refusal((s) => (s.about.values = []))).toBeNull()
      expect(refusal((s) => (s.about.values = items(6)))).toBeNull()
      expect(refusal((s) => (s.about.values = items(7)))).toEqual({ path: ['about', 'values'], message: 'At most 6 values' })
      expect(refusal((s) => (s.about.values = 'Quality'))).toEqual({ path: ['about', 'values'], message: 'Values must be a list' })
    })
  })

  describe('pictures', () => {
    it.each([
      ['hero', 'image', 'Hero picture'],
      ['hero', 'seasonal', 'Seasonal hero picture'],
      ['about', 'photo', 'About photo'],
      ['seo', 'shareImage', 'Share picture'],
    ])('%s.%s must be an uploaded picture', (...args) => {
      const label = args.at(-1)!
      const path = args[1] === 'seasonal' ? ['hero', 'seasonal', 'image'] : args.slice(0, 2)
      for (const bad of [
        'https://cdn.test/a.jpg',
        '/uploads/a/b.jpg',
        '/uploads/',
        '/uploads/a b.jpg',
        '/uploads/a.jpg?x=1',
        'uploads/a.jpg',
        '/uploadsx/a.jpg',
        'x/uploads/a.jpg',
        '/uploads/a.jpg/',
      ]) {
        expect(refusal(setAt(path, bad)), bad).toEqual({ path, message: `${label} must be an uploaded picture (/uploads/...)` })
      }
      for (const good of ['/uploads/A-b_c.9.webp', ' /uploads/hero.jpg ']) expect(refusal(setAt(path, good)), good).toBeNull()
    })
  })

  describe('links and addresses', () => {
    it.each([
      ['primaryHref', 'First button link'],
      ['secondaryHref', 'Second button link'],
    ])('hero.%s must be a page of this site or a full address', (field, label) => {
      for (const bad of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'contact', 'https://', '/a b']) {
        expect(
          refusal((s) => (s.hero[field] = bad)),
          bad,
        ).toEqual({
          path: ['hero', field],
          message: `${label} must be a page of this site (/contact) or a full address (https://...)`,
        })
      }
      for (const good of ['/faq', 'https://shop.test', 'mailto:hello@peony.test', 'tel:+15035550142']) {
        expect(
          refusal((s) => (s.hero[field] = good)),
          good,
        ).toBeNull()
      }
    })

    it.each([
      ['instagram', 'Instagram link must be a full address starting with https://'],
      ['facebook', 'Facebook link must be a full address starting with https://'],
      ['tiktok', 'TikTok link must be a full address starting with https://, or empty'],
      ['pinterest', 'Pinterest link must be a full address starting with https://, or empty'],
    ])('social.%s: "%s"', (field, message) => {
      for (const bad of [
        'http://www.peony.test/x',
        'https://peony/x',
        'https://www.peony.test/a b',
        'https://',
        'https://.test',
        'https://peony.',
        'www.peony.test/x',
        'xhttps://www.peony.test',
        'https://peony test.com',
        'ftp://peony.test',
      ]) {
        expect(
          refusal((s) => (s.social[field] = bad)),
          bad,
        ).toEqual({ path: ['social', field], message })
      }
      for (const good of ['https://peony.test', 'https://www.peony.test/', 'https://www.peony.test/@me?x=1']) {
        expect(
          refusal((s) => (s.social[field] = good)),
          good,
        ).toBeNull()
      }
    })

    it('the contact e-mail must be one', () => {
      for (const bad of ['studio', 'studio@', '@peony.test', 'a b@peony.test']) {
        expect(
          refusal((s) => (s.contact.email = bad)),
          bad,
        ).toEqual({
          path: ['contact', 'email'],
          message: 'Contact e-mail must be an e-mail address like name@example.com',
        })
      }
      expect(SiteSettingsInputSchema.parse(mutate((s) => (s.contact.email = ' hi@peony.test '))).contact.email).toBe('hi@peony.test')
    })

    it('the phone must be a phone number', () => {
      for (const good of ['(503) 555-0142', '+1 503 555 0142', '503.555.0142', '55', '+1 (503) 555-0142']) {
        expect(
          refusal((s) => (s.contact.phone = good)),
          good,
        ).toBeNull()
      }
      // A letter O typed for a zero, anywhere after the first digit.
      for (const bad of [
        '5O3 555-0142',
        '(5o3) 555-0142',
        '503 555-O142',
        'call us',
        '5',
        '+',
        '-5035550142',
        '503-555-0142 ext',
        '503 555 0142+',
        'x503',
        '503/555',
      ]) {
        expect(
          refusal((s) => (s.contact.phone = bad)),
          bad,
        ).toEqual({
          path: ['contact', 'phone'],
          message: 'Phone must be a phone number like (503) 555-0142',
        })
      }
    })
  })

  describe('the seasonal hero', () => {
    it('must be an object or null', () => {
      expect(refusal((s) => (s.hero.seasonal = 'Winter'))).toEqual({
        path: ['hero', 'seasonal'],
        message: 'Seasonal hero must be an object or null',
      })
    })

    it('its window must end after it starts, and each side must be a date and time', () => {
      expect(refusal((s) => (s.hero.seasonal.showUntil = s.hero.seasonal.showFrom))).toEqual({
        path: ['hero', 'seasonal', 'showUntil'],
        message: 'Seasonal hero: Show until must be after Show from',
      })
      expect(refusal((s) => (s.hero.seasonal.showFrom = 'December'))).toEqual({
        path: ['hero', 'seasonal', 'showFrom'],
        message: 'Seasonal hero: Show from must be a date and time (ISO 8601, e.g. 2026-12-01T09:00:00-08:00)',
      })
    })
  })
})

// What History shows the owner for a change to a content file: each field named in words (never a raw key or an
// empty label), values in words (Yes/No, one line per entry, "(not set)"), entries and their order. Pure.
import { describe, expect, it } from 'vitest'
import { diffContentFile } from './field-diff'
import { SERVICE_FIELD_LABELS } from './field-labels'
import { isKnownItem, isRestorableItem, itemLabel, itemOfPath, pathOfItem, referencedUploads, serviceIdOf, serviceLabel } from './items'

const SITE_GROUPS = {
  brand: ['Brand', { name: 'Name', tagline: 'Tagline' }],
  contact: ['Contact', { email: 'E-mail', phone: 'Phone', area: 'Area', hours: 'Hours' }],
  social: ['Social links', { instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok', pinterest: 'Pinterest' }],
  hero: [
    'Hero banner',
    {
      title: 'Title',
      subtitle: 'Subtitle',
      imageAlt: 'Picture description',
      primaryLabel: 'Primary button',
      primaryHref: 'Primary button link',
      secondaryLabel: 'Secondary button',
      secondaryHref: 'Secondary button link',
    },
  ],
  why: ['Why Choose', { features: 'Features' }],
  about: [
    'About page',
    { story: 'Story', values: 'Values', artistTitle: 'Second heading', artist: 'Second text', photoAlt: 'Photo description' },
  ],
  seo: ['Search & sharing', { description: 'Search description', shareImageAlt: 'Share picture description' }],
  pages: ['Page texts', { servicesEnabled: 'Services pages', aboutEnabled: 'About page', servicesTitle: 'Services: heading' }],
} as const

describe('site settings in History', () => {
  it('names every group and field in words', () => {
    const before: Record<string, Record<string, string>> = {}
    const after: Record<string, Record<string, string>> = {}
    const expected: string[] = []
    for (const [group, [groupLabel, fields]] of Object.entries(SITE_GROUPS)) {
      before[group] = {}
      after[group] = {}
      for (const [key, label] of Object.entries(fields)) {
        before[group][key] = 'old'
        after[group][key] = 'new'
        expected.push(`${groupLabel} › ${label}`)
      }
    }
    // Not the site's schema (unknown keys, texts for switches): compared as written, every key still in words.
    const change = diffContentFile('content/site.yaml', JSON.stringify(before), JSON.stringify(after))!
    expect(change.fields.map((f) => f.label)).toEqual(expected)
    expect(change.fields.every((f) => f.before === 'old' && f.after === 'new')).toBe(true)
  })

  it('shows pictures of the hero, the about photo and the share picture as pictures', () => {
    const change = diffContentFile(
      'content/site.yaml',
      JSON.stringify({ hero: { image: '/uploads/a.jpg' }, about: { photo: '/uploads/p.jpg' }, seo: { shareImage: '' } }),
      JSON.stringify({ hero: { image: '/uploads/b.jpg' }, about: { photo: '' }, seo: { shareImage: '/uploads/s.jpg' } }),
    )!
    expect(change.fields).toEqual([
      {
        field: 'hero.image',
        label: 'Hero banner › Image',
        kind: 'images',
        change: 'changed',
        before: ['/uploads/a.jpg'],
        after: ['/uploads/b.jpg'],
      },
      { field: 'about.photo', label: 'About page › Photo', kind: 'images', change: 'changed', before: ['/uploads/p.jpg'], after: [] },
      {
        field: 'seo.shareImage',
        label: 'Search & sharing › Share picture',
        kind: 'images',
        change: 'changed',
        before: [],
        after: ['/uploads/s.jpg'],
      },
    ])
  })

  it('a group that is not a record, and an unknown group, as a whole', () => {
    const change = diffContentFile('content/site.yaml', 'brand: Studio\nodd: 1\n', 'brand: Balloons\nodd: 2\n')!
    expect(change.fields).toEqual([
      { field: 'brand', label: 'Brand', kind: 'text', change: 'changed', before: 'Studio', after: 'Balloons' },
      { field: 'odd', label: 'odd', kind: 'text', change: 'changed', before: '1', after: '2' },
    ])
  })
})

const service = (fields: Record<string, unknown>) => JSON.stringify({ id: 'mosaics', title: 'Mosaics', description: 'Big.', ...fields })

describe('a service in History', () => {
  it('names every field in words, in the editor’s order', () => {
    const before = {
      aboutText: 'a',
      pricingInfo: 'a',
      visible: true,
      inquiryFormTitle: 'a',
      showBalloonColorSelection: false,
      balloonColorSelectionRequired: false,
      maxBalloonColors: 2,
      showStandardColors: false,
      showMetallicColors: false,
      showCrystalColors: false,
      showEffectsColors: false,
      showFrom: '2030-01-01T00:00:00-08:00',
      showUntil: '2031-01-01T00:00:00-08:00',
    }
    const after = {
      aboutText: 'b',
      pricingInfo: 'b',
      visible: false,
      inquiryFormTitle: 'b',
      showBalloonColorSelection: true,
      balloonColorSelectionRequired: true,
      maxBalloonColors: 3,
      showStandardColors: true,
      showMetallicColors: true,
      showCrystalColors: true,
      showEffectsColors: true,
      showFrom: '2030-01-02T00:00:00-08:00',
      showUntil: '2031-01-02T00:00:00-08:00',
    }
    const change = diffContentFile(
      'content/services/mosaics.yaml',
      service(before),
      service({ ...after, title: 'Big Mosaics', description: 'Bigger.' }),
    )!
    expect(change.label).toBe('Service "Big Mosaics"')
    expect(change.fields.map((f) => f.label)).toEqual([
      'Title',
      'Short description',
      'About',
      'Pricing',
      'Visible on the site',
      'Inquiry form title',
      'Balloon colour picker',
      'Balloon colour required',
      'Maximum colours',
      'Standard colours',
      'Metallic colours',
      'Crystal colours',
      'Effects colours',
      'Show from',
      'Show until',
    ])
    expect(Object.values(SERVICE_FIELD_LABELS).every((l) => /^[A-Z][a-z]/.test(l))).toBe(true)
  })

  it('says the questions in words: title, instructions, options, optional', () => {
    const change = diffContentFile(
      'content/services/mosaics.yaml',
      service({}),
      service({
        customTextFields: [{ id: 'custom_1', header: 'Venue', instructions: 'Where?', optional: true, showWhen: null }],
        customDropdownFields: [{ id: 'dropdown_1', header: 'Delivery', instructions: 'Need it?', options: ['Yes', 'No'] }],
        customPhotoFields: [{ id: 'photos_1', header: 'Wall', instructions: 'Photos' }],
      }),
    )!
    expect(change.fields.map((f) => [f.label, f.change, f.before, f.after])).toEqual([
      ['Custom text fields', 'changed', '', 'Venue (optional)\n  Where?'],
      ['Custom dropdown fields', 'changed', '', 'Delivery\n  Need it?\n  Options: Yes, No'],
      ['Photo fields', 'changed', '', 'Wall\n  Photos'],
      ['Custom field order', 'changed', '', 'custom_1\ndropdown_1\nphotos_1'],
    ])
  })

  it('a value set or cleared reads as "(not set)", and a switch as Yes or No', () => {
    const change = diffContentFile(
      'content/services/mosaics.yaml',
      service({ maxBalloonColors: 3, visible: true }),
      service({ visible: false }),
    )!
    expect(change.fields.map((f) => [f.label, f.before, f.after])).toEqual([
      ['Visible on the site', 'Yes', 'No'],
      ['Maximum colours', '3', '(not set)'],
    ])
  })
})

describe('entries with ids (testimonials, interests)', () => {
  const file = 'content/testimonials.yaml'
  it('a reorder is said by the entries’ names, an entry without an id by its place', () => {
    const change = diffContentFile(
      file,
      JSON.stringify([
        { id: 'a', name: 'Ana', quote: 'Lovely' },
        { id: 'b', name: 'Bo', quote: 'Great' },
      ]),
      JSON.stringify([
        { id: 'b', name: 'Bo', quote: 'Great' },
        { id: 'a', name: 'Ana', quote: 'Lovely' },
      ]),
    )!
    expect(change.fields).toEqual([
      {
        field: 'order',
        label: 'Order',
        kind: 'text',
        change: 'changed',
        before: 'Testimonial by "a"\nTestimonial by "b"',
        after: 'Testimonial by "b"\nTestimonial by "a"',
      },
    ])
    const noIds = diffContentFile(file, JSON.stringify([{ quote: 'A' }]), JSON.stringify([{ quote: 'B' }]))!
    expect(noIds.fields.map((f) => f.field)).toEqual(['#1.quote'])
  })
})

describe('items', () => {
  it('a service item is services/<id>, at most 80 characters of the slug', () => {
    expect(serviceIdOf('services/mosaics-2')).toBe('mosaics-2')
    for (const item of ['services/', 'services/Mosaics', 'services/a/b', 'xservices/a', `services/${'a'.repeat(81)}`]) {
      expect(serviceIdOf(item), item).toBeNull()
      expect(pathOfItem(item), item).toBeNull()
    }
    expect(serviceIdOf(`services/${'a'.repeat(80)}`)).toHaveLength(80)
  })

  it('an upload is uploads/<name>, with a made name only', () => {
    expect(pathOfItem('uploads/a-1.jpg')).toBe('uploads/a-1.jpg')
    expect(itemOfPath('uploads/a-1.jpg')).toBe('uploads/a-1.jpg')
    for (const item of ['uploads/', 'uploads/a/b.jpg', 'uploads/a b.jpg', 'xuploads/a.jpg', 'uploads/../x'])
      expect(pathOfItem(item), item).toBeNull()
    expect(itemLabel('uploads/a-1.jpg')).toBe('Image a-1.jpg')
    expect(isKnownItem('uploads/a-1.jpg')).toBe(false)
    expect(isRestorableItem('uploads/a-1.jpg')).toBe(false)
  })

  it('the items History can restore, and the file each stands for', () => {
    expect(isRestorableItem('services/mosaics')).toBe(true)
    expect(isRestorableItem('service-order')).toBe(true)
    expect(isRestorableItem('faq')).toBe(true)
    expect(isRestorableItem('mailing-list-segments')).toBe(false)
    expect(pathOfItem('services/mosaics')).toBe('content/services/mosaics.yaml')
    expect(pathOfItem('service-order')).toBe('content/service-order.yaml')
    expect(pathOfItem('faq')).toBe('content/faq.yaml')
    expect(itemLabel('service-order')).toBe('Service order')
    expect(itemLabel('faq/extra')).toBe('faq/extra')
    expect(itemOfPath('content/uploads/a.jpg')).toBe('uploads/a.jpg')
  })

  it('other paths and items', () => {
    expect(itemOfPath('content/other.yaml')).toBe('other.yaml')
    expect(itemOfPath('contentx/other.yaml')).toBeNull()
    expect(itemOfPath('README.md')).toBeNull()
    expect(itemLabel('all')).toBe('Whole site')
    expect(itemLabel('services/mosaics')).toBe('Service "mosaics"')
    expect(itemLabel('something')).toBe('something')
    expect(isKnownItem('services/mosaics')).toBe(true)
    expect(isKnownItem('faq')).toBe(true)
    expect(isKnownItem('all')).toBe(false)
    expect(isRestorableItem('nothing')).toBe(false)
    expect(serviceLabel('', 'mosaics')).toBe('Service "mosaics"')
    expect(serviceLabel('Mosaics', 'mosaics')).toBe('Service "Mosaics"')
  })

  it('finds each picture a text mentions, once', () => {
    expect(referencedUploads('![a](/uploads/a.jpg) /uploads/b.png /uploads/a.jpg /uploadsx/c.jpg /uploads/')).toEqual([
      'uploads/a.jpg',
      'uploads/b.png',
    ])
  })
})

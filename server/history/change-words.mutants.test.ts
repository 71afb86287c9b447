// History's sentences for the changes the first tests left unsaid: which kinds a change is filed under, picture files
// alone, a service's pictures replaced or reordered, long names, several services changed alike or not, many parts,
// and what the first content held, in the order the dashboard names the kinds.
import { describe, expect, it } from 'vitest'
import { describeChanges, describeFirstContent, FIRST_CONTENT_TITLE } from './change-words'
import type { FieldChange, ItemChange } from './history.types'
import { field, file, service } from './testing-changes'

const item = (name: string, label: string, fields: FieldChange[] = [field({ field: 'x' })], change: ItemChange['change'] = 'changed') => ({
  item: name,
  label,
  path: `content/${name}.yaml`,
  change,
  fields,
})
const pictures = (before: string[] | null, after: string[] | null) => field({ field: 'images', kind: 'images', before, after })
const title = (changes: ItemChange[]) => describeChanges(changes).title
const kinds = (changes: ItemChange[]) => describeChanges(changes).kinds

describe('the kinds a change is filed under', () => {
  it('a service is a service; with pictures in it, pictures too; picture files alone are pictures only', () => {
    expect(kinds([service('b', 'Bouquets', 'changed', [field({ field: 'pricingInfo' })])])).toEqual(['services'])
    expect(kinds([service('b', 'Bouquets', 'changed', [pictures(['/uploads/a.jpg'], [])])])).toEqual(['pictures', 'services'])
    expect(kinds([file('a.jpg', 'added'), file('b.jpg', 'removed')])).toEqual(['pictures'])
  })

  it('each other kind by its own name, and content no kind knows under site settings and pages', () => {
    expect(kinds([item('testimonials', 'Testimonials'), item('faq', 'FAQ')])).toEqual(['testimonials', 'faq'])
    expect(kinds([item('site', 'Site settings')])).toEqual(['pages'])
    expect(kinds([item('pages/about', 'About page')])).toEqual(['pages'])
    expect(kinds([item('faq', 'FAQ'), file('a.jpg', 'added')])).toEqual(['faq', 'pictures'])
  })
})

describe('picture files alone', () => {
  it('say what came, went and was replaced, in that order', () => {
    expect(title([file('a.jpg', 'removed'), file('b.jpg', 'removed'), file('c.jpg', 'changed')])).toBe(
      'Removed 2 picture files, replaced a picture file',
    )
    expect(title([file('a.jpg', 'changed'), file('b.jpg', 'added'), file('c.jpg', 'changed'), file('d.jpg', 'removed')])).toBe(
      'Added a picture file, removed a picture file, replaced 2 picture files',
    )
    expect(title([file('a.jpg', 'removed')])).toBe('Removed a picture file')
  })
})

describe('a service’s pictures', () => {
  const pics = (before: string[], after: string[]) => title([service('j', 'Jumbos', 'changed', [pictures(before, after)])])

  it('one swapped for another is a replacement; more than that is a change; the same ones moved are a reordering', () => {
    expect(pics(['a', 'b'], ['a', 'c'])).toBe('Replaced a picture of Jumbos')
    expect(pics(['a', 'b'], ['c', 'd', 'b'])).toBe('Changed the pictures of Jumbos')
    expect(pics(['a', 'b', 'c'], ['d'])).toBe('Changed the pictures of Jumbos')
    expect(pics(['a', 'b'], ['b', 'a'])).toBe('Reordered the pictures of Jumbos')
    expect(pics(['a', 'b'], ['a', 'b'])).toBe('Changed the picture descriptions of Jumbos')
  })

  it('a service with no pictures before gets them added', () => {
    expect(title([service('j', 'Jumbos', 'changed', [pictures(null, ['a', 'b'])])])).toBe('Added 2 pictures to Jumbos')
  })
})

describe('a service’s name', () => {
  const renamed = (before: string, after: string) =>
    title([service('j', after, 'changed', [field({ field: 'title', label: 'Name', before, after })])])

  it('keeps 60 characters; a longer one is cut at 57, without the space before the ellipsis', () => {
    const sixty = 'x'.repeat(60)
    expect(renamed(sixty, 'Short')).toBe(`Renamed “${sixty}” to “Short”`)
    expect(renamed(`${'y'.repeat(56)} and more`, 'Short')).toBe(`Renamed “${'y'.repeat(56)}…” to “Short”`)
  })

  it('a label not in the usual form names the service by its file', () => {
    const odd = { ...service('big-arch', 'x', 'changed', [field({ field: 'pricingInfo' })]), label: 'Arch' }
    expect(title([odd])).toBe('Changed the price of big-arch')
    expect(title([{ ...odd, label: 'Service "Arch" (old)' }])).toBe('Changed the price of big-arch')
  })

  it('pictures and visibility changed with another field are named with it', () => {
    const both = (f: FieldChange) => title([service('j', 'Jumbos', 'changed', [f, field({ field: 'pricingInfo' })])])
    expect(both(field({ field: 'images', kind: 'images', before: ['a'], after: ['b'] }))).toBe('Changed the pictures and price of Jumbos')
    expect(both(field({ field: 'visible', before: 'Yes', after: 'No' }))).toBe('Changed the visibility and price of Jumbos')
  })

  it('a field with no noun of its own is named by its label in lower case', () => {
    expect(title([service('j', 'Jumbos', 'changed', [field({ field: 'newThing', label: 'Party Size' })])])).toBe(
      'Changed the party size of Jumbos',
    )
  })
})

describe('several services at once', () => {
  const hide = (id: string, name: string) => service(id, name, 'changed', [field({ field: 'visible', before: 'Yes', after: 'No' })])

  it('the same change to each is said once; different changes are counted', () => {
    expect(title([hide('a', 'Arches'), hide('b', 'Bouquets')])).toBe('Hid 2 services from the site')
    expect(title([hide('a', 'Arches'), service('b', 'Bouquets', 'changed', [field({ field: 'pricingInfo' })])])).toBe('Changed 2 services')
    expect(title([service('a', 'Arches', 'added'), service('b', 'Bouquets', 'added')])).toBe('Added 2 services')
    expect(title([service('a', 'Arches', 'removed'), service('b', 'Bouquets', 'removed')])).toBe('Deleted 2 services')
  })

  it('a service added with the new order is said once, the order not again; the order alone is said', () => {
    const order = item('service-order', 'Service order', [field({ field: 'order' })])
    expect(title([service('a', 'Arches', 'added'), order])).toBe('Added the service Arches')
    expect(title([order])).toBe('Reordered the services')
    expect(title([service('a', 'Arches', 'changed', [field({ field: 'pricingInfo' })]), order])).toBe(
      'Changed the price of Arches and reordered the services',
    )
  })
})

describe('many changes in one', () => {
  it('names the first two and counts the rest', () => {
    const three = [item('faq', 'FAQ'), item('pricing', 'Price list'), item('delivery-installation', 'Delivery')]
    expect(title(three)).toMatch(/^.+, .+ and 1 more change$/)
    expect(title([...three, item('booking-mail', 'Booking e-mails')])).toMatch(/^.+, .+ and 2 more changes$/)
  })
})

describe('lists with entries', () => {
  const entry = (id: string, name: string, change: FieldChange['change'], key = 'quote') =>
    field({ field: `${id}.${key}`, label: `${name} › ${key}`, change })

  it('two entries added are counted; an entry changed in two fields is one entry; order alone is a reordering', () => {
    expect(title([item('testimonials', 'Testimonials', [entry('t1', 'Ann', 'added'), entry('t2', 'Bo', 'added')])])).toBe(
      'Added 2 testimonials',
    )
    expect(
      title([
        item('testimonials', 'Testimonials', [
          entry('t1', 'Testimonial by Ann', 'changed'),
          entry('t1', 'Testimonial by Ann', 'changed', 'name'),
        ]),
      ]),
    ).toBe('Changed the testimonial by Ann')
    expect(title([item('testimonials', 'Testimonials', [field({ field: 'order' })])])).toBe('Reordered the testimonials')
    expect(title([item('testimonials', 'Testimonials', [entry('t1', 'Ann', 'removed'), field({ field: 'order' })])])).toBe(
      'Deleted the ann',
    )
  })
})

describe('what the first content held', () => {
  it('names the kinds in the dashboard’s order without “the”, a kind it does not know by its label, services and pictures counted', () => {
    const held = describeFirstContent([
      file('a.jpg', 'added'),
      item('faq', 'FAQ', [], 'added'),
      item('site', 'Site settings', [], 'added'),
      item('notes', 'Studio notes', [], 'added'),
      service('a', 'Arches', 'added'),
      file('b.jpg', 'added'),
    ])
    expect(held).toBe('a service, site settings, FAQ, Studio notes and 2 pictures')
    expect(describeFirstContent([item('notes', 'Notes for the team', [], 'added')])).toBe('Notes for the team')
    expect(FIRST_CONTENT_TITLE).toBe("The site's first content")
  })
})

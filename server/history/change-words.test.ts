import { describe, expect, it } from 'vitest'
import { describeChanges, describeFirstContent } from './change-words'
import type { ItemChange } from './history.types'
import { field, file, service } from './testing-changes'

const order: ItemChange = {
  item: 'service-order',
  label: 'Service order',
  path: 'content/service-order.yaml',
  change: 'changed',
  fields: [field({ field: 'order' })],
}
const title = (changes: ItemChange[]) => describeChanges(changes).title

describe('a change in words', () => {
  it('says one service change as she would', () => {
    expect(title([service('b', 'Bouquets', 'changed', [field({ field: 'pricingInfo' })])])).toBe('Changed the price of Bouquets')
    expect(title([service('b', 'Bouquets', 'changed', [field({ field: 'visible', before: 'Yes', after: 'No' })])])).toBe(
      'Hid Bouquets from the site',
    )
    expect(title([service('b', 'Bouquets', 'changed', [field({ field: 'description' }), field({ field: 'aboutText' })])])).toBe(
      'Changed the short description and about text of Bouquets',
    )
    expect(title([service('b', 'Bouquets', 'changed', [field({ field: 'imageDescriptions' })])])).toBe(
      'Changed the picture descriptions of Bouquets',
    )
    const described = [
      field({ field: 'images', kind: 'images', before: ['/a'], after: ['/a', '/b'] }),
      field({ field: 'imageDescriptions' }),
    ]
    expect(title([service('j', 'Jumbos', 'changed', described)])).toBe('Added a picture to Jumbos')
    expect(title([service('h', 'Holiday', 'changed', [field({ field: 'showFrom' }), field({ field: 'showUntil' })])])).toBe(
      'Changed the schedule of Holiday',
    )
    const pictures = (before: string[], after: string[]) => [
      service('j', 'Jumbos', 'changed', [field({ field: 'images', kind: 'images', before, after })]),
    ]
    expect(title(pictures(['/a'], ['/a', '/b', '/c']))).toBe('Added 2 pictures to Jumbos')
    expect(title(pictures(['/a', '/b'], ['/b']))).toBe('Removed a picture from Jumbos')
    expect(title(pictures(['/a', '/b'], ['/b', '/a']))).toBe('Reordered the pictures of Jumbos')
    expect(title(pictures(['/a', '/b'], ['/c', '/b']))).toBe('Replaced a picture of Jumbos')
  })

  it('a service added with its place in the order and its picture files is one phrase', () => {
    expect(title([service('j', 'Jumbos', 'added'), order, file('j.jpg', 'added')])).toBe('Added the service Jumbos')
    expect(title([order])).toBe('Reordered the services')
    expect(title([file('x.jpg', 'added'), file('y.jpg', 'added')])).toBe('Added 2 picture files')
  })

  it('the same change to many services is said once; more than two parts end with how many more', () => {
    const about = (id: string) => service(id, id.toUpperCase(), 'changed', [field({ field: 'aboutText' })])
    expect(title(['a', 'b', 'c'].map(about))).toBe('Changed the about text of 3 services')
    expect(title([about('a'), service('b', 'B', 'changed', [field({ field: 'pricingInfo' })])])).toBe('Changed 2 services')
    const faq: ItemChange = {
      item: 'faq',
      label: 'FAQ',
      path: 'content/faq.yaml',
      change: 'changed',
      fields: [field({ field: 'q1.answer', label: 'Question "When?" › Answer' })],
    }
    const page: ItemChange = {
      item: 'delivery-installation',
      label: 'Delivery & Installation page',
      path: 'content/delivery-installation.md',
      change: 'changed',
      fields: [],
    }
    expect(title([about('a'), faq])).toBe('Changed the about text of A and changed the question "When?"')
    expect(title([about('a'), faq, page])).toBe('Changed the about text of A, changed the question "When?" and 1 more change')
  })

  it('names what the first content held', () => {
    expect(describeFirstContent([service('a', 'A', 'added'), service('b', 'B', 'added'), order, file('x.jpg', 'added')])).toBe(
      '2 services and a picture',
    )
  })
})

// History's one-line title of a change, as the owner reads it in the History tab: each service field by its noun, the
// picture changes, renames, lists of entries and other files. Pure (field-diff, then change-words).
import { describe, expect, it } from 'vitest'
import { describeChanges } from './change-words'
import { diffContentFile } from './field-diff'

const S = (f: Record<string, unknown> = {}) => JSON.stringify({ id: 'mosaics', title: 'Mosaics', description: 'Big.', ...f })
const img = (n: string, alt?: string) => ({ cropped: `/uploads/${n}-c.jpg`, original: `/uploads/${n}.jpg`, ...(alt ? { alt } : {}) })
const t = (id: string, quote = 'Nice') => ({ id, name: id.toUpperCase(), quote })
function say(before: string | null, after: string | null, path = 'content/services/mosaics.yaml'): string | null {
  const change = diffContentFile(path, before, after)
  return change ? describeChanges([change]).title : null
}

describe('a change to one service, in words', () => {
  it.each([
    ['description', S({ description: 'a' }), S({ description: 'b' }), 'Changed the short description of Mosaics'],
    ['aboutText', S({ aboutText: 'a' }), S({ aboutText: 'b' }), 'Changed the about text of Mosaics'],
    ['pricingInfo', S({ pricingInfo: 'a' }), S({ pricingInfo: 'b' }), 'Changed the price of Mosaics'],
    ['inquiryFormTitle', S({ inquiryFormTitle: 'a' }), S({ inquiryFormTitle: 'b' }), 'Changed the inquiry form title of Mosaics'],
    [
      'showBalloonColorSelection',
      S({ showBalloonColorSelection: false }),
      S({ showBalloonColorSelection: true }),
      'Changed the colour choices of Mosaics',
    ],
    [
      'balloonColorSelectionRequired',
      S({ balloonColorSelectionRequired: false }),
      S({ balloonColorSelectionRequired: true }),
      'Changed the colour choices of Mosaics',
    ],
    ['maxBalloonColors', S({ maxBalloonColors: 2 }), S({ maxBalloonColors: 3 }), 'Changed the colour choices of Mosaics'],
    ['showStandardColors', S(), S({ showStandardColors: false }), 'Changed the colour choices of Mosaics'],
    ['showMetallicColors', S(), S({ showMetallicColors: false }), 'Changed the colour choices of Mosaics'],
    ['showCrystalColors', S(), S({ showCrystalColors: false }), 'Changed the colour choices of Mosaics'],
    ['showEffectsColors', S(), S({ showEffectsColors: false }), 'Changed the colour choices of Mosaics'],
    [
      'showFrom',
      S({ showFrom: '2030-01-01T00:00:00-08:00' }),
      S({ showFrom: '2030-01-02T00:00:00-08:00' }),
      'Changed the schedule of Mosaics',
    ],
    [
      'showUntil',
      S({ showUntil: '2030-01-01T00:00:00-08:00' }),
      S({ showUntil: '2030-01-02T00:00:00-08:00' }),
      'Changed the schedule of Mosaics',
    ],
    [
      'customTextFields',
      S(),
      S({ customTextFields: [{ id: 'custom_1', header: 'V', instructions: 'W' }] }),
      'Changed the inquiry form fields of Mosaics',
    ],
    [
      'customDropdownFields',
      S(),
      S({ customDropdownFields: [{ id: 'dropdown_1', header: 'V', instructions: 'W', options: ['a'] }] }),
      'Changed the inquiry form fields of Mosaics',
    ],
    [
      'customPhotoFields',
      S(),
      S({ customPhotoFields: [{ id: 'photos_1', header: 'V', instructions: 'W' }] }),
      'Changed the inquiry form fields of Mosaics',
    ],
    ['visibleOff', S({ visible: true }), S({ visible: false }), 'Hid Mosaics from the site'],
    ['visibleOn', S({ visible: false }), S({ visible: true }), 'Showed Mosaics on the site'],
    ['rename', S(), S({ title: 'Big Mosaics' }), 'Renamed “Mosaics” to “Big Mosaics”'],
    ['renameLong', S(), S({ title: 'A'.repeat(70) }), 'Renamed “Mosaics” to “AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…”'],
    ['renameAndMore', S(), S({ title: 'Big', description: 'x' }), 'Changed the name and short description of Big'],
    ['many', S(), S({ description: 'x', aboutText: 'y', pricingInfo: 'z', visible: false }), 'Changed 4 things about Mosaics'],
    [
      'three',
      S(),
      S({ description: 'x', aboutText: 'y', pricingInfo: 'z' }),
      'Changed the short description, about text and price of Mosaics',
    ],
    ['picAdd', S({ images: [img('a')] }), S({ images: [img('a'), img('b'), img('c')] }), 'Added 2 pictures to Mosaics'],
    ['picAdd1', S({ images: [img('a')] }), S({ images: [img('a'), img('b')] }), 'Added a picture to Mosaics'],
    ['picRemove', S({ images: [img('a'), img('b')] }), S({ images: [img('a')] }), 'Removed a picture from Mosaics'],
    ['picReplace', S({ images: [img('a')] }), S({ images: [img('b')] }), 'Replaced a picture of Mosaics'],
    ['picChange', S({ images: [img('a'), img('b')] }), S({ images: [img('c')] }), 'Changed the pictures of Mosaics'],
    ['picReorder', S({ images: [img('a'), img('b')] }), S({ images: [img('b'), img('a')] }), 'Reordered the pictures of Mosaics'],
    ['picAlt', S({ images: [img('a')] }), S({ images: [img('a', 'Pink')] }), 'Changed the picture descriptions of Mosaics'],
    ['picAddAlt', S({ images: [img('a')] }), S({ images: [img('a'), img('b', 'Blue')] }), 'Added a picture to Mosaics'],
    ['added', null, S(), 'Added the service Mosaics'],
    ['removed', S(), null, 'Deleted the service Mosaics'],
  ] as const)('%s', (_name, before, after, title) => {
    expect(say(before, after)).toBe(title)
  })
})

describe('a change to a list of entries, in words', () => {
  it.each([
    ['tAdd1', [t('a')], [t('a'), t('b')], 'Added a testimonial by "b"'],
    ['tAdd2', [t('a')], [t('a'), t('b'), t('c')], 'Added 2 testimonials'],
    ['tDel1', [t('a'), t('b')], [t('a')], 'Deleted the testimonial by "b"'],
    ['tDel2', [t('a'), t('b'), t('c')], [t('a')], 'Deleted 2 testimonials'],
    ['tChg1', [t('a')], [t('a', 'Great')], 'Changed the testimonial by "a"'],
    ['tChg2', [t('a'), t('b')], [t('a', 'G'), t('b', 'G')], 'Changed 2 testimonials'],
    [
      'tMix',
      [t('a'), t('b')],
      [t('a', 'G'), t('c')],
      'Added a testimonial by "c", deleted the testimonial by "b", changed the testimonial by "a"',
    ],
    ['tOrder', [t('a'), t('b')], [t('b'), t('a')], 'Reordered the testimonials'],
    ['tOrderAdd', [t('a'), t('b')], [t('b'), t('a'), t('c')], 'Added a testimonial by "c"'],
  ] as const)('%s', (_name, before, after, title) => {
    expect(say(JSON.stringify(before), JSON.stringify(after), 'content/testimonials.yaml')).toBe(title)
  })
})

describe('other files, in words', () => {
  it('site settings by group, a FAQ answer, files without a kind', () => {
    expect(
      say(
        'brand:\n  name: A\ncontact:\n  phone: "1"\nhero:\n  title: x\n',
        'brand:\n  name: B\ncontact:\n  phone: "2"\nhero:\n  title: y\n',
        'content/site.yaml',
      ),
    ).toBe('Changed the site settings: Brand, Contact and Hero banner')
    expect(say('- id: a\n  question: Q?\n  answer: A\n', '- id: a\n  question: Q?\n  answer: B\n', 'content/faq.yaml')).toBe(
      'Changed the question "Q?"',
    )
    expect(say('a: 1\n', 'a: 2\n', 'content/other.yaml')).toBe('Changed other.yaml')
    expect(say(null, 'a: 1\n', 'content/other.yaml')).toBe('Added other.yaml')
    expect(say('a: 1\n', null, 'content/other.yaml')).toBe('Removed other.yaml')
  })
})

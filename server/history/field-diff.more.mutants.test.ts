// What History's field changes show the owner at the edges: values in words (numbers, lists mixing texts and records,
// questions without instructions, long lines), pictures next to things that only look like pictures, services and
// entries added or removed whole, site-settings groups that change shape, the price list, the service order, files
// named like YAML, and items named like an object's built-in keys. Pure, except the last block (a small git repo).
import { afterEach, describe, expect, it } from 'vitest'
import { diffContentFile } from './field-diff'
import { makeHistoryFixture, JPEG, type HistoryFixture } from './history.fixture'
import { listHistory } from './history-log'
import { isKnownItem, isRestorableItem, pathOfItem } from './items'
import { planRestore } from './restore-plan'

const J = JSON.stringify
const fieldsOf = (path: string, before: string | null, after: string | null) => diffContentFile(path, before, after)?.fields
const S = (f: Record<string, unknown> = {}) => J({ id: 'mosaics', title: 'Mosaics', description: 'Big.', ...f })
const img = (n: string, extra: Record<string, unknown> = {}) => ({
  cropped: `/uploads/${n}-c.jpg`,
  original: `/uploads/${n}.jpg`,
  ...extra,
})
const q = (id: string, question: string, answer = 'Yes.') => ({ id, question, answer })
const text = (field: string, label: string, change: string, before: string | null, after: string | null) => ({
  field,
  label,
  kind: 'text',
  change,
  before,
  after,
})

/** A whole change as History lists it: the item, its label, the file, added/removed/changed and the fields. */
const itemChange = (item: string, label: string, path: string, change: string, fields: unknown[]) => ({ item, label, path, change, fields })

describe('values in words', () => {
  it('a number reads as the number, not as YAML writes it (.inf)', () => {
    expect(fieldsOf('content/other.yaml', 'a: 1\n', 'a: .inf\n')).toEqual([text('a', 'a', 'changed', '1', 'Infinity')])
  })

  it('a list mixing texts with a record, or holding an empty entry, reads as YAML', () => {
    expect(fieldsOf('content/other.yaml', 'a: [x]\nb: [1]\n', 'a: [x, {y: 1}]\nb: [null]\n')).toEqual([
      text('a', 'a', 'changed', 'x', '- x\n- y: 1'),
      text('b', 'b', 'changed', '1', '- null'),
    ])
  })

  it('a list of records where not every one is a question reads as YAML, long lines kept whole', () => {
    const long = 'Professional-grade balloons, double-stuffed colours and sturdy frames that look flawless to the last guest.'
    expect(long.length).toBeGreaterThan(80)
    expect(
      fieldsOf(
        'content/site.yaml',
        J({ brand: { name: 'A' }, why: [{ title: 'Quality', text: 'Good.' }] }),
        J({ brand: { name: 'A' }, why: [{ title: 'Quality', text: long }], odd: [{ header: 'Venue' }, { x: 1 }] }),
      ),
    ).toEqual([
      text('why', 'Why Choose', 'changed', '- title: Quality\n  text: Good.', `- title: Quality\n  text: ${long}`),
      text('odd', 'odd', 'added', null, '- header: Venue\n- x: 1'),
    ])
  })

  it('questions one after another, one without instructions (a hand-edited file, compared as written)', () => {
    const venue = { id: 'custom_1', header: 'Venue' }
    const colours = { id: 'custom_2', header: 'Colours', instructions: 'Which ones?', optional: true }
    expect(fieldsOf('content/services/mosaics.yaml', S({ customTextFields: [venue] }), S({ customTextFields: [venue, colours] }))).toEqual([
      text('customTextFields', 'Custom text fields', 'changed', 'Venue', 'Venue\nColours (optional)\n  Which ones?'),
    ])
  })
})

describe('pictures', () => {
  it('a picture replaced by something that is not one: no picture on that side', () => {
    expect(fieldsOf('content/site.yaml', J({ hero: { image: '/uploads/a.jpg' } }), J({ hero: { image: 5 } }))).toEqual([
      { field: 'hero.image', label: 'Hero banner › Image', kind: 'images', change: 'changed', before: ['/uploads/a.jpg'], after: [] },
    ])
  })

  it("a service's pictures: the cropped one, else the original; an entry that is no picture is left out", () => {
    expect(
      fieldsOf('content/services/mosaics.yaml', S({ images: [img('a'), 7] }), S({ images: [img('b'), { original: '/uploads/c.jpg' }, 7] })),
    ).toEqual([
      {
        field: 'images',
        label: 'Images',
        kind: 'images',
        change: 'changed',
        before: ['/uploads/a-c.jpg'],
        after: ['/uploads/b-c.jpg', '/uploads/c.jpg'],
      },
    ])
  })

  it('links and lists that only look like pictures are text', () => {
    const before = { hero: { image: ['/uploads/a.jpg'], primaryHref: '/contact', secondaryHref: '/services' } }
    const after = {
      hero: { image: ['/uploads/b.jpg'], primaryHref: 'https://cdn.example.com/uploads/prices.pdf', secondaryHref: '/uploads/a.jpg?v=2' },
    }
    expect(fieldsOf('content/site.yaml', J(before), J(after))).toEqual([
      text('hero.image', 'Hero banner › Image', 'changed', '/uploads/a.jpg', '/uploads/b.jpg'),
      text('hero.primaryHref', 'Hero banner › Primary button link', 'changed', '/contact', 'https://cdn.example.com/uploads/prices.pdf'),
      text('hero.secondaryHref', 'Hero banner › Secondary button link', 'changed', '/services', '/uploads/a.jpg?v=2'),
    ])
  })

  it('a description that is not text is not said (a hand-edited file)', () => {
    const fields = fieldsOf(
      'content/services/mosaics.yaml',
      S({ images: [img('a', { alt: 12 })] }),
      S({ images: [img('b'), img('a', { alt: 12 })] }),
    )
    expect(fields?.map((f) => f.field)).toEqual(['images'])
  })

  it('the name and a description changed: the description said in the pictures’ place, no thumbnails', () => {
    expect(
      fieldsOf(
        'content/services/mosaics.yaml',
        S({ images: [img('a', { alt: 'Pink arch' })] }),
        S({ title: 'Big Mosaics', images: [img('a', { alt: 'Pink and gold arch' })] }),
      ),
    ).toEqual([
      text('title', 'Title', 'changed', 'Mosaics', 'Big Mosaics'),
      text('imageDescriptions', 'Picture descriptions', 'changed', 'Picture 1: Pink arch', 'Picture 1: Pink and gold arch'),
    ])
  })

  it('the name and a picture’s original changed: only the name (the thumbnails are the same)', () => {
    expect(
      fieldsOf(
        'content/services/mosaics.yaml',
        S({ images: [img('a')] }),
        S({ title: 'Big Mosaics', images: [img('a', { original: '/uploads/a-2.jpg' })] }),
      ),
    ).toEqual([text('title', 'Title', 'changed', 'Mosaics', 'Big Mosaics')])
  })
})

describe('services', () => {
  it('a new service: its fields, never its id', () => {
    const change = diffContentFile('content/services/mosaics.yaml', null, S())!
    expect(change.fields.map((f) => f.field)).not.toContain('id')
    expect(change.fields.slice(0, 3)).toEqual([
      text('title', 'Title', 'added', null, 'Mosaics'),
      text('description', 'Short description', 'added', null, 'Big.'),
      text('aboutText', 'About', 'added', null, ''),
    ])
    expect(diffContentFile('content/services/mosaics.yaml', S(), null)!.fields.map((f) => f.field)).not.toContain('id')
  })

  it('a title that is not text (2025 unquoted): the service is named by its id', () => {
    const change = diffContentFile('content/services/fall-sale.yaml', 'id: fall-sale\ntitle: 2024\n', 'id: fall-sale\ntitle: 2025\n')!
    expect(change.label).toBe('Service "fall-sale"')
    expect(change.fields).toEqual([text('title', 'Title', 'changed', '2024', '2025')])
  })

  it('a new service without a title is named by its id', () => {
    expect(diffContentFile('content/services/fall-sale.yaml', null, 'id: fall-sale\ndescription: Soon\n')!.label).toBe(
      'Service "fall-sale"',
    )
  })

  it('a file in the services folder whose name is no service id: by its path and keys', () => {
    const path = 'content/services/Bouquets.yaml'
    expect(diffContentFile(path, 'title: A\n', 'title: B\n')).toEqual(
      itemChange('services/Bouquets.yaml', 'services/Bouquets.yaml', path, 'changed', [text('title', 'title', 'changed', 'A', 'B')]),
    )
  })
})

describe('entries with ids', () => {
  const faq = 'content/faq.yaml'
  it('a question added at the end: its fields, no id, no order', () => {
    expect(fieldsOf(faq, J([q('a', 'Q1?')]), J([q('a', 'Q1?'), q('b', 'Q2?', 'No.')]))).toEqual([
      text('b.question', 'Question "Q2?" › Question', 'added', null, 'Q2?'),
      text('b.answer', 'Question "Q2?" › Answer', 'added', null, 'No.'),
    ])
  })

  it('the FAQ added or removed whole, and an empty one added', () => {
    expect(fieldsOf(faq, null, J([q('a', 'Q1?')]))).toEqual([
      text('a.question', 'Question "Q1?" › Question', 'added', null, 'Q1?'),
      text('a.answer', 'Question "Q1?" › Answer', 'added', null, 'Yes.'),
    ])
    expect(fieldsOf(faq, J([q('a', 'Q1?')]), null)).toEqual([
      text('a.question', 'Question "Q1?" › Question', 'removed', 'Q1?', null),
      text('a.answer', 'Question "Q1?" › Answer', 'removed', 'Yes.', null),
    ])
    expect(diffContentFile(faq, null, '[]\n')).toEqual(itemChange('faq', 'FAQ', faq, 'added', []))
    expect(diffContentFile('content/other.yaml', null, '')).toEqual(
      itemChange('other.yaml', 'other.yaml', 'content/other.yaml', 'added', []),
    )
  })

  it('a stray line that is no entry is not shown', () => {
    expect(diffContentFile(faq, J(['oops', q('a', 'Q1?')]), J([q('a', 'Q1?')]))).toBeNull()
    expect(diffContentFile(faq, J([q('a', 'Q1?')]), J([q('a', 'Q1?'), 'oops']))).toBeNull()
  })

  it('an answer that links an uploaded file is text, not a picture', () => {
    expect(fieldsOf(faq, J([q('a', 'Prices?', 'See below.')]), J([q('a', 'Prices?', '/uploads/prices.pdf')]))).toEqual([
      text('a.answer', 'Question "Prices?" › Answer', 'changed', 'See below.', '/uploads/prices.pdf'),
    ])
  })

  it("a testimonial's photo from another site (a hand edit the site refuses) is text, not a picture", () => {
    const t = (imageSrc: string) => J([{ id: 't1', quote: 'Great', author: 'Ann', position: '', imageSrc }])
    expect(fieldsOf('content/testimonials.yaml', t(''), t('https://example.com/ann.jpg'))).toEqual([
      text('t1.imageSrc', 'Testimonial by "Ann" › Photo', 'changed', '', 'https://example.com/ann.jpg'),
    ])
  })

  it.each(['', 'undefined'])(
    'an entry with the id "%s" gone and one without an id added: no order change (the kept one did not move)',
    (id) => {
      const fields = fieldsOf(faq, J([q(id, 'Old?'), q('a', 'Q1?')]), J([q('a', 'Q1?'), { question: 'New?', answer: 'Yes.' }]))
      expect(fields?.map((f) => f.field)).toEqual(['#2.question', '#2.answer', `${id}.question`, `${id}.answer`])
    },
  )
})

describe('site settings', () => {
  const site = 'content/site.yaml'
  const file = { brand: { name: 'Studio' }, why: [{ title: 'Quality', text: 'Good.' }] }
  it('the file added or removed whole: each field of each group, lists as a whole', () => {
    expect(fieldsOf(site, null, J(file))).toEqual([
      text('brand.name', 'Brand › Name', 'added', null, 'Studio'),
      text('why', 'Why Choose', 'added', null, '- title: Quality\n  text: Good.'),
    ])
    expect(fieldsOf(site, J(file), null)).toEqual([
      text('brand.name', 'Brand › Name', 'removed', 'Studio', null),
      text('why', 'Why Choose', 'removed', '- title: Quality\n  text: Good.', null),
    ])
  })

  it('a group removed: each of its fields', () => {
    expect(fieldsOf(site, J({ ...file, contact: { phone: '1' } }), J(file))).toEqual([
      text('contact.phone', 'Contact › Phone', 'removed', '1', null),
    ])
  })

  it('a list group unchanged beside a changed one is not shown', () => {
    expect(fieldsOf(site, J(file), J({ ...file, brand: { name: 'Balloons' } }))).toEqual([
      text('brand.name', 'Brand › Name', 'changed', 'Studio', 'Balloons'),
    ])
  })

  it('a group that changes from a record to a text, and back, as a whole', () => {
    expect(fieldsOf(site, J({ brand: { name: 'Studio' } }), J({ brand: 'Studio' }))).toEqual([
      text('brand', 'Brand', 'changed', 'name: Studio', 'Studio'),
    ])
    expect(fieldsOf(site, J({ brand: 'Studio' }), J({ brand: { name: 'Studio' } }))).toEqual([
      text('brand', 'Brand', 'changed', 'Studio', 'name: Studio'),
    ])
  })
})

describe('files by kind and by name', () => {
  it('the price list: its parts by name, in the list’s order, an unknown part by its key', () => {
    expect(
      diffContentFile(
        'content/pricing.yaml',
        'quoteValidDays: 14\ndeposit: {percent: 30}\n',
        'extra: 1\nquoteValidDays: 10\ndeposit: {fixed: 50}\n',
      ),
    ).toEqual(
      itemChange('pricing', 'Price list', 'content/pricing.yaml', 'changed', [
        text('deposit', 'Deposit', 'changed', 'percent: 30', 'fixed: 50'),
        text('quoteValidDays', 'Quote valid for (days)', 'changed', '14', '10'),
        text('extra', 'extra', 'added', null, '1'),
      ]),
    )
  })

  it('the service order: one field, the ids a line each', () => {
    const path = 'content/service-order.yaml'
    expect(diffContentFile(path, '- a\n- b\n', '- b\n- a\n')).toEqual(
      itemChange('service-order', 'Service order', path, 'changed', [text('order', 'Order', 'changed', 'a\nb', 'b\na')]),
    )
  })

  it('a YAML record added: each key', () => {
    expect(fieldsOf('content/other.yaml', null, 'a: 1\nb: x\n')).toEqual([
      text('a', 'a', 'added', null, '1'),
      text('b', 'b', 'added', null, 'x'),
    ])
  })

  it('a .yml file by key; a backup named .yaml.orig as its text', () => {
    expect(fieldsOf('content/other.yml', 'a: 1\n', 'a: 2\n')).toEqual([text('a', 'a', 'changed', '1', '2')])
    expect(fieldsOf('content/faq.yaml.orig', 'a: 1\n', 'a: 2\n')).toEqual([text('text', 'File text', 'changed', 'a: 1\n', 'a: 2\n')])
  })

  it('a page whose front matter is not YAML: its whole text', () => {
    const before = '---js\n{}\n---\n# Old\n'
    expect(fieldsOf('content/delivery-installation.md', before, '# New\n')).toEqual([
      text('markdownContent', 'Page text', 'changed', before, '# New\n'),
    ])
  })
})

describe('items named like built-in keys', () => {
  it('are unknown: no file, not restorable', () => {
    for (const item of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(isKnownItem(item), item).toBe(false)
      expect(pathOfItem(item), item).toBeNull()
      expect(isRestorableItem(item), item).toBe(false)
    }
  })
})

describe('History in a content repo', () => {
  let f: HistoryFixture | undefined
  afterEach(() => f?.cleanup())

  it('lists a commit that only adds a picture, not one that only changes code; refuses an item named like a built-in key', async () => {
    f = makeHistoryFixture()
    f.write('uploads/new-1.jpg', JPEG)
    f.git('add', 'uploads/new-1.jpg')
    f.git('commit', '-q', '-m', 'Add a picture')
    f.write('server/code.ts', 'export {}\n')
    f.git('add', 'server/code.ts')
    f.git('commit', '-q', '-m', 'Change code')
    const page = await listHistory(f.root)
    expect(page.entries.map((e) => [e.summary, e.items])).toEqual([
      ['Add a picture', ['uploads/new-1.jpg']],
      ['Add starting content', ['site']],
    ])
    await expect(listHistory(f.root, { item: 'constructor' })).rejects.toThrow('Unknown content item: constructor')
    await expect(planRestore(f.root, f.head(), 'toString')).rejects.toThrow('Unknown content item: toString')
  })
})

// Which kind a path or an item belongs to, at the edges: the near misses of a service's file name (another extension,
// a subfolder, a look-alike folder, an id one character over), the items that are no kind, and the public reads
// the read cache is given. Pure: no app, so every mutant of the registry runs these in milliseconds.
import { describe, expect, it } from 'vitest'
import { defineKind, entryIdOf } from '../lib/content-kind'
import { FAQ_KIND } from '../faq/faq.kind'
import { SERVICE_ORDER_KIND, SERVICES_KIND } from '../services/services.kind'
import { SITE_KIND } from '../site/site.kind'
import { CONTENT_KINDS, CONTENT_READS, kindOfItem, kindOfPath } from './content-kinds'

describe('a service file', () => {
  it('is content/services/<id>.yaml, with an id of 1 to 80 small letters, digits and dashes', () => {
    expect(kindOfPath('content/services/bouquets.yaml')).toEqual({ kind: SERVICES_KIND, item: 'services/bouquets' })
    expect(kindOfPath('content/services/a.yaml')).toEqual({ kind: SERVICES_KIND, item: 'services/a' })
    expect(kindOfPath(`content/services/${'a'.repeat(80)}.yaml`)?.item).toBe(`services/${'a'.repeat(80)}`)
    expect(kindOfPath('content/services/arch-2-b.yaml')?.item).toBe('services/arch-2-b')
  })

  it.each([
    `content/services/${'a'.repeat(81)}.yaml`,
    'content/services/.yaml',
    'content/services/bouquets.yml',
    'content/services/bouquets.yaml.orig',
    'content/services/bouquets.yamlx',
    'content/services/sub/bouquets.yaml',
    'content/services/Bouquets.yaml',
    'content/services/bou_quets.yaml',
    'content/services/bou quets.yaml',
    'content/SERVICES/bouquets.yaml',
    'content/serviceX/bouquets.yaml',
    'x/content/services/bouquets.yaml',
    'content/services.yaml',
  ])('%s is no file of any kind', (path) => {
    expect(kindOfPath(path)).toBeNull()
  })
})

describe('entryIdOf', () => {
  const notes = defineKind({ ...SERVICES_KIND, item: 'notes', file: 'content/notes/{id}.md' })

  it('reads the id between the folder and the extension of a one-file-per-entry kind', () => {
    expect(entryIdOf(notes, 'content/notes/first.md')).toBe('first')
    expect(entryIdOf(notes, 'content/notes/first.yaml')).toBeNull()
    expect(entryIdOf(notes, 'content/notesfirst.md')).toBeNull()
    expect(entryIdOf(notes, 'content/notes/x/first.md')).toBeNull()
    expect(entryIdOf(notes, 'content/notes/.md')).toBeNull()
  })

  it('a kind kept in one file has no entries, even for a path that starts with its name', () => {
    expect(entryIdOf(FAQ_KIND, 'content/faq.yaml')).toBeNull()
    expect(entryIdOf(FAQ_KIND, 'content/faq.yamlx')).toBeNull()
    expect(entryIdOf(SITE_KIND, 'content/site.yaml/abc')).toBeNull()
    // Split at a '{id}' it does not have, the file has no second part: nothing may stand in for it.
    expect(entryIdOf(FAQ_KIND, 'content/faq.yaml-undefined')).toBeNull()
  })
})

describe('single-file kinds', () => {
  it('each is found from its own file only', () => {
    expect(kindOfPath('content/faq.yaml')).toEqual({ kind: FAQ_KIND, item: 'faq' })
    expect(kindOfPath('content/service-order.yaml')).toEqual({ kind: SERVICE_ORDER_KIND, item: SERVICE_ORDER_KIND.item })
    for (const path of [
      'content/',
      'content/faq',
      'content/site',
      'content/FAQ.yaml',
      'content/faq.yml',
      'content/faq.yaml.bak',
      'faq.yaml',
      'content/site.yaml/',
    ]) {
      expect(kindOfPath(path), path).toBeNull()
    }
  })
})

describe('kindOfItem', () => {
  it('a service entry belongs to the services, a single file to its kind', () => {
    expect(kindOfItem('services/bouquets')).toBe(SERVICES_KIND)
    expect(kindOfItem('services')).toBe(SERVICES_KIND)
    expect(kindOfItem('faq')).toBe(FAQ_KIND)
    expect(kindOfItem(SERVICE_ORDER_KIND.item)).toBe(SERVICE_ORDER_KIND)
  })

  it.each(['uploads/hero.jpg', 'servicesx', 'service', '', 'bouquets/services', 'FAQ'])('%j is no kind', (item) => {
    expect(kindOfItem(item)).toBeUndefined()
  })
})

describe('the public reads given to the read cache', () => {
  it("are every kind's, in the registry's order, and nothing for the kinds without", () => {
    expect(CONTENT_READS).toEqual(CONTENT_KINDS.map((k) => k.publicReads).filter((r) => r !== null))
    expect(CONTENT_READS.map(String)).toEqual([
      String(SERVICES_KIND.publicReads),
      String(SITE_KIND.publicReads),
      '/^\\/api\\/testimonials$/',
      '/^\\/api\\/faq$/',
      '/^\\/api\\/delivery-installation-content$/',
      '/^\\/api\\/pricing$/',
      '/^\\/api\\/service-order$/',
    ])
    expect(CONTENT_READS.every((r) => r instanceof RegExp)).toBe(true)
  })
})

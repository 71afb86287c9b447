import { existsSync } from 'node:fs'
import { join } from 'node:path'
import YAML from 'yaml'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeHistoryFixture, serviceYaml, JPEG, type HistoryFixture } from './history.fixture'
import { commitDetail, fileAtCommit } from './commit-detail'
import { historyItems } from './history-filter'
import { listHistory } from './history-log'
import { planRestore } from './restore-plan'
import { uncommittedFiles } from './uncommitted'

let f: HistoryFixture
beforeEach(() => {
  f = makeHistoryFixture()
})
afterEach(() => f.cleanup())

describe('listHistory', () => {
  it('lists content commits newest first with trailers as items, paths for plain-git commits', async () => {
    f.write('content/services/bouquets.yaml', serviceYaml('bouquets', 'Bouquets', { pricingInfo: 'Small: $55' }))
    f.commit('Update service "Bouquets": pricing', ['services/bouquets'], ['content/services/bouquets.yaml'])
    f.write('content/delivery-installation.md', '# Delivery\n\nNow also Vancouver.\n')
    f.git('commit', '-qm', 'Mention Vancouver', '--', 'content/delivery-installation.md')
    const page = await listHistory(f.root)
    expect(page.entries.map((e) => e.summary)).toEqual(
      ['Mention Vancouver', 'Update service "Bouquets": pricing', 'Add starting content', 'Seed content'].slice(0, page.entries.length),
    )
    expect(page.entries[0]).toMatchObject({ author: 'Test Developer', items: ['delivery-installation'] })
    expect(page.entries[1].items).toEqual(['services/bouquets'])
    expect(page.entries[0].date).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('filters to one item and paginates', async () => {
    for (const price of ['$50', '$55', '$60']) {
      f.write('content/services/bouquets.yaml', serviceYaml('bouquets', 'Bouquets', { pricingInfo: `Small: ${price}` }))
      f.commit(`Update service "Bouquets": pricing ${price}`, ['services/bouquets'], ['content/services/bouquets.yaml'])
      f.write('content/testimonials.yaml', YAML.stringify([{ id: 't1', quote: `Great ${price}`, author: 'Ann' }]))
      f.commit('Update testimonial by "Ann"', ['testimonials'], ['content/testimonials.yaml'])
    }
    const first = await listHistory(f.root, { item: 'services/bouquets', limit: 2 })
    expect(first.entries.map((e) => e.summary)).toEqual([
      'Update service "Bouquets": pricing $60',
      'Update service "Bouquets": pricing $55',
    ])
    expect(first.hasMore).toBe(true)
    const second = await listHistory(f.root, { item: 'services/bouquets', limit: 2, offset: 2 })
    expect(second.entries.map((e) => e.summary)).toEqual(['Update service "Bouquets": pricing $50', 'Add starting content'])
    expect(second.hasMore).toBe(false)
    const testimonials = await listHistory(f.root, { item: 'testimonials' })
    expect(testimonials.entries).toHaveLength(4)
    await expect(listHistory(f.root, { item: '../etc' })).rejects.toThrow(/Unknown content item/)
  })
})

describe('commitDetail and fileAtCommit', () => {
  it('gives field-level changes and images with URLs at the commit', async () => {
    f.write('uploads/bq-2.jpg', JPEG)
    f.write(
      'content/services/bouquets.yaml',
      serviceYaml('bouquets', 'Bouquets', { title: 'Bouquets', images: [{ cropped: '/uploads/bq-2.jpg', original: '/uploads/bq-2.jpg' }] }),
    )
    const hash = f.commit(
      'Update service "Bouquets": images',
      ['services/bouquets'],
      ['content/services/bouquets.yaml', 'uploads/bq-2.jpg'],
    )
    const detail = await commitDetail(f.root, hash.slice(0, 7))
    expect(detail.hash).toBe(hash)
    expect(detail.parent).toBeTruthy()
    expect(detail.changes.map((c) => [c.item, c.change])).toEqual([
      ['services/bouquets', 'changed'],
      ['uploads/bq-2.jpg', 'added'],
    ])
    expect(detail.changes[0].fields[0]).toMatchObject({ field: 'images', before: ['/uploads/bq-1.jpg'], after: ['/uploads/bq-2.jpg'] })
    expect(detail.changes[1].imageUrl).toContain(`/api/admin/history/commits/${hash}/file?path=uploads%2Fbq-2.jpg`)
    expect(await fileAtCommit(f.root, hash, 'uploads/bq-2.jpg')).toEqual(JPEG)
    expect(await fileAtCommit(f.root, detail.parent!, 'uploads/bq-2.jpg')).toBeNull()
    await expect(fileAtCommit(f.root, hash, '.git/config')).rejects.toThrow()
    await expect(fileAtCommit(f.root, hash, 'uploads/../.git/config')).rejects.toThrow()
    await expect(commitDetail(f.root, 'deadbeef')).rejects.toThrow(/No commit/)
  })
})

describe('planRestore', () => {
  it('restores one service as it was, bringing back its deleted images', async () => {
    const then = f.head()
    f.remove('uploads/bq-1.jpg')
    f.write('content/services/bouquets.yaml', serviceYaml('bouquets', 'Bouquets Deluxe'))
    f.commit(
      'Update service "Bouquets Deluxe": title, images',
      ['services/bouquets'],
      ['content/services/bouquets.yaml', 'uploads/bq-1.jpg'],
    )
    const plan = await planRestore(f.root, then, 'services/bouquets')
    expect(plan.message).toMatch(/^Restore service "Bouquets" to [0-9a-f]{7} \(/)
    expect(plan.writes.map((w) => w.path).sort()).toEqual(['content/services/bouquets.yaml', 'uploads/bq-1.jpg'])
    expect(plan.restoredImages).toEqual(['uploads/bq-1.jpg'])
    expect(plan.items.sort()).toEqual(['services/bouquets', 'uploads/bq-1.jpg'])
  })

  it('removes a service that did not exist then, and puts a re-appearing one back in its old place', async () => {
    const before = f.head()
    f.write('content/services/arches.yaml', serviceYaml('arches', 'Arches'))
    f.write('content/service-order.yaml', YAML.stringify(['bouquets', 'jumbos', 'arches']))
    const added = f.commit('Add service "Arches"', ['services/arches', 'service-order'], ['content'])
    const removal = await planRestore(f.root, before, 'services/arches')
    expect(removal.message).toContain('(removed: it did not exist then)')
    expect(removal.writes.find((w) => w.path === 'content/services/arches.yaml')?.bytes).toBeNull()
    expect(YAML.parse(removal.writes.find((w) => w.path === 'content/service-order.yaml')!.bytes!.toString())).toEqual([
      'bouquets',
      'jumbos',
    ])

    f.remove('content/services/bouquets.yaml')
    f.write('content/service-order.yaml', YAML.stringify(['jumbos', 'arches']))
    f.commit('Delete service "Bouquets"', ['services/bouquets', 'service-order'], ['content'])
    const back = await planRestore(f.root, added, 'services/bouquets')
    expect(YAML.parse(back.writes.find((w) => w.path === 'content/service-order.yaml')!.bytes!.toString())).toEqual([
      'bouquets',
      'jumbos',
      'arches',
    ])
  })

  it('restores the whole site, deleting files added since', async () => {
    const then = f.head()
    f.write('content/services/arches.yaml', serviceYaml('arches', 'Arches'))
    f.write('content/testimonials.yaml', YAML.stringify([]))
    f.remove('uploads/hero.jpg')
    f.commit('Several changes', ['services/arches', 'testimonials'], ['content', 'uploads'])
    const plan = await planRestore(f.root, then, 'all')
    expect(plan.message).toMatch(/^Restore whole site to /)
    const paths = Object.fromEntries(plan.writes.map((w) => [w.path, w.bytes]))
    expect(Object.keys(paths).sort()).toEqual(['content/services/arches.yaml', 'content/testimonials.yaml', 'uploads/hero.jpg'])
    expect(paths['content/services/arches.yaml']).toBeNull()
    expect(plan.restoredImages).toEqual(['uploads/hero.jpg'])
  })

  it('writes nothing when the item is already as it was, and refuses unknown items and commits', async () => {
    const plan = await planRestore(f.root, f.head(), 'testimonials')
    expect(plan.writes).toEqual([])
    await expect(planRestore(f.root, f.head(), 'bogus')).rejects.toThrow(/Unknown content item/)
    await expect(planRestore(f.root, '0123456789abcdef', 'testimonials')).rejects.toThrow(/No commit/)
  })

  it('refuses content that is no longer valid', async () => {
    f.write('content/testimonials.yaml', 'not: a list\n')
    const bad = f.commit('Break testimonials by hand', [], ['content/testimonials.yaml'])
    f.write('content/testimonials.yaml', YAML.stringify([]))
    f.commit('Fix', [], ['content/testimonials.yaml'])
    await expect(planRestore(f.root, bad, 'testimonials')).rejects.toMatchObject({ status: 422 })
  })
})

describe('uncommitted files, filter items', () => {
  it('lists uncommitted files under content and uploads only', async () => {
    f.write('content/testimonials.yaml', YAML.stringify([]))
    f.write('uploads/new.jpg', JPEG)
    f.remove('content/site.yaml')
    f.write('notes.txt', 'x')
    f.write('content/.testimonials.yaml.abc.tmp-write', 'x')
    expect(await uncommittedFiles(f.root)).toEqual(
      expect.arrayContaining([
        { path: 'content/testimonials.yaml', state: 'modified' },
        { path: 'content/site.yaml', state: 'deleted' },
        { path: 'uploads/new.jpg', state: 'untracked' },
      ]),
    )
    expect((await uncommittedFiles(f.root)).length).toBe(3)
    expect(existsSync(join(f.root, 'notes.txt'))).toBe(true)
  })

  it('offers current and deleted services as filters', async () => {
    f.remove('content/services/jumbos.yaml')
    f.commit('Delete service "Jumbos"', ['services/jumbos'], ['content/services/jumbos.yaml'])
    const items = await historyItems(f.root)
    expect(items.slice(0, 2)).toEqual([
      { item: 'services/bouquets', label: 'Bouquets', current: true },
      { item: 'services/jumbos', label: 'jumbos (deleted)', current: false },
    ])
  })
})

// Commits described for the owner, called directly on fixture repositories: the site's first content, a commit that
// broke a file (where and why), restores and undos named for what they did, and who made each change.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempContentRoot } from '../testing/temp-content'
import { describeEntries } from './entry-words'
import { makeHistoryFixture, serviceYaml, JPEG, type HistoryFixture } from './history.fixture'
import type { HistoryEntry } from './history.types'
import { logRecords } from './log-records'

let f: HistoryFixture
beforeAll(() => {
  f = makeHistoryFixture()
})
afterAll(() => f.cleanup())

const BOUQUETS = 'content/services/bouquets.yaml'
/** A developer's commit: the message as given (trailers in its body), the paths staged. */
const commit = (message: string, paths: string[]) => {
  f.git('add', '--', ...paths)
  f.git('commit', '-q', '-m', message, '--', ...paths)
  return f.head()
}
/** The newest `n` commits as History lists them. */
const newest = async (n: number): Promise<HistoryEntry[]> => describeEntries(f.root, await logRecords(f.root, [], ['-n', String(n)]))
const price = (p: string) =>
  serviceYaml('bouquets', 'Bouquets', {
    pricingInfo: p,
    images: [{ cropped: '/uploads/bq-1.jpg', original: '/uploads/bq-1-original.jpg' }],
  })

describe('describeEntries', () => {
  it('an undo of a change never listed before is named for that change', async () => {
    f.write(BOUQUETS, price('Small: $51'))
    const target = commit('Price 51', [BOUQUETS])
    f.write(BOUQUETS, price('Small: $45'))
    const undo = commit(`Undo "Price 51" (${target.slice(0, 7)})\n\nUndoes: ${target}\nContent-Item: services/bouquets`, [BOUQUETS])
    const [entry] = await newest(1)
    expect(entry).toMatchObject({
      hash: undo,
      shortHash: undo.slice(0, 7),
      title: 'Undid “Changed the price of Bouquets”',
      source: 'dashboard',
      kinds: ['services', 'undo'],
      items: ['services/bouquets'],
      summary: `Undo "Price 51" (${target.slice(0, 7)})`,
      author: 'Test Developer',
    })
    expect(entry).not.toHaveProperty('restoredFrom')
    expect(entry).not.toHaveProperty('first')
  })

  it("an undo of the site's first content is named for it; the first content holds what it brought", async () => {
    const first = f.git('rev-list', '--reverse', 'HEAD', '--', 'content').split('\n')[0]
    f.write('content/testimonials.yaml', '[]\n')
    commit(`Revert the start\n\nThis reverts commit ${first}.`, ['content/testimonials.yaml'])
    const [undo] = await newest(1)
    expect(undo).toMatchObject({ title: "Undid “The site's first content”", source: 'git' })
    const all = await describeEntries(f.root, await logRecords(f.root, []))
    const start = all.find((e) => e.hash === first)!
    expect(start).toMatchObject({
      title: "The site's first content",
      first: true,
      held: '2 services, site settings, testimonials, Delivery & Installation page and 3 pictures',
      kinds: ['pages', 'services', 'testimonials', 'pictures'],
    })
    // The empty commit before it is no first content.
    expect(all.at(-1)).toMatchObject({ summary: 'Seed content', title: 'No visible change (only how the files are written)', kinds: [] })
    expect(all.at(-1)).not.toHaveProperty('first')
  })

  it('a commit that left a file unreadable says so first, with the line or the field; one already broken does not', async () => {
    f.write('content/site.yaml', 'brand: [\n')
    commit('Break site', ['content/site.yaml'])
    f.write('content/services/arches.yaml', serviceYaml('arches', 'Arches', { visible: 'maybe' }))
    commit('Add arches', ['content/services/arches.yaml'])
    f.write('content/services/arches.yaml', serviceYaml('arches', 'Arches', { visible: 'perhaps' }))
    commit('Still broken', ['content/services/arches.yaml'])
    f.write('content/testimonials.yaml', 'not: a list\n')
    const broke = commit('Break testimonials', ['content/testimonials.yaml'])
    f.write('content/testimonials.yaml', '[]\n')
    commit(`Undo it\n\nUndoes: ${broke}`, ['content/testimonials.yaml'])
    f.write('content/testimonials.yaml', 'still: not a list\n')
    commit(`Undo the undo\n\nUndoes: ${f.head()}`, ['content/testimonials.yaml'])
    expect((await newest(6)).map((e) => e.title)).toEqual([
      'Broke Testimonials (Invalid input: expected array, received object)',
      'Undid “Broke Testimonials (Invalid input: expected array, received object)”',
      'Broke Testimonials (Invalid input: expected array, received object)',
      expect.not.stringMatching(/^Broke/),
      'Broke Service "arches" (field "visible": Invalid input: expected boolean, received string)',
      'Broke Site settings (line 2: The file is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ])',
    ])
  })

  it('a restore is named for what it restored and when; words it cannot read keep the change words', async () => {
    const at = f.head()
    f.write(BOUQUETS, price('Small: $52'))
    commit(
      `Restore service "Bouquets" to ${at.slice(0, 7)} (Nov 22, 2026, 10:04 AM)\n\nRestored-From: ${at}\nContent-Item: services/bouquets`,
      [BOUQUETS],
    )
    f.write(BOUQUETS, price('Small: $53'))
    commit(`Restore whole site to ${at.slice(0, 7)}\n\nRestored-From: ${at}\nContent-Item: all`, [BOUQUETS])
    f.write(BOUQUETS, price('Small: $54'))
    commit(`Restore testimonials to ${at.slice(0, 7)} (Nov 23, 2026, 9:00 AM)\n\nRestored-From: ${at}`, [BOUQUETS])
    f.write(BOUQUETS, price('Small: $55'))
    commit(`Put back the price\n\nRestored-From: ${at}`, [BOUQUETS])
    const entries = await newest(4)
    expect(entries.map((e) => [e.title, e.restoredFrom, e.kinds])).toEqual([
      ['Changed the price of Bouquets', at, ['services', 'undo']],
      ['Restored testimonials as it was on Nov 23, 2026, 9:00 AM', at, ['services', 'undo']],
      [`Restored the whole site as it was at ${at.slice(0, 7)}`, at, ['services', 'undo']],
      ['Restored Bouquets as it was on Nov 22, 2026, 10:04 AM', at, ['services', 'undo']],
    ])
    expect(entries.map((e) => e.source)).toEqual(['git', 'git', 'dashboard', 'dashboard'])
  })

  it('a service whose title holds " to " and a hash-like word is named whole; a "Restore" subject without the trailer is no restore', async () => {
    f.write('content/testimonials.yaml', '[]\n')
    const at = commit('Testimonials readable again', ['content/testimonials.yaml'])
    f.write(BOUQUETS, price('Small: $56'))
    commit(`Restore service "Road to cafe123" to ${at.slice(0, 7)} (Nov 24, 2026, 8:00 AM)\n\nRestored-From: ${at}`, [BOUQUETS])
    f.write(BOUQUETS, price('Small: $57'))
    commit(`Restore testimonials to ${at.slice(0, 7)} by hand`, [BOUQUETS])
    f.write('content/testimonials.yaml', 'not: restorable\n')
    commit(`Restore testimonials to ${at.slice(0, 7)}\n\nRestored-From: ${at}`, ['content/testimonials.yaml'])
    f.write('content/testimonials.yaml', '- id: t1\n  quote: Hi\n  author: Ann\n')
    commit('Fix testimonials', ['content/testimonials.yaml'])
    expect((await newest(4)).map((e) => [e.title, e.kinds])).toEqual([
      [expect.not.stringMatching(/^(Broke|Restored)/), ['testimonials']],
      ['Broke Testimonials (Invalid input: expected array, received object)', ['undo']],
      ['Changed the price of Bouquets', ['services']],
      ['Restored Road to cafe123 as it was on Nov 24, 2026, 8:00 AM', ['services', 'undo']],
    ])
  })

  it('pictures added or removed by hand are named as such', async () => {
    f.remove('uploads/hero.jpg')
    commit('Del hero', ['uploads/hero.jpg'])
    f.write('uploads/n-1.jpg', JPEG)
    commit('Add n', ['uploads/n-1.jpg'])
    f.write('uploads/n-1.jpg', Buffer.concat([JPEG, JPEG]))
    commit('Change n', ['uploads/n-1.jpg'])
    expect((await newest(3)).map((e) => [e.title, e.kinds, e.items])).toEqual([
      ['Replaced a picture file', ['pictures'], ['uploads/n-1.jpg']],
      ['Added a picture file', ['pictures'], ['uploads/n-1.jpg']],
      ['Removed a picture file', ['pictures'], ['uploads/hero.jpg']],
    ])
    expect(await describeEntries(f.root, [])).toEqual([])
  })
})

describe('the first content', () => {
  it('is the oldest commit with text under content/, not an earlier one with pictures only', async () => {
    const r = makeTempContentRoot({ seed: false, files: { 'uploads/a-1.jpg': JPEG } })
    try {
      writeFileSync(join(r.root, 'content/testimonials.yaml'), '[]\n')
      r.git('add', 'content/testimonials.yaml')
      r.git('commit', '-q', '-m', 'Content')
      writeFileSync(join(r.root, 'content/testimonials.yaml'), '- id: t1\n  quote: Hi\n  author: Ann\n')
      r.git('commit', '-qm', 'More content', '--', 'content/testimonials.yaml')
      const entries = await describeEntries(r.root, await logRecords(r.root, []))
      expect(entries.map((e) => [e.summary, e.title, e.first ?? false])).toEqual([
        ['More content', expect.not.stringMatching(/first content/), false],
        ['Content', "The site's first content", true],
        ['Seed content', 'Added a picture file', false],
      ])
      expect(entries[1].held).toBe('testimonials')
    } finally {
      r.cleanup()
    }
  })
})

// planUndo called directly on one fixture repository: what undoing a change would write (nothing is written here),
// the later change named when one stands in the way, and the refusals' words. Each test commits on top of the last.
import YAML from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeHistoryFixture, serviceYaml, JPEG, type HistoryFixture } from './history.fixture'
import { HistoryError } from './history-error'
import { planUndo, UndoConflict, type UndoPlan } from './undo-plan'

let f: HistoryFixture
beforeAll(() => {
  f = makeHistoryFixture()
})
afterAll(() => f.cleanup())

const BOUQUETS = 'content/services/bouquets.yaml'
const bouquets = (extra: Record<string, unknown>) =>
  serviceYaml('bouquets', 'Bouquets', { images: [{ cropped: '/uploads/bq-1.jpg', original: '/uploads/bq-1-original.jpg' }], ...extra })
const text = (plan: UndoPlan, path: string) => plan.writes.find((w) => w.path === path)?.bytes?.toString('utf8')
const show = (rev: string, path: string) => f.git('show', `${rev}:${path}`)
/** The refusal planUndo throws, for its status, words and details. */
const refusal = async (rev: string) => {
  const err = await planUndo(f.root, rev).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(HistoryError)
  return err as HistoryError & Partial<UndoConflict>
}

describe('planUndo', () => {
  it("undoes one change: the file as it was before, named by the change's summary and short hash", async () => {
    const before = f.head()
    f.write(BOUQUETS, bouquets({ pricingInfo: 'Small: $55' }))
    const change = f.commit('Update service "Bouquets": pricing', ['services/bouquets'], [BOUQUETS])
    const plan = await planUndo(f.root, change.slice(0, 9))
    expect(plan.hash).toBe(change)
    expect(plan.parent).toBe(before)
    expect(plan.entry).toMatchObject({ hash: change, shortHash: change.slice(0, 7), summary: 'Update service "Bouquets": pricing' })
    expect(plan.writes).toEqual([{ path: BOUQUETS, bytes: Buffer.from(show(before, BOUQUETS)) }])
    expect(plan.items).toEqual(['services/bouquets'])
    expect(plan.message).toBe(`Undo "Update service "Bouquets": pricing" (${change.slice(0, 7)})`)
    expect(plan.restoredImages).toEqual([])
  })

  it('keeps a later edit of other lines of the same file (a three-way merge), and leaves files outside the content alone', async () => {
    const before = f.head()
    f.write(BOUQUETS, bouquets({ pricingInfo: 'Small: $60' }))
    f.write('README.md', 'Notes for developers\n')
    const change = f.commit('Price and notes', [], [BOUQUETS, 'README.md'])
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Deluxe', pricingInfo: 'Small: $60' }))
    f.commit('Update service "Bouquets Deluxe": title', ['services/bouquets'], [BOUQUETS])
    const plan = await planUndo(f.root, change)
    expect(plan.writes.map((w) => w.path)).toEqual([BOUQUETS])
    expect(YAML.parse(text(plan, BOUQUETS)!)).toMatchObject({ title: 'Bouquets Deluxe', pricingInfo: 'Small: $55' })
    expect(YAML.parse(show(before, BOUQUETS))).toMatchObject({ title: 'Bouquets', pricingInfo: 'Small: $55' })
  })

  it('names the first later change that touched the same lines, not a later one nor one of other lines', async () => {
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Deluxe', pricingInfo: 'Small: $61' }))
    const change = f.commit('Price 61', ['services/bouquets'], [BOUQUETS])
    const before = f.git('rev-parse', `${change}^`).trim()
    f.write('content/services/jumbos.yaml', serviceYaml('jumbos', 'Jumbos', { pricingInfo: 'Big: $99' }))
    f.commit('Jumbos price', ['services/jumbos'], ['content/services/jumbos.yaml'])
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grand', pricingInfo: 'Small: $61' }))
    f.commit('Title Grand', ['services/bouquets'], [BOUQUETS])
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grand', pricingInfo: 'Small: $62' }))
    const inTheWay = f.commit('Price 62', ['services/bouquets'], [BOUQUETS])
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grand', pricingInfo: 'Small: $63' }))
    f.commit('Price 63', ['services/bouquets'], [BOUQUETS])

    const err = await refusal(change)
    expect(err).toBeInstanceOf(UndoConflict)
    expect(err.name).toBe('UndoConflict')
    expect(err.status).toBe(409)
    expect(err.message).toBe(
      `A later change, "Price 62" (${inTheWay.slice(0, 7)}), changed the same part of ${BOUQUETS}. Restore the item as it was before this change instead, or cancel.`,
    )
    expect(err.details).toMatchObject({ item: 'services/bouquets', path: BOUQUETS, before })
    expect(err.details!.conflict).toMatchObject({ hash: inTheWay, summary: 'Price 62' })
  })

  it("a hand edit not committed in the way: the file's own last change is named, not a later change of another file", async () => {
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grand', pricingInfo: 'Small: $64' }))
    const change = f.commit('Price 64', ['services/bouquets'], [BOUQUETS])
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grander', pricingInfo: 'Small: $64' }))
    const last = f.commit('Title Grander', ['services/bouquets'], [BOUQUETS])
    f.write('content/services/jumbos.yaml', serviceYaml('jumbos', 'Jumbos', { pricingInfo: 'Big: $97' }))
    f.commit('Jumbos 97', ['services/jumbos'], ['content/services/jumbos.yaml'])
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grander', pricingInfo: 'Small: $65 by hand' }))
    try {
      const err = await refusal(change)
      expect(err).toBeInstanceOf(UndoConflict)
      expect(err.details!.conflict).toMatchObject({ hash: last, summary: 'Title Grander' })
    } finally {
      f.git('checkout', '--', BOUQUETS)
    }
    f.write(BOUQUETS, bouquets({ title: 'Bouquets Grand', pricingInfo: 'Small: $63' }))
    f.commit('Back to Grand 63', ['services/bouquets'], [BOUQUETS])
  })

  it('a file deleted since cannot be undone into: the deletion is named', async () => {
    const jumbos = 'content/services/jumbos.yaml'
    f.write(jumbos, serviceYaml('jumbos', 'Jumbos', { pricingInfo: 'Big: $98' }))
    const change = f.commit('Jumbos 98', ['services/jumbos'], [jumbos])
    f.remove(jumbos)
    const gone = f.commit('Delete service "Jumbos"', ['services/jumbos'], [jumbos])
    const err = await refusal(change)
    expect(err).toBeInstanceOf(UndoConflict)
    expect(err.details).toMatchObject({ item: 'services/jumbos', path: jumbos, conflict: { hash: gone } })

    // Undoing the deletion itself brings the file back as it was.
    const back = await planUndo(f.root, gone)
    expect(back.writes).toEqual([{ path: jumbos, bytes: Buffer.from(show(change, jumbos)) }])
    expect(back.items).toEqual(['services/jumbos'])
  })

  it('undoing an addition removes the file; undoing a change already undone writes nothing', async () => {
    const arches = 'content/services/arches.yaml'
    f.write(arches, serviceYaml('arches', 'Arches'))
    const added = f.commit('Add service "Arches"', ['services/arches'], [arches])
    const plan = await planUndo(f.root, added)
    expect(plan.writes).toEqual([{ path: arches, bytes: null }])
    expect(plan.items).toEqual(['services/arches'])

    f.remove(arches)
    f.commit('Remove Arches by hand', [], [arches])
    expect((await planUndo(f.root, added)).writes).toEqual([])
  })

  it('a picture replaced again since is in the way (pictures are never merged)', async () => {
    f.write('uploads/hero.jpg', Buffer.concat([JPEG, Buffer.from([1])]))
    const change = f.commit('New hero', ['uploads/hero.jpg'], ['uploads/hero.jpg'])
    f.write('uploads/hero.jpg', Buffer.concat([JPEG, Buffer.from([2])]))
    const again = f.commit('Newer hero', ['uploads/hero.jpg'], ['uploads/hero.jpg'])
    const err = await refusal(change)
    expect(err).toBeInstanceOf(UndoConflict)
    expect(err.details).toMatchObject({ item: 'uploads/hero.jpg', path: 'uploads/hero.jpg', conflict: { hash: again } })

    // The newest picture change is undone to the picture before it, byte for byte.
    const plan = await planUndo(f.root, again)
    expect(plan.writes).toEqual([{ path: 'uploads/hero.jpg', bytes: Buffer.concat([JPEG, Buffer.from([1])]) }])
    expect(plan.items).toEqual(['uploads/hero.jpg'])
  })

  it('brings back the pictures the undone content uses when a separate change removed them; not those still there', async () => {
    const withImages = f.head()
    f.write(BOUQUETS, serviceYaml('bouquets', 'Bouquets Grand', { pricingInfo: 'Small: $63' }))
    const change = f.commit('Update service "Bouquets Grand": images', ['services/bouquets'], [BOUQUETS])
    f.remove('uploads/bq-1.jpg')
    f.commit('Delete unused picture', ['uploads/bq-1.jpg'], ['uploads/bq-1.jpg'])
    const plan = await planUndo(f.root, change)
    expect(plan.writes.map((w) => w.path)).toEqual([BOUQUETS, 'uploads/bq-1.jpg'])
    expect(text(plan, BOUQUETS)).toBe(show(withImages, BOUQUETS))
    expect(plan.writes[1].bytes).toEqual(JPEG)
    expect(plan.restoredImages).toEqual(['uploads/bq-1.jpg'])
    expect(plan.items).toEqual(['services/bouquets', 'uploads/bq-1.jpg'])
  })

  it('a picture the content names that git never had is not made up', async () => {
    const ghost = { cropped: '/uploads/ghost-1.jpg', original: '/uploads/ghost-1.jpg' }
    f.write(BOUQUETS, serviceYaml('bouquets', 'Bouquets Ghost', { images: [ghost] }))
    f.commit('Ghost picture by hand', [], [BOUQUETS])
    f.write(BOUQUETS, serviceYaml('bouquets', 'Bouquets Ghost'))
    const change = f.commit('Drop the ghost', ['services/bouquets'], [BOUQUETS])
    const plan = await planUndo(f.root, change)
    expect(plan.writes.map((w) => w.path)).toEqual([BOUQUETS])
    expect(plan.restoredImages).toEqual([])
  })

  it('refuses an undo that would bring back content not valid today, naming the file and the change', async () => {
    f.write('content/testimonials.yaml', 'not: a list\n')
    f.commit('Break testimonials by hand', [], ['content/testimonials.yaml'])
    f.write('content/testimonials.yaml', YAML.stringify([]))
    const fix = f.commit('Fix testimonials', [], ['content/testimonials.yaml'])
    const err = await refusal(fix)
    expect(err.status).toBe(422)
    expect(err.message).toMatch(new RegExp(`^content/testimonials\\.yaml as it was at ${fix.slice(0, 7)} is not valid content today`))
  })

  it('refuses the initial content, a change without content and an unknown commit, each in words', async () => {
    const root = f.git('rev-list', '--max-parents=0', 'HEAD').trim()
    const initial = await refusal(root)
    expect(initial.status).toBe(422)
    expect(initial.message).toBe(
      'This is the initial content: undoing it would empty the site. Restore an item to a later version instead.',
    )
    f.write('README.md', 'More notes\n')
    const code = f.commit('Notes only', [], ['README.md'])
    const none = await refusal(code)
    expect(none.status).toBe(422)
    expect(none.message).toBe(`${code.slice(0, 7)} did not change the site's content; there is nothing to undo.`)
    const unknown = await refusal('abcdef0123')
    expect(unknown.status).toBe(404)
    expect(unknown.message).toBe('No commit abcdef0123 in the content history')
  })
})

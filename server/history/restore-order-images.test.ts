// What a restore writes beside the item itself: a service that comes back takes its old place in the order (after the
// service that preceded it then and is still there, first if it was first, last otherwise), the images its version
// used come back (from the chosen commit, else from the last commit that had them), and the commit and answer name
// each item in the owner's words.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

/** 10:04 AM in Portland on Nov 22, 2025: every dated commit below, so the answers' dates are fixed text. */
const DATE = '2025-11-22T10:04:00-08:00'
const WHEN = '(Nov 22, 2025, 10:04 AM)'

const head = () => t.git('rev-parse', 'HEAD').trim()
const read = (path: string) => readFileSync(join(t.root, path), 'utf8')
const restore = async (hash: string, item: string) => {
  const res = await t.call('POST', '/api/admin/history/restore', { json: { hash, item }, cookie })
  return { status: res.status, body: await res.json() }
}

/** A developer's commit made with plain git at the fixed date: each path written, or removed when null. */
function handCommit(files: Record<string, string | Buffer | null>, message: string): string {
  for (const [path, data] of Object.entries(files)) {
    const full = join(t.root, path)
    if (data === null) rmSync(full)
    else {
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, data)
    }
  }
  // Exactly the paths written or removed (a removed path stages its removal).
  t.git('add', '--', ...Object.keys(files))
  t.git('commit', '-q', `--date=${DATE}`, '-m', message)
  return head()
}

const service = (title: string, extra = '') => `title: ${title}\ndescription: ${title} for every party.\nvisible: true\n${extra}`
const order = (...ids: string[]) => ids.map((id) => `- ${id}\n`).join('')

describe('a restored service and the service order', () => {
  it('comes back after the nearest service that preceded it then and is still there; first if it was first; last if it was not listed', async () => {
    const full = handCommit(
      {
        'content/services/garlands.yaml': service('Garlands'),
        'content/services/extra.yaml': service('Extra'),
        'content/service-order.yaml': order('bouquets', 'mosaics', 'secret', 'garlands'),
      },
      'Four services in order, one more not listed',
    )
    handCommit(
      {
        'content/services/mosaics.yaml': null,
        'content/services/secret.yaml': null,
        'content/services/extra.yaml': null,
        'content/service-order.yaml': order('bouquets', 'garlands'),
      },
      'Remove three services',
    )

    // Secret's neighbour then (Mosaics) is gone, so it goes after Bouquets, the one before that.
    expect((await restore(full, 'services/secret')).status).toBe(200)
    expect(read('content/service-order.yaml')).toBe(order('bouquets', 'secret', 'garlands'))
    // Mosaics followed Bouquets, the first service then.
    expect((await restore(full, 'services/mosaics')).status).toBe(200)
    expect(read('content/service-order.yaml')).toBe(order('bouquets', 'mosaics', 'secret', 'garlands'))
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'content/service-order.yaml',
      'content/services/mosaics.yaml',
    ])
    // A service the order did not list then goes last.
    const extra = await restore(full, 'services/extra')
    expect(extra.body.items).toEqual(['services/extra', 'service-order'])
    expect(read('content/service-order.yaml')).toBe(order('bouquets', 'mosaics', 'secret', 'garlands', 'extra'))

    handCommit(
      { 'content/services/bouquets.yaml': null, 'content/service-order.yaml': order('mosaics', 'secret', 'garlands', 'extra') },
      'Remove Bouquets',
    )
    expect((await restore(full, 'services/bouquets')).status).toBe(200)
    expect(read('content/service-order.yaml')).toBe(order('bouquets', 'mosaics', 'secret', 'garlands', 'extra'))
    expect((await (await t.call('GET', '/api/services')).json()).map((s: { id: string }) => s.id)).toEqual([
      'bouquets',
      'mosaics',
      'garlands',
      'extra',
    ])
  })

  it('a service restored to before it existed leaves the order; one still listed leaves the order file as it is', async () => {
    const before = head()
    handCommit(
      { 'content/services/garlands.yaml': service('Garlands'), 'content/service-order.yaml': '[mosaics, garlands, bouquets]\n' },
      'Add Garlands',
    )
    const removed = await restore(before, 'services/garlands')
    expect(removed.status).toBe(200)
    expect(removed.body.items).toEqual(['services/garlands', 'service-order'])
    expect(existsSync(join(t.root, 'content/services/garlands.yaml'))).toBe(false)
    expect(read('content/service-order.yaml')).toBe(order('mosaics', 'bouquets'))

    // Written in the developer's own style, the order is not rewritten by a restore that does not change it.
    handCommit(
      { 'content/service-order.yaml': '[mosaics, bouquets]\n', 'content/services/bouquets.yaml': service('Bouquets Deluxe') },
      'Rename Bouquets, flow-style order',
    )
    const renamed = await restore(before, 'services/bouquets')
    expect(renamed.body.items).toEqual(['services/bouquets'])
    expect(read('content/service-order.yaml')).toBe('[mosaics, bouquets]\n')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/services/bouquets.yaml')
  })

  it('without an order file a service is restored and no order file appears', async () => {
    const before = head()
    handCommit({ 'content/service-order.yaml': null, 'content/services/mosaics.yaml': null }, 'Drop the order and Mosaics')
    const res = await restore(before, 'services/mosaics')
    expect(res.status).toBe(200)
    expect(res.body.items).toEqual(['services/mosaics'])
    expect(existsSync(join(t.root, 'content/services/mosaics.yaml'))).toBe(true)
    expect(existsSync(join(t.root, 'content/service-order.yaml'))).toBe(false)
  })
})

describe('images a restored version uses', () => {
  it('come back from the chosen commit, else from the last commit that had them; images of other items and never-committed ones do not', async () => {
    const M1 = Buffer.from('kept image, first version')
    const M2 = Buffer.from('kept image, second version')
    const A = Buffer.from('late image a')
    const Z = Buffer.from('late image z')
    const refs = ['z-late', 'a-late', 'm-kept', 'never']
      .map((n) => `  - cropped: /uploads/${n}.jpg\n    original: /uploads/${n}.jpg\n`)
      .join('')
    const chosen = handCommit(
      {
        'content/services/garlands.yaml': service('Garlands', `images:\n${refs}`),
        'content/service-order.yaml': order('mosaics', 'gone', 'bouquets', 'garlands'),
        'uploads/m-kept.jpg': M1,
      },
      'Garlands with pictures (two not uploaded yet)',
    )
    handCommit({ 'uploads/a-late.jpg': A, 'uploads/z-late.jpg': Z, 'uploads/m-kept.jpg': M2 }, 'Pictures uploaded later; one replaced')
    handCommit(
      {
        'content/services/garlands.yaml': service('Garlands', 'images: []\n'),
        'uploads/a-late.jpg': null,
        'uploads/z-late.jpg': null,
        'uploads/m-kept.jpg': null,
        'uploads/hero-image.jpg': null,
      },
      'Pictures taken out (and the hero image file removed by hand)',
    )

    const res = await restore(chosen, 'services/garlands')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      hash: head(),
      summary: `Restore service "Garlands" to ${chosen.slice(0, 7)} ${WHEN}`,
      title: `Restored Garlands as it was on ${WHEN.slice(1, -1)}`,
      items: ['services/garlands', 'uploads/a-late.jpg', 'uploads/m-kept.jpg', 'uploads/z-late.jpg'],
      restoredImages: ['uploads/a-late.jpg', 'uploads/m-kept.jpg', 'uploads/z-late.jpg'],
    })
    expect(readFileSync(join(t.root, 'uploads/a-late.jpg'))).toEqual(A)
    expect(readFileSync(join(t.root, 'uploads/z-late.jpg'))).toEqual(Z)
    // As it was at the chosen commit, not the later replacement.
    expect(readFileSync(join(t.root, 'uploads/m-kept.jpg'))).toEqual(M1)
    expect(existsSync(join(t.root, 'uploads/never.jpg'))).toBe(false)
    // The site settings' hero image is not part of this restore.
    expect(existsSync(join(t.root, 'uploads/hero-image.jpg'))).toBe(false)
    expect(t.git('log', '-1', '--format=%B').trim()).toBe(
      [
        `Restore service "Garlands" to ${chosen.slice(0, 7)} ${WHEN}`,
        '',
        'Content-Item: services/garlands',
        'Content-Item: uploads/a-late.jpg',
        'Content-Item: uploads/m-kept.jpg',
        'Content-Item: uploads/z-late.jpg',
        `Restored-From: ${chosen}`,
      ].join('\n'),
    )
    expect(t.git('status', '--porcelain')).toBe('')
  })
})

describe('what a restore says', () => {
  it('names each single-file item in plain words with the commit and its date; restoring it again changes nothing', async () => {
    const faq = '- id: how-far\n  question: How far ahead?\n  answer: Two weeks.\n'
    const chosen = handCommit({ 'content/faq.yaml': faq }, 'Add the FAQ')
    handCommit(
      {
        'content/testimonials.yaml': '- id: new\n  quote: New quote\n  author: New person\n',
        'content/site.yaml': read('content/site.yaml').replace('Test Balloon Studio', 'Renamed Studio'),
        'content/service-order.yaml': order('bouquets', 'mosaics'),
        'content/mailing-list-segments.yaml': '- id: parties\n  name: Parties\n',
        'content/faq.yaml': faq.replace('Two weeks.', 'Three weeks.'),
      },
      'Change everything by hand',
    )
    const words = {
      testimonials: 'testimonials',
      site: 'site settings',
      'service-order': 'the service order',
      faq: 'the FAQ',
    }
    for (const [item, said] of Object.entries(words)) {
      const { status, body } = await restore(chosen, item)
      expect(status, item).toBe(200)
      expect(body).toEqual({
        hash: head(),
        summary: `Restore ${said} to ${chosen.slice(0, 7)} ${WHEN}`,
        title: `Restored ${said} as it was on ${WHEN.slice(1, -1)}`,
        items: [item],
        restoredImages: [],
      })
      expect(t.git('log', '-1', '--format=%s').trim()).toBe(body.summary)
    }
    expect(read('content/faq.yaml')).toBe(faq)
    const commits = head()
    // The mailing-list interests are edited in git only: History offers no Restore for them, nor does the API.
    expect(await restore(chosen, 'mailing-list-segments')).toEqual({
      status: 400,
      body: { error: 'Mailing-list interests are edited in git, not restored from History' },
    })
    expect(read('content/mailing-list-segments.yaml')).toBe('- id: parties\n  name: Parties\n')
    expect(head()).toBe(commits)
    expect(await restore(chosen, 'faq')).toEqual({
      status: 200,
      body: {
        hash: null,
        summary: 'Nothing to restore: it is already as it was then.',
        title: 'Nothing to restore: it is already as it was then.',
        items: [],
        restoredImages: [],
      },
    })
    expect(head()).toBe(commits)
  })
})

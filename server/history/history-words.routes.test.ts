// The History log as the owner reads it, through the real app on a temp content repo: each change in words, who
// made it, the site's first content as one named entry, code-only commits left out, and the filters by item and kind.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeJpeg, useTestApp, type TestApp } from '../testing/test-app'
import type { HistoryEntry, HistoryPage } from './history.types'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const send = (method: string, path: string, json?: unknown) => t.call(method, path, { json, cookie })
const list = async (query = '') => {
  const res = await send('GET', `/api/admin/history${query}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as HistoryPage).entries
}
const titles = (entries: HistoryEntry[]) => entries.map((e) => e.title)
const head = () => t.git('rev-parse', 'HEAD').trim()

async function upload(name: string): Promise<string> {
  const form = new FormData()
  form.append('image', new File([(await makeJpeg(10, 10)) as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' }))
  return ((await (await t.call('POST', '/api/upload', { body: form, cookie })).json()) as { url: string }).url
}

/** A developer's commit made with plain git (no trailers), as `git commit` on the server would. */
function devCommit(path: string, text: string, message: string): string {
  writeFileSync(join(t.root, path), text)
  t.git('add', '--', path)
  t.git('commit', '-q', '-m', message, '--', path)
  return head()
}

describe('the History log in words', () => {
  it('names dashboard edits in words, with who and when; the first content is one named entry', async () => {
    expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Small: $60' })).status).toBe(200)
    expect((await send('PUT', '/api/services/mosaics', { visible: false })).status).toBe(200)
    expect((await send('PUT', '/api/services/mosaics', { title: 'Mosaic Walls' })).status).toBe(200)
    expect((await send('PUT', '/api/services/bouquets', { description: 'New words', aboutText: 'More about it' })).status).toBe(200)

    const entries = await list()
    expect(titles(entries)).toEqual([
      'Changed the short description and about text of Bouquets',
      'Renamed “Mosaics” to “Mosaic Walls”',
      'Hid Mosaics from the site',
      'Changed the price of Bouquets',
      "The site's first content",
    ])
    expect(entries[0]).toMatchObject({
      source: 'dashboard',
      author: 'Studio Admin',
      summary: 'Update service "Bouquets": description, about text',
      kinds: ['services'],
    })
    expect(entries[0].date).toMatch(/^\d{4}-\d\d-\d\dT/)
    const first = entries[entries.length - 1]
    expect(first).toMatchObject({ first: true, source: 'git', author: 'Test Developer', summary: 'Seed content' })
    expect(first.kinds).toEqual(expect.arrayContaining(['services', 'pictures', 'testimonials', 'pages']))
    expect(entries.filter((e) => e.first)).toHaveLength(1)

    const detail = await (await send('GET', `/api/admin/history/commits/${first.hash}`)).json()
    expect(detail).toMatchObject({ title: "The site's first content", first: true, parent: null })
    expect(first.held).toBe('3 services, site settings, testimonials, Delivery & Installation page, mailing-list interests and 4 pictures')
  })

  it('says how many pictures were added, removed or reordered', async () => {
    const images = ((await (await send('GET', '/api/services/bouquets')).json()) as { images: unknown[] }).images
    const added = [1, 2].map(async (n) => ({ cropped: await upload(`c${n}.jpg`), original: await upload(`o${n}.jpg`) }))
    const two = await Promise.all(added)
    expect((await send('PUT', '/api/services/bouquets/images', { images: [...images, ...two] })).status).toBe(200)
    expect((await send('PUT', '/api/services/bouquets/images', { images: [...images, ...two].reverse() })).status).toBe(200)
    expect((await send('PUT', '/api/services/bouquets/images', { images: [...images, ...two].reverse().slice(1) })).status).toBe(200)

    const entries = await list('?limit=3')
    expect(titles(entries)).toEqual([
      'Removed a picture from Bouquets',
      'Reordered the pictures of Bouquets',
      'Added 2 pictures to Bouquets',
    ])
    for (const e of entries) expect(e.kinds).toEqual(expect.arrayContaining(['services', 'pictures']))
  })

  it("leaves out a developer's code-only commit, and names one that touched content as a git commit", async () => {
    const before = (await list()).map((e) => e.hash)
    devCommit('README.md', '# Notes\n', 'Docs: how to deploy')
    expect((await list()).map((e) => e.hash)).toEqual(before)

    const hash = devCommit(
      'content/delivery-installation.md',
      '# Delivery\n\nWe deliver across Portland and Vancouver.\n',
      'Mention Vancouver',
    )
    const [entry] = await list()
    expect(entry).toMatchObject({
      hash,
      source: 'git',
      author: 'Test Developer',
      summary: 'Mention Vancouver',
      title: 'Changed the Delivery & Installation page',
      kinds: ['pages'],
    })
  })

  it('names undos and restores for what they did', async () => {
    expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Small: $1' })).status).toBe(200)
    const mistake = head()
    const undone = await send('POST', '/api/admin/history/undo', { commit: mistake })
    expect(undone.status).toBe(200)
    const restored = await send('POST', '/api/admin/history/restore', { hash: mistake, item: 'services/bouquets' })
    expect(restored.status).toBe(200)
    const [restore, undo] = await list()
    expect(undo).toMatchObject({ title: 'Undid “Changed the price of Bouquets”', source: 'dashboard' })
    expect(undo.kinds).toEqual(['services', 'undo'])
    expect(restore.title).toMatch(/^Restored Bouquets as it was on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/)
    // The answers name each in the same words, for the dashboard's confirmation.
    expect([(await undone.json()).title, (await restored.json()).title]).toEqual([undo.title, restore.title])
  })

  it('filters by kind, by item and both; an unknown kind is refused', async () => {
    expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Small: $70' })).status).toBe(200)
    const images = ((await (await send('GET', '/api/services/mosaics')).json()) as { images: unknown[] }).images
    expect(
      (
        await send('PUT', '/api/services/mosaics/images', {
          images: [...images, { cropped: await upload('m.jpg'), original: await upload('mo.jpg') }],
        })
      ).status,
    ).toBe(200)
    expect((await send('PUT', '/api/testimonials/sam-k', { quote: 'The arch was perfect!', author: 'Sam K.' })).status).toBe(200)

    expect(titles(await list('?kind=pictures'))).toEqual(['Added a picture to Mosaics', "The site's first content"])
    expect(titles(await list('?kind=testimonials'))).toEqual(['Changed the testimonial by "Sam K."', "The site's first content"])
    expect(titles(await list('?kind=services&item=services/bouquets'))).toEqual([
      'Changed the price of Bouquets',
      "The site's first content",
    ])
    expect(titles(await list('?kind=pictures&item=services/bouquets'))).toEqual(["The site's first content"])
    const paged = (await (await send('GET', '/api/admin/history?kind=services&limit=1&offset=1')).json()) as HistoryPage
    expect(titles(paged.entries)).toEqual(['Changed the price of Bouquets'])
    expect(paged.hasMore).toBe(true)

    const bad = await send('GET', '/api/admin/history?kind=code')
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/^Unknown kind of change/)
  })
})

// The history API on the real app and a temp content repo: owner edits, then list, filter, detail, restores of each
// kind, plain-git changes picked up live, uncommitted edits, and the remote.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, useTestApp, type TestApp } from '../testing/test-app'
import type { CommitDetail, HistoryPage, HistoryStatus, RestoreResult } from './history.types'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const get = async <T>(path: string): Promise<T> => {
  const res = await t.call('GET', path, { cookie })
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}
const send = (method: string, path: string, json: unknown) => t.call(method, path, { json, cookie })
const read = (path: string) => readFileSync(join(t.root, path), 'utf8')
const head = () => t.git('rev-parse', 'HEAD').trim()

/** A few owner edits through the API, as the dashboard makes them. */
async function ownerEdits() {
  expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Small: $65\nLarge: $140' })).status).toBe(200)
  expect((await send('POST', '/api/testimonials', { quote: 'Best arch ever', author: 'Lee P.' })).status).toBe(201)
  expect((await send('PUT', '/api/delivery-installation-content', { markdownContent: '# Delivery\n\nNow Vancouver too.\n' })).status).toBe(
    200,
  )
  expect((await send('PUT', '/api/services/mosaics', { title: 'Balloon Mosaics', visible: false })).status).toBe(200)
}

describe('history list and detail', () => {
  it('needs an admin session', async () => {
    expect((await t.call('GET', '/api/admin/history')).status).toBe(401)
    expect((await t.call('POST', '/api/admin/history/restore', { json: { hash: head(), item: 'all' } })).status).toBe(401)
    expect((await t.call('GET', `/api/admin/history/commits/${head()}/file?path=uploads/hero-image.jpg`)).status).toBe(401)
  })

  it('lists owner edits newest first with who and what, and filters by item', async () => {
    await ownerEdits()
    const page = await get<HistoryPage>('/api/admin/history')
    expect(page.entries.slice(0, 4).map((e) => e.summary)).toEqual([
      expect.stringMatching(/^Update service "Mosaics" → "Balloon Mosaics"/),
      expect.stringMatching(/delivery/i),
      expect.stringMatching(/testimonial/i),
      expect.stringMatching(/^Update service "Bouquets"/),
    ])
    expect(page.entries[0]).toMatchObject({ author: 'Studio Admin', items: ['services/mosaics'] })
    const bouquets = await get<HistoryPage>('/api/admin/history?item=services%2Fbouquets')
    expect(bouquets.entries.map((e) => e.summary)[0]).toMatch(/Bouquets/)
    expect(bouquets.entries.every((e) => !/Mosaics|testimonial|delivery/i.test(e.summary))).toBe(true)
    const limited = await get<HistoryPage>('/api/admin/history?limit=2')
    expect(limited).toMatchObject({ hasMore: true })
    expect(limited.entries).toHaveLength(2)
    expect((await t.call('GET', '/api/admin/history?item=..%2Fsecret', { cookie })).status).toBe(400)
  })

  it('shows a commit as fields before and after, with image thumbnails served from git', async () => {
    await ownerEdits()
    const [mosaics] = (await get<HistoryPage>('/api/admin/history?limit=1')).entries
    const detail = await get<CommitDetail>(`/api/admin/history/commits/${mosaics.hash}`)
    expect(detail.changes).toHaveLength(1)
    expect(detail.changes[0]).toMatchObject({ label: 'Service "Balloon Mosaics"', change: 'changed' })
    expect(detail.changes[0].fields).toEqual([
      expect.objectContaining({ label: 'Title', before: 'Mosaics', after: 'Balloon Mosaics' }),
      expect.objectContaining({ label: 'Visible on the site', before: 'Yes', after: 'No' }),
    ])
    const image = await t.call('GET', `/api/admin/history/commits/${mosaics.hash}/file?path=uploads%2Fhero-image.jpg`, { cookie })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    // Like every admin answer, an old picture is not kept by the browser (nothing of the dashboard stays after logout).
    expect(image.headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', `/api/admin/history/commits/${mosaics.hash}/file?path=content%2Fsite.yaml`, { cookie })).status).toBe(400)
    expect(
      (await t.call('GET', `/api/admin/history/commits/${mosaics.hash}/file?path=uploads%2F..%2F.git%2Fconfig`, { cookie })).status,
    ).toBe(400)
    expect((await t.call('GET', '/api/admin/history/commits/0000000', { cookie })).status).toBe(404)
  })
})

describe('restore', () => {
  it('restores one service as a new commit that says so; the public site shows the old value', async () => {
    const before = head()
    const commits = Number(t.git('rev-list', '--count', 'HEAD'))
    await ownerEdits()
    const res = await send('POST', '/api/admin/history/restore', { hash: before, item: 'services/bouquets' })
    expect(res.status).toBe(200)
    const result = (await res.json()) as RestoreResult
    expect(result.summary).toMatch(/^Restore service "Bouquets" to [0-9a-f]{7} \(/)
    expect(result.hash).toBe(head())
    const pub = await (await t.call('GET', '/api/services/bouquets')).json()
    expect(pub.pricingInfo).toBe('Small: $50\nLarge: $120\n')
    // Other edits stay; history only grows.
    expect(read('content/delivery-installation.md')).toContain('Vancouver')
    expect(Number(t.git('rev-list', '--count', 'HEAD'))).toBe(commits + 5)
    expect(t.git('log', '-1', '--format=%an%n%B')).toContain(`Content-Item: services/bouquets\nRestored-From: ${before}`)
    const [entry] = (await get<HistoryPage>('/api/admin/history?limit=1')).entries
    expect(entry).toMatchObject({ restoredFrom: before, items: ['services/bouquets'], author: 'Studio Admin' })
  })

  it('restores testimonials and the delivery page', async () => {
    const before = head()
    await ownerEdits()
    expect((await send('POST', '/api/admin/history/restore', { hash: before, item: 'testimonials' })).status).toBe(200)
    expect((await (await t.call('GET', '/api/testimonials')).json()).map((x: { author: string }) => x.author)).toEqual([
      'Jane D.',
      'Sam K.',
    ])
    const del = await send('POST', '/api/admin/history/restore', { hash: before, item: 'delivery-installation' })
    expect(((await del.json()) as RestoreResult).summary).toMatch(/^Restore the delivery & installation page to /)
    expect((await (await t.call('GET', '/api/delivery-installation-content')).json()).markdownContent).toMatch(
      /^# Delivery\n\nWe deliver across Portland.\n?$/,
    )
    // Restoring again changes nothing and makes no commit.
    const same = head()
    const again = (await (await send('POST', '/api/admin/history/restore', { hash: before, item: 'testimonials' })).json()) as RestoreResult
    expect(again.hash).toBeNull()
    expect(head()).toBe(same)
  })

  it('restores the whole site, bringing back deleted images the content references', async () => {
    const before = head()
    await ownerEdits()
    // Taking the pictures out removes the file only Bouquets used, in the same commit.
    expect((await send('PUT', '/api/services/bouquets/images', { images: [] })).status).toBe(200)
    expect(existsSync(join(t.root, 'uploads/bouquet-one.jpg'))).toBe(false)
    const res = await send('POST', '/api/admin/history/restore', { hash: before, item: 'all' })
    const result = (await res.json()) as RestoreResult
    expect(result.summary).toMatch(/^Restore whole site to /)
    expect(result.restoredImages).toEqual(['uploads/bouquet-one.jpg'])
    expect(existsSync(join(t.root, 'uploads/bouquet-one.jpg'))).toBe(true)
    const bouquets = await (await t.call('GET', '/api/services/bouquets')).json()
    expect(bouquets.images).toHaveLength(2)
    expect((await t.call('GET', '/uploads/bouquet-one.jpg')).status).toBe(200)
    expect((await t.call('GET', '/api/services/mosaics')).status).toBe(200)
    expect(t.git('status', '--porcelain')).toBe('')
  })

  it("restoring the whole site puts back content only: a developer's later change to a file outside content/ stays", async () => {
    const notes = (text: string, message: string) => {
      writeFileSync(join(t.root, 'NOTES.md'), text)
      t.git('add', '--', 'NOTES.md')
      t.git('commit', '-q', '-m', message)
    }
    notes('Deploy on Mondays.\n', 'Developer notes')
    const before = head()
    notes('Deploy on Fridays.\n', 'Developer notes, again')
    expect((await send('PUT', '/api/services/bouquets', { title: 'Big Bouquets' })).status).toBe(200)
    expect((await send('POST', '/api/admin/history/restore', { hash: before, item: 'all' })).status).toBe(200)
    expect(read('NOTES.md')).toBe('Deploy on Fridays.\n')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/services/bouquets.yaml')
  })

  it('rejects unknown items and commits', async () => {
    expect((await send('POST', '/api/admin/history/restore', { hash: head(), item: 'passwords' })).status).toBe(400)
    expect((await send('POST', '/api/admin/history/restore', { hash: 'abcdef0', item: 'site' })).status).toBe(404)
    expect((await send('POST', '/api/admin/history/restore', { hash: 'HEAD~1', item: 'site' })).status).toBe(400)
  })
})

describe('plain git and uncommitted edits', () => {
  it('serves a hand git revert and a hand edit on the next request, without a restart', async () => {
    await ownerEdits()
    const mosaicsEdit = head()
    t.git('revert', '--no-edit', mosaicsEdit)
    expect((await (await t.call('GET', '/api/services/mosaics')).json()).title).toBe('Mosaics')
    const [entry] = (await get<HistoryPage>('/api/admin/history?limit=1')).entries
    expect(entry).toMatchObject({ author: 'Test Developer', items: ['services/mosaics'] })
    expect(entry.summary).toMatch(/^Revert/)
    writeFileSync(join(t.root, 'content/delivery-installation.md'), '# Edited by hand\n')
    expect((await (await t.call('GET', '/api/delivery-installation-content')).json()).markdownContent).toMatch(/^# Edited by hand\n?$/)
  })

  it('refuses saves over uncommitted edits, keeps them, and lists them', async () => {
    writeFileSync(join(t.root, 'content/delivery-installation.md'), '# Edited by hand\n')
    const commits = t.git('rev-list', '--count', 'HEAD')
    const res = await send('PUT', '/api/delivery-installation-content', { markdownContent: '# Owner text\n' })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe('This item has uncommitted changes on the server; a developer must commit or discard them first.')
    expect(read('content/delivery-installation.md')).toBe('# Edited by hand\n')
    expect(t.git('rev-list', '--count', 'HEAD')).toBe(commits)
    const restore = await send('POST', '/api/admin/history/restore', { hash: head(), item: 'all' })
    expect(restore.status).toBe(409)
    expect(read('content/delivery-installation.md')).toBe('# Edited by hand\n')
    // Other items still save.
    expect((await send('PUT', '/api/services/bouquets', { pricingInfo: 'Small: $70' })).status).toBe(200)
    expect(t.git('show', '--stat', '--format=', 'HEAD')).not.toContain('delivery')
    const status = await get<HistoryStatus>('/api/admin/history/status')
    expect(status.uncommitted).toEqual([{ path: 'content/delivery-installation.md', state: 'modified' }])
    // Once a developer commits it, saves work again.
    t.git('commit', '-qm', 'Delivery text by hand', '--', 'content/delivery-installation.md')
    expect((await send('PUT', '/api/delivery-installation-content', { markdownContent: '# Owner text\n' })).status).toBe(200)
  })

  it('at start-up reports uncommitted edits, snapshots them off-branch and commits nothing', async () => {
    writeFileSync(join(t.root, 'content/testimonials.yaml'), '[]\n')
    writeFileSync(join(t.root, 'uploads/new-photo.jpg'), 'x')
    const logs: string[] = []
    const { ContentHistory } = await import('./content-history')
    const history = new ContentHistory({ root: t.root, repo: t.deps.repo, log: (m) => logs.push(m) })
    const branchHead = head()
    const started = await history.startup()
    expect(started.uncommitted.map((f) => f.path).sort()).toEqual(['content/testimonials.yaml', 'uploads/new-photo.jpg'])
    expect(logs.join('\n')).toMatch(/NOT committed and NOT discarded/)
    expect(head()).toBe(branchHead)
    expect(t.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
      ' M content/testimonials.yaml',
      '?? uploads/new-photo.jpg',
    ])
    expect(started.snapshotRef).toMatch(/^refs\/uncommitted\//)
    expect(t.git('show', `${started.snapshotRef}:content/testimonials.yaml`)).toBe('[]\n')
    expect(t.git('log', '-1', '--format=%an', started.snapshotRef!).trim()).toBe('Site server')
    // A second start with the same edits reuses the snapshot.
    expect((await history.startup()).snapshotRef).toBe(started.snapshotRef)
    expect((await get<HistoryStatus>('/api/admin/history/status')).uncommitted).toHaveLength(2)
  })
})

describe('remote', () => {
  let bare: string
  let remoteApp: TestApp
  beforeEach(async () => {
    bare = mkdtempSync(join(tmpdir(), 'balloon-remote-'))
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
    writeFileSync(join(bare, 'hooks/pre-receive'), '#!/bin/sh\necho "remote is read-only" >&2\nexit 1\n', { mode: 0o755 })
    remoteApp = await createTestApp({ env: { GIT_REMOTE: 'origin' } })
    remoteApp.git('remote', 'add', 'origin', bare)
  })
  afterEach(async () => {
    await remoteApp.cleanup()
    rmSync(bare, { recursive: true, force: true })
  })

  it('saves succeed while the remote refuses; the status shows it; once it accepts, the commits arrive', async () => {
    const owner = await remoteApp.login()
    const history = remoteApp.deps.history
    const res = await remoteApp.call('PUT', '/api/services/bouquets', { json: { pricingInfo: 'Small: $80' }, cookie: owner })
    expect(res.status).toBe(200)
    await history.sync.idle()
    const failing = await (await remoteApp.call('GET', '/api/admin/history/sync', { cookie: owner })).json()
    expect(failing).toMatchObject({ remote: 'origin', state: 'error', ahead: 2 })
    expect(failing.lastError).toContain('remote is read-only')
    rmSync(join(bare, 'hooks/pre-receive'))
    const push = await remoteApp.call('POST', '/api/admin/history/sync', { cookie: owner })
    expect(push.status).toBe(200)
    expect(await push.json()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0 })
    await history.sync.idle()
    const status = (await (await remoteApp.call('GET', '/api/admin/history/status', { cookie: owner })).json()) as HistoryStatus
    expect(status.sync).toMatchObject({ state: 'in-sync', ahead: 0 })
    expect(execFileSync('git', ['-C', bare, 'log', '-1', '--format=%s', 'main'], { encoding: 'utf8' })).toMatch(/Bouquets/)
  })
})

describe('requests the history routes refuse or answer precisely', () => {
  it('shows an image as it was at a commit, typed by its extension; anything else under another path is refused', async () => {
    for (const name of ['p.png', 'w.webp', 'g.gif', 'j.jpeg', 'UP.JPG', 'two.jpg.png'])
      writeFileSync(join(t.root, 'uploads', name), `bytes of ${name}`)
    t.git('add', 'uploads')
    t.git('commit', '-qm', 'Pictures by hand')
    const at = head()
    const file = (path: string) => t.call('GET', `/api/admin/history/commits/${at}/file?path=${encodeURIComponent(path)}`, { cookie })
    const types: Record<string, string> = {
      'p.png': 'image/png',
      'w.webp': 'image/webp',
      'g.gif': 'image/gif',
      'j.jpeg': 'image/jpeg',
      'UP.JPG': 'image/jpeg',
      'two.jpg.png': 'image/png',
    }
    for (const [name, type] of Object.entries(types)) {
      const res = await file(`uploads/${name}`)
      expect(res.status, name).toBe(200)
      expect(res.headers.get('content-type'), name).toBe(type)
      expect(res.headers.get('content-disposition'), name).toBe('inline')
      expect(await res.text(), name).toBe(`bytes of ${name}`)
    }
    for (const path of ['content/p.png', 'x/uploads/p.png', 'uploads/p.png/../g.gif', 'uploads/notes.txt', 'uploads/noext']) {
      const res = await file(path)
      expect(res.status, path).toBe(400)
      expect(await res.json(), path).toEqual({ error: 'Only images under uploads/ can be shown' })
    }
    const missing = await file('uploads/not-there.png')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'That image is not in this version' })
    const badHash = await t.call('GET', '/api/admin/history/commits/not-a-commit/file?path=uploads%2Fp.png', { cookie })
    expect(badHash.status).toBe(404)
    expect(await badHash.json()).toEqual({ error: 'No such commit' })
  })

  it('a commit id must be 7 to 40 hex digits and nothing else; the item and kind are checked with messages naming them', async () => {
    const detail = await t.call('GET', '/api/admin/history/commits/zz12345678', { cookie })
    expect(detail.status).toBe(404)
    expect(await detail.json()).toEqual({ error: 'No such commit' })
    const full = head()
    for (const hash of [`x${full}`.slice(0, 40), `${full.slice(0, 10)}x`, `--all${full.slice(0, 7)}`]) {
      const res = await send('POST', '/api/admin/history/restore', { hash, item: 'site' })
      expect(res.status, hash).toBe(400)
      expect(await res.json(), hash).toEqual({ error: 'Not a commit id' })
    }
    const refused = async (res: Response) => [res.status, ((await res.json()) as { error: string }).error]
    expect(await refused(await send('POST', '/api/admin/history/restore', { hash: full, item: '   ' }))).toEqual([400, 'Item is required'])
    expect(await refused(await send('POST', '/api/admin/history/restore', { hash: full, item: 'site\nx' }))).toEqual([
      400,
      'Item must be one line',
    ])
    expect(await refused(await t.call('GET', '/api/admin/history?item=a%0Ab', { cookie }))).toEqual([400, 'item must be one line'])
    expect(await refused(await t.call('GET', '/api/admin/history?kind=passwords', { cookie }))).toEqual([
      400,
      'Unknown kind of change (one of services, pictures, testimonials, faq, pages, undo)',
    ])
  })

  it('lists the items to filter by: services now (by title), services deleted, then the other items', async () => {
    t.git('rm', '-q', 'content/services/mosaics.yaml')
    t.git('commit', '-qm', 'Remove Mosaics by hand')
    expect(await get('/api/admin/history/items')).toEqual([
      { item: 'services/bouquets', label: 'Bouquets', current: true },
      { item: 'services/secret', label: 'Secret', current: true },
      { item: 'services/mosaics', label: 'mosaics (deleted)', current: false },
      { item: 'site', label: 'Site settings', current: true },
      { item: 'testimonials', label: 'Testimonials', current: true },
      { item: 'faq', label: 'FAQ', current: true },
      { item: 'delivery-installation', label: 'Delivery & Installation page', current: true },
      { item: 'pricing', label: 'Price list', current: true },
      { item: 'agreement', label: 'Agreement', current: true },
      { item: 'booking-mail', label: 'Booking e-mails', current: true },
      { item: 'service-order', label: 'Service order', current: true },
    ])
  })
})

describe('"Put back the last valid version" of a broken file', () => {
  const restore = (file: string) => send('POST', '/api/admin/content-problems/restore', { file })
  const answer = async (res: Response) => [res.status, await res.json()]
  const problemFiles = async () => (await get<{ problems: { file: string }[] }>('/api/admin/content-problems')).problems.map((p) => p.file)

  it('puts back the file asked for, not another broken one; a file with no problem is 404 in words', async () => {
    const testimonials = read('content/testimonials.yaml')
    const brokenSite = 'brand: [unclosed\n'
    writeFileSync(join(t.root, 'content/site.yaml'), brokenSite)
    writeFileSync(join(t.root, 'content/testimonials.yaml'), 'broken: [\n')
    // Committed by hand, as a developer's push would bring them (an uncommitted edit is the developer's to settle).
    t.git('add', '--', 'content/site.yaml', 'content/testimonials.yaml')
    t.git('commit', '-q', '-m', 'Break two files')
    expect(await problemFiles()).toEqual(['content/site.yaml', 'content/testimonials.yaml'])
    expect((await restore('content/testimonials.yaml')).status).toBe(200)
    expect(read('content/testimonials.yaml')).toBe(testimonials)
    expect([read('content/site.yaml'), await problemFiles()]).toEqual([brokenSite, ['content/site.yaml']])
    expect(await answer(await restore('content/testimonials.yaml'))).toEqual([
      404,
      { error: 'content/testimonials.yaml has no problem to fix' },
    ])
  })

  it('a broken file that never was valid is 409, in words that say what to do, and nothing is committed', async () => {
    writeFileSync(join(t.root, 'content/services/fresh.yaml'), 'title: [unclosed\n')
    const before = head()
    expect(await answer(await restore('content/services/fresh.yaml'))).toEqual([
      409,
      { error: 'content/services/fresh.yaml has no earlier valid version; fix it by hand or with git' },
    ])
    expect(head()).toBe(before)
  })

  it('a request without a file name is 400 in words, before anything is looked up', async () => {
    expect(await answer(await restore(''))).toEqual([400, { error: 'File is required' }])
    expect(await answer(await send('POST', '/api/admin/content-problems/restore', { file: 7 }))).toEqual([
      400,
      { error: 'File must be text' },
    ])
  })
})

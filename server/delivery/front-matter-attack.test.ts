// Front matter in another language (gray-matter's `---js` eval engine, coffee) never runs: not through the API, a
// commit in the content repository, the history's reads and diffs, a restore or an undo, nor a visitor's page.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PROJECT_ROOT } from '../lib/config'
import { serverEntryPath } from '../render/page-renderer'
import { createTestApp, type TestApp } from '../testing/test-app'

const FILE = 'content/delivery-installation.md'
const CLIENT_DIR = join(PROJECT_ROOT, 'dist/client')
const proofDir = mkdtempSync(join(tmpdir(), 'front-matter-proof-'))
afterAll(() => rmSync(proofDir, { recursive: true, force: true }))

const MARKERS = ['js', 'javascript', 'coffee'] as const
const proofOf = (marker: string) => join(proofDir, `${marker}.txt`)
const payload = (marker: string) =>
  `---${marker}\n({title: require('fs').writeFileSync(${JSON.stringify(proofOf(marker))}, 'pid=' + process.pid) || 'x'})\n---\nWe deliver across the metro area.\n`
const noCodeRan = () => expect(MARKERS.filter((m) => existsSync(proofOf(m)))).toEqual([])

let t: TestApp
let cookie: string
beforeAll(async () => {
  if (!existsSync(serverEntryPath(CLIENT_DIR))) throw new Error('These tests render pages: run `npm run build` first')
  t = await createTestApp({ env: { CLIENT_DIR } })
  cookie = await t.login()
})
afterAll(() => t?.cleanup())

describe('front matter in another language through the API', () => {
  it.each(MARKERS)('a save starting with ---%s answers 400 naming the page, writes and commits nothing', async (marker) => {
    const before = readFileSync(join(t.root, FILE), 'utf8')
    const res = await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: payload(marker) }, cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'The page must start with YAML front matter' })
    expect(readFileSync(join(t.root, FILE), 'utf8')).toBe(before)
    expect(t.subjects()).toEqual(['Seed content'])
    noCodeRan()
  })
})

describe('front matter in another language committed to the content repository', () => {
  const commits: Record<string, string> = {}
  let lastGood: string
  beforeAll(() => {
    lastGood = t.git('rev-parse', 'HEAD').trim()
    for (const marker of MARKERS) {
      writeFileSync(join(t.root, FILE), payload(marker))
      t.git('commit', '-qm', `Planted ---${marker}`, '--', FILE)
      commits[marker] = t.git('rev-parse', 'HEAD').trim()
    }
  })

  it('the page keeps its last valid version for the API and a visitor, the owner sees why, and nothing ran', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const api = await t.call('GET', '/api/delivery-installation-content')
    expect(api.status).toBe(200)
    expect(await api.json()).toEqual({ markdownContent: '# Delivery\n\nWe deliver across Portland.' })
    const page = await t.call('GET', '/delivery-installation')
    const html = await page.text()
    expect(html).toContain('We deliver across Portland.')
    expect(html).not.toContain('We deliver across the metro area.')
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining(`${FILE}: has invalid front matter (The page must start with YAML front matter)`),
    )
    const problems = await (await t.call('GET', '/api/admin/content-problems', { cookie })).json()
    expect(problems).toEqual({
      problems: [{ file: FILE, message: 'The page must start with YAML front matter', lastValidCommit: lastGood }],
    })
    warned.mockRestore()
    noCodeRan()
  })

  it('the history lists and describes each commit without running it', async () => {
    const list = await t.call('GET', '/api/admin/history', { cookie })
    expect(list.status).toBe(200)
    for (const marker of MARKERS) {
      const detail = await t.call('GET', `/api/admin/history/commits/${commits[marker]}`, { cookie })
      expect(detail.status).toBe(200)
      expect(JSON.stringify(await detail.json())).toContain(`Planted ---${marker}`)
    }
    noCodeRan()
  })

  // The ---coffee commit is the newest: restoring the page to it would change nothing, so the older two are tried.
  it.each(['js', 'javascript'])('restoring the page as it was at the ---%s commit is refused, its preview too', async (marker) => {
    for (const path of ['/api/admin/history/restore/preview', '/api/admin/history/restore']) {
      const res = await t.call('POST', path, { json: { hash: commits[marker], item: 'delivery-installation' }, cookie })
      expect(res.status).toBe(422)
      expect((await res.json()).error).toContain('The page must start with YAML front matter')
    }
    noCodeRan()
  })

  it('undoing the change that replaced a planted version would bring it back: refused', async () => {
    const head = t.git('rev-parse', 'HEAD').trim()
    for (const path of ['/api/admin/history/undo/preview', '/api/admin/history/undo']) {
      const res = await t.call('POST', path, { json: { commit: commits.coffee }, cookie })
      expect(res.status).toBe(422)
      expect((await res.json()).error).toContain('The page must start with YAML front matter')
    }
    expect(t.git('rev-parse', 'HEAD').trim()).toBe(head)
    noCodeRan()
  })

  it('restoring the last good version puts the page back, and still nothing ran', async () => {
    const res = await t.call('POST', '/api/admin/history/restore', { json: { hash: lastGood, item: 'delivery-installation' }, cookie })
    expect(res.status).toBe(200)
    const api = await t.call('GET', '/api/delivery-installation-content')
    expect(await api.json()).toEqual({ markdownContent: '# Delivery\n\nWe deliver across Portland.' })
    expect(await (await t.call('GET', '/delivery-installation')).text()).toContain('We deliver across Portland.')
    noCodeRan()
  })
})

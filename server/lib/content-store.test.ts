// The content store as the routes show it: missing, unreadable and malformed files; markdown bodies; and edits made
// with plain git (a checkout or commit) being what the next request sees.
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))
afterEach(() => vi.restoreAllMocks())

const file = (rel: string) => join(t.root, rel)
const write = (rel: string, text: string) => writeFileSync(file(rel), text)
const getJson = async (path: string) => {
  const res = await t.call('GET', path, { cookie })
  return { status: res.status, body: await res.json() }
}

describe('missing and unreadable files', () => {
  it('a required file that is missing answers an error naming it', async () => {
    rmSync(file('content/site.yaml'))
    expect(await getJson('/api/site-settings')).toEqual({ status: 500, body: { error: 'content/site.yaml: file is missing' } })
  })

  it('a folder where a file should be is a broken file: its last valid version is shown; with none, an error names it', async () => {
    const committed = await getJson('/api/delivery-installation-content')
    rmSync(file('content/delivery-installation.md'))
    mkdirSync(file('content/delivery-installation.md'))
    expect(await getJson('/api/delivery-installation-content')).toEqual(committed)
    t.git('rm', '-q', '-r', '--cached', '--', 'content/delivery-installation.md')
    t.git('commit', '-q', '-m', 'Gone from the history')
    rmSync(join(t.root, '.git'), { recursive: true, force: true })
    expect(await getJson('/api/delivery-installation-content')).toEqual({
      status: 500,
      body: { error: 'content/delivery-installation.md: could not be read (it is a folder, not a file)' },
    })
  })

  it('a name too long for the file system names no service: 404', async () => {
    const id = 'a'.repeat(300)
    expect(await getJson(`/api/services/${id}`)).toEqual({ status: 404, body: { error: `No service with id "${id}"` } })
  })

  it('with a file where the services folder should be, there are no services, and none is found', async () => {
    rmSync(file('content/services'), { recursive: true })
    write('content/services', 'not a folder\n')
    expect(await getJson('/api/services')).toEqual({ status: 200, body: [] })
    expect((await getJson('/api/services/bouquets')).status).toBe(404)
  })

  it('without a services folder there are no services', async () => {
    rmSync(file('content/services'), { recursive: true })
    expect(await getJson('/api/services')).toEqual({ status: 200, body: [] })
  })

  it('a folder named like a service file is no service and no error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mkdirSync(file('content/services/extra.yaml'))
    const list = await getJson('/api/services')
    expect(list.body.map((s: { id: string }) => s.id)).toEqual(['mosaics', 'bouquets', 'secret'])
    expect(logged).not.toHaveBeenCalled()
  })
})

describe('malformed files', () => {
  const problems = async () =>
    (await getJson('/api/admin/content-problems')).body.problems as { file: string; message: string; line?: number; field?: string }[]
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined)

  it("YAML that does not parse: readers get the last committed version, the problem names file, line and the parser's words", async () => {
    const warned = quiet()
    write('content/site.yaml', 'brand:\n  name: [unclosed\nhero: x\n')
    const first = await getJson('/api/site-settings')
    expect(first).toMatchObject({ status: 200, body: { brand: { name: 'Test Balloon Studio' } } })
    // Read again (from the store's memory): the same answer, and git was asked once.
    expect(await getJson('/api/site-settings')).toEqual(first)
    expect(warned).toHaveBeenCalledTimes(1)
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/^content\/site\.yaml: is not valid YAML .*; serving its last valid version \(commit [0-9a-f]{7}\)$/),
    )
    expect(await problems()).toEqual([
      {
        file: 'content/site.yaml',
        line: 3,
        message: expect.stringMatching(/^The file is not valid YAML: /),
        lastValidCommit: t.git('rev-parse', 'HEAD').trim(),
      },
    ])
  })

  it('a field nested in a list is named by its path', async () => {
    quiet()
    write('content/services/bouquets.yaml', 'title: B\ndescription: d\nimages:\n  - cropped: /etc/passwd\n    original: /uploads/x.jpg\n')
    expect((await getJson('/api/services/bouquets')).body.title).toBe('Bouquets')
    expect(await problems()).toMatchObject([
      { file: 'content/services/bouquets.yaml', field: 'images.0.cropped', message: 'Image URLs must be under /uploads/' },
    ])
  })

  it('a file that never was valid has no version to fall back on: its error names file and field', async () => {
    write('content/services/fresh.yaml', 'title: B\ndescription: d\nimages:\n  - cropped: /etc/passwd\n    original: /uploads/x.jpg\n')
    const { status, body } = await getJson('/api/services/fresh')
    expect(status).toBe(500)
    expect(body.error).toBe('content/services/fresh.yaml: field "images.0.cropped": Image URLs must be under /uploads/')
    expect(await problems()).toMatchObject([{ file: 'content/services/fresh.yaml', field: 'images.0.cropped', lastValidCommit: null }])
  })

  it('front matter that does not parse: the page keeps its last valid text', async () => {
    quiet()
    write('content/delivery-installation.md', '---\ntitle: [unclosed\n---\n# Delivery\n')
    expect(await getJson('/api/delivery-installation-content')).toMatchObject({
      status: 200,
      body: { markdownContent: '# Delivery\n\nWe deliver across Portland.' },
    })
    expect(await problems()).toMatchObject([
      { file: 'content/delivery-installation.md', message: expect.stringMatching(/at line \d+, column \d+/) },
    ])
  })

  it('conflict markers left by a merge count as broken, in YAML and in markdown', async () => {
    quiet()
    write(
      'content/delivery-installation.md',
      '# Delivery\n<<<<<<< HEAD\nWe deliver.\n=======\nWe deliver everywhere.\n>>>>>>> origin/main\n',
    )
    write('content/faq.yaml', '<<<<<<< HEAD\n[]\n=======\n[]\n>>>>>>> theirs\n')
    expect((await getJson('/api/delivery-installation-content')).body.markdownContent).toBe('# Delivery\n\nWe deliver across Portland.')
    expect(await problems()).toMatchObject([
      {
        file: 'content/delivery-installation.md',
        line: 2,
        message: 'The file still holds the conflict markers of an unfinished git merge',
      },
      { file: 'content/faq.yaml', line: 1 },
    ])
  })

  it('a markdown heading underlined with ======= is not a conflict', async () => {
    write('content/delivery-installation.md', 'Delivery\n=======\n\nWe deliver.\n')
    expect((await getJson('/api/delivery-installation-content')).body.markdownContent).toBe('Delivery\n=======\n\nWe deliver.')
    expect(await problems()).toEqual([])
  })
})

describe('what the owner is told of a broken file with no valid version to fall back on', () => {
  const SERVICE = ['content/services/fresh.yaml', '/api/services/fresh'] as const
  const DELIVERY = ['content/delivery-installation.md', '/api/delivery-installation-content'] as const
  const YAML_WORDS = 'Flow sequence in block collection must be sufficiently indented and end with a ]'

  it.each([
    [
      'YAML with conflict markers',
      SERVICE,
      'title: B\n<<<<<<< HEAD\ndescription: d\n=======\ndescription: e\n>>>>>>> theirs\n',
      'has unresolved merge conflict markers (line 2)',
    ],
    ['YAML that does not parse', SERVICE, 'title: [unclosed\ndescription: d\n', `is not valid YAML (${YAML_WORDS} at line 2, column 1)`],
    [
      'markdown with conflict markers',
      DELIVERY,
      '# Delivery\n<<<<<<< HEAD\nWe deliver.\n=======\nWe deliver everywhere.\n>>>>>>> theirs\n',
      'has unresolved merge conflict markers (line 2)',
    ],
    [
      'front matter that does not parse',
      DELIVERY,
      '---\ntitle: [unclosed\n---\n# Delivery\n',
      `has invalid front matter (${YAML_WORDS} at line 2, column 17)`,
    ],
  ])("%s: the file, then what is wrong, in the first line of the parser's words", async (_, [rel, path], text, words) => {
    // The service file was never committed; the delivery page's history is gone with .git.
    rmSync(join(t.root, '.git'), { recursive: true, force: true })
    write(rel, text)
    const { status, body } = await getJson(path)
    expect([status, body.error]).toEqual([500, `${rel}: ${words}`])
  })
})

describe('markdown', () => {
  it('blank lines between the front matter and the body are not part of the body; blank lines inside it are', async () => {
    write('content/delivery-installation.md', '---\ntitle: Delivery\n---\n\n\n# Delivery\n\nWe deliver.\n')
    expect((await getJson('/api/delivery-installation-content')).body.markdownContent).toBe('# Delivery\n\nWe deliver.')
  })

  it('a saved body without front matter is written as it is, ending in one line break', async () => {
    const res = await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: '## New\n\nText' }, cookie })
    expect(res.status).toBe(200)
    expect(readFileSync(file('content/delivery-installation.md'), 'utf8')).toBe('## New\n\nText\n')
  })

  it('a saved body that ends in a line break keeps just that one', async () => {
    const res = await t.call('PUT', '/api/delivery-installation-content', { json: { markdownContent: '## New\n\nText\n' }, cookie })
    expect(res.status).toBe(200)
    expect(readFileSync(file('content/delivery-installation.md'), 'utf8')).toBe('## New\n\nText\n')
  })
})

describe('edits made with plain git', () => {
  it('a commit that moves HEAD is seen even when the file kept its size, time and inode', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const path = file('content/services/bouquets.yaml')
    const stamp = new Date('2026-01-01T00:00:00Z')
    utimesSync(path, stamp, stamp)
    expect((await getJson('/api/services/bouquets')).body.title).toBe('Bouquets')

    // Same size, same mtime, written in place (same inode): only HEAD tells the store the file changed.
    write('content/services/bouquets.yaml', readFileSync(path, 'utf8').replace('title: Bouquets', 'title: Bouquetz'))
    utimesSync(path, stamp, stamp)
    t.git('commit', '-qm', 'Hand edit', '--', 'content/services/bouquets.yaml')
    // HEAD is looked at no more than every 20 ms; at 20 ms it is looked at again.
    vi.setSystemTime(Date.now() + 20)
    expect((await getJson('/api/services/bouquets')).body.title).toBe('Bouquetz')
  })
})

// History's reads called directly: one commit in detail and a file at a commit (near-miss paths refused), the pages of
// the log, files edited by hand, what a restore would change, and the content files that do not read as content.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import YAML from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempContentRoot } from '../testing/temp-content'
import { commitDetail, fileAtCommit } from './commit-detail'
import { ContentProblems } from './content-problems'
import { makeHistoryFixture, serviceYaml, JPEG, type HistoryFixture } from './history.fixture'
import { HistoryError } from './history-error'
import { listHistory } from './history-log'
import { readDisk, uncommittedFiles } from './uncommitted'
import { previewWrites } from './write-preview'

const BOUQUETS = 'content/services/bouquets.yaml'
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as HistoryError,
  )

describe('commitDetail and fileAtCommit', () => {
  let f: HistoryFixture
  beforeAll(() => {
    f = makeHistoryFixture()
  })
  afterAll(() => f.cleanup())

  it('the first commit of a repository: no parent, every file added, pictures served from that commit', async () => {
    const repo = makeTempContentRoot({ seed: false, files: { 'content/testimonials.yaml': '[]\n', 'uploads/a-1.jpg': JPEG } })
    try {
      const hash = repo.git('rev-parse', 'HEAD').trim()
      const detail = await commitDetail(repo.root, 'HEAD')
      expect(detail.hash).toBe(hash)
      expect(detail.parent).toBeNull()
      expect(detail.changes.map((c) => [c.path, c.change, c.imageUrl])).toEqual([
        ['content/testimonials.yaml', 'added', undefined],
        ['uploads/a-1.jpg', 'added', `/api/admin/history/commits/${hash}/file?path=uploads%2Fa-1.jpg`],
      ])
    } finally {
      repo.cleanup()
    }
  })

  it('a picture removed is shown as it was before the commit; one replaced as it is after; files outside content are not listed', async () => {
    const before = f.head()
    f.remove('uploads/hero.jpg')
    f.write('uploads/bq-1.jpg', Buffer.concat([JPEG, Buffer.from([7])]))
    f.write('README.md', 'notes\n')
    const hash = f.commit('Pictures by hand', [], ['uploads', 'README.md'])
    const detail = await commitDetail(f.root, hash)
    expect(detail.parent).toBe(before)
    expect(detail.summary).toBe('Pictures by hand')
    expect(detail.changes.map((c) => [c.path, c.change, c.imageUrl])).toEqual([
      ['uploads/bq-1.jpg', 'changed', `/api/admin/history/commits/${hash}/file?path=uploads%2Fbq-1.jpg`],
      ['uploads/hero.jpg', 'removed', `/api/admin/history/commits/${before}/file?path=uploads%2Fhero.jpg`],
    ])
  })

  it('a picture is named by the content of the same commit that shows it', async () => {
    f.write('uploads/bq-3.jpg', JPEG)
    f.write(
      BOUQUETS,
      serviceYaml('bouquets', 'Bouquets', { images: [{ cropped: '/uploads/bq-3.jpg', original: '/uploads/bq-3.jpg', alt: 'Pink arch' }] }),
    )
    const hash = f.commit('Picture', ['services/bouquets'], [BOUQUETS, 'uploads/bq-3.jpg'])
    const detail = await commitDetail(f.root, hash)
    expect(detail.changes.map((c) => c.label)).toEqual(['Service "Bouquets"', 'Picture “Pink arch” (Service "Bouquets")'])
  })

  it('a commit that changed no content is still shown, with no changes', async () => {
    f.write('README.md', 'more notes\n')
    const hash = f.commit('Notes', [], ['README.md'])
    const detail = await commitDetail(f.root, hash.slice(0, 7))
    expect(detail).toMatchObject({ hash, summary: 'Notes', changes: [] })
  })

  it('an unknown commit is a 404 naming it', async () => {
    const err = await refusal(commitDetail(f.root, 'abcdef1'))
    expect(err).toBeInstanceOf(HistoryError)
    expect(err).toMatchObject({ status: 404, message: 'No commit abcdef1 in the content history' })
  })

  it('a file at a commit: only under content/ and uploads/, near misses refused with a 400 in words', async () => {
    const head = f.head()
    expect(await fileAtCommit(f.root, head, 'uploads/bq-1-original.jpg')).toEqual(JPEG)
    expect((await fileAtCommit(f.root, head, 'content/testimonials.yaml'))?.toString()).toBe(
      f.git('show', 'HEAD:content/testimonials.yaml'),
    )
    expect(await fileAtCommit(f.root, head, 'content/services/none.yaml')).toBeNull()
    expect(await fileAtCommit(f.root, head, 'uploads/..x.jpg')).toBeNull()
    for (const path of [
      'README.md',
      'contents/site.yaml',
      'uploadsx/a.jpg',
      '/uploads/hero.jpg',
      'uploads/hero.jpg\n',
      'uploads/',
      'uploads/a b.jpg',
      'uploads/../content/site.yaml',
      'content/../../etc/passwd',
      'x/uploads/hero.jpg',
    ]) {
      const err = await refusal(fileAtCommit(f.root, head, path))
      expect(err, path).toMatchObject({ status: 400, message: 'Only files under content/ and uploads/ can be shown' })
    }
    expect(await refusal(fileAtCommit(f.root, 'abcdef1', 'uploads/hero.jpg'))).toMatchObject({ status: 404 })
  })
})

describe('listHistory', () => {
  let f: HistoryFixture
  beforeAll(() => {
    f = makeHistoryFixture()
    for (const price of ['$50', '$55']) {
      f.write(BOUQUETS, serviceYaml('bouquets', 'Bouquets', { pricingInfo: `Small: ${price}` }))
      f.commit(`Bouquets ${price}`, ['services/bouquets'], [BOUQUETS])
    }
    f.write('content/testimonials.yaml', YAML.stringify([{ id: 't1', quote: 'Lovely!', author: 'Ann', position: '', imageSrc: '' }]))
    f.commit('Testimonial', ['testimonials'], ['content/testimonials.yaml'])
    f.write('README.md', 'code\n')
    f.commit('Code only', [], ['README.md'])
  })
  afterAll(() => f.cleanup())

  const summaries = async (options: Parameters<typeof listHistory>[1]) => {
    const page = await listHistory(f.root, options)
    return [page.entries.map((e) => e.summary), page.hasMore]
  }

  it('pages newest first, code-only commits left out; at least one entry a page, never before the first', async () => {
    expect(await summaries({})).toEqual([['Testimonial', 'Bouquets $55', 'Bouquets $50', 'Add starting content'], false])
    expect(await summaries({ limit: 2 })).toEqual([['Testimonial', 'Bouquets $55'], true])
    expect(await summaries({ limit: 2, offset: 2 })).toEqual([['Bouquets $50', 'Add starting content'], false])
    expect(await summaries({ limit: 3, offset: 1 })).toEqual([['Bouquets $55', 'Bouquets $50', 'Add starting content'], false])
    expect(await summaries({ limit: 0 })).toEqual([['Testimonial'], true])
    expect(await summaries({ limit: -3, offset: -2 })).toEqual([['Testimonial'], true])
    expect(await summaries({ item: 'all', limit: 1, offset: 1 })).toEqual([['Bouquets $55'], true])
  })

  it('one item, or one kind, paged the same way', async () => {
    expect(await summaries({ item: 'services/bouquets' })).toEqual([['Bouquets $55', 'Bouquets $50', 'Add starting content'], false])
    expect(await summaries({ item: 'services/bouquets', limit: 1, offset: 1 })).toEqual([['Bouquets $50'], true])
    expect(await summaries({ kind: 'services' })).toEqual([['Bouquets $55', 'Bouquets $50', 'Add starting content'], false])
    expect(await summaries({ kind: 'services', limit: 1, offset: 1 })).toEqual([['Bouquets $50'], true])
    expect(await summaries({ kind: 'services', limit: 2, offset: 1 })).toEqual([['Bouquets $50', 'Add starting content'], false])
    expect(await summaries({ kind: 'testimonials', item: 'testimonials' })).toEqual([['Testimonial', 'Add starting content'], false])
    expect(await summaries({ kind: 'faq' })).toEqual([[], false])
    expect(await summaries({ kind: 'services', limit: 1, offset: -2 })).toEqual([['Bouquets $55'], true])
    expect(await summaries({ kind: 'services', item: 'services/jumbos' })).toEqual([['Add starting content'], false])
  })

  it('an unknown item is a 400 naming it; a repository without commits has no entries', async () => {
    expect(await refusal(listHistory(f.root, { item: 'services/../x' }))).toMatchObject({
      status: 400,
      message: 'Unknown content item: services/../x',
    })
    const empty = join(f.root, '..', 'empty')
    mkdirSync(empty)
    f.git('init', '-q', empty)
    expect(await listHistory(empty)).toEqual({ entries: [], hasMore: false })
  })
})

describe('files as they are on disk', () => {
  let f: HistoryFixture
  beforeAll(() => {
    f = makeHistoryFixture()
  })
  afterAll(() => f.cleanup())

  it('readDisk: the bytes, null when missing, an error for a folder or a path outside the root', async () => {
    expect(await readDisk(f.root, 'uploads/hero.jpg')).toEqual(JPEG)
    expect(await readDisk(f.root, 'uploads/none.jpg')).toBeNull()
    await expect(readDisk(f.root, 'content/services')).rejects.toMatchObject({ code: 'ENOTPLAIN', message: 'it is a folder, not a file' })
    // A symbolic link is never followed: the file is not there for History (a restore writes a plain file over it).
    symlinkSync(join(f.root, 'uploads/hero.jpg'), join(f.root, 'uploads/linked.jpg'))
    expect(await readDisk(f.root, 'uploads/linked.jpg')).toBeNull()
    rmSync(join(f.root, 'uploads/linked.jpg'))
    await expect(readDisk(f.root, '../outside.txt')).rejects.toThrow(/outside the content root/)
  })

  it("uncommittedFiles names each file's state, only for the paths asked", async () => {
    f.write('content/testimonials.yaml', '[]\n')
    f.remove('content/site.yaml')
    f.write('content/faq.yaml', '[]\n')
    f.git('add', 'content/faq.yaml')
    f.write('content/notes.tmp-write.yaml', 'x: 1\n')
    f.write('content/.site.yaml.1a2b.tmp-write', 'x')
    f.write('README.md', 'x\n')
    rmSync(join(f.root, 'uploads/hero.jpg'))
    symlinkSync('bq-1.jpg', join(f.root, 'uploads/hero.jpg'))
    f.write('uploads/new.jpg', JPEG)
    f.write('uploads/2026/new-2.jpg', JPEG)
    try {
      const files = await uncommittedFiles(f.root)
      expect([...files].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: 'content/faq.yaml', state: 'added' },
        { path: 'content/notes.tmp-write.yaml', state: 'untracked' },
        { path: 'content/site.yaml', state: 'deleted' },
        { path: 'content/testimonials.yaml', state: 'modified' },
        { path: 'uploads/2026/new-2.jpg', state: 'untracked' },
        { path: 'uploads/hero.jpg', state: 'type changed' },
        { path: 'uploads/new.jpg', state: 'untracked' },
      ])
      expect(await uncommittedFiles(f.root, ['content/testimonials.yaml', 'README.md'])).toEqual([
        { path: 'content/testimonials.yaml', state: 'modified' },
        { path: 'README.md', state: 'untracked' },
      ])
    } finally {
      f.git('reset', '-q', '--hard')
      f.git('clean', '-qfd')
    }
    expect(await uncommittedFiles(f.root)).toEqual([])
  })

  it('a file left conflicted by a merge is named as such', async () => {
    const main = f.git('rev-parse', '--abbrev-ref', 'HEAD').trim()
    f.git('checkout', '-q', '-b', 'laptop')
    f.write('content/testimonials.yaml', '- laptop\n')
    f.commit('Laptop', [], ['content/testimonials.yaml'])
    f.git('checkout', '-q', main)
    f.write('content/testimonials.yaml', '- studio\n')
    f.commit('Studio', [], ['content/testimonials.yaml'])
    expect(() => f.git('merge', '-q', 'laptop')).toThrow()
    try {
      expect(await uncommittedFiles(f.root)).toEqual([{ path: 'content/testimonials.yaml', state: 'conflicted' }])
    } finally {
      f.git('merge', '--abort')
    }
  })

  it('previewWrites: content field by field first, pictures after it (coming back or replaced from the commit, going from the site); unchanged files left out', async () => {
    const commit = f.head()
    const changes = await previewWrites(
      f.root,
      [
        { path: 'uploads/gone-1.jpg', bytes: JPEG },
        { path: 'uploads/hero.jpg', bytes: null },
        { path: 'uploads/bq-1.jpg', bytes: JPEG },
        { path: BOUQUETS, bytes: Buffer.from(serviceYaml('bouquets', 'Bouquets Deluxe')) },
        { path: 'content/testimonials.yaml', bytes: Buffer.from(f.git('show', 'HEAD:content/testimonials.yaml')) },
        { path: 'content/faq.yaml', bytes: Buffer.from('[]\n') },
      ],
      commit,
    )
    expect(changes.map((c) => [c.path, c.change, c.imageUrl])).toEqual([
      [BOUQUETS, 'changed', undefined],
      ['content/faq.yaml', 'added', undefined],
      ['uploads/gone-1.jpg', 'added', `/api/admin/history/commits/${commit}/file?path=uploads%2Fgone-1.jpg`],
      ['uploads/hero.jpg', 'removed', '/uploads/hero.jpg'],
      ['uploads/bq-1.jpg', 'changed', `/api/admin/history/commits/${commit}/file?path=uploads%2Fbq-1.jpg`],
    ])
    expect(changes.map((c) => c.label)).toEqual([
      'Service "Bouquets Deluxe"',
      'FAQ',
      'Image gone-1.jpg',
      'Image hero.jpg',
      'Picture without a description (Service "Bouquets Deluxe")',
    ])
    expect(changes[0].fields.map((f) => [f.field, f.before, f.after])).toEqual([
      ['title', 'Bouquets', 'Bouquets Deluxe'],
      ['description', 'Bouquets for every party', 'Bouquets Deluxe for every party'],
      ['images', ['/uploads/bq-1.jpg'], []],
    ])
    const delivery = 'content/delivery-installation.md'
    expect(await previewWrites(f.root, [{ path: delivery, bytes: Buffer.from(f.git('show', `HEAD:${delivery}`)) }], commit)).toEqual([])
  })
})

describe('ContentProblems', () => {
  let f: HistoryFixture
  let good: string
  beforeAll(() => {
    f = makeHistoryFixture()
    good = f.head()
    f.write('content/testimonials.yaml', 'not: a list\n')
    f.write('content/delivery-installation.md', '---js\n{}\n---\n')
    f.write('content/faq.yml', 'x: [\n')
    f.write('content/services/arches.yaml', 'title: [\n')
    f.write('content/drafts/site.yaml', 'x: [\n')
    f.write('content/notes.txt', 'x: [\n')
    f.commit('Broken by hand', [], ['content'])
  })
  afterAll(() => f.cleanup())

  it('lists each content file that does not read, sorted, with where, why and its last valid commit', async () => {
    const problems = await new ContentProblems(f.root).list()
    expect(problems).toEqual([
      { file: 'content/delivery-installation.md', message: 'The page must start with YAML front matter', lastValidCommit: good },
      {
        file: 'content/services/arches.yaml',
        line: 2,
        message: 'The file is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
        lastValidCommit: null,
      },
      { file: 'content/testimonials.yaml', message: 'Invalid input: expected array, received object', lastValidCommit: good },
    ])
  })

  it('a content root without a services folder has nothing to list', async () => {
    const bare = makeTempContentRoot({ seed: false, files: { 'content/testimonials.yaml': '[]\n' } })
    try {
      expect(await new ContentProblems(bare.root).list()).toEqual([])
    } finally {
      bare.cleanup()
    }
  })

  it('keeps its answer while no file changes; a fixed file leaves the list', async () => {
    const scan = new ContentProblems(f.root)
    const [a, b] = await Promise.all([scan.list(), scan.list()])
    expect(b).toBe(a)
    expect(await scan.list()).toBe(a)
    writeFileSync(join(f.root, 'content/testimonials.yaml'), '[]\n')
    try {
      const after = await scan.list()
      expect(after.map((p) => p.file)).toEqual(['content/delivery-installation.md', 'content/services/arches.yaml'])
    } finally {
      f.git('checkout', '--', 'content/testimonials.yaml')
    }
    expect((await scan.list()).map((p) => p.file)).toEqual([
      'content/delivery-installation.md',
      'content/services/arches.yaml',
      'content/testimonials.yaml',
    ])
  })

  it('previewWrites: a picture coming back is named by the text being restored, when only that text mentions it', async () => {
    const restored = serviceYaml('bouquets', 'Bouquets', { images: [{ cropped: '/uploads/back-1.jpg', alt: 'Pink arch' }] })
    const changes = await previewWrites(
      f.root,
      [
        { path: BOUQUETS, bytes: Buffer.from(restored) },
        { path: 'uploads/back-1.jpg', bytes: JPEG },
      ],
      f.head(),
    )
    expect(changes.find((c) => c.path === 'uploads/back-1.jpg')?.label).toBe('Picture “Pink arch” (Service "Bouquets")')
  })
})

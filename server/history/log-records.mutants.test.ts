// The log as History reads it: parseLog on built `git log` output (trailers, a developer's revert, a merge's letters),
// and logRecords on one fixture repository (only content/ and uploads/ files, merges that changed nothing left out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeHistoryFixture, serviceYaml, type HistoryFixture } from './history.fixture'
import { logRecords, parseLog, withoutEmptyMerges, type LogRecord } from './log-records'

const HASH = 'a'.repeat(40)
const OTHER = 'b'.repeat(40)

/** One commit as `git log --format=LOG_FORMAT --name-status` prints it. */
function record(r: {
  hash?: string
  parents?: string
  summary?: string
  items?: string
  restored?: string
  undoes?: string
  body?: string
  names?: string[]
}) {
  const fields = [
    r.hash ?? HASH,
    r.parents ?? OTHER,
    '2026-11-20T10:04:00-08:00',
    'Ann Owner',
    r.summary ?? 'Update service "Bouquets": pricing',
    r.items ?? '',
    r.restored ?? '',
    r.undoes ?? '',
    r.body ?? '',
    `\n${(r.names ?? []).join('\n')}\n`,
  ]
  return `\x1e${fields.join('\x1f')}`
}

describe('parseLog', () => {
  it('reads every field of a dashboard commit, its items from the trailers (each once)', () => {
    const [r] = parseLog(
      record({
        parents: `${OTHER} ${'c'.repeat(40)}`,
        items: ' services/bouquets \x1dservice-order\x1dservices/bouquets',
        names: ['M\tcontent/services/bouquets.yaml', 'A\tuploads/bq-2.jpg'],
      }),
    )
    expect(r).toEqual<LogRecord>({
      hash: HASH,
      shortHash: 'aaaaaaa',
      parents: [OTHER, 'c'.repeat(40)],
      date: '2026-11-20T10:04:00-08:00',
      author: 'Ann Owner',
      summary: 'Update service "Bouquets": pricing',
      items: ['services/bouquets', 'service-order'],
      fromDashboard: true,
      files: [
        { status: 'M', path: 'content/services/bouquets.yaml' },
        { status: 'A', path: 'uploads/bq-2.jpg' },
      ],
    })
  })

  it("a developer's commit: items from the paths (each once), not from the dashboard; a root commit has no parents", () => {
    const [r] = parseLog(
      record({
        parents: '',
        names: ['M\tcontent/services/bouquets.yaml', 'D\tcontent/testimonials.yaml', 'M\tREADME.md', 'M\tcontent/services/bouquets.yaml'],
      }),
    )
    expect(r.parents).toEqual([])
    expect(r.fromDashboard).toBe(false)
    expect(r.items).toEqual(['services/bouquets', 'testimonials'])
    expect(r.files.map((f) => f.status)).toEqual(['M', 'D', 'M', 'M'])
  })

  it("a merge's letters: the first parent's; a name-only line keeps its path with no letter", () => {
    const [r] = parseLog(
      record({ names: ['MM\tcontent/site.yaml', 'R100\tcontent/faq.yaml', 'content/services/jumbos.yaml', 'QM\tcontent/x.yaml'] }),
    )
    expect(r.files).toEqual([
      { status: 'M', path: 'content/site.yaml' },
      { status: 'R', path: 'content/faq.yaml' },
      { status: '', path: 'content/services/jumbos.yaml' },
      { status: '', path: 'QM\tcontent/x.yaml' },
    ])
  })

  it('a restore and an undo name their commits; a git revert is read from its body', () => {
    const [restore, undo, revert, plain] = parseLog(
      record({ restored: ` ${OTHER} \x1d${'c'.repeat(40)}` }) +
        record({ undoes: `${OTHER}\x1d${'d'.repeat(40)}` }) +
        record({ body: `Because.\nThis reverts commit ${OTHER}.\n` }) +
        record({ body: `It does not say This reverts commit ${OTHER}.\nThis reverts commit ${OTHER.slice(0, 39)}.` }),
    )
    expect(restore.restoredFrom).toBe(OTHER)
    expect(restore).not.toHaveProperty('undoes')
    expect(undo.undoes).toBe(OTHER)
    expect(undo).not.toHaveProperty('restoredFrom')
    expect(revert.undoes).toBe(OTHER)
    expect(plain).not.toHaveProperty('undoes')
    expect(plain).not.toHaveProperty('restoredFrom')
  })

  it('skips empty and short records; every whole one is read', () => {
    const nine = `\x1e${['c'.repeat(40), '', 'date', 'who', 'what', '', '', '', 'body'].join('\x1f')}`
    const out = `\x1e  \n${record({ hash: OTHER })}\x1eonly\x1ffour\x1ffields\x1fhere${nine}${record({})}`
    expect(parseLog(out).map((r) => r.hash)).toEqual([OTHER, HASH])
  })
})

describe('withoutEmptyMerges', () => {
  it('drops a merge that changed nothing itself, keeps a merge with files and every ordinary commit', () => {
    const base = parseLog(record({}))[0]
    const merge = { ...base, parents: [HASH, OTHER] }
    const records = [
      { ...merge, hash: '1', files: [] },
      { ...merge, hash: '2', files: [{ status: 'M', path: 'content/site.yaml' }] },
      { ...base, hash: '3', files: [] },
      { ...base, hash: '4', parents: [], files: [] },
    ]
    expect(withoutEmptyMerges(records).map((r) => r.hash)).toEqual(['2', '3', '4'])
  })
})

describe('logRecords', () => {
  let f: HistoryFixture
  beforeAll(() => {
    f = makeHistoryFixture()
  })
  afterAll(() => f.cleanup())

  it('lists the content files a commit changed, never files outside content/ and uploads/, with their letters', async () => {
    f.write('content/services/bouquets.yaml', serviceYaml('bouquets', 'Bouquets', { pricingInfo: 'Small: $55' }))
    f.write('contents/notes.yaml', 'a: 1\n')
    f.write('uploads-old/x.jpg', 'x')
    f.write('README.md', 'x\n')
    f.remove('content/delivery-installation.md')
    const hash = f.commit('Mixed', ['services/bouquets'], ['content', 'contents', 'uploads-old', 'README.md'])
    const [r] = await logRecords(f.root, [], ['-n', '1'])
    expect(r.hash).toBe(hash)
    expect(r.files).toEqual([
      { status: 'D', path: 'content/delivery-installation.md' },
      { status: 'M', path: 'content/services/bouquets.yaml' },
    ])
    expect(r.items).toEqual(['services/bouquets'])
  })

  it('with paths, lists only the commits that touched them; from the given revisions', async () => {
    const before = f.head()
    f.write('content/testimonials.yaml', '[]\n')
    const hash = f.commit('Testimonials', ['testimonials'], ['content/testimonials.yaml'])
    const records = await logRecords(f.root, ['content/testimonials.yaml'])
    expect(records.map((r) => r.summary)).toEqual(['Testimonials', 'Add starting content'])
    expect((await logRecords(f.root, [], ['-n', '1'], [before]))[0].summary).toBe('Mixed')
    expect((await logRecords(f.root, [], [], [hash])).length).toBe(4)
  })

  it("a merge that joined two sides cleanly changed nothing itself; both sides' commits are listed once", async () => {
    const main = f.git('rev-parse', '--abbrev-ref', 'HEAD').trim()
    f.git('checkout', '-q', '-b', 'laptop')
    f.write('content/services/jumbos.yaml', serviceYaml('jumbos', 'Jumbos', { pricingInfo: 'Big: $90' }))
    f.commit('Laptop jumbos', [], ['content/services/jumbos.yaml'])
    f.git('checkout', '-q', main)
    f.write('content/services/bouquets.yaml', serviceYaml('bouquets', 'Bouquets', { pricingInfo: 'Small: $56' }))
    f.commit('Owner bouquets', ['services/bouquets'], ['content/services/bouquets.yaml'])
    f.git('merge', '-q', '--no-edit', '-m', 'Merge laptop', 'laptop')
    const records = await logRecords(f.root, [], ['-n', '3'])
    expect(records[0]).toMatchObject({ summary: 'Merge laptop', files: [] })
    expect(records.map((r) => [r.summary, r.files.length]).sort()).toEqual([
      ['Laptop jumbos', 1],
      ['Merge laptop', 0],
      ['Owner bouquets', 1],
    ])
    expect(
      withoutEmptyMerges(records)
        .map((r) => r.summary)
        .sort(),
    ).toEqual(['Laptop jumbos', 'Owner bouquets'])
  })
})

// What the owner hears from a restore that cannot be done as asked (a version that is no longer valid content: nothing
// written, no commit) or that removes an item (restored to a commit from before it existed).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const head = () => t.git('rev-parse', 'HEAD').trim()
const restore = async (hash: string, item: string) => {
  const res = await t.call('POST', '/api/admin/history/restore', { json: { hash, item }, cookie })
  return [res.status, await res.json()]
}

/** A developer's commit made with plain git. */
function handCommit(path: string, text: string, message: string): string {
  writeFileSync(join(t.root, path), text)
  t.git('add', path)
  t.git('commit', '-qm', message)
  return head()
}

describe('restores the owner is told about', () => {
  it('a version that is not valid content today is refused, naming the file, the commit and the field', async () => {
    const bad = handCommit('content/testimonials.yaml', '- quote: ""\n  author: Jane D.\n', 'Blank quote by hand')
    handCommit('content/testimonials.yaml', '- quote: Lovely\n  author: Jane D.\n', 'Fix it')
    const now = head()
    const [status, body] = await restore(bad, 'testimonials')
    expect(status).toBe(422)
    expect(body.error).toMatch(
      new RegExp(
        `^content/testimonials\\.yaml as it was at ${bad.slice(0, 7)} is not valid content today \\(field "0\\.quote": .+\\); restore it with git instead\\.$`,
      ),
    )
    expect(head()).toBe(now)
    expect(t.git('status', '--porcelain').trim()).toBe('')
  })

  it('restoring a service to a commit from before it existed removes it, and the commit says so', async () => {
    const first = t.git('rev-list', '--max-parents=0', 'HEAD').trim()
    handCommit('content/services/new-one.yaml', 'title: New One\ndescription: x\n', 'Add a service by hand')
    const [status, body] = await restore(first, 'services/new-one')
    expect(status).toBe(200)
    // The title comes from the file as it is now: the chosen version has none.
    expect(body.summary).toMatch(
      new RegExp(
        `^Restore service "New One" to ${first.slice(0, 7)} \\([A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M\\) \\(removed: it did not exist then\\)$`,
      ),
    )
    expect(t.git('log', '-1', '--format=%s').trim()).toBe(body.summary)
    expect(t.git('ls-files', 'content/services/new-one.yaml').trim()).toBe('')
  })

  it('restoring a service that exists neither then nor now changes nothing and says so', async () => {
    const now = head()
    expect(await restore(now, 'services/never-was')).toEqual([
      200,
      {
        hash: null,
        summary: 'Nothing to restore: it is already as it was then.',
        title: 'Nothing to restore: it is already as it was then.',
        items: [],
        restoredImages: [],
      },
    ])
    expect(head()).toBe(now)
  })

  it("each kind of file is checked against today's rules before anything is written", async () => {
    const cases: [string, string, string, RegExp][] = [
      ['content/services/mosaics.yaml', 'title: ""\ndescription: x\n', 'services/mosaics', /\(field "title": .+\)/],
      [
        'content/delivery-installation.md',
        '# Delivery\n\nBell \u0007 here\n',
        'delivery-installation',
        /\(field "markdownContent": The page text must not contain control characters\)/,
      ],
      [
        'content/testimonials.yaml',
        '- quote: [unclosed\n',
        'testimonials',
        /\((?!field)\w[^\n]{20,}\); restore it with git instead\.$/ /* the YAML parser's first line */,
      ],
    ]
    for (const [path, bad, item, why] of cases) {
      const good = readFileSync(join(t.root, path), 'utf8')
      const badCommit = handCommit(path, bad, `Break ${path} by hand`)
      handCommit(path, good, `Mend ${path}`)
      const now = head()
      const [status, body] = await restore(badCommit, item)
      expect(status, path).toBe(422)
      expect(body.error).toMatch(
        new RegExp(`^${path.replace(/\./g, '\\.')} as it was at ${badCommit.slice(0, 7)} is not valid content today \\(`),
      )
      expect(body.error).toMatch(why)
      expect(head()).toBe(now)
      expect(readFileSync(join(t.root, path), 'utf8')).toBe(good)
    }
  })

  it('an item that did not exist at the commit is refused, naming it; a commit without content cannot restore the whole site', async () => {
    const first = head()
    handCommit('content/faq.yaml', '- id: a\n  question: Q?\n  answer: A.\n', 'Add the FAQ')
    expect(await restore(first, 'faq')).toEqual([422, { error: `FAQ did not exist at ${first.slice(0, 7)}` }])
    const empty = t.git('commit-tree', '4b825dc642cb6eb9a060e54bf8d69288fbee4904', '-m', 'Nothing at all').trim()
    expect(await restore(empty, 'all')).toEqual([422, { error: `Commit ${empty.slice(0, 7)} has no content to restore` }])
    expect(readFileSync(join(t.root, 'content/faq.yaml'), 'utf8')).toContain('question: Q?')
  })

  it("restoring the whole site brings back a developer's own content file, which today's rules do not cover", async () => {
    // A long markdown file too: only the delivery page is held to the page's length limit.
    const long = `# Notes\n\n${'x'.repeat(100_001)}\n`
    writeFileSync(join(t.root, 'content/notes.md'), long)
    t.git('add', 'content/notes.md')
    const withNotes = handCommit('content/notes.yaml', 'anything: [1, 2]\n', 'Notes by hand')
    t.git('rm', '-q', 'content/notes.yaml', 'content/notes.md')
    t.git('commit', '-qm', 'Drop the notes')
    const [status, body] = await restore(withNotes, 'all')
    expect(status).toBe(200)
    expect(body.items.sort()).toEqual(['notes.md', 'notes.yaml'])
    expect(readFileSync(join(t.root, 'content/notes.yaml'), 'utf8')).toBe('anything: [1, 2]\n')
    expect(readFileSync(join(t.root, 'content/notes.md'), 'utf8')).toBe(long)
  })
})

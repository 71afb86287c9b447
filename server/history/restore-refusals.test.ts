// What the owner hears from a restore that cannot be done as asked (a version that is no longer valid content: nothing
// written, no commit) or that removes an item (restored to a commit from before it existed).
import { writeFileSync } from 'node:fs'
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
    expect(body.error).toMatch(new RegExp(`^content/testimonials\\.yaml as it was at ${bad.slice(0, 7)} is not valid content today \\(field "0\\.quote": .+\\); restore it with git instead\\.$`))
    expect(head()).toBe(now)
    expect(t.git('status', '--porcelain').trim()).toBe('')
  })

  it('restoring a service to a commit from before it existed removes it, and the commit says so', async () => {
    const first = t.git('rev-list', '--max-parents=0', 'HEAD').trim()
    handCommit('content/services/new-one.yaml', 'title: New One\ndescription: x\n', 'Add a service by hand')
    const [status, body] = await restore(first, 'services/new-one')
    expect(status).toBe(200)
    expect(body.summary).toMatch(new RegExp(`^Restore .* to ${first.slice(0, 7)} .*\\(removed: it did not ex`))
    expect(t.git('log', '-1', '--format=%s').trim()).toBe(body.summary)
    expect(t.git('ls-files', 'content/services/new-one.yaml').trim()).toBe('')
  })
})

// The site's History takes in what a developer pushed: a commit on the remote reaches the content folder through the
// sync ContentHistory sets up, its merge run in the save queue (ContentRepo.exclusive).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContentRepo } from '../lib/git'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { ContentHistory } from './content-history'

const DEV_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'd@x', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'd@x' }
let t: TempContentRoot
let folders: string[]
let history: ContentHistory | undefined
beforeEach(() => {
  t = makeTempContentRoot({ seed: false, files: { 'content/faq.yaml': '[]\n' } })
  const bare = mkdtempSync(join(tmpdir(), 'balloon-remote-'))
  folders = [bare]
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
  t.git('remote', 'add', 'origin', bare)
  t.git('push', '-q', '-u', 'origin', 'main')
})
afterEach(() => {
  vi.restoreAllMocks()
  history?.sync.stop()
  t.cleanup()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

const QUESTION = '- id: parking\n  question: Where do we park?\n  answer: Out front.\n'

/** A developer's clone adds a question to the FAQ and pushes it. */
function pushFromLaptop(): void {
  const laptop = mkdtempSync(join(tmpdir(), 'balloon-laptop-'))
  folders.push(laptop)
  execFileSync('git', ['clone', '-q', folders[0]!, laptop], { env: DEV_ENV })
  writeFileSync(join(laptop, 'content/faq.yaml'), QUESTION)
  for (const args of [
    ['add', '--', 'content/faq.yaml'],
    ['commit', '-qm', 'Add a question'],
    ['push', '-q', 'origin', 'main'],
  ]) {
    execFileSync('git', ['-C', laptop, ...args], { env: DEV_ENV })
  }
}

function makeHistory(): { history: ContentHistory } {
  const repo = new ContentRepo(t.root, { name: 'Studio Admin', email: 'admin@example.test' })
  history = new ContentHistory({ root: t.root, repo, remote: 'origin', branch: 'main', syncIntervalMs: null, log: () => undefined })
  return { history }
}

describe('the sync History sets up', () => {
  it("takes in a developer's pushed commit, inside the save queue", async () => {
    pushFromLaptop()
    const queued = vi.spyOn(ContentRepo.prototype, 'exclusive')
    const { history } = makeHistory()
    await history.sync.syncNow()
    expect(readFileSync(join(t.root, 'content/faq.yaml'), 'utf8')).toContain('Where do we park?')
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Add a question')
    expect(queued).toHaveBeenCalled()
  })

  it('takes in nothing while git is mid-operation here (a detached HEAD), and says why', async () => {
    pushFromLaptop()
    t.git('checkout', '-q', '--detach')
    const { history } = makeHistory()
    await history.sync.syncNow()
    expect(readFileSync(join(t.root, 'content/faq.yaml'), 'utf8')).toBe('[]\n')
    expect((await history.sync.status()).lastError).toMatch(/^Waiting: /)
  })
})

// The sync with a bare remote (a real one in a temp folder, and a developer's clone), as the owner reads it in History's status (the exact words, times and counts), the
// remote's branches and the commits on disk: a refusing remote and its retry times, a remote that moved mid-push, edits
// in the way, a remote that is gone, a deleted branch, a sync asked for during a sync, and a stopped sync.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeHistoryFixture, type HistoryFixture } from './history.fixture'
import { RemoteSync } from './remote-sync'

let f: HistoryFixture
let bareDir: string
let sync: RemoteSync | undefined
let logged: string[]
const extra: string[] = []

const AT = new Date('2026-11-27T23:30:00Z')
let clock: Date
const after = (ms: number) => new Date(AT.getTime() + ms).toISOString()

beforeEach(() => {
  f = makeHistoryFixture()
  bareDir = mkdtempSync(join(tmpdir(), 'balloon-remote-'))
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bareDir])
  f.git('remote', 'add', 'origin', bareDir)
  logged = []
  clock = AT
})
afterEach(() => {
  sync?.stop()
  sync = undefined
  f.cleanup()
  for (const dir of [bareDir, ...extra.splice(0)]) rmSync(dir, { recursive: true, force: true })
})

const DEV_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'd@x', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'd@x' }
const bareGit = (...args: string[]) => execFileSync('git', ['-C', bareDir, ...args], { encoding: 'utf8' }).trim()

function hook(body: string | null, name = 'pre-receive'): void {
  const file = join(bareDir, 'hooks', name)
  if (body === null) return rmSync(file, { force: true })
  writeFileSync(file, `#!/bin/sh\n${body}\n`)
  chmodSync(file, 0o755)
}

/** A developer's clone of the remote: edit, commit, push. */
function laptop() {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-laptop-'))
  extra.push(dir)
  execFileSync('git', ['clone', '-q', bareDir, dir], { env: DEV_ENV })
  const run = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env: DEV_ENV, encoding: 'utf8' })
  return {
    edit(path: string, text: string, message: string) {
      run('pull', '-q', '--ff-only')
      writeFileSync(join(dir, path), text)
      run('add', '--', path)
      run('commit', '-qm', message)
      run('push', '-q', 'origin', 'main')
      return run('rev-parse', 'HEAD').trim()
    },
  }
}

const make = (options: Partial<ConstructorParameters<typeof RemoteSync>[0]> = {}) =>
  (sync = new RemoteSync({
    root: f.root,
    remote: 'origin',
    branch: 'main',
    log: (m) => logged.push(m),
    now: () => clock,
    initialDelayMs: 60_000,
    maxDelayMs: 150_000,
    ...options,
  }))

const commitOnServer = (path: string, text: string, message: string) => {
  f.write(path, text)
  return f.commit(message, ['x'], [path])
}

describe('RemoteSync: what the owner is told', () => {
  it('a remote without a branch is no sync: nothing is pushed, and the status says no-remote', async () => {
    sync = new RemoteSync({ root: f.root, remote: 'origin', branch: null })
    sync.start()
    await sync.syncNow()
    await sync.idle()
    expect(await sync.status()).toEqual({ remote: 'origin', branch: null, state: 'no-remote', ahead: 0, behind: 0 })
    expect(bareGit('for-each-ref')).toBe('')
    expect(sync.failingFor()).toBeNull()
  })

  it('before the first push every commit is ahead; after it, in-sync with the fetch and push times and the upstream set', async () => {
    commitOnServer('content/testimonials.yaml', '[]\n', 'Second')
    make()
    expect(await sync!.status()).toEqual({ remote: 'origin', branch: 'main', state: 'ahead', ahead: 3, behind: 0 })
    await sync!.syncNow()
    expect(await sync!.status()).toEqual({
      remote: 'origin',
      branch: 'main',
      state: 'in-sync',
      ahead: 0,
      behind: 0,
      lastFetchAt: AT.toISOString(),
      lastPushedAt: AT.toISOString(),
    })
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(f.head())
    expect(f.git('config', 'branch.main.remote').trim()).toBe('origin')
    expect(f.git('config', 'branch.main.merge').trim()).toBe('refs/heads/main')
    expect(logged).toEqual([])
    // Nothing new: the next sync pushes nothing (the push time stays) and stays in sync.
    clock = new Date(AT.getTime() + 1000)
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', lastFetchAt: after(1000), lastPushedAt: AT.toISOString() })
  })

  it("a refusing remote: git's first three lines, the retry time doubling up to the cap, how long it has failed, then cleared", async () => {
    hook('echo "pushes are closed today" >&2\nexit 1')
    make()
    await sync!.syncNow()
    const lastError = `pushes are closed today To ${bareDir} ! [remote rejected] HEAD -> main (pre-receive hook declined)`
    expect(await sync!.status()).toEqual({
      remote: 'origin',
      branch: 'main',
      state: 'error',
      ahead: 2,
      behind: 0,
      lastError,
      lastFetchAt: AT.toISOString(),
      nextRetryAt: after(60_000),
    })
    expect(logged).toEqual([`Sync with origin failed (will retry): ${lastError}`])
    expect(sync!.failingFor()).toBe(0)

    clock = new Date(AT.getTime() + 5 * 60_000)
    expect(sync!.failingFor()).toBe(5 * 60_000)
    await sync!.syncNow()
    expect((await sync!.status()).nextRetryAt).toBe(after(5 * 60_000 + 120_000))
    expect(sync!.failingFor()).toBe(5 * 60_000) // since the first failure, not the last
    await sync!.syncNow()
    expect((await sync!.status()).nextRetryAt).toBe(after(5 * 60_000 + 150_000)) // 240 s capped at 150 s
    await sync!.syncNow()
    expect((await sync!.status()).nextRetryAt).toBe(after(5 * 60_000 + 150_000))

    hook(null)
    await sync!.syncNow()
    expect(await sync!.status()).toEqual({
      remote: 'origin',
      branch: 'main',
      state: 'in-sync',
      ahead: 0,
      behind: 0,
      lastFetchAt: after(5 * 60_000),
      lastPushedAt: after(5 * 60_000),
    })
    expect(sync!.failingFor()).toBeNull()

    // A new failure starts again from the first delay, and counts from now.
    hook('exit 1')
    commitOnServer('content/testimonials.yaml', '[]\n', 'Second')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'error', ahead: 1, nextRetryAt: after(5 * 60_000 + 60_000) })
    expect(sync!.failingFor()).toBe(0)
  })

  it('the defaults: a first retry 2 s after a failure', async () => {
    hook('exit 1')
    make({ initialDelayMs: undefined, maxDelayMs: undefined })
    await sync!.syncNow()
    sync!.stop() // before the retry can start (and clear the time)
    expect((await sync!.status()).nextRetryAt).toBe(after(2_000))
  })

  it('the default longest wait between retries is 5 minutes', async () => {
    hook('exit 1')
    make({ initialDelayMs: 200_000, maxDelayMs: undefined })
    await sync!.syncNow()
    await sync!.syncNow()
    sync!.stop()
    expect((await sync!.status()).nextRetryAt).toBe(after(300_000))
  })

  it('a remote that is gone: the first three lines of what git says', async () => {
    const gone = join(bareDir, 'gone')
    f.git('remote', 'set-url', 'origin', gone)
    make()
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({
      state: 'error',
      lastError: `'${gone}' does not appear to be a git repository Could not read from remote repository. Please make sure you have the correct access rights`,
    })
    expect((await sync!.status()).lastFetchAt).toBeUndefined()
  })

  it('a failure without words reads "Sync failed"', async () => {
    make({ unsafe: () => Promise.reject(new Error('')) })
    await sync!.syncNow()
    expect((await sync!.status()).lastError).toBe('Sync failed')
  })

  it('commits fetched but not taken in read as behind, before ahead', async () => {
    make()
    await sync!.syncNow()
    laptop().edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    expect((await sync!.status()).state).toBe('in-sync') // nothing fetched yet
    f.git('fetch', '-q', 'origin')
    expect(await sync!.status()).toMatchObject({ state: 'behind', ahead: 0, behind: 1 })
    commitOnServer('content/testimonials.yaml', '[]\n', 'Site edit')
    expect(await sync!.status()).toMatchObject({ state: 'behind', ahead: 1, behind: 1 })
  })
})

describe("RemoteSync: a developer's commits", () => {
  it('the merge commit is signed by the site server, or by the author given', async () => {
    make()
    await sync!.syncNow()
    const dev = laptop()
    const theirs = dev.edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    const ours = commitOnServer('content/testimonials.yaml', '[]\n', 'Site edit')
    await sync!.syncNow()
    expect(f.git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%P|%s').trim()).toBe(
      `Site server <site-server@localhost>|Site server <site-server@localhost>|${ours} ${theirs}|Take in changes from origin/main`,
    )
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(f.head())

    sync!.stop()
    make({ author: { name: 'Float On Studio', email: 'owner@example.com' } })
    dev.edit('content/delivery-installation.md', '# Laptop again\n', 'Laptop edit 2')
    commitOnServer('content/testimonials.yaml', '- 1\n', 'Site edit 2')
    await sync!.syncNow()
    expect(f.git('log', '-1', '--format=%an <%ae>|%cn <%ce>').trim()).toBe(
      'Float On Studio <owner@example.com>|Float On Studio <owner@example.com>',
    )
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Laptop again\n')
  })

  it('a conflict: the owner is told the files and the side branch, the remote branch is left alone, no error', async () => {
    make()
    await sync!.syncNow()
    const dev = laptop()
    dev.edit('content/testimonials.yaml', '- laptop\n', 'Laptop testimonials')
    const theirs = dev.edit('content/delivery-installation.md', '# Laptop wording\n', 'Laptop edit')
    f.write('content/testimonials.yaml', '- dashboard\n')
    f.write('content/delivery-installation.md', '# Dashboard wording\n')
    const ours = f.commit('Dashboard edit', ['x'], ['content/delivery-installation.md', 'content/testimonials.yaml'])
    await sync!.syncNow()
    expect(await sync!.status()).toEqual({
      remote: 'origin',
      branch: 'main',
      state: 'conflict',
      ahead: 1,
      behind: 2,
      conflictFiles: ['content/delivery-installation.md', 'content/testimonials.yaml'],
      sideBranch: 'main-site-2026-11-27',
      lastFetchAt: AT.toISOString(),
      lastPushedAt: AT.toISOString(),
    })
    expect(logged).toEqual([
      "The site's commits and origin/main change the same lines (content/delivery-installation.md, content/testimonials.yaml); the site's are on main-site-2026-11-27.",
    ])
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(theirs)
    expect(bareGit('rev-parse', 'refs/heads/main-site-2026-11-27')).toBe(ours)
    expect(f.head()).toBe(ours)
    // The developer takes the site's side (the remote branch set to the side branch): the conflict is over.
    bareGit('update-ref', 'refs/heads/main', ours)
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0 })
    expect((await sync!.status()).sideBranch).toBeUndefined()
  })

  it('the remote moved between the fetch and the push: the owner is told, and the next sync takes it in', async () => {
    make()
    await sync!.syncNow()
    const dev = laptop()
    let theirs = ''
    sync!.stop()
    make({
      unsafe: async () => {
        if (!theirs) theirs = dev.edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
        return null
      },
    })
    commitOnServer('content/testimonials.yaml', '[]\n', 'Site edit')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({
      state: 'error',
      lastError: 'The remote moved while the site was pushing; the next sync takes its changes in.',
    })
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(theirs)
    await sync!.syncNow()
    expect((await sync!.status()).state).toBe('in-sync')
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Laptop\n')
    expect(bareGit('show', 'refs/heads/main:content/testimonials.yaml')).toBe('[]')
  })

  it('an uncommitted edit of a file the remote changed is in the way: the owner is told, the edit is kept', async () => {
    make()
    await sync!.syncNow()
    laptop().edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    f.write('content/delivery-installation.md', '# Typed on the server\n')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({
      state: 'error',
      ahead: 0,
      behind: 1,
      lastError: "Uncommitted edits on the server are in the way of the remote's changes: commit or discard them (git status shows them).",
      nextRetryAt: after(60_000),
    })
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Typed on the server\n')
  })

  it('an untracked file where the remote adds one is in the way too', async () => {
    make()
    await sync!.syncNow()
    laptop().edit('content/new-page.md', '# From the laptop\n', 'Laptop page')
    f.write('content/new-page.md', '# Made on the server\n')
    await sync!.syncNow()
    expect((await sync!.status()).lastError).toBe(
      "Uncommitted edits on the server are in the way of the remote's changes: commit or discard them (git status shows them).",
    )
    expect(readFileSync(join(f.root, 'content/new-page.md'), 'utf8')).toBe('# Made on the server\n')
  })

  it('a branch deleted on the remote is pushed again', async () => {
    make()
    await sync!.syncNow()
    bareGit('update-ref', '-d', 'refs/heads/main')
    clock = new Date(AT.getTime() + 1000)
    expect((await sync!.status()).state).toBe('in-sync') // as last fetched
    // While the remote refuses, every commit is to be pushed again (the branch it had is gone).
    hook('exit 1')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'error', ahead: 2, behind: 0 })
    hook(null)
    await sync!.syncNow()
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(f.head())
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', lastFetchAt: after(1000), lastPushedAt: after(1000) })
  })
})

describe('RemoteSync: when it runs', () => {
  it('shows pushing while the push runs, and a sync asked for meanwhile runs after it', async () => {
    hook('sleep 1')
    make()
    const first = sync!.syncNow()
    const end = Date.now() + 10_000
    while ((await sync!.status()).state !== 'pushing') {
      if (Date.now() > end) throw new Error('never pushing')
      await new Promise((r) => setTimeout(r, 20))
    }
    const second = commitOnServer('content/testimonials.yaml', '[]\n', 'Saved during the push')
    hook(null)
    // The promise of the second request is that of the sync run after the first: when it resolves, the save is out.
    await sync!.syncNow()
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(second)
    await first
    expect((await sync!.status()).state).toBe('in-sync')
  })

  it('a stopped sync does nothing more: no retry, no sync asked for', async () => {
    hook('exit 1')
    make({ initialDelayMs: 100, maxDelayMs: 100 })
    await sync!.syncNow()
    expect((await sync!.status()).state).toBe('error')
    sync!.stop()
    await sync!.idle() // a retry already under way ends (refused) before the remote opens
    hook(null)
    await new Promise((r) => setTimeout(r, 400))
    await sync!.syncNow()
    sync!.start()
    await sync!.idle()
    expect(bareGit('for-each-ref')).toBe('')
  })

  it('a retry after a failure runs by itself when its time comes', async () => {
    hook('exit 1')
    make({ initialDelayMs: 200, maxDelayMs: 200 })
    await sync!.syncNow()
    hook(null)
    const end = Date.now() + 10_000
    while ((await sync!.status()).state !== 'in-sync') {
      if (Date.now() > end) throw new Error('never retried')
      await new Promise((r) => setTimeout(r, 25))
    }
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(f.head())
    expect((await sync!.status()).nextRetryAt).toBeUndefined()
  })
})

describe('RemoteSync: the write queue and slow remotes', () => {
  it("a developer's commits are taken in inside the write queue, fast-forward or merge", async () => {
    const seen: string[] = []
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const before = f.head()
      const result = await work()
      seen.push(before === f.head() ? 'unchanged' : 'moved')
      return result
    }
    make({ exclusive })
    await sync!.syncNow()
    const dev = laptop()
    const theirs = dev.edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    await sync!.syncNow()
    expect(seen).toEqual(['moved'])
    expect(f.head()).toBe(theirs) // a fast-forward: no merge commit when the site has nothing of its own
    dev.edit('content/delivery-installation.md', '# Laptop again\n', 'Laptop edit 2')
    commitOnServer('content/testimonials.yaml', '[]\n', 'Site edit')
    await sync!.syncNow()
    expect(seen).toEqual(['moved', 'moved'])
    expect(f.git('log', '-1', '--format=%s').trim()).toBe('Take in changes from origin/main')
  })

  it('without an interval nothing fetches by itself after the first sync', async () => {
    make({ intervalMs: null })
    sync!.start()
    await sync!.idle()
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(f.head())
    const head = f.head()
    laptop().edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    await new Promise((r) => setTimeout(r, 800))
    await sync!.idle()
    expect(f.head()).toBe(head)
  })

  it('a remote that does not answer in time is given up on, and the sync is an error', async () => {
    hook('sleep 3')
    make({ timeoutMs: 300 })
    const started = Date.now()
    await sync!.syncNow()
    expect(Date.now() - started).toBeLessThan(2500)
    expect((await sync!.status()).state).toBe('error')
  })
})

describe('RemoteSync: near misses', () => {
  it('a push refused by the remote\'s update hook (a protected branch) shows the hook\'s words, not "the remote moved"', async () => {
    make()
    await sync!.syncNow()
    hook('echo "main is protected: open a merge request" >&2\nexit 1', 'update')
    commitOnServer('content/testimonials.yaml', '[]\n', 'Site edit')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({
      state: 'error',
      ahead: 1,
      lastError: `main is protected: open a merge request error: hook declined to update refs/heads/main To ${bareDir}`,
    })
  })

  it('a hook that refuses in words git uses for a moved remote ("fetch first") is still shown as the hook\'s refusal', async () => {
    hook('echo "rejected: fetch first from the mirror, non-fast-forward pushes are off" >&2\nexit 1')
    make()
    await sync!.syncNow()
    expect((await sync!.status()).lastError).toBe(
      `rejected: fetch first from the mirror, non-fast-forward pushes are off To ${bareDir} ! [remote rejected] HEAD -> main (pre-receive hook declined)`,
    )
  })

  it("a remote with branches whose names start with the branch's (main-old, mainline) but no main: main is pushed, theirs left alone", async () => {
    make()
    await sync!.syncNow()
    const theirs = laptop().edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    bareGit('update-ref', 'refs/heads/mainline', theirs)
    bareGit('update-ref', 'refs/heads/main-old', theirs)
    bareGit('update-ref', '-d', 'refs/heads/main')
    const ours = f.head()
    clock = new Date(AT.getTime() + 1000)
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0, lastPushedAt: after(1000) })
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(ours)
    expect(f.head()).toBe(ours)
    expect(bareGit('rev-parse', 'refs/heads/mainline')).toBe(theirs)
    expect(bareGit('rev-parse', 'refs/heads/main-old')).toBe(theirs)
  })

  it('a branch that exists only as a tag of that name on the remote is no branch: main is pushed beside it', async () => {
    make()
    await sync!.syncNow()
    const theirs = laptop().edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    bareGit('update-ref', 'refs/tags/main', theirs)
    bareGit('update-ref', '-d', 'refs/heads/main')
    clock = new Date(AT.getTime() + 1000)
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0, lastPushedAt: after(1000) })
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(f.head())
    expect(bareGit('rev-parse', 'refs/tags/main')).toBe(theirs)
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).not.toBe('# Laptop\n')
  })
})

describe('RemoteSync: a sync asked for meanwhile, a conflict gone, no log', () => {
  /** An `unsafe` check that holds the sync until `open()`, counting the syncs that reached it. */
  function gate() {
    const held = { syncs: 0, open: () => {} }
    let wait: Promise<void> = Promise.resolve()
    const unsafe = async () => {
      held.syncs++
      await wait
      return null
    }
    const close = () => {
      wait = new Promise<void>((r) => (held.open = r))
    }
    return { held, unsafe, close }
  }

  it('a sync asked for while the retry waits does not show the retry time it replaced', async () => {
    hook('exit 1')
    const g = gate()
    make({ unsafe: g.unsafe })
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'error', nextRetryAt: after(60_000) })
    g.close()
    hook(null)
    const asked = sync!.syncNow()
    while (g.held.syncs < 2) await new Promise((r) => setTimeout(r, 10))
    expect((await sync!.status()).nextRetryAt).toBeUndefined()
    g.held.open()
    await asked
    expect(await sync!.status()).toMatchObject({ state: 'in-sync' })
  })

  it('syncs asked for during a sync make one more sync after it, then it rests', async () => {
    const g = gate()
    make({ unsafe: g.unsafe })
    g.close()
    const first = sync!.syncNow()
    while (g.held.syncs < 1) await new Promise((r) => setTimeout(r, 10))
    sync!.notify()
    sync!.notify()
    g.held.open()
    await first
    await sync!.idle()
    await new Promise((r) => setTimeout(r, 300))
    expect(g.held.syncs).toBe(2)
  })

  it('a conflict whose remote branch is then deleted is over: the site pushes its branch', async () => {
    make()
    await sync!.syncNow()
    laptop().edit('content/delivery-installation.md', '# Laptop wording\n', 'Laptop edit')
    const ours = commitOnServer('content/delivery-installation.md', '# Dashboard wording\n', 'Dashboard edit')
    await sync!.syncNow()
    expect((await sync!.status()).state).toBe('conflict')
    bareGit('update-ref', '-d', 'refs/heads/main')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0 })
    expect((await sync!.status()).conflictFiles).toBeUndefined()
    expect(bareGit('rev-parse', 'refs/heads/main')).toBe(ours)
  })

  it('a failing sync given no log still resolves, and says why', async () => {
    hook('echo "closed" >&2\nexit 1')
    sync = new RemoteSync({ root: f.root, remote: 'origin', branch: 'main', initialDelayMs: 60_000 })
    await expect(sync.syncNow()).resolves.toBeUndefined()
    expect((await sync.status()).lastError).toMatch(/^closed To /)
  })
})

describe('RemoteSync: ssh', () => {
  const saved = { path: process.env.PATH, command: process.env.GIT_SSH_COMMAND }
  afterEach(() => {
    process.env.PATH = saved.path
    if (saved.command === undefined) delete process.env.GIT_SSH_COMMAND
    else process.env.GIT_SSH_COMMAND = saved.command
  })

  /** An `ssh` on PATH that notes how git called it and fails, as an unknown host would. */
  function fakeSsh(): string {
    const bin = mkdtempSync(join(tmpdir(), 'balloon-ssh-'))
    extra.push(bin)
    writeFileSync(join(bin, 'ssh'), `#!/bin/sh\necho "$@" >> ${bin}/calls\necho "Host key verification failed." >&2\nexit 255\n`)
    chmodSync(join(bin, 'ssh'), 0o755)
    process.env.PATH = `${bin}:${saved.path}`
    f.git('remote', 'set-url', 'origin', 'ssh://git@studio.example/site.git')
    return bin
  }

  it('never waits for a password: ssh runs in batch mode unless GIT_SSH_COMMAND says otherwise', async () => {
    const bin = fakeSsh()
    delete process.env.GIT_SSH_COMMAND
    make()
    await sync!.syncNow()
    expect((await sync!.status()).lastError).toMatch(/^Host key verification failed\./)
    expect(readFileSync(join(bin, 'calls'), 'utf8')).toMatch(/^-o BatchMode=yes .*git@studio\.example/)
  })

  it("uses the operator's GIT_SSH_COMMAND as it is", async () => {
    const bin = fakeSsh()
    process.env.GIT_SSH_COMMAND = 'ssh -i /keys/site'
    make()
    await sync!.syncNow()
    const calls = readFileSync(join(bin, 'calls'), 'utf8')
    expect(calls).toMatch(/^-i \/keys\/site .*git@studio\.example/)
    expect(calls).not.toContain('BatchMode')
  })
})

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

function makeBareRemote(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-remote-'))
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', dir])
  return dir
}

function refuse(bare: string, on: boolean): void {
  const hook = join(bare, 'hooks', 'pre-receive')
  if (on) {
    writeFileSync(hook, '#!/bin/sh\necho "pushes are closed today" >&2\nexit 1\n')
    chmodSync(hook, 0o755)
  } else rmSync(hook, { force: true })
}

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 25))
  }
}

beforeEach(() => {
  f = makeHistoryFixture()
  bareDir = makeBareRemote()
  f.git('remote', 'add', 'origin', bareDir)
})
afterEach(() => {
  sync?.stop()
  f.cleanup()
  rmSync(bareDir, { recursive: true, force: true })
})

const DEV_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'd@x', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'd@x' }
const bareGit = (...args: string[]) => execFileSync('git', ['-C', bareDir, ...args], { encoding: 'utf8' }).trim()

/** A developer's laptop clone of the remote: edit, commit, push. */
function laptop() {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-laptop-'))
  execFileSync('git', ['clone', '-q', bareDir, dir], { env: DEV_ENV })
  const run = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env: DEV_ENV, encoding: 'utf8' })
  return {
    dir,
    edit(path: string, text: string, message: string) {
      writeFileSync(join(dir, path), text)
      run('commit', '-qm', message, '--', path)
      run('push', '-q', 'origin', 'main')
    },
    run,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

const make = (extra: Partial<ConstructorParameters<typeof RemoteSync>[0]> = {}) =>
  (sync = new RemoteSync({ root: f.root, remote: 'origin', branch: 'main', log: () => undefined, ...extra }))

async function pushedOnce(): Promise<void> {
  make({ initialDelayMs: 10_000 })
  await sync!.syncNow()
  expect((await sync!.status()).state).toBe('in-sync')
}

describe('RemoteSync', () => {
  it('reports no-remote when none is configured and never pushes', async () => {
    sync = new RemoteSync({ root: f.root, branch: 'main' })
    sync.notify()
    expect(await sync.status()).toEqual({ remote: null, branch: 'main', state: 'no-remote', ahead: 0, behind: 0 })
  })

  it('pushes to an empty remote, reports in-sync and sets the upstream', async () => {
    make()
    expect((await sync!.status()).state).toBe('ahead')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({
      remote: 'origin',
      branch: 'main',
      state: 'in-sync',
      ahead: 0,
      behind: 0,
      lastFetchAt: expect.any(String),
    })
    expect(bareGit('rev-parse', 'main')).toBe(f.head())
    expect(f.git('rev-parse', '--abbrev-ref', 'main@{upstream}').trim()).toBe('origin/main')
  })

  it('keeps commits when the remote refuses, then retries until it accepts', async () => {
    refuse(bareDir, true)
    // The retry waits 1 s: long enough that it cannot start while the status below is read, short enough to wait for.
    make({ initialDelayMs: 1000, maxDelayMs: 1000 })
    await sync!.syncNow()
    const failed = await sync!.status()
    expect(failed).toMatchObject({ state: 'error', ahead: 2 })
    expect(failed.lastError).toContain('pushes are closed today')
    f.write('content/testimonials.yaml', '[]\n')
    f.commit('Delete testimonial by "Ann"', ['testimonials'], ['content/testimonials.yaml'])
    await sync!.syncNow()
    expect((await sync!.status()).ahead).toBe(3)
    refuse(bareDir, false)
    await until(async () => (await sync!.status()).state === 'in-sync')
    expect(bareGit('log', '--format=%s', 'main')).toContain('Delete testimonial by "Ann"')
    expect((await sync!.status()).lastError).toBeUndefined()
  })

  it("fast-forwards to a developer's push when the site has nothing of its own", async () => {
    await pushedOnce()
    const dev = laptop()
    dev.edit('content/delivery-installation.md', '# Changed on a laptop\n', 'Laptop edit')
    expect(f.git('show', 'HEAD:content/delivery-installation.md')).not.toContain('laptop')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0 })
    expect(f.git('log', '-1', '--format=%s').trim()).toBe('Laptop edit')
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Changed on a laptop\n')
    dev.cleanup()
  })

  it('takes both sides when they change different files: a merge commit, pushed; nothing lost', async () => {
    await pushedOnce()
    const dev = laptop()
    dev.edit('content/delivery-installation.md', '# Changed on a laptop\n', 'Laptop edit')
    f.write('content/testimonials.yaml', '[]\n')
    f.commit('Delete testimonial by "Ann"', ['testimonials'], ['content/testimonials.yaml'])
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0 })
    expect(f.git('log', '-1', '--format=%s%n%P').trim().split('\n')).toEqual([
      'Take in changes from origin/main',
      expect.stringMatching(/^[0-9a-f]{40} [0-9a-f]{40}$/),
    ])
    expect(bareGit('rev-parse', 'main')).toBe(f.head())
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Changed on a laptop\n')
    expect(readFileSync(join(f.root, 'content/testimonials.yaml'), 'utf8')).toBe('[]\n')
    dev.cleanup()
  })

  it("a real conflict leaves the branch alone, parks the site's commits on a side branch, and clears once merged", async () => {
    const at = new Date('2026-11-27T15:00:00Z')
    make({ initialDelayMs: 10_000, now: () => at })
    await sync!.syncNow()
    const dev = laptop()
    dev.edit('content/delivery-installation.md', '# Laptop wording\n', 'Laptop edit')
    f.write('content/delivery-installation.md', '# Dashboard wording\n')
    const ours = f.commit('Update delivery & installation page', ['delivery-installation'], ['content/delivery-installation.md'])
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({
      state: 'conflict',
      ahead: 1,
      behind: 1,
      conflictFiles: ['content/delivery-installation.md'],
      sideBranch: 'main-site-2026-11-27',
    })
    expect(f.head()).toBe(ours)
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Dashboard wording\n')
    expect(bareGit('rev-parse', 'main-site-2026-11-27')).toBe(ours)
    // The developer merges the side branch, keeping both wordings, and pushes: the next sync fast-forwards.
    dev.run('fetch', '-q', 'origin')
    try {
      dev.run('merge', '-q', 'origin/main-site-2026-11-27')
    } catch {
      writeFileSync(join(dev.dir, 'content/delivery-installation.md'), '# Both wordings\n')
      // The resolved file only (a merge commit takes no paths).
      dev.run('add', '--', 'content/delivery-installation.md')
      dev.run('commit', '-qm', "Merge the site's edits")
    }
    dev.run('push', '-q', 'origin', 'main')
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'in-sync', ahead: 0, behind: 0 })
    expect((await sync!.status()).conflictFiles).toBeUndefined()
    expect(readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8')).toBe('# Both wordings\n')
    dev.cleanup()
  })

  it('pushes a commit made by hand on the server at the next sync', async () => {
    await pushedOnce()
    f.write('content/testimonials.yaml', '[]\n')
    f.git('commit', '-qm', 'Hand edit on the server', '--', 'content/testimonials.yaml')
    expect(await sync!.status()).toMatchObject({ state: 'ahead', ahead: 1 })
    await sync!.syncNow()
    expect(bareGit('log', '-1', '--format=%s', 'main')).toBe('Hand edit on the server')
  })

  it('the periodic timer fetches by itself', async () => {
    make({ intervalMs: 100 })
    sync!.start()
    const dev = await until(async () => (await sync!.status()).state === 'in-sync').then(() => laptop())
    dev.edit('content/delivery-installation.md', '# From the timer\n', 'Laptop edit')
    await until(async () => readFileSync(join(f.root, 'content/delivery-installation.md'), 'utf8') === '# From the timer\n')
    dev.cleanup()
  })

  it('touches nothing while the repository is in a state a developer must end', async () => {
    await pushedOnce()
    const dev = laptop()
    dev.edit('content/delivery-installation.md', '# Laptop\n', 'Laptop edit')
    make({ initialDelayMs: 10_000, unsafe: async () => 'The content is in the middle of a merge' })
    const head = f.head()
    await sync!.syncNow()
    expect(await sync!.status()).toMatchObject({ state: 'error', behind: 1, lastError: 'Waiting: The content is in the middle of a merge' })
    expect(f.head()).toBe(head)
    dev.cleanup()
  })
})

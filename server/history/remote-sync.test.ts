import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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

describe('RemoteSync', () => {
  it('reports no-remote when none is configured and never pushes', async () => {
    sync = new RemoteSync({ root: f.root })
    sync.notify()
    expect(await sync.status()).toEqual({ remote: null, branch: null, state: 'no-remote', ahead: 0 })
  })

  it('pushes after a commit and reports in-sync', async () => {
    sync = new RemoteSync({ root: f.root, remote: 'origin' })
    expect((await sync.status()).state).toBe('ahead')
    sync.notify()
    await sync.idle()
    expect(await sync.status()).toMatchObject({ remote: 'origin', branch: 'main', state: 'in-sync', ahead: 0 })
    expect(execFileSync('git', ['-C', bareDir, 'rev-parse', 'main'], { encoding: 'utf8' }).trim()).toBe(f.head())
  })

  it('keeps commits when the remote refuses, then retries until it accepts', async () => {
    refuse(bareDir, true)
    // The retry waits 1 s: long enough that it cannot start while the status below is read (at 40 ms it could, on a
    // loaded machine, and the state read 'pushing'), short enough for the automatic retry to be waited for.
    sync = new RemoteSync({ root: f.root, remote: 'origin', initialDelayMs: 1000, maxDelayMs: 1000 })
    sync.notify()
    await sync.idle()
    const failed = await sync.status()
    expect(failed).toMatchObject({ state: 'error', ahead: 2 })
    expect(failed.lastError).toContain('pushes are closed today')
    // More commits while refused: all kept locally, all go once the remote accepts.
    f.write('content/testimonials.yaml', '[]\n')
    f.commit('Delete testimonial by "Ann"', ['testimonials'], ['content/testimonials.yaml'])
    sync.notify()
    await sync.idle()
    expect((await sync.status()).ahead).toBe(3)
    refuse(bareDir, false)
    await until(async () => (await sync!.status()).state === 'in-sync')
    expect(execFileSync('git', ['-C', bareDir, 'log', '--format=%s', 'main'], { encoding: 'utf8' })).toContain('Delete testimonial by "Ann"')
    expect((await sync.status()).lastError).toBeUndefined()
  })

  it('explains a remote that has commits the server lacks', async () => {
    sync = new RemoteSync({ root: f.root, remote: 'origin', initialDelayMs: 10_000 })
    sync.notify()
    await sync.idle()
    // A developer pushes from a laptop clone.
    const laptop = mkdtempSync(join(tmpdir(), 'balloon-laptop-'))
    const env = { ...process.env, GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'd@x', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'd@x' }
    execFileSync('git', ['clone', '-q', bareDir, laptop], { env })
    writeFileSync(join(laptop, 'content/delivery-installation.md'), '# Changed on a laptop\n')
    execFileSync('git', ['-C', laptop, 'commit', '-qam', 'Laptop edit'], { env })
    execFileSync('git', ['-C', laptop, 'push', '-q', 'origin', 'main'], { env })
    f.write('content/testimonials.yaml', '[]\n')
    f.commit('Delete testimonial by "Ann"', ['testimonials'], ['content/testimonials.yaml'])
    sync.notify()
    await sync.idle()
    const status = await sync.status()
    expect(status.state).toBe('error')
    expect(status.lastError).toMatch(/git pull/)
    rmSync(laptop, { recursive: true, force: true })
  })
})

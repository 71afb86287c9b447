// The content fingerprint changes with every kind of change a developer can make by hand or with git.
import { EventEmitter } from 'node:events'
import { mkdirSync, readFile, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { closeContentWatchers, ContentGeneration } from './content-generation'

/** What `fs.watch` does in this file: the real thing, or a failure / a watcher that never reports. */
const watchMode = vi.hoisted(() => ({
  current: 'real' as 'real' | 'ENOSPC' | 'silent',
  /** Called with the path before each watch is set up (it may throw, or write something first). */
  before: null as ((path: string) => void) | null,
  /** The watchers set up, by path (the silent ones report only what a test emits on them). */
  made: [] as { path: string; watcher: EventEmitter }[],
  /** The watchers closed. */
  closed: new Set<EventEmitter>(),
}))
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  const watch = (...args: Parameters<typeof fs.watch>) => {
    watchMode.before?.(String(args[0]))
    if (watchMode.current === 'ENOSPC') throw Object.assign(new Error('no inotify watches left'), { code: 'ENOSPC' })
    const watcher = watchMode.current === 'silent' ? Object.assign(new EventEmitter(), { close: () => {} }) : fs.watch(...args)
    watchMode.made.push({ path: String(args[0]), watcher })
    const close = watcher.close.bind(watcher)
    watcher.close = () => (watchMode.closed.add(watcher), close())
    return watcher
  }
  return { ...fs, default: { ...fs, watch }, watch }
})

describe('content generation', () => {
  let root: TempContentRoot
  let g: ContentGeneration
  beforeEach(() => {
    watchMode.current = 'real'
    watchMode.before = null
    watchMode.made = []
    watchMode.closed.clear()
    root = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'a: 1\n', 'content/services/one.yaml': 'x: 1\n' } })
    g = new ContentGeneration(root.root)
  })
  afterEach(() => {
    vi.restoreAllMocks()
    closeContentWatchers(root.root)
    root.cleanup()
  })

  const dir = () => join(root.root, 'content/services')

  /** Takes the fingerprint, makes the change, and expects the next call to see it, with the watchers still in use. */
  async function expectSeen(change: () => unknown) {
    const before = await g.current()
    expect(await g.current()).toBe(before)
    await change()
    expect(await g.current()).not.toBe(before)
    expect(g.watching).toBe(true)
  }

  it('changes on in-place edits, added, renamed and removed files, also once directory listings are reused', async () => {
    const changes = [
      () => writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n'),
      () => writeFileSync(join(dir(), 'two.yaml'), 'y: 1\n'),
      () => {
        writeFileSync(join(dir(), '.tmp-three'), 'z: 1\n')
        renameSync(join(dir(), '.tmp-three'), join(dir(), 'three.yaml'))
      },
      () => rmSync(join(dir(), 'two.yaml')),
      () => mkdirSync(join(root.root, 'content/extra')),
      () => writeFileSync(join(root.root, 'content/extra/new.yaml'), 'n: 1\n'),
    ]
    for (const quiet of [false, true]) {
      if (quiet) await new Promise((r) => setTimeout(r, 2100))
      for (const change of changes.slice(quiet ? 1 : 0, quiet ? 3 : undefined)) {
        const before = await g.current()
        expect(await g.current()).toBe(before)
        change()
        expect(await g.current()).not.toBe(before)
      }
    }
    expect(g.watching).toBe(true)
  })

  it('takes no new fingerprint while nothing changes', async () => {
    await g.current()
    await g.current()
    const checks = g.checks
    for (let i = 0; i < 20; i++) await Promise.all([g.current(), g.current()])
    expect(g.checks).toBe(checks)
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    await g.current()
    expect(g.checks).toBe(checks + 1)
  })

  it('sees an edit made in an I/O callback by a call made right after it, in the same turn', async () => {
    await g.current()
    for (let i = 0; i < 5; i++) {
      const before = await g.current()
      // The write and the call happen in the poll phase, before the event has been read from the kernel.
      const after = await new Promise<string>((resolve) =>
        readFile(join(dir(), 'one.yaml'), () => {
          writeFileSync(join(dir(), 'one.yaml'), `x: ${i + 10}\n`)
          resolve(g.current())
        }),
      )
      expect(after).not.toBe(before)
    }
    expect(g.watching).toBe(true)
  })

  it('sees an edit in place that keeps the size, and an atomic rename over a file', async () => {
    await expectSeen(() => writeFileSync(join(dir(), 'one.yaml'), 'x: 9\n'))
    await expectSeen(() => {
      writeFileSync(join(dir(), '.one.yaml.tmp'), 'x: 8\n')
      renameSync(join(dir(), '.one.yaml.tmp'), join(dir(), 'one.yaml'))
    })
  })

  it('sees commits, resets, branch switches and packed refs made with plain git', async () => {
    await expectSeen(() => root.git('commit', '-q', '--allow-empty', '-m', 'Empty'))
    await expectSeen(() => root.git('reset', '-q', '--soft', 'HEAD~1'))
    await expectSeen(() => root.git('checkout', '-q', '-b', 'feature/nested'))
    await expectSeen(() => root.git('commit', '-q', '--allow-empty', '-m', 'On the nested branch'))
    await expectSeen(() => root.git('pack-refs', '--all'))
    await expectSeen(() => root.git('commit', '-q', '--allow-empty', '-m', 'After packing'))
    await expectSeen(() => root.git('checkout', '-q', 'main'))
    await expectSeen(() => root.git('commit', '-q', '--allow-empty', '-m', 'Back on main'))
    await expectSeen(() => root.git('reset', '-q', '--hard', 'feature/nested'))
  })

  it('on a detached HEAD (a developer checked out a commit): sees the checkout, commits on it, edits and the way back', async () => {
    root.git('commit', '-q', '--allow-empty', '-m', 'Second')
    await expectSeen(() => root.git('checkout', '-q', '--detach'))
    await expectSeen(() => root.git('commit', '-q', '--allow-empty', '-m', 'On the detached HEAD'))
    await expectSeen(() => root.git('checkout', '-q', 'main~1'))
    await expectSeen(() => writeFileSync(join(dir(), 'one.yaml'), 'x: 7\n'))
    // Each commit is its own fingerprint: the one checked out before, checked out again, reads the same.
    const onFirst = await g.current()
    await expectSeen(() => root.git('checkout', '-q', 'main'))
    root.git('checkout', '-q', 'main~1')
    expect(await g.current()).toBe(onFirst)
    await expectSeen(() => root.git('switch', '-q', 'main'))
  })

  it('sees files in new directories, and in a directory removed and made again', async () => {
    await expectSeen(() => {
      mkdirSync(join(root.root, 'content/a/b'), { recursive: true })
      writeFileSync(join(root.root, 'content/a/b/deep.yaml'), 'd: 1\n')
    })
    await expectSeen(() => writeFileSync(join(root.root, 'content/a/b/deep.yaml'), 'd: 2\n'))
    await expectSeen(() => {
      rmSync(dir(), { recursive: true })
      mkdirSync(dir())
      writeFileSync(join(dir(), 'one.yaml'), 'x: 1\n')
    })
    await expectSeen(() => writeFileSync(join(dir(), 'one.yaml'), 'x: 3\n'))
    await expectSeen(() => rmSync(join(root.root, 'content'), { recursive: true }))
    await expectSeen(() => mkdirSync(join(root.root, 'content/services'), { recursive: true }))
    await expectSeen(() => writeFileSync(join(dir(), 'one.yaml'), 'x: 4\n'))
  })

  it('follows a content directory replaced by a rename', async () => {
    const fresh = join(root.root, 'content-next')
    mkdirSync(join(fresh, 'services'), { recursive: true })
    writeFileSync(join(fresh, 'services/one.yaml'), 'x: 5\n')
    await expectSeen(() => {
      renameSync(join(root.root, 'content'), join(root.root, 'content-old'))
      renameSync(fresh, join(root.root, 'content'))
    })
    await expectSeen(() => writeFileSync(join(dir(), 'one.yaml'), 'x: 6\n'))
    // The old directory, still on disk, no longer counts.
    const before = await g.current()
    writeFileSync(join(root.root, 'content-old/services/one.yaml'), 'x: 7\n')
    expect(await g.current()).toBe(before)
  })

  it('falls back to checking every turn when no watcher can be set up', async () => {
    watchMode.current = 'ENOSPC'
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = await g.current()
    expect(g.watching).toBe(false)
    expect(warn).toHaveBeenCalledWith(
      `Content under ${root.root} is no longer watched (ENOSPC): its files are checked on every turn instead`,
    )
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    expect(await g.current()).not.toBe(before)
  })

  it('falls back when a change came without an event, within a second', async () => {
    watchMode.current = 'silent'
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = await g.current()
    await g.current()
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    await new Promise((r) => setTimeout(r, 1100))
    const seen = await g.current()
    expect(seen).not.toBe(before)
    expect(g.watching).toBe(false)
    expect(warn).toHaveBeenCalledOnce()
    expect(warn).toHaveBeenCalledWith(
      `Content under ${root.root} is no longer watched (a change came without a file-system event): its files are checked on every turn instead`,
    )
    writeFileSync(join(dir(), 'one.yaml'), 'x: 3\n')
    expect(await g.current()).not.toBe(seen)
  })

  it('stops watching when closed and still answers correctly', async () => {
    const before = await g.current()
    closeContentWatchers(root.root)
    expect(g.watching).toBe(false)
    // Every watch it had is let go.
    expect(watchMode.made.length).toBeGreaterThan(3)
    expect(watchMode.made.filter((m) => !watchMode.closed.has(m.watcher)).map((m) => m.path)).toEqual([])
    const watches = watchMode.made.length
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    expect(await g.current()).not.toBe(before)
    mkdirSync(join(root.root, 'content/more'))
    expect(await g.current()).toContain('content/more')
    // No watch is set up again (inotify watches are a limited resource).
    expect(watchMode.made.length).toBe(watches)
  })

  /** The watcher set up last on `path` (under the root). */
  const watcherOn = (path: string) => watchMode.made.findLast((m) => m.path === join(root.root, path))!.watcher

  it('watches a folder again that was gone when its watch was set up (ENOENT, ENOTDIR), and sees edits in it', async () => {
    for (const code of ['ENOENT', 'ENOTDIR']) {
      const folder = `content/${code}`
      await g.current()
      await g.current()
      let failed = false
      watchMode.before = (path) => {
        if (path !== join(root.root, folder) || failed) return
        failed = true
        throw Object.assign(new Error('gone'), { code })
      }
      mkdirSync(join(root.root, folder))
      const made = await g.current()
      expect(failed, code).toBe(true)
      expect(await g.current(), code).toBe(made)
      writeFileSync(join(root.root, folder, 'new.yaml'), 'n: 1\n')
      expect(await g.current(), code).not.toBe(made)
      expect(g.watching, code).toBe(true)
    }
  })

  it('sees a file written into a new folder before its watch began, on the next call', async () => {
    await g.current()
    await g.current()
    watchMode.before = (path) => {
      if (path === join(root.root, 'content/fresh')) writeFileSync(join(path, 'early.yaml'), 'e: 1\n')
    }
    mkdirSync(join(root.root, 'content/fresh'))
    const listed = await g.current()
    const next = await g.current()
    expect(next).not.toBe(listed)
    expect(next).toContain('early.yaml')
    expect(g.watching).toBe(true)
  })

  it('falls back when a watcher fails, saying why, and still sees edits', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = await g.current()
    await g.current()
    watcherOn('content/services').emit('error', Object.assign(new Error('too many open files'), { code: 'EMFILE' }))
    expect(g.watching).toBe(false)
    expect(warn).toHaveBeenCalledWith(
      `Content under ${root.root} is no longer watched (EMFILE): its files are checked on every turn instead`,
    )
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    expect(await g.current()).not.toBe(before)
    // Another of its watchers failing too: said once.
    watcherOn('content').emit('error', Object.assign(new Error('too many open files'), { code: 'EMFILE' }))
    expect(warn).toHaveBeenCalledOnce()
    // A watcher failing without a code: its message.
    const other = new ContentGeneration(root.root)
    await other.current()
    watchMode.made.at(-1)!.watcher.emit('error', new Error('watcher broke'))
    expect(warn).toHaveBeenLastCalledWith(
      `Content under ${root.root} is no longer watched (watcher broke): its files are checked on every turn instead`,
    )
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('keeps watching when the one-second look finds a change whose event comes just after', async () => {
    watchMode.current = 'silent'
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = await g.current()
    await g.current()
    const real = performance.now.bind(performance)
    vi.spyOn(performance, 'now').mockImplementation(() => real() + 1500)
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    const checks = g.checks
    const seen = g.current()
    while (g.checks === checks) await new Promise((r) => setImmediate(r))
    watcherOn('content/services').emit('change', 'change', 'one.yaml')
    expect(await seen).not.toBe(before)
    expect(g.watching).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  it('counts an event that names no file, also on a watcher that looks for some names only', async () => {
    watchMode.current = 'silent'
    const before = await g.current()
    expect(await g.current()).toBe(before)
    writeFileSync(join(dir(), 'one.yaml'), 'x: 2\n')
    watcherOn('.').emit('change', 'rename', 'README.md')
    expect(await g.current()).toBe(before)
    watcherOn('.').emit('change', 'rename', null)
    expect(await g.current()).not.toBe(before)
    expect(g.watching).toBe(true)
  })
})

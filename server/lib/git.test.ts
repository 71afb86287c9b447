import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { writeFileAtomic } from './files'
import { commitText, ContentRepo } from './git'

let t: TempContentRoot
let repo: ContentRepo
beforeEach(() => {
  t = makeTempContentRoot({ seed: false, files: { 'content/a.yaml': 'n: 0\n', 'content/other.yaml': 'x: 1\n' } })
  repo = new ContentRepo(t.root, { name: 'Studio Admin', email: 'admin@example.test' })
})
afterEach(() => {
  vi.restoreAllMocks()
  t.cleanup()
})

const write = (rel: string, text: string) => writeFileAtomic(join(t.root, rel), text)
/** A repository whose commits fail (a full disk), to see what a failed save leaves behind. */
class FailingRepo extends ContentRepo {
  protected override async commit(): Promise<void> {
    throw new Error('disk full')
  }
}

/** One change writing one file. */
const writeChange = (message: string, rel: string, text: string, target: ContentRepo = repo) =>
  target.change({
    message,
    items: ['a'],
    apply: async () => {
      await write(rel, text)
      return { paths: [rel], result: null }
    },
  })

describe('ContentRepo.change', () => {
  it('commits exactly the named paths with the message, trailers and configured author', async () => {
    writeFileSync(join(t.root, 'content/other.yaml'), 'x: 2\n') // a developer's uncommitted edit
    await repo.change({
      message: 'Update a',
      items: ['a', 'b'],
      apply: async () => {
        await write('content/a.yaml', 'n: 1\n')
        return { paths: ['content/a.yaml'], result: null }
      },
    })
    expect(t.git('log', '-1', '--format=%B').trim()).toBe('Update a\n\nContent-Item: a\nContent-Item: b')
    expect(t.git('log', '-1', '--format=%an <%ae>|%cn').trim()).toBe('Studio Admin <admin@example.test>|Studio Admin')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/a.yaml')
    expect(t.git('status', '--porcelain').trim()).toBe('M content/other.yaml')
  })

  it("leaves a developer's staged change to another file staged and out of the commit", async () => {
    writeFileSync(join(t.root, 'content/other.yaml'), 'x: 2\n')
    t.git('add', 'content/other.yaml')
    await writeChange('Update a', 'content/a.yaml', 'n: 1\n')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/a.yaml')
    expect(t.git('diff', '--cached', '--name-only').trim()).toBe('content/other.yaml')
    expect(t.git('show', 'HEAD:content/other.yaml')).toBe('x: 1\n')
  })

  it('works on a machine with no git identity configured', async () => {
    const home = join(t.root, '..', 'empty-home')
    mkdirSync(home)
    const saved = process.env.HOME
    process.env.HOME = home
    try {
      const bare = new ContentRepo(t.root, { name: 'Studio Admin', email: 'admin@example.test' })
      await writeChange('Add b', 'content/b.yaml', 'b: 1\n', bare)
    } finally {
      process.env.HOME = saved
    }
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Add b')
  })

  it('serialises concurrent read-modify-write changes so no update is lost', async () => {
    const bump = () =>
      repo.change({
        message: 'Bump',
        items: ['a'],
        apply: async () => {
          const n = Number(/n: (\d+)/.exec(readFileSync(join(t.root, 'content/a.yaml'), 'utf8'))![1])
          await write('content/a.yaml', `n: ${n + 1}\n`)
          return { paths: ['content/a.yaml'], result: n + 1 }
        },
      })
    const results = await Promise.all(Array.from({ length: 12 }, bump))
    expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    expect(readFileSync(join(t.root, 'content/a.yaml'), 'utf8')).toBe('n: 12\n')
    expect(t.git('rev-list', '--count', 'HEAD').trim()).toBe('13')
  })

  it('a failing apply stages and commits nothing, and the queue keeps working', async () => {
    await expect(repo.change({ message: 'Broken', items: ['a'], apply: async () => Promise.reject(new Error('boom')) })).rejects.toThrow(
      'boom',
    )
    expect(t.git('diff', '--cached', '--name-only').trim()).toBe('')
    await writeChange('Next', 'content/a.yaml', 'n: 1\n')
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Next')
  })

  it('rolls back written, created and deleted paths when the commit fails, also after a path that never existed', async () => {
    const failing = new FailingRepo(t.root, { name: 'Studio Admin', email: 'admin@example.test' })
    const attempt = failing.change({
      message: 'Doomed',
      items: ['a'],
      apply: async () => {
        await write('content/a.yaml', 'n: 5\n')
        await write('content/created.yaml', 'c: 1\n')
        rmSync(join(t.root, 'content/other.yaml'))
        return { paths: ['content/never.yaml', 'content/a.yaml', 'content/created.yaml', 'content/other.yaml'], result: null }
      },
    })
    await expect(attempt).rejects.toThrow('disk full')
    expect(readFileSync(join(t.root, 'content/a.yaml'), 'utf8')).toBe('n: 0\n')
    expect(readFileSync(join(t.root, 'content/other.yaml'), 'utf8')).toBe('x: 1\n')
    expect(existsSync(join(t.root, 'content/created.yaml'))).toBe(false)
    expect(t.git('status', '--porcelain').trim()).toBe('')
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Seed content')
  })

  it("waits for a developer's short-lived index.lock instead of failing", async () => {
    writeFileSync(join(t.root, '.git/index.lock'), '')
    setTimeout(() => rmSync(join(t.root, '.git/index.lock')), 300)
    await writeChange('After the lock', 'content/a.yaml', 'n: 7\n')
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('After the lock')
  })

  it('a change that writes identical bytes makes no commit', async () => {
    await writeChange('Same', 'content/a.yaml', 'n: 0\n')
    expect(t.git('rev-list', '--count', 'HEAD').trim()).toBe('1')
  })

  it('refuses paths outside the content root', async () => {
    await expect(repo.change({ message: 'x', items: [], apply: async () => ({ paths: ['../escape'], result: null }) })).rejects.toThrow(
      /outside/,
    )
  })

  it('commits even when the message or an item holds a NUL, control or bidi character: they are dropped, lines kept', async () => {
    await repo.change({
      message: 'Update "A\u0000B\u202E"',
      items: ['a\u0007\nContent-Item: forged'],
      apply: async () => {
        await write('content/a.yaml', 'n: 1\n')
        return { paths: ['content/a.yaml'], result: null, message: 'Restore "x\u001B[31m" to abc\r\n\nRestored-From: abc\u0000' }
      },
    })
    expect(t.git('log', '-1', '--format=%B').trim()).toBe(
      'Restore "x [31m" to abc\n\nRestored-From: abc\n\nContent-Item: a Content-Item: forged',
    )
  })
})

describe("ContentRepo.exclusive (the remote sync's merge)", () => {
  it('runs between saves, never during one: it waits for the save in flight, and a save asked for meanwhile waits for it', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const save = repo.change({
      message: 'Update a',
      items: ['a'],
      apply: async () => {
        await held
        await write('content/a.yaml', 'n: 1\n')
        order.push('save')
        return { paths: ['content/a.yaml'], result: null }
      },
    })
    const read = (rel: string) => readFileSync(join(t.root, rel), 'utf8').trim()
    const merge = repo.exclusive(async () => {
      order.push(`merge saw ${read('content/a.yaml')}`)
      // Long enough for a save that did not wait to have written its file.
      await new Promise((r) => setTimeout(r, 100))
      order.push(`merge done, ${read('content/other.yaml')}`)
      return 'merged'
    })
    const later = writeChange('Update other', 'content/other.yaml', 'x: 2\n').then(() => order.push('later save'))
    release()
    expect(await merge).toBe('merged')
    await Promise.all([save, later])
    expect(order).toEqual(['save', 'merge saw n: 1', 'merge done, x: 1', 'later save'])
  })

  it('a failing one answers its error to its caller and the next save still runs', async () => {
    await expect(repo.exclusive(() => Promise.reject(new Error('merge conflict')))).rejects.toThrow('merge conflict')
    await writeChange('Update a', 'content/a.yaml', 'n: 2\n')
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Update a')
  })
})

describe('commitText', () => {
  it('keeps the lines of a message, cleaning each', () => {
    expect(commitText('Subject\n\nBody\u0000 line\nTrailer: x')).toBe('Subject\n\nBody line\nTrailer: x')
    expect(commitText('\n\u0000\n')).toBe('Update content')
    expect(commitText('\n\nSubject\n\nBody\n\n\n')).toBe('Subject\n\nBody')
  })
})

describe('ContentRepo.change: what reaches the history', () => {
  it('a change that only deletes a file commits the deletion', async () => {
    await repo.change({
      message: 'Delete other',
      items: ['other'],
      apply: async () => {
        rmSync(join(t.root, 'content/other.yaml'))
        return { paths: ['content/other.yaml'], result: null }
      },
    })
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Delete other')
    expect(t.git('show', '--name-status', '--format=', 'HEAD').trim()).toBe('D\tcontent/other.yaml')
    expect(t.git('status', '--porcelain').trim()).toBe('')
  })

  it('a path named but never created or committed does not stop the rest of the change', async () => {
    await repo.change({
      message: 'Update a',
      items: ['a'],
      apply: async () => {
        await write('content/a.yaml', 'n: 3\n')
        return { paths: ['content/never.yaml', 'content/a.yaml'], result: null }
      },
    })
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/a.yaml')
  })

  it("a change that names no path commits nothing, not even a developer's staged file", async () => {
    writeFileSync(join(t.root, 'content/other.yaml'), 'x: 2\n')
    t.git('add', 'content/other.yaml')
    expect(await repo.change({ message: 'Nothing', items: [], apply: async () => ({ paths: [], result: 'done' }) })).toBe('done')
    expect(t.git('rev-list', '--count', 'HEAD').trim()).toBe('1')
    expect(t.git('diff', '--cached', '--name-only').trim()).toBe('content/other.yaml')
  })

  it('a guard that refuses cancels the change before anything is written', async () => {
    repo.beforeChange(async (items) => {
      if (items.includes('services/edited-by-hand')) throw new Error('Hand edits first')
    })
    let applied = false
    await expect(
      repo.change({
        message: 'Update a',
        items: ['services/edited-by-hand'],
        apply: async () => {
          applied = true
          await write('content/a.yaml', 'n: 9\n')
          return { paths: ['content/a.yaml'], result: null }
        },
      }),
    ).rejects.toThrow('Hand edits first')
    expect(applied).toBe(false)
    expect(readFileSync(join(t.root, 'content/a.yaml'), 'utf8')).toBe('n: 0\n')
    await writeChange('Update other', 'content/other.yaml', 'x: 5\n')
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Update other')
  })

  it("companion files join the change's commit with their items, and are rolled back with it", async () => {
    repo.addCompanionFiles(async (paths) => {
      if (!paths.includes('content/a.yaml')) return { paths: [], items: [] }
      await write('uploads/picture.jpg', 'jpeg')
      return { paths: ['uploads/picture.jpg'], items: ['uploads/picture.jpg'] }
    })
    await writeChange('Update a', 'content/a.yaml', 'n: 1\n')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual(['content/a.yaml', 'uploads/picture.jpg'])
    expect(t.git('log', '-1', '--format=%B').trim()).toBe('Update a\n\nContent-Item: a\nContent-Item: uploads/picture.jpg')
  })

  it('listeners hear each commit (subject and items); one that throws is logged and the save still succeeds', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const heard: unknown[] = []
    repo.onCommit(() => {
      throw new Error('remote down')
    })
    repo.onCommit((info) => heard.push(info))
    await writeChange('Update a', 'content/a.yaml', 'n: 1\n')
    expect(heard).toEqual([{ message: 'Update a', items: ['a'] }])
    expect(errors).toHaveBeenCalledTimes(1)
    expect(errors).toHaveBeenCalledWith('A commit listener failed:', expect.objectContaining({ message: 'remote down' }))
    await writeChange('Same again', 'content/a.yaml', 'n: 1\n')
    expect(heard).toHaveLength(1)
  })

  it('a git failure that is not a lock fails the save at once (only a lock is waited for)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    writeFileSync(join(t.root, '.git/index'), 'not an index')
    const started = Date.now()
    await expect(writeChange('Broken index', 'content/a.yaml', 'n: 8\n')).rejects.toThrow(/index/)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(errors).toHaveBeenCalledWith('Could not roll back content change:', expect.anything())
  })

  it('a lock that does not go away fails the save after waiting for it: seconds, not at once and not forever', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    writeFileSync(join(t.root, '.git/index.lock'), '')
    const started = Date.now()
    await expect(writeChange('Blocked', 'content/a.yaml', 'n: 8\n')).rejects.toThrow(/index\.lock/)
    // About 20 attempts, 50 ms apart and growing: seconds, not an instant failure and not forever.
    expect(Date.now() - started).toBeGreaterThan(3000)
    rmSync(join(t.root, '.git/index.lock'))
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Seed content')
    expect(errors).toHaveBeenCalledWith('Could not roll back content change:', expect.anything())
  }, 60_000)
})

describe('ContentRepo.ensureRepository', () => {
  it('makes a fresh folder a repository and leaves an existing one alone', async () => {
    const fresh = join(t.root, '..', 'fresh-root')
    mkdirSync(fresh)
    await new ContentRepo(fresh, { name: 'Studio Admin', email: 'admin@example.test' }).ensureRepository()
    expect(existsSync(join(fresh, '.git'))).toBe(true)
    await repo.ensureRepository()
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Seed content')
    rmSync(fresh, { recursive: true, force: true })
  })

  it("a content root inside another repository's work tree saves into that repository: no repository is nested in it", async () => {
    const inner = join(t.root, 'site')
    mkdirSync(join(inner, 'content'), { recursive: true })
    const nested = new ContentRepo(inner, { name: 'Studio Admin', email: 'admin@example.test' })
    await nested.ensureRepository()
    expect(existsSync(join(inner, '.git'))).toBe(false)
    await nested.change({
      message: 'Add inner',
      items: ['b'],
      apply: async () => {
        await writeFileAtomic(join(inner, 'content/b.yaml'), 'b: 1\n')
        return { paths: ['content/b.yaml'], result: null }
      },
    })
    expect(t.git('log', '-1', '--format=%s').trim()).toBe('Add inner')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('site/content/b.yaml')
  })
})

describe('ContentRepo.recover', () => {
  it('clears a stale index.lock and leftover temp files', async () => {
    writeFileSync(join(t.root, '.git/index.lock'), '')
    writeFileSync(join(t.root, 'content/.a.yaml.abc123.tmp-write'), 'half')
    const result = await repo.recover()
    expect(result.removedLock).toBe(true)
    expect(result.removedTemp).toHaveLength(1)
    expect(existsSync(join(t.root, '.git/index.lock'))).toBe(false)
    expect(existsSync(join(t.root, 'content/a.yaml'))).toBe(true)
  })

  it("removes only this program's temp files, in sub-folders too, and keeps everyone else's files", async () => {
    mkdirSync(join(t.root, 'content/services'), { recursive: true })
    mkdirSync(join(t.root, 'uploads'), { recursive: true })
    const ours = ['content/services/.b.yaml.0a1b2c.tmp-write', 'uploads/.p.jpg.0a1b2c.tmp-write']
    // Outside content/ and uploads/ even a file named like ours is someone else's.
    mkdirSync(join(t.root, 'docs'), { recursive: true })
    const theirs = [
      'content/.gitkeep',
      'content/.hidden.yaml',
      'content/notes.tmp-write',
      'uploads/.gitkeep',
      'docs/.draft.md.0a1b2c.tmp-write',
    ]
    for (const rel of [...ours, ...theirs]) writeFileSync(join(t.root, rel), 'x')
    const result = await repo.recover()
    expect(result).toEqual({ removedLock: false, removedTemp: ours.map((rel) => join(t.root, rel)) })
    expect(ours.filter((rel) => existsSync(join(t.root, rel)))).toEqual([])
    expect(theirs.filter((rel) => existsSync(join(t.root, rel)))).toEqual(theirs)
    expect(existsSync(join(t.root, '.git/HEAD'))).toBe(true)
  })
})

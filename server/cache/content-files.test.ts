// The content store's file cache: a file's text is read again when its size, mtime or inode moved, or when git's HEAD
// moved (checked at most every 20 ms); a file that cannot be read throws and is forgotten.
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContentFileCache } from './content-files'

let root: string
let file: string
let clock: number

/** Rewrites the file in place with text of the same size and puts its mtime back: its stat stamp does not move. */
function sneakyEdit(path: string, text: string) {
  const { atime, mtime } = statSync(path)
  writeFileSync(path, text)
  utimesSync(path, atime, mtime)
}

/** Moves the branch (a commit made with plain git): the ref file's size changes. */
const commit = (sha: string) => writeFileSync(join(root, '.git/refs/heads/main'), `${sha}\n`)

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'content-files-'))
  mkdirSync(join(root, '.git/refs/heads'), { recursive: true })
  writeFileSync(join(root, '.git/HEAD'), 'ref: refs/heads/main\n')
  commit('1111')
  mkdirSync(join(root, 'content'))
  file = join(root, 'content/site.yaml')
  writeFileSync(file, 'name: One\n')
  // A whole second, so that putting the mtime back is exact (a Date holds milliseconds, the file system more).
  utimesSync(file, 1_700_000_000, 1_700_000_000)
  clock = 1_000_000
  vi.spyOn(Date, 'now').mockImplementation(() => clock)
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(root, { recursive: true, force: true })
})

describe('content file cache', () => {
  it("gives the file's text, and the same entry (with its parsed values) while the file is unchanged", async () => {
    const cache = new ContentFileCache(root)
    expect(cache.root).toBe(root)
    const first = await cache.load(file)
    expect(first.text).toBe('name: One\n')
    first.yaml = { value: { name: 'One' } }
    clock += 1000
    const again = await cache.load(file)
    expect(again).toBe(first)
    expect(again.yaml).toEqual({ value: { name: 'One' } })
  })

  it('reads the file again when its size, its mtime or its inode moved, with nothing parsed kept', async () => {
    const cache = new ContentFileCache(root)
    const first = await cache.load(file)
    first.yaml = { value: 'old' }
    // Size moved, mtime put back.
    sneakyEdit(file, 'name: Longer\n')
    const bigger = await cache.load(file)
    expect(bigger.text).toBe('name: Longer\n')
    expect(bigger.yaml).toBeUndefined()

    // Same size, mtime moved.
    const { atime, mtime } = statSync(file)
    writeFileSync(file, 'name: Shorts\n')
    utimesSync(file, atime, new Date(mtime.getTime() + 5000))
    expect((await cache.load(file)).text).toBe('name: Shorts\n')

    // Same size and mtime, another file renamed over it (a new inode).
    const { mtime: now } = statSync(file)
    const other = join(root, 'content/.site.yaml.tmp')
    writeFileSync(other, 'name: Swaps\n'.padEnd(13, ' '))
    utimesSync(other, atime, now)
    renameSync(other, file)
    expect((await cache.load(file)).text).toBe('name: Swaps\n'.padEnd(13, ' '))
  })

  it('trusts the stat stamp between HEAD checks: an edit that keeps size and mtime is not seen', async () => {
    const cache = new ContentFileCache(root)
    await cache.load(file)
    sneakyEdit(file, 'name: Two\n')
    clock += 1000
    expect((await cache.load(file)).text).toBe('name: One\n')
  })

  it('drops every file when HEAD moved, looking at HEAD at most every 20 ms', async () => {
    const cache = new ContentFileCache(root)
    const first = await cache.load(file)
    sneakyEdit(file, 'name: Two\n')
    commit('2222222')
    clock += 19
    expect(await cache.load(file)).toBe(first)
    clock += 1
    const after = await cache.load(file)
    expect(after.text).toBe('name: Two\n')
    expect(after).not.toBe(first)
    // HEAD unchanged at the next check: the entry stays.
    clock += 20
    expect(await cache.load(file)).toBe(after)
  })

  it('drops every file when HEAD names another branch, or is detached', async () => {
    const cache = new ContentFileCache(root)
    await cache.load(file)
    sneakyEdit(file, 'name: Two\n')
    writeFileSync(join(root, '.git/refs/heads/next'), '1111\n')
    writeFileSync(join(root, '.git/HEAD'), 'ref: refs/heads/next\n')
    clock += 20
    expect((await cache.load(file)).text).toBe('name: Two\n')
    sneakyEdit(file, 'name: Six\n')
    writeFileSync(join(root, '.git/HEAD'), '2222222222222222222222222222222222222222\n')
    clock += 20
    expect((await cache.load(file)).text).toBe('name: Six\n')
  })

  it('works without git, by the stat stamps alone', async () => {
    rmSync(join(root, '.git'), { recursive: true })
    const cache = new ContentFileCache(root)
    expect((await cache.load(file)).text).toBe('name: One\n')
    writeFileSync(file, 'name: Three\n')
    clock += 50
    expect((await cache.load(file)).text).toBe('name: Three\n')
  })

  it('throws for a file that cannot be read, and forgets it: the file put back is read again', async () => {
    const cache = new ContentFileCache(root)
    await cache.load(file)
    await expect(cache.load(join(root, 'content/missing.yaml'))).rejects.toMatchObject({ code: 'ENOENT' })
    // A folder (or a link) is an entry the store refuses to read, with the reason (server/lib/plain-file.ts).
    expect(await cache.load(join(root, 'content'))).toMatchObject({ text: '', unreadable: 'it is a folder, not a file' })
    // Moved away (a failed read), changed without moving its stamp, and put back: the change is seen.
    const away = join(root, 'site.yaml.away')
    renameSync(file, away)
    await expect(cache.load(file)).rejects.toMatchObject({ code: 'ENOENT' })
    sneakyEdit(away, 'name: Ten\n')
    renameSync(away, file)
    expect((await cache.load(file)).text).toBe('name: Ten\n')
  })
})

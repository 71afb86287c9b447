// The content generation's near misses: files beside the watched ones (HEAD.lock, contentx), uploads/ counted only
// when asked, a HEAD naming a ref outside .git, the one-second recheck, the check-phase answer, closing by path.
import { appendFileSync, mkdirSync, readFile, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance as nodePerformance } from 'node:perf_hooks'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { closeContentWatchers, ContentGeneration } from './content-generation'

let root: TempContentRoot
let g: ContentGeneration
beforeEach(() => {
  root = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'a: 1\n', 'uploads/pic.jpg': 'pixels' } })
  g = new ContentGeneration(root.root)
})
afterEach(() => {
  vi.restoreAllMocks()
  closeContentWatchers(root.root)
  root.cleanup()
})

/** The fingerprint once the watchers are set up (the first check sets them up, the second sees no news). */
async function settled(gen = g): Promise<string> {
  await gen.current()
  return gen.current()
}

describe('content generation, near misses', () => {
  it('takes no new fingerprint for files beside the ones watched: HEAD.lock, a git file, contentx, a file in the root', async () => {
    const value = await settled()
    const checks = g.checks
    for (const path of ['.git/HEAD.lock', '.git/description', '.git/refs/heads/main.lock', 'contentx', 'README.md', '.gitx']) {
      writeFileSync(join(root.root, path), 'x\n')
      expect(await g.current(), path).toBe(value)
      expect(g.checks, path).toBe(checks)
      expect(g.currentInCheckPhase(), path).toBe(value)
    }
    // The file that counts, beside them: seen.
    appendFileSync(join(root.root, 'content/site.yaml'), 'b: 2\n')
    expect(await g.current()).not.toBe(value)
    expect(g.checks).toBe(checks + 1)
    expect(g.watching).toBe(true)
  })

  it('counts uploads/ only when asked to', async () => {
    const withUploads = new ContentGeneration(root.root, ['content', 'uploads'])
    const plain = await settled()
    const both = await settled(withUploads)
    writeFileSync(join(root.root, 'uploads/pic.jpg'), 'new pixels')
    expect(await g.current()).toBe(plain)
    expect(await withUploads.current()).not.toBe(both)
    const both2 = await withUploads.current()
    appendFileSync(join(root.root, 'content/site.yaml'), 'b: 2\n')
    expect(await withUploads.current()).not.toBe(both2)
  })

  it('follows the ref HEAD names, but not one that climbs out of .git', async () => {
    g.close()
    writeFileSync(join(root.root, '.git/refs/heads/side'), '1111111111111111111111111111111111111111\n')
    writeFileSync(join(root.root, '.git/HEAD'), 'ref: refs/heads/side\n')
    const side = await g.current()
    writeFileSync(join(root.root, '.git/refs/heads/side'), '22222222222222222222222222222222222222222\n')
    expect(await g.current()).not.toBe(side)

    writeFileSync(join(root.root, 'outside.txt'), 'one\n')
    writeFileSync(join(root.root, '.git/HEAD'), 'ref: ../outside.txt\n')
    const outside = await g.current()
    writeFileSync(join(root.root, 'outside.txt'), 'one more line\n')
    expect(await g.current()).toBe(outside)
    writeFileSync(join(root.root, '.git/HEAD'), 'ref: refs/heads/../../outside.txt\n')
    const climbing = await g.current()
    expect(climbing).not.toBe(outside)
    writeFileSync(join(root.root, 'outside.txt'), 'and one more line\n')
    expect(await g.current()).toBe(climbing)
  })

  it('looks at the files again one second after the last check even without an event, and not before', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(50_000)
    const value = await settled()
    const checks = g.checks
    now.mockReturnValue(50_999)
    expect(g.currentInCheckPhase()).toBe(value)
    expect(await g.current()).toBe(value)
    expect(g.checks).toBe(checks)
    now.mockReturnValue(51_000)
    expect(g.currentInCheckPhase()).toBeUndefined()
    expect(await g.current()).toBe(value)
    expect(g.checks).toBe(checks + 1)
    expect(g.currentInCheckPhase()).toBe(value)
  })

  it('answers in the check phase only with a fingerprint known to be current', async () => {
    expect(g.currentInCheckPhase()).toBeUndefined()
    const value = await settled()
    expect(g.currentInCheckPhase()).toBe(value)
    appendFileSync(join(root.root, 'content/site.yaml'), 'b: 2\n')
    // Once the event is delivered, the stored fingerprint is no longer trusted.
    await new Promise((r) => setTimeout(r, 20))
    expect(g.currentInCheckPhase()).toBeUndefined()
    const next = await g.current()
    expect(next).not.toBe(value)
    expect(g.currentInCheckPhase()).toBe(next)
    g.close()
    expect(g.currentInCheckPhase()).toBeUndefined()
  })

  it("closes the watchers of a root given in another spelling, and only that root's", async () => {
    const other = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'a: 1\n' } })
    const neighbour = new ContentGeneration(other.root)
    try {
      await settled()
      await settled(neighbour)
      closeContentWatchers(`${root.root}-other`)
      closeContentWatchers(root.root.slice(0, -1))
      closeContentWatchers(join(root.root, 'content'))
      expect(g.watching).toBe(true)
      closeContentWatchers(`${root.root}/content/..`)
      expect(g.watching).toBe(false)
      expect(neighbour.watching).toBe(true)
      // Still right, by stat calls.
      const before = await g.current()
      mkdirSync(join(root.root, 'content/new'))
      expect(await g.current()).not.toBe(before)
    } finally {
      closeContentWatchers(other.root)
      other.cleanup()
    }
  })

  it('sees a branch made in a folder of refs that did not exist yet, by its event (no fallback)', async () => {
    writeFileSync(join(root.root, '.git/HEAD'), 'ref: refs/heads/topic/first\n')
    const unborn = await settled()
    mkdirSync(join(root.root, '.git/refs/heads/topic'))
    writeFileSync(join(root.root, '.git/refs/heads/topic/first'), '1111111111111111111111111111111111111111\n')
    const born = await g.current()
    expect(born).not.toBe(unborn)
    expect(g.watching).toBe(true)
    writeFileSync(join(root.root, '.git/refs/heads/topic/first'), '2222222222222222222222222222222222222222\n')
    expect(await g.current()).not.toBe(born)
    expect(g.watching).toBe(true)
  })

  it('lists a folder anew when another one with an old time is renamed in its place', async () => {
    const old = join(root.root, 'restored')
    mkdirSync(old)
    writeFileSync(join(old, 'site.yaml'), 'a: 1\n')
    writeFileSync(join(old, 'more.yaml'), 'm: 1\n')
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(old, hourAgo, hourAgo)
    const before = await settled()
    renameSync(join(root.root, 'content'), join(root.root, 'content-before'))
    renameSync(old, join(root.root, 'content'))
    const swapped = await g.current()
    expect(swapped).not.toBe(before)
    // A file only the restored folder has: its edits count.
    appendFileSync(join(root.root, 'content/more.yaml'), 'n: 2\n')
    expect(await g.current()).not.toBe(swapped)
    expect(g.watching).toBe(true)
  })

  it('sees a HEAD put back with an old time (another branch named), and a .git replaced by a rename', async () => {
    writeFileSync(join(root.root, '.git/refs/heads/side'), '1111111111111111111111111111111111111111\n')
    const onMain = await settled()
    const head = join(root.root, '.git/HEAD.new')
    writeFileSync(head, 'ref: refs/heads/side\n')
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(head, hourAgo, hourAgo)
    renameSync(head, join(root.root, '.git/HEAD'))
    const onSide = await g.current()
    expect(onSide).not.toBe(onMain)
    // Another repository's .git moved in: its branch's ref counts from then on.
    const other = makeTempContentRoot({ seed: false })
    try {
      renameSync(join(root.root, '.git'), join(root.root, '.git-before'))
      renameSync(join(other.root, '.git'), join(root.root, '.git'))
      const moved = await g.current()
      expect(moved).not.toBe(onSide)
      writeFileSync(join(root.root, '.git/refs/heads/main'), '3333333333333333333333333333333333333333\n')
      expect(await g.current()).not.toBe(moved)
      expect(g.watching).toBe(true)
    } finally {
      other.cleanup()
    }
  })

  it('works on a root that is no git repository, and sees its edits', async () => {
    rmSync(join(root.root, '.git'), { recursive: true })
    const before = await settled()
    appendFileSync(join(root.root, 'content/site.yaml'), 'b: 2\n')
    expect(await g.current()).not.toBe(before)
    expect(g.watching).toBe(true)
  })

  it('sees an edit made just before a call for a request read from a socket, call after call', async () => {
    await g.current(true)
    for (let i = 0; i < 4; i++) {
      const before = await g.current(true)
      appendFileSync(join(root.root, 'content/site.yaml'), `n: ${i}\n`)
      expect(await g.current(true), `edit ${i}`).not.toBe(before)
    }
    expect(g.watching).toBe(true)
  })

  it('sees an edit made in an I/O callback while calls come on every turn, and leaves the event loop idle after', async () => {
    await settled()
    let load = true
    const busy = () => {
      void g.current()
      if (load) setImmediate(busy)
    }
    busy()
    for (let i = 0; i < 5; i++) {
      const before = await g.current()
      const after = await new Promise<string>((resolve) =>
        readFile(join(root.root, 'content/site.yaml'), () => {
          appendFileSync(join(root.root, 'content/site.yaml'), `n: ${i}\n`)
          resolve(g.current())
        }),
      )
      expect(after, `edit ${i}`).not.toBe(before)
    }
    load = false
    await g.current()
    await new Promise((r) => setTimeout(r, 20))
    // Nothing left to do: the loop sleeps (no turn scheduled after turn).
    const start = nodePerformance.eventLoopUtilization()
    await new Promise((r) => setTimeout(r, 100))
    expect(nodePerformance.eventLoopUtilization(start).utilization).toBeLessThan(0.5)
    expect(g.watching).toBe(true)
  })
})

describe('content generation, folders that go and come back', () => {
  const hourAgo = new Date(Date.now() - 3_600_000)

  it('a file where content/ should be reads as no content (no error); the folder put back is seen', async () => {
    const before = await settled()
    renameSync(join(root.root, 'content'), join(root.root, 'content-away'))
    writeFileSync(join(root.root, 'content'), 'not a folder\n')
    const asFile = await g.current()
    expect(asFile).not.toBe(before)
    expect(asFile).not.toContain('site.yaml')
    rmSync(join(root.root, 'content'))
    renameSync(join(root.root, 'content-away'), join(root.root, 'content'))
    expect(await g.current()).toBe(before)
  })

  it('lists a folder anew that went away and came back with its old time and a new file (a restore that keeps times)', async () => {
    const services = join(root.root, 'content/services')
    mkdirSync(services)
    writeFileSync(join(services, 'one.yaml'), 'x: 1\n')
    utimesSync(services, hourAgo, hourAgo)
    await settled()
    renameSync(services, join(root.root, 'services-away'))
    await g.current()
    writeFileSync(join(root.root, 'services-away/two.yaml'), 'y: 1\n')
    utimesSync(join(root.root, 'services-away'), hourAgo, hourAgo)
    renameSync(join(root.root, 'services-away'), services)
    const back = await g.current()
    expect(back).toContain('two.yaml')
    appendFileSync(join(services, 'two.yaml'), 'y: 2\n')
    expect(await g.current()).not.toBe(back)
  })

  it('lists a folder anew when another one with the very same time is renamed in its place (told apart by inode)', async () => {
    const old = join(root.root, 'restored')
    mkdirSync(old)
    writeFileSync(join(old, 'more.yaml'), 'm: 1\n')
    utimesSync(join(root.root, 'content'), hourAgo, hourAgo)
    utimesSync(old, hourAgo, hourAgo)
    await settled()
    renameSync(join(root.root, 'content'), join(root.root, 'content-before'))
    renameSync(old, join(root.root, 'content'))
    const swapped = await g.current()
    expect(swapped).toContain('more.yaml')
    appendFileSync(join(root.root, 'content/more.yaml'), 'n: 2\n')
    expect(await g.current()).not.toBe(swapped)
  })

  it('a content file that is a link is stamped as the link (never read through), and a plain file in its place shows', async () => {
    writeFileSync(join(root.root, 'shared.yaml'), 's: 1\n')
    symlinkSync(join(root.root, 'shared.yaml'), join(root.root, 'content/shared.yaml'))
    const now = vi.spyOn(performance, 'now').mockReturnValue(50_000)
    const before = await settled()
    rmSync(join(root.root, 'content/shared.yaml'))
    writeFileSync(join(root.root, 'content/shared.yaml'), 's: 2\n')
    now.mockReturnValue(51_000)
    expect(await g.current()).not.toBe(before)
  })

  it('a folder that is a link looping to itself is no folder: the fingerprint is still taken', async () => {
    symlinkSync('loop', join(root.root, 'content/loop'))
    const now = vi.spyOn(performance, 'now').mockReturnValue(60_000)
    const before = await settled()
    writeFileSync(join(root.root, 'content/after-loop.yaml'), 'a: 1\n')
    now.mockReturnValue(61_000)
    expect(await g.current()).not.toBe(before)
  })
})

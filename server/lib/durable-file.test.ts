// Data-directory writes: the whole new file or the old one, and on disk (file and directory entry) before they resolve.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SerialQueue, writeFileDurable } from './durable-file'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'durable-'))
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

/** The prototype of Node's FileHandle, whose sync() is fsync(2). */
async function fileHandlePrototype() {
  const handle = await open(join(dir, 'probe'), 'w')
  await handle.close()
  return Object.getPrototypeOf(handle) as { sync: () => Promise<void> }
}

describe('writeFileDurable', () => {
  it('fsyncs the new file before it is renamed into place, then the directory, before resolving', async () => {
    const proto = await fileHandlePrototype()
    const synced: string[] = []
    const original = proto.sync
    vi.spyOn(proto, 'sync').mockImplementation(async function (this: { fd: number }) {
      synced.push(
        readdirSync(dir).filter((n) => n.endsWith('.tmp')).length ? 'file (still under its temp name)' : 'directory (after the rename)',
      )
      return original.call(this)
    })
    await writeFileDurable(join(dir, 'inquiry.json'), '{"a":1}')
    expect(synced).toEqual(['file (still under its temp name)', 'directory (after the rename)'])
    expect(readFileSync(join(dir, 'inquiry.json'), 'utf8')).toBe('{"a":1}')
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })

  it('a failed write leaves the old file whole and no temp file behind', async () => {
    await writeFileDurable(join(dir, 'list.json'), 'old')
    const proto = await fileHandlePrototype()
    vi.spyOn(proto, 'sync').mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))
    await expect(writeFileDurable(join(dir, 'list.json'), 'new')).rejects.toThrow('disk full')
    expect(readFileSync(join(dir, 'list.json'), 'utf8')).toBe('old')
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })
})

describe('writeFileDurable, many times', () => {
  it.runIf(existsSync('/proc/self/fd'))(
    'closes every file and directory it opened (a busy server would run out of descriptors)',
    async () => {
      const open = () => readdirSync('/proc/self/fd').length
      const before = open()
      for (let i = 0; i < 50; i++) await writeFileDurable(join(dir, 'subscribers.json'), `[${i}]`)
      expect(open()).toBe(before)
      expect(readFileSync(join(dir, 'subscribers.json'), 'utf8')).toBe('[49]')
    },
  )
})

describe('SerialQueue', () => {
  it('runs read-modify-write tasks one after another, and a failure does not stop the next', async () => {
    const queue = new SerialQueue()
    let value = 0
    const bump = () =>
      queue.run(async () => {
        const read = value
        await new Promise((r) => setTimeout(r, 1))
        value = read + 1
      })
    const failing = queue.run(async () => {
      throw new Error('boom')
    })
    await Promise.all([bump(), bump(), failing.catch(() => undefined), bump(), bump()])
    expect(value).toBe(4)
  })
})

// Uploads waiting for their save, on real temporary folders: which files a save takes into uploads/, when a waiting
// copy is let go, and that one no save used within a day is dropped.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { PendingUploads } from './pending-uploads'

let dataDir: string
let contentRoot: string
let pending: PendingUploads
const bytes = (text: string) => new TextEncoder().encode(text)
const content = (path: string, text: string) => {
  mkdirSync(join(contentRoot, path, '..'), { recursive: true })
  writeFileSync(join(contentRoot, path), text)
}
const inUploads = () => (existsSync(join(contentRoot, 'uploads')) ? readdirSync(join(contentRoot, 'uploads')).sort() : [])
const waiting = () => (existsSync(pending.dir) ? readdirSync(pending.dir).filter((n) => !n.startsWith('.')).sort() : [])

beforeEach(() => {
  const root = mkdtempSync(join(tmpdir(), 'pending-uploads-'))
  dataDir = join(root, 'data')
  contentRoot = join(root, 'content-root')
  mkdirSync(contentRoot)
  pending = new PendingUploads(dataDir, contentRoot)
})

describe('a waiting upload', () => {
  it('is kept under DATA_DIR, outside the content, and read back by its name', async () => {
    await pending.save('bouquet-1a2b3c4d.jpg', bytes('jpeg bytes'))
    expect(pending.dir).toBe(join(dataDir, 'pending-uploads'))
    expect(waiting()).toEqual(['bouquet-1a2b3c4d.jpg'])
    expect(inUploads()).toEqual([])
    expect((await pending.read('bouquet-1a2b3c4d.jpg'))?.toString()).toBe('jpeg bytes')
    expect(await pending.has('bouquet-1a2b3c4d.jpg')).toBe(true)
    expect([await pending.read('other-1a2b3c4d.jpg'), await pending.has('other-1a2b3c4d.jpg')]).toEqual([null, false])
  })

  it('only by a generated name: a path or an odd name is neither written nor read', async () => {
    await expect(pending.save('../escape.jpg', bytes('x'))).rejects.toThrow('Not an upload name')
    await expect(pending.save('Photo.JPG', bytes('x'))).rejects.toThrow('Not an upload name')
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(join(dataDir, 'secret.jpg'), 'not an upload')
    expect(await pending.read('../secret.jpg')).toBeNull()
    expect(await pending.has('../secret.jpg')).toBe(false)
    await pending.discard('../secret.jpg')
    expect(existsSync(join(dataDir, 'secret.jpg'))).toBe(true)
  })
})

describe('the save that uses it', () => {
  it('takes in the waiting uploads its content files name, once each, and nothing else', async () => {
    await pending.save('hero-00000001.jpg', bytes('hero'))
    await pending.save('card-00000002.png', bytes('card'))
    await pending.save('unused-00000003.jpg', bytes('unused'))
    content('content/site.yaml', 'hero:\n  image: /uploads/hero-00000001.jpg\n')
    content('content/services/bouquets.yaml', 'images:\n  - cropped: /uploads/card-00000002.png\n    original: /uploads/card-00000002.png\n')
    content('notes/draft.txt', '/uploads/unused-00000003.jpg')
    const taken = await pending.companionsOf(['content/site.yaml', 'content/services/bouquets.yaml', 'notes/draft.txt'])
    expect(taken).toEqual({
      paths: ['uploads/card-00000002.png', 'uploads/hero-00000001.jpg'],
      items: ['uploads/card-00000002.png', 'uploads/hero-00000001.jpg'],
    })
    expect(inUploads()).toEqual(['card-00000002.png', 'hero-00000001.jpg'])
    expect(readFileSync(join(contentRoot, 'uploads/hero-00000001.jpg'), 'utf8')).toBe('hero')
    // Until the commit succeeds the waiting copies stay, so a failed save loses nothing.
    expect(waiting()).toEqual(['card-00000002.png', 'hero-00000001.jpg', 'unused-00000003.jpg'])
  })

  it('leaves a picture already in uploads/ as it is, and names that only start like an upload', async () => {
    await pending.save('hero-00000001.jpg', bytes('new bytes'))
    await pending.save('card-00000002.png', bytes('card'))
    content('uploads/hero-00000001.jpg', 'committed bytes')
    content('content/site.yaml', 'a: /uploads/hero-00000001.jpg\nb: /uploads/card-00000002.png.bak\n')
    expect(await pending.companionsOf(['content/site.yaml'])).toEqual({ paths: [], items: [] })
    expect(readFileSync(join(contentRoot, 'uploads/hero-00000001.jpg'), 'utf8')).toBe('committed bytes')
  })

  it('once committed, lets go of the waiting copies it took in, and of no other', async () => {
    await pending.save('hero-00000001.jpg', bytes('hero'))
    await pending.save('card-00000002.png', bytes('card'))
    content('uploads/hero-00000001.jpg', 'hero')
    const settled = await pending.settle(['uploads/hero-00000001.jpg', 'uploads/card-00000002.png', 'content/site.yaml', 'hero-00000001.jpg'])
    expect(settled).toEqual(['hero-00000001.jpg'])
    expect(waiting()).toEqual(['card-00000002.png'])
  })
})

describe('an upload no save used', () => {
  it('is dropped after a day, when the next upload comes', async () => {
    await pending.save('old-00000001.jpg', bytes('old'))
    await pending.save('recent-00000002.jpg', bytes('recent'))
    const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000)
    utimesSync(join(pending.dir, 'old-00000001.jpg'), hoursAgo(25), hoursAgo(25))
    utimesSync(join(pending.dir, 'recent-00000002.jpg'), hoursAgo(23), hoursAgo(23))
    await pending.save('new-00000003.jpg', bytes('new'))
    expect(waiting()).toEqual(['new-00000003.jpg', 'recent-00000002.jpg'])
  })
})

// The resized copies of uploads as the owner and the pages meet them: which uploads the pages and the start-up warm-up
// ask copies of, the files left under DATA_DIR/image-cache (names, formats, sizes), the warm-up's summary, and the
// hashes the pages are given. The encoder is a counting fake unless the test is about what the encoder makes.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContentStore } from '../lib/content-store'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { fixtureFiles, makeJpeg } from '../testing/test-app'
import { createImageDerivatives, type ImageDerivatives, type Variant } from './image-derivatives'

const label = (v: Variant) => (v.kind === 'og' ? 'og.jpg' : `${v.width}.${v.format}`)
const w = (width: number, format: 'avif' | 'webp'): Variant => ({ kind: 'width', width, format })
const OG: Variant = { kind: 'og', format: 'jpg' }
const upTo = (widths: number[]) => (['avif', 'webp'] as const).flatMap((f) => widths.map((width) => w(width, f)))
/** What a card or service-page `<picture>` may ask for (up to 1280 px), and the full-width hero (up to 1600 px). */
const CARD = upTo([320, 480, 640, 960, 1280])
const HERO = upTo([320, 480, 640, 960, 1280, 1600])

const hashOf = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 10)

interface Setup extends TempContentRoot {
  images: ImageDerivatives
  /** The copies the encoder was asked for, as "upload width.format". */
  rendered: string[]
  cached: () => string[]
}

const setups: Setup[] = []
afterEach(async () => {
  for (const s of setups.splice(0)) {
    await s.images.idle()
    s.cleanup()
  }
  vi.restoreAllMocks()
})

/** A content root with these files; the fake encoder refuses sources starting with "bad". */
function setup(files: Record<string, string | Uint8Array>, { realEncoder = false } = {}): Setup {
  const content = makeTempContentRoot({ seed: false, files })
  const rendered: string[] = []
  const render = async (source: Uint8Array, variant: Variant) => {
    const text = Buffer.from(source).toString('latin1')
    if (text.startsWith('bad')) throw new Error('not a picture')
    rendered.push(`${text} ${label(variant)}`)
    return Buffer.from(`${text} as ${label(variant)}`)
  }
  const images = createImageDerivatives({
    store: new ContentStore(content.root),
    dataDir: content.dataDir,
    ...(realEncoder ? {} : { render }),
  })
  const cacheDir = join(content.dataDir, 'image-cache')
  const cached = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => !f.startsWith('.')) : []).sort()
  const s = { ...content, images, rendered, cached }
  setups.push(s)
  return s
}

/** content/site.yaml (the test app's, hero last) with the given hero lines (indented under hero:) and extra top-level YAML. */
const siteYaml = (hero: string, extra = '') =>
  `${(fixtureFiles(new Uint8Array())['content/site.yaml'] as string).replace('  image: /uploads/hero-image.jpg\n', '')}${hero}\n${extra}`
const serviceYaml = (title: string, images: string[], extra = '') => `title: ${title}
description: ${title} for every occasion.
aboutText: All about ${title}.
pricingInfo: From $50
visible: true
${extra}images:
${images.map((url) => `  - cropped: ${url}\n    original: ${url}\n`).join('')}`

describe('the uploads the pages show, with the copies each may ask for', () => {
  it('the hero at every width, the about photo as cards, the share picture as a link-preview card, the first service image also as one', async () => {
    const { images } = setup({
      'content/site.yaml': siteYaml(
        '  image: /uploads/hero.jpg',
        `about:\n  photo: /uploads/about.jpg\nseo:\n  shareImage: /uploads/share.jpg\nfeatures:\n  aboutEnabled: true\n`,
      ),
      'content/services/arches.yaml': serviceYaml('Arches', ['/uploads/first.jpg', '/uploads/second.jpg']),
    })
    expect(Object.fromEntries(await images.pageImages())).toEqual({
      'hero.jpg': HERO,
      'about.jpg': CARD,
      'share.jpg': [OG],
      'first.jpg': [...CARD, OG],
      'second.jpg': CARD,
    })
  })

  it('the about photo is not asked for while the About page is off', async () => {
    const { images } = setup({
      'content/site.yaml': siteYaml('  image: /uploads/hero.jpg', 'about:\n  photo: /uploads/about.jpg\n'),
    })
    expect([...(await images.pageImages()).keys()]).toEqual(['hero.jpg'])
  })

  it('an upload shown in several places gets each copy once', async () => {
    const { images } = setup({
      'content/site.yaml': siteYaml('  image: /uploads/both.jpg', 'seo:\n  shareImage: /uploads/shared.jpg\n'),
      'content/services/arches.yaml': serviceYaml('Arches', ['/uploads/shared.jpg', '/uploads/both.jpg']),
      'content/services/walls.yaml': serviceYaml('Walls', ['/uploads/both.jpg']),
    })
    expect(Object.fromEntries(await images.pageImages())).toEqual({
      'both.jpg': [...HERO, OG],
      'shared.jpg': [OG, ...CARD],
    })
  })

  it("the seasonal hero's picture: always warmed up, given to the pages only inside its window", async () => {
    const seasonal = (window: string) =>
      setup({
        'content/site.yaml': siteYaml(
          `  image: /uploads/hero.jpg\n  seasonal:\n    title: Holidays\n    image: /uploads/season.jpg\n${window}`,
        ),
      }).images
    const ended = seasonal('    showUntil: 2020-01-01T00:00:00Z\n')
    expect(Object.fromEntries(await ended.pageImages())).toEqual({ 'hero.jpg': HERO, 'season.jpg': HERO })
    expect([...(await ended.pageImages({ visibleOnly: true })).keys()]).toEqual(['hero.jpg'])
    const open = seasonal('    showFrom: 2020-01-01T00:00:00Z\n')
    expect(Object.fromEntries(await open.pageImages({ visibleOnly: true }))).toEqual({ 'hero.jpg': HERO, 'season.jpg': HERO })
  })

  it('hidden and not-yet-shown services count for the warm-up, not for the pages (visibleOnly)', async () => {
    const { images } = setup({
      'content/services/arches.yaml': serviceYaml('Arches', ['/uploads/arch.jpg']),
      'content/services/secret.yaml': serviceYaml('Secret', ['/uploads/secret.jpg']).replace('visible: true', 'visible: false'),
      'content/services/later.yaml': serviceYaml('Later', ['/uploads/later.jpg'], 'showFrom: 2099-01-01T00:00:00Z\n'),
    })
    expect([...(await images.pageImages()).keys()].sort()).toEqual(['arch.jpg', 'later.jpg', 'secret.jpg'])
    expect([...(await images.pageImages({ visibleOnly: true })).keys()]).toEqual(['arch.jpg'])
  })

  it('without readable site settings the services still count; with an unreadable services folder the hero still does', async () => {
    const noSettings = setup({ 'content/services/arches.yaml': serviceYaml('Arches', ['/uploads/arch.jpg']) })
    expect(Object.fromEntries(await noSettings.images.pageImages())).toEqual({ 'arch.jpg': [...CARD, OG] })
    const noServices = setup({ 'content/site.yaml': siteYaml('  image: /uploads/hero.jpg') })
    // content/services is a link to itself: listing it fails (ELOOP), not as a missing folder.
    symlinkSync('services', join(noServices.root, 'content/services'))
    expect(Object.fromEntries(await noServices.images.pageImages())).toEqual({ 'hero.jpg': HERO })
  })
})

describe('source hashes', () => {
  it('versions(): the hash of each upload named once, leaving out missing uploads and URLs outside /uploads/', async () => {
    const { images } = setup({ 'uploads/a.jpg': 'picture A', 'uploads/b.png': 'picture B' })
    expect(
      await images.versions(['/uploads/a.jpg', '/uploads/missing.jpg', 'https://elsewhere.test/x.jpg', '/uploads/b.png', '/uploads/a.jpg']),
    ).toEqual({ 'a.jpg': hashOf('picture A'), 'b.png': hashOf('picture B') })
  })

  it('version(): none for a file in uploads/ whose name is outside the upload pattern', async () => {
    const { images } = setup({ 'uploads/Photo.jpg': 'x', 'uploads/notes.txt': 'x', 'uploads/photo.jpg': 'x' })
    expect(await images.version('photo.jpg')).toBe(hashOf('x'))
    expect(await images.version('Photo.jpg')).toBeNull()
    expect(await images.version('notes.txt')).toBeNull()
  })

  it('version(): none for a folder named like an upload', async () => {
    const s = setup({ 'uploads/album.jpg/inside.jpg': 'x' })
    expect(await s.images.version('album.jpg')).toBeNull()
    expect(await s.images.versions(['/uploads/album.jpg'])).toEqual({})
  })

  it('the hash is worked out again when the file size, time or inode changes, not on every call', async () => {
    const s = setup({ 'uploads/a.jpg': 'AAAA' })
    const file = join(s.root, 'uploads/a.jpg')
    utimesSync(file, 1_700_000_000, 1_700_000_000)
    expect(await s.images.version('a.jpg')).toBe(hashOf('AAAA'))
    // Same size, same inode, the time put back: the remembered hash stands.
    writeFileSync(file, 'BBBB')
    utimesSync(file, 1_700_000_000, 1_700_000_000)
    expect(await s.images.version('a.jpg')).toBe(hashOf('AAAA'))
    utimesSync(file, 1_700_000_001, 1_700_000_001)
    expect(await s.images.version('a.jpg')).toBe(hashOf('BBBB'))
    // Another size, the time put back.
    writeFileSync(file, 'CCCCC')
    utimesSync(file, 1_700_000_001, 1_700_000_001)
    expect(await s.images.version('a.jpg')).toBe(hashOf('CCCCC'))
    // Another file renamed over it (as a save writes), same size and time.
    writeFileSync(`${file}.new`, 'DDDDD')
    utimesSync(`${file}.new`, 1_700_000_001, 1_700_000_001)
    renameSync(`${file}.new`, file)
    expect(await s.images.version('a.jpg')).toBe(hashOf('DDDDD'))
  })
})

describe('copies on disk', () => {
  it('a copy is made once, filed as {hash}-{width}.{format}, and read back from there', async () => {
    const s = setup({ 'uploads/a.jpg': 'picture A' })
    const hash = hashOf('picture A')
    expect((await s.images.derived('a.jpg', hash, w(480, 'avif'))).toString()).toBe('picture A as 480.avif')
    expect((await s.images.derived('a.jpg', hash, OG)).toString()).toBe('picture A as og.jpg')
    expect((await s.images.derived('a.jpg', hash, w(480, 'avif'))).toString()).toBe('picture A as 480.avif')
    expect(s.rendered).toEqual(['picture A 480.avif', 'picture A og.jpg'])
    expect(s.cached()).toEqual([`${hash}-480.avif`, `${hash}-og.jpg`])
  })

  it('a copy that failed is tried again on the next request', async () => {
    const s = setup({ 'uploads/a.jpg': 'picture A' })
    const hash = hashOf('picture A')
    // Half-way through being replaced: the bytes do not match the hash the page asked for.
    writeFileSync(join(s.root, 'uploads/a.jpg'), 'pict')
    await expect(s.images.derived('a.jpg', hash, w(320, 'webp'))).rejects.toThrow()
    writeFileSync(join(s.root, 'uploads/a.jpg'), 'picture A')
    expect((await s.images.derived('a.jpg', hash, w(320, 'webp'))).toString()).toBe('picture A as 320.webp')
    expect(s.cached()).toEqual([`${hash}-320.webp`])
  })

  it('a source changed after it was hashed is refused, and nothing is filed under the old hash', async () => {
    const s = setup({ 'uploads/a.jpg': 'picture A' })
    const hash = (await s.images.version('a.jpg'))!
    writeFileSync(join(s.root, 'uploads/a.jpg'), 'picture A, edited')
    await expect(s.images.derived('a.jpg', hash, w(320, 'webp'))).rejects.toThrow('a.jpg changed while its copies were being made')
    expect([s.rendered, s.cached()]).toEqual([[], []])
  })

  it('a WebP copy is WebP, an AVIF copy is AVIF, at the width asked, and never wider than the source', async () => {
    const s = setup({ 'uploads/small.jpg': await makeJpeg(8, 6), 'uploads/wide.jpg': await makeJpeg(700, 400) }, { realEncoder: true })
    const meta = async (name: string, variant: Variant) => {
      const m = await sharp(await s.images.derived(name, (await s.images.version(name))!, variant)).metadata()
      return [m.format, m.width, m.height]
    }
    expect(await meta('wide.jpg', w(640, 'webp'))).toEqual(['webp', 640, 366])
    expect(await meta('wide.jpg', w(320, 'avif'))).toEqual(['heif', 320, 183])
    expect(await meta('small.jpg', w(320, 'webp'))).toEqual(['webp', 8, 6])
    expect(await meta('small.jpg', w(480, 'avif'))).toEqual(['heif', 8, 6])
  })

  it('a hand-added photo turned by its EXIF orientation is copied upright', async () => {
    const turned = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#4a90d9' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const s = setup({ 'uploads/phone.jpg': turned }, { realEncoder: true })
    const meta = await sharp(await s.images.derived('phone.jpg', hashOf(turned), w(320, 'webp'))).metadata()
    expect([meta.width, meta.height, meta.orientation]).toEqual([320, 480, undefined])
    const card = await sharp(await s.images.derived('phone.jpg', hashOf(turned), OG)).metadata()
    expect([card.width, card.height, card.orientation]).toEqual([1200, 630, undefined])
  })

  it('the link-preview card is a 1200x630 JPEG cut around what stands out, not around the middle', async () => {
    // 2400x630 of flat grey with a red-and-white checked patch at the left edge: the middle would be all grey.
    const [width, height] = [2400, 630]
    const raw = Buffer.alloc(width * height * 3, 128)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < 500; x++) raw.set(((x >> 4) + (y >> 4)) % 2 ? [255, 255, 255] : [230, 20, 20], (y * width + x) * 3)
    }
    const source = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer()
    const s = setup({ 'uploads/party.jpg': source }, { realEncoder: true })
    const card = await s.images.derived('party.jpg', hashOf(source), OG)
    const meta = await sharp(card).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    const [red, green] = (await sharp(card).stats()).channels.map((c) => c.mean)
    expect(red - green).toBeGreaterThan(20)
  })

  it('a file over 50 megapixels is not decoded; one of exactly 50 is', async () => {
    const s = setup({ 'uploads/over.png': blankPng(10_000, 5_001), 'uploads/at.png': blankPng(10_000, 5_000) }, { realEncoder: true })
    const copy = async (name: string) => s.images.derived(name, (await s.images.version(name))!, w(320, 'webp'))
    await expect(copy('over.png')).rejects.toThrow(/pixel limit/)
    expect((await sharp(await copy('at.png')).metadata()).width).toBe(320)
    expect(s.cached()).toEqual([`${hashOf(blankPng(10_000, 5_000))}-320.webp`])
  })
})

/** A valid black 1-bit PNG of any size in a few kilobytes (sharp takes long to encode a large one). */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth; colour type 0 (grey), no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)))
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('copies made in the background', () => {
  it("the warm-up's summary counts the page images, the copies made and the copies that failed (each logged)", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const s = setup({
      'content/site.yaml': siteYaml('  image: /uploads/hero.jpg', 'seo:\n  shareImage: /uploads/broken.jpg\n'),
      'content/services/arches.yaml': serviceYaml('Arches', ['/uploads/gone.jpg']),
      'uploads/hero.jpg': 'hero picture',
      'uploads/broken.jpg': 'bad bytes',
    })
    const summary = (await s.images.warmUp())!
    expect(summary).toMatchObject({ images: 3, made: 12, failed: 1 })
    expect(summary.ms).toBeGreaterThanOrEqual(0)
    expect(summary.ms).toBeLessThan(60_000)
    expect(errors.mock.calls).toEqual([['Could not make a copy of broken.jpg:', 'not a picture']])
    expect(s.cached()).toEqual(HERO.map((v) => `${hashOf('hero picture')}-${label(v)}`).sort())
    // The next warm-up makes nothing new and tries the broken one again.
    expect(await s.images.warmUp()).toMatchObject({ images: 3, made: 0, failed: 1 })
    expect(s.rendered).toHaveLength(12)
  })

  it('after an upload its card copies are made in the background; idle() waits for work queued while it waits', async () => {
    const s = setup({ 'uploads/a.jpg': 'picture A', 'uploads/b.jpg': 'picture B' })
    void s.images.afterUpload('a.jpg')
    const idle = s.images.idle()
    void s.images.afterUpload('b.jpg')
    await idle
    const cards = (source: string) => CARD.map((v) => `${hashOf(source)}-${label(v)}`)
    expect(s.cached()).toEqual([...cards('picture A'), ...cards('picture B')].sort())
  })
})

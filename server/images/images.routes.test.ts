import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeJpeg, useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))

/** A phone photo: landscape pixels with EXIF orientation 6 (rotate 90°), camera make and a GPS position. */
async function phonePhoto(width = 60, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a90d9' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 5/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** The EXIF pointer to a GPS block (tag 0x8825), in either byte order. */
const hasGpsIfd = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))

async function upload(cookie: string, bytes: Uint8Array, name = 'IMG_0042.jpg'): Promise<string> {
  const form = new FormData()
  form.append('image', new File([Buffer.from(bytes)], name, { type: 'image/jpeg' }))
  const res = await t.call('POST', '/api/upload', { body: form, cookie })
  expect(res.status).toBe(201)
  const url = ((await res.json()) as { url: string }).url
  // An upload is committed (and its copies made) with the save that uses it, as the dashboard does.
  const save = await t.call('PUT', '/api/services/mosaics/images', { json: { images: [{ cropped: url, original: url }] }, cookie })
  expect(save.status).toBe(200)
  return url
}

describe('upload re-encoding', () => {
  it('a phone photo is stored upright with no EXIF or GPS left in it', async () => {
    const photo = await phonePhoto()
    const before = await sharp(photo).metadata()
    expect(hasGpsIfd(before.exif!)).toBe(true)
    expect(before.orientation).toBe(6)
    expect(photo.includes(Buffer.from('PhoneCo'))).toBe(true)

    const url = await upload(await t.login(), new Uint8Array(photo))
    const stored = readFileSync(join(t.root, url))
    const after = await sharp(stored).metadata()
    expect(after.format).toBe('jpeg')
    expect(after.exif).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect([after.width, after.height]).toEqual([40, 60])
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false)
    expect(hasGpsIfd(stored)).toBe(false)
  })

  it('caps the long edge of large originals at 2400 px', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#e4573d' } })
      .png()
      .toBuffer()
    const url = await upload(await t.login(), new Uint8Array(big), 'wide.png')
    const meta = await sharp(readFileSync(join(t.root, url))).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2400, 1200])
  })
})

describe('resized copies', () => {
  it('serves AVIF and WebP at an allowed width, made once and kept outside git, with a validator', async () => {
    const url = await upload(await t.login(), new Uint8Array(await phonePhoto(1200, 900)))
    const name = url.replace('/uploads/', '')
    for (const format of ['webp', 'avif'] as const) {
      const res = await t.call('GET', `/img/320/${name}.${format}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(`image/${format}`)
      expect(res.headers.get('cache-control')).toContain('max-age=604800')
      expect(res.headers.get('content-encoding')).toBeNull()
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
      expect(meta.width).toBe(320)
      expect(meta.exif).toBeUndefined()
      const again = await t.call('GET', `/img/320/${name}.${format}`, { headers: { 'If-None-Match': res.headers.get('etag')! } })
      expect(again.status).toBe(304)
    }
    const cache = join(t.dataDir, 'image-cache')
    expect(readdirSync(cache).filter((f) => /-320\.(webp|avif)$/.test(f))).toHaveLength(2)
    expect(existsSync(join(t.root, 'image-cache'))).toBe(false)
    expect(t.git('status', '--porcelain', '--untracked-files=all').trim()).toBe('')
  })

  it('a 1200x630 JPEG card for link previews', async () => {
    const res = await t.call('GET', '/img/og/bouquet-one.jpg.jpg')
    expect(res.status).toBe(200)
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
  })

  it('refuses widths off the list, other formats, unknown files and names outside the upload pattern', async () => {
    for (const path of [
      '/img/333/bouquet-one.jpg.webp',
      '/img/320/bouquet-one.jpg.png',
      '/img/320/missing.jpg.webp',
      '/img/320/Bouquet.jpg.webp',
      '/img/og/bouquet-one.jpg.webp',
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(404)
    }
  })
})

describe('copies made ahead of time, under content-hashed URLs', () => {
  const cache = () => join(t.dataDir, 'image-cache')
  const hashOf = (path: string) =>
    createHash('sha256')
      .update(readFileSync(join(t.root, path)))
      .digest('hex')
      .slice(0, 10)
  const cached = () =>
    existsSync(cache())
      ? readdirSync(cache())
          .filter((f) => !f.startsWith('.'))
          .sort()
      : []
  const cardFiles = (hash: string) => ['avif', 'webp'].flatMap((f) => [320, 480, 640, 960, 1280].map((w) => `${hash}-${w}.${f}`)).sort()

  it('an upload gets its card copies in the background, without any request for them', async () => {
    const url = await upload(await t.login(), new Uint8Array(await phonePhoto(1400, 1000)))
    await t.deps.images.idle()
    expect(cached()).toEqual(cardFiles(hashOf(url)))
    const meta = await sharp(readFileSync(join(cache(), `${hashOf(url)}-640.avif`))).metadata()
    expect([meta.format, meta.width]).toEqual(['heif', 640])
  })

  it('the start-up warm-up makes every missing copy the pages show, and only those', async () => {
    const images = t.deps.images
    const [hero, bouquet, shared] = ['uploads/hero-image.jpg', 'uploads/bouquet-one.jpg', 'uploads/shared-image.jpg'].map(hashOf)
    // The fixture's three page images have the same bytes, so they share their copies.
    expect(new Set([hero, bouquet, shared]).size).toBe(1)
    const summary = await images.warmUp()
    expect(summary).toMatchObject({ images: 3, made: 13, failed: 0 })
    const all = ['avif', 'webp'].flatMap((f) => [320, 480, 640, 960, 1280, 1600].map((w) => `${hero}-${w}.${f}`))
    expect(cached()).toEqual([...all, `${hero}-og.jpg`].sort())
    expect(await images.warmUp()).toMatchObject({ images: 3, made: 0, failed: 0 })
    rmSync(join(cache(), `${hero}-960.avif`))
    expect(await images.warmUp()).toMatchObject({ made: 1 })
    expect(existsSync(join(cache(), `${hero}-960.avif`))).toBe(true)
  })

  it('two requests at once for a missing copy run sharp once and get the same bytes', async () => {
    const hash = hashOf('uploads/bouquet-one.jpg')
    const encode = vi.spyOn(sharp.prototype, 'toBuffer')
    try {
      const [a, b] = await Promise.all([1, 2].map(() => t.call('GET', `/img/${hash}/480/bouquet-one.jpg.avif`)))
      expect([a.status, b.status]).toEqual([200, 200])
      expect(encode).toHaveBeenCalledTimes(1)
      expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true)
    } finally {
      encode.mockRestore()
    }
  })

  it('hashed URLs are cached for good; a stale hash redirects to the current one; bad ones are 404', async () => {
    const hash = hashOf('uploads/bouquet-one.jpg')
    const res = await t.call('GET', `/img/${hash}/320/bouquet-one.jpg.webp`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const og = await t.call('GET', `/img/${hash}/og/bouquet-one.jpg.jpg`)
    expect([og.status, og.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable'])

    const stale = await t.call('GET', `/img/0123456789/320/bouquet-one.jpg.webp`)
    expect(stale.status).toBe(302)
    expect(stale.headers.get('location')).toBe(`/img/${hash}/320/bouquet-one.jpg.webp`)
    expect(stale.headers.get('cache-control')).toBe('no-store')
    for (const path of [
      `/img/${hash}/333/bouquet-one.jpg.webp`,
      `/img/${hash}/320/missing.jpg.webp`,
      `/img/XYZ/320/bouquet-one.jpg.webp`,
      `/img/${hash}x/320/bouquet-one.jpg.webp`,
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(404)
    }
  })

  it('a changed source gets a new URL: /api/image-versions gives its new hash and the old URL redirects there', async () => {
    const versions = async () => (await (await t.call('GET', '/api/image-versions')).json()) as Record<string, string>
    const before = await versions()
    // Page images of visible content only: the testimonial photo and the hidden service's images are not asked for.
    expect(Object.keys(before).sort()).toEqual(['bouquet-one.jpg', 'hero-image.jpg', 'shared-image.jpg'])
    expect(before['bouquet-one.jpg']).toBe(hashOf('uploads/bouquet-one.jpg'))

    writeFileSync(join(t.root, 'uploads/bouquet-one.jpg'), await makeJpeg(900, 600))
    const after = await versions()
    expect(after['bouquet-one.jpg']).toBe(hashOf('uploads/bouquet-one.jpg'))
    expect(after['bouquet-one.jpg']).not.toBe(before['bouquet-one.jpg'])
    expect(after['hero-image.jpg']).toBe(before['hero-image.jpg'])

    const old = await t.call('GET', `/img/${before['bouquet-one.jpg']}/640/bouquet-one.jpg.avif`)
    expect([old.status, old.headers.get('location')]).toEqual([302, `/img/${after['bouquet-one.jpg']}/640/bouquet-one.jpg.avif`])
    const fresh = await t.call('GET', old.headers.get('location')!)
    expect(fresh.status).toBe(200)
    expect((await sharp(new Uint8Array(await fresh.arrayBuffer())).metadata()).width).toBe(640)
  })
})

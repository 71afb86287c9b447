import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

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
  return ((await res.json()) as { url: string }).url
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
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#e4573d' } }).png().toBuffer()
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
    for (const path of ['/img/333/bouquet-one.jpg.webp', '/img/320/bouquet-one.jpg.png', '/img/320/missing.jpg.webp', '/img/320/Bouquet.jpg.webp', '/img/og/bouquet-one.jpg.webp']) {
      expect((await t.call('GET', path)).status, path).toBe(404)
    }
  })
})

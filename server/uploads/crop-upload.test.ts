import { beforeEach, describe, expect, it } from 'vitest'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

/** Left half red, right half blue, stored as given (EXIF orientation optional). */
async function halves(width: number, height: number, orientation?: number): Promise<Uint8Array> {
  const half = Math.floor(width / 2)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${half}" height="${height}" fill="#ff0000"/><rect x="${half}" width="${width - half}" height="${height}" fill="#0000ff"/></svg>`
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 95 })
  if (orientation) image = image.withMetadata({ orientation })
  return new Uint8Array(await image.toBuffer())
}

function form(bytes: Uint8Array, crop?: unknown, keepOriginal = false): FormData {
  const data = new FormData()
  data.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'original.jpg', { type: 'image/jpeg' }))
  if (crop !== undefined) data.append('crop', typeof crop === 'string' ? crop : JSON.stringify(crop))
  if (keepOriginal) data.append('keepOriginal', 'true')
  return data
}

const pendingFiles = () => (existsSync(join(t.dataDir, 'pending-uploads')) ? readdirSync(join(t.dataDir, 'pending-uploads')) : [])

async function served(url: string) {
  const bytes = Buffer.from(await (await t.call('GET', url, { cookie })).arrayBuffer())
  return { meta: await sharp(bytes).metadata(), bytes }
}

async function colourAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  return [data[i], data[i + 1], data[i + 2]]
}

describe('POST /api/upload with a crop', () => {
  it('cuts the crop on the server from the one file sent and keeps the original beside it', async () => {
    const res = await t.call('POST', '/api/upload', { body: form(await halves(1200, 900), { x: 600, y: 100, width: 400, height: 300 }, true), cookie })
    expect(res.status).toBe(201)
    const { url, original } = await res.json()
    expect(url).toMatch(/^\/uploads\/cropped-[0-9a-f]{8}\.jpg$/)
    expect(original).toMatch(/^\/uploads\/original-[0-9a-f]{8}\.jpg$/)
    const crop = await served(url)
    expect([crop.meta.width, crop.meta.height]).toEqual([400, 300])
    // The crop starts at the middle: all of it comes from the blue half.
    const [r, , b] = await colourAt(crop.bytes, 10, 10)
    expect(b).toBeGreaterThan(200)
    expect(r).toBeLessThan(60)
    const kept = await served(original)
    expect([kept.meta.width, kept.meta.height]).toEqual([1200, 900])
    expect(pendingFiles().sort()).toEqual([url, original].map((u: string) => u.slice('/uploads/'.length)).sort())
  })

  it('keeps only the crop when the original is not asked for, at most 2400 px wide', async () => {
    const { url, original } = await (await t.call('POST', '/api/upload', { body: form(await halves(4000, 1000), { x: 0, y: 0, width: 4000, height: 1000 }), cookie })).json()
    expect(original).toBeUndefined()
    const crop = await served(url)
    expect([crop.meta.width, crop.meta.height]).toEqual([2400, 600])
    expect(pendingFiles()).toEqual([url.slice('/uploads/'.length)])
  })

  it('reads the rectangle in the picture as it stands upright (a phone photo turned by its EXIF orientation)', async () => {
    // Stored 300 x 100 and turned a quarter by orientation 6: upright it is 100 x 300, the red half on top.
    const photo = await halves(300, 100, 6)
    const upright = await t.call('POST', '/api/upload', { body: form(photo, { x: 0, y: 0, width: 100, height: 150 }), cookie })
    expect(upright.status).toBe(201)
    const crop = await served((await upright.json()).url)
    expect([crop.meta.width, crop.meta.height]).toEqual([100, 150])
    expect((await colourAt(crop.bytes, 50, 20))[0]).toBeGreaterThan(200)
    const sideways = await t.call('POST', '/api/upload', { body: form(photo, { x: 0, y: 0, width: 300, height: 100 }), cookie })
    expect([sideways.status, (await sideways.json()).error]).toEqual([400, 'crop: the rectangle must lie inside the picture (100 x 300 pixels)'])
  })

  it.each([
    ['past the right edge', { x: 1000, y: 0, width: 201, height: 100 }, 'crop: the rectangle must lie inside the picture (1200 x 900 pixels)'],
    ['past the bottom', { x: 0, y: 800, width: 100, height: 101 }, 'crop: the rectangle must lie inside the picture (1200 x 900 pixels)'],
    ['negative', { x: -1, y: 0, width: 100, height: 100 }, 'crop: x must be at least 0'],
    ['empty', { x: 0, y: 0, width: 0, height: 100 }, 'crop: width must be at least 1'],
    ['not a number', { x: 0, y: 'NaN', width: 100, height: 100 }, 'crop: y must be a number of pixels'],
    ['a fraction', { x: 0, y: 0, width: 100.5, height: 100 }, 'crop: width must be a whole number of pixels'],
    ['missing a side', { x: 0, y: 0, width: 100 }, 'crop: height must be a number of pixels'],
    ['not JSON', 'NaN', 'crop: send the rectangle as JSON {"x", "y", "width", "height"}'],
    ['a list', '[1,2,3,4]', 'crop: send the rectangle as JSON {"x", "y", "width", "height"}'],
  ])('refuses a crop %s, naming the field, and keeps nothing', async (_, crop, error) => {
    const res = await t.call('POST', '/api/upload', { body: form(await halves(1200, 900), crop, true), cookie })
    expect([res.status, (await res.json()).error]).toEqual([400, error])
    expect(pendingFiles()).toEqual([])
  })

  it('refuses a file that is not a picture before cutting anything', async () => {
    const res = await t.call('POST', '/api/upload', { body: form(new TextEncoder().encode('<svg/>'), { x: 0, y: 0, width: 1, height: 1 }, true), cookie })
    expect([res.status, (await res.json()).error]).toEqual([400, 'Only JPEG, PNG, WebP and GIF images can be uploaded'])
    expect(pendingFiles()).toEqual([])
  })

  it('needs a session', async () => {
    const res = await t.call('POST', '/api/upload', { body: form(await halves(40, 30), { x: 0, y: 0, width: 4, height: 3 }) })
    expect(res.status).toBe(401)
    expect(pendingFiles()).toEqual([])
  })
})

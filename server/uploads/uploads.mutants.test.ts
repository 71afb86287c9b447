// What the owner or an attacker sees of the upload routes, written from the mutation run's survivors (issue 32):
// how the content type is read, the names the site makes, the served headers, deletes of waiting and missing files.
import { beforeEach, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { ContentStore } from '../lib/content-store'
import { makeJpeg, TEST_ORIGIN, useTestApp, type TestApp } from '../testing/test-app'
import { PendingUploads } from './pending-uploads'
import { IMAGE_VERSIONS_READ } from './uploads.routes'
import { detectImageType, findUnreferencedUploads } from './uploads.store'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

function form(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg'): FormData {
  const data = new FormData()
  data.append('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  return data
}

const pendingFiles = () => (existsSync(join(t.dataDir, 'pending-uploads')) ? readdirSync(join(t.dataDir, 'pending-uploads')) : [])

/** POST /api/upload with the multipart body of `data` under another Content-Type header. */
async function postAs(data: FormData, contentType: (real: string) => string) {
  const encoded = new Request(TEST_ORIGIN, { method: 'POST', body: data })
  const real = encoded.headers.get('content-type') ?? ''
  return t.app.request(`${TEST_ORIGIN}/api/upload`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: TEST_ORIGIN, 'Content-Type': contentType(real) },
    body: await encoded.arrayBuffer(),
  })
}

describe('the upload body', () => {
  it('takes the multipart type in any case, and refuses a type that only mentions it', async () => {
    const upper = await postAs(form(await makeJpeg()), (real) => real.replace('multipart/form-data', 'MULTIPART/FORM-DATA'))
    expect(upper.status).toBe(201)
    const mention = await postAs(form(await makeJpeg()), (real) => `text/plain; x=${real}`)
    expect([mention.status, (await mention.json()).error]).toEqual([415, 'Send the image as multipart/form-data in the field "image"'])
    expect(pendingFiles()).toHaveLength(1)
  })

  it('answers 400 for a multipart body that cannot be read, and keeps nothing', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/upload`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: TEST_ORIGIN, 'Content-Type': 'multipart/form-data; boundary=zzz' },
      body: 'not a multipart body at all',
    })
    expect([res.status, (await res.json()).error]).toEqual([400, 'The upload could not be read'])
    expect(pendingFiles()).toEqual([])
  })

  it('an image sent as a text field is not a file', async () => {
    const data = new FormData()
    data.append('image', 'ffd8ff')
    const res = await t.call('POST', '/api/upload', { body: data, cookie })
    expect([res.status, (await res.json()).error]).toEqual([400, 'Choose an image to upload (field "image")'])
  })
})

describe('the names the site makes', () => {
  it.each([
    ['My Party Photo.JPG', /^\/uploads\/my-party-photo-[0-9a-f]{8}\.jpg$/],
    ['--Hello,  World!--.jpeg', /^\/uploads\/hello-world-[0-9a-f]{8}\.jpg$/],
    ['a.b.c.jpg', /^\/uploads\/a-b-c-[0-9a-f]{8}\.jpg$/],
    ['.jpg', /^\/uploads\/image-[0-9a-f]{8}\.jpg$/],
    ['!!!.jpg', /^\/uploads\/image-[0-9a-f]{8}\.jpg$/],
    ['noextension', /^\/uploads\/noextension-[0-9a-f]{8}\.jpg$/],
    // 40 characters kept, and a dash the cut leaves at the end dropped.
    [`${'a'.repeat(39)}-b${'c'.repeat(20)}.jpg`, new RegExp(`^/uploads/${'a'.repeat(39)}-[0-9a-f]{8}\\.jpg$`)],
    [`${'x'.repeat(60)}.jpg`, new RegExp(`^/uploads/${'x'.repeat(40)}-[0-9a-f]{8}\\.jpg$`)],
  ])('%s becomes a short lower-case slug with random hex', async (name, expected) => {
    const res = await t.call('POST', '/api/upload', { body: form(await makeJpeg(), name), cookie })
    expect(res.status).toBe(201)
    expect((await res.json()).url).toMatch(expected)
  })

  it('two uploads of the same file get different names', async () => {
    const jpeg = await makeJpeg()
    const first = (await (await t.call('POST', '/api/upload', { body: form(jpeg), cookie })).json()).url
    const second = (await (await t.call('POST', '/api/upload', { body: form(jpeg), cookie })).json()).url
    expect(first).not.toBe(second)
    expect(pendingFiles()).toHaveLength(2)
  })
})

describe('the served picture', () => {
  it('answers its type, length and an hour of caching for each kind', async () => {
    const picture = sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a9e7e' } })
    for (const [bytes, name, type] of [
      [await picture.clone().png().toBuffer(), 'a.png', 'image/png'],
      [await picture.clone().webp().toBuffer(), 'a.webp', 'image/webp'],
      [await picture.clone().gif().toBuffer(), 'a.gif', 'image/gif'],
      [await picture.clone().jpeg().toBuffer(), 'a.jpg', 'image/jpeg'],
    ] as const) {
      const { url } = await (await t.call('POST', '/api/upload', { body: form(new Uint8Array(bytes), name, type), cookie })).json()
      const res = await t.call('GET', url, { cookie })
      const body = Buffer.from(await res.arrayBuffer())
      expect([res.status, res.headers.get('content-type'), res.headers.get('content-length')], name).toEqual([200, type, String(body.length)])
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
      // A small picture is not enlarged.
      const meta = await sharp(body).metadata()
      expect([meta.width, meta.height], name).toEqual([40, 30])
    }
  })
})

describe('deleting a picture', () => {
  it('a picture still waiting for its save is only dropped: no commit, and the owner no longer sees it', async () => {
    const { url } = await (await t.call('POST', '/api/upload', { body: form(await makeJpeg()), cookie })).json()
    const res = await t.call('DELETE', '/api/upload', { json: { url }, cookie })
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    expect(pendingFiles()).toEqual([])
    expect(t.subjects()).toEqual(['Seed content'])
    expect((await t.call('GET', url, { cookie })).status).toBe(404)
  })

  it('a saved picture answers { ok: true } and is gone from uploads/', async () => {
    const res = await t.call('DELETE', '/api/upload', { json: { url: '/uploads/bouquet-one.jpg' }, cookie })
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    expect(existsSync(join(t.root, 'uploads/bouquet-one.jpg'))).toBe(false)
  })

  it('names the missing picture, and the field when the URL is empty or too long', async () => {
    const missing = await t.call('DELETE', '/api/upload', { json: { url: '/uploads/missing-file.jpg' }, cookie })
    expect([missing.status, (await missing.json()).error]).toEqual([404, 'No uploaded image missing-file.jpg'])
    const empty = await t.call('DELETE', '/api/upload', { json: { url: '' }, cookie })
    expect([empty.status, (await empty.json()).error]).toEqual([400, 'url is required'])
    const long = await t.call('DELETE', '/api/upload', { json: { url: `/uploads/${'a'.repeat(1992)}.jpg` }, cookie })
    expect(long.status).toBe(400)
    const outside = await t.call('DELETE', '/api/upload', { json: { url: '/content/site.yaml' }, cookie })
    expect([outside.status, (await outside.json()).error]).toEqual([400, 'Only images under /uploads/ can be deleted'])
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

describe('a crop', () => {
  const cropForm = (bytes: Uint8Array, crop: unknown, name: string, type: string, keepOriginal?: string) => {
    const data = form(bytes, name, type)
    data.append('crop', JSON.stringify(crop))
    if (keepOriginal !== undefined) data.append('keepOriginal', keepOriginal)
    return data
  }

  it('of a transparent PNG is a white JPEG, and the original is kept as PNG only when asked with "true"', async () => {
    const clear = await sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer()
    const area = { x: 0, y: 0, width: 30, height: 20 }
    const res = await t.call('POST', '/api/upload', { body: cropForm(new Uint8Array(clear), area, 'clear.png', 'image/png', 'yes'), cookie })
    const answer = await res.json()
    expect([res.status, answer.original]).toEqual([201, undefined])
    const crop = await t.call('GET', answer.url, { cookie })
    expect(crop.headers.get('content-type')).toBe('image/jpeg')
    const { data } = await sharp(Buffer.from(await crop.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true)
    const kept = await (
      await t.call('POST', '/api/upload', { body: cropForm(new Uint8Array(clear), area, 'clear.png', 'image/png', 'true'), cookie })
    ).json()
    expect(kept.original).toMatch(/^\/uploads\/clear-[0-9a-f]{8}\.png$/)
  })

  it('reads orientation 5 as a quarter turn too (its upright width is the stored height)', async () => {
    const photo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#e4573d' } })
      .jpeg()
      .withMetadata({ orientation: 5 })
      .toBuffer()
    const tall = await t.call('POST', '/api/upload', { body: cropForm(new Uint8Array(photo), { x: 0, y: 0, width: 100, height: 300 }, 'a.jpg', 'image/jpeg'), cookie })
    expect(tall.status).toBe(201)
    const wide = await t.call('POST', '/api/upload', { body: cropForm(new Uint8Array(photo), { x: 0, y: 0, width: 101, height: 1 }, 'a.jpg', 'image/jpeg'), cookie })
    expect([wide.status, (await wide.json()).error]).toEqual([400, 'crop: the rectangle must lie inside the picture (100 x 300 pixels)'])
  })

  it('of orientation 4 (a mirror, not a turn) keeps the stored width', async () => {
    const photo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#e4573d' } })
      .jpeg()
      .withMetadata({ orientation: 4 })
      .toBuffer()
    const wide = await t.call('POST', '/api/upload', { body: cropForm(new Uint8Array(photo), { x: 0, y: 0, width: 300, height: 100 }, 'a.jpg', 'image/jpeg'), cookie })
    expect(wide.status).toBe(201)
  })

  it('of a file with a JPEG signature that does not decode is refused, and nothing is kept', async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])
    const res = await t.call('POST', '/api/upload', { body: cropForm(fake, { x: 0, y: 0, width: 1, height: 1 }, 'a.jpg', 'image/jpeg', 'true'), cookie })
    expect([res.status, (await res.json()).error]).toEqual([400, 'The file is not a readable image'])
    expect(pendingFiles()).toEqual([])
  })
})

describe('pictures no content mentions any more', () => {
  it('are the ones on disk whose exact URL no YAML, markdown or JSON file names', async () => {
    const put = (path: string, text: string) => {
      mkdirSync(join(t.root, path, '..'), { recursive: true })
      writeFileSync(join(t.root, path), text)
    }
    for (const name of ['kept-1.jpg', 'kept-2.png', 'kept-3.webp', 'gone-1.jpg', 'gone-2.jpg', 'gone-3.jpg']) put(`uploads/${name}`, 'x')
    put('content/extra/a.yml', 'image: /uploads/kept-1.jpg\n')
    put('content/extra/b.md', 'See ![x](/uploads/kept-2.png).\n')
    put('content/extra/c.json', '{"image": "/uploads/kept-3.webp"}\n')
    // Only a longer name, another dot-less spelling, or a file that is not content.
    put('content/extra/d.yaml', 'a: /uploads/gone-1.jpg.bak\nb: /uploads/gone-2xjpg\n')
    put('content/extra/e.txt', '/uploads/gone-3.jpg\n')
    const urls = ['kept-1.jpg', 'kept-2.png', 'kept-3.webp', 'gone-1.jpg', 'gone-2.jpg', 'gone-3.jpg', 'gone-3.jpg', 'never-there.jpg'].map(
      (n) => `/uploads/${n}`,
    )
    const store = new ContentStore(t.root)
    expect(await findUnreferencedUploads(store, [...urls, '/content/site.yaml', 'https://x.test/uploads/gone-1.jpg'])).toEqual([
      'gone-1.jpg',
      'gone-2.jpg',
      'gone-3.jpg',
    ])
    expect(await findUnreferencedUploads(store, ['/content/site.yaml'])).toEqual([])
  })
})

describe('GET /api/image-versions', () => {
  it('answers a short hash for each picture the public pages show, and for no other', async () => {
    const res = await t.call('GET', '/api/image-versions')
    const versions = (await res.json()) as Record<string, string>
    expect(res.status).toBe(200)
    // The hero and the visible services' pictures; the testimonial photo is not a page image.
    expect(Object.keys(versions).sort()).toEqual(['bouquet-one.jpg', 'hero-image.jpg', 'shared-image.jpg'])
    for (const hash of Object.values(versions)) expect(hash).toMatch(/^[0-9a-f]{6,}$/)
  })
})

describe('more of what the owner and an attacker see', () => {
  it('the read cache keeps /api/image-versions exactly, and no path that only contains it', () => {
    expect(IMAGE_VERSIONS_READ.test('/api/image-versions')).toBe(true)
    expect(IMAGE_VERSIONS_READ.test('/x/api/image-versions')).toBe(false)
    expect(IMAGE_VERSIONS_READ.test('/api/image-versions/x')).toBe(false)
  })

  it('an odd or missing picture answers 404 "No such image"', async () => {
    for (const path of ['/uploads/site.yaml', '/uploads/missing-1.jpg']) {
      const res = await t.call('GET', path, { cookie })
      expect([res.status, (await res.json()).error], path).toEqual([404, 'No such image'])
    }
  })

  it('"7a" or "9a" after anything but GIF8 is not a GIF', async () => {
    expect(detectImageType(new Uint8Array([0x58, 0x58, 0x58, 0x58, 0x37, 0x61, 0, 0, 0, 0, 0, 0]))).toBeNull()
    expect(detectImageType(new Uint8Array([0x47, 0x49, 0x46, 0x39, 0x39, 0x61, 0, 0, 0, 0, 0, 0]))).toBeNull()
  })

  it('a JPEG signature that does not decode, or a JPEG cut short, is refused as not readable, with or without a crop', async () => {
    const whole = await makeJpeg(64, 48)
    const cut = whole.subarray(0, Math.floor(whole.length / 2))
    for (const [what, bytes, crop] of [
      ['fake', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), undefined],
      ['cut short', cut, undefined],
      ['cut short, cropped', cut, { x: 0, y: 0, width: 10, height: 10 }],
    ] as const) {
      const data = form(bytes)
      if (crop) data.append('crop', JSON.stringify(crop))
      const res = await t.call('POST', '/api/upload', { body: data, cookie })
      expect([res.status, (await res.json()).error], what).toEqual([400, 'The file is not a readable image'])
    }
    expect(pendingFiles()).toEqual([])
  })

  it('deleting a saved picture names it in the commit as its content item', async () => {
    await t.call('DELETE', '/api/upload', { json: { url: '/uploads/bouquet-one.jpg' }, cookie })
    expect(t.git('log', '-1', '--format=%B')).toContain('Content-Item: uploads/bouquet-one.jpg')
  })
})

describe('which written files bring their waiting pictures in', () => {
  it('content files ending .yaml, .yml, .md or .json only', async () => {
    const pending = new PendingUploads(t.dataDir, t.root)
    const names = ['a-00000001.jpg', 'b-00000002.jpg', 'c-00000003.jpg', 'd-00000004.jpg']
    for (const name of names) await pending.save(name, new Uint8Array([1]))
    const put = (path: string, text: string) => {
      mkdirSync(join(t.root, path, '..'), { recursive: true })
      writeFileSync(join(t.root, path), text)
    }
    put('content/x/a.yml', '/uploads/a-00000001.jpg')
    put('content/x/b.yaml.bak', '/uploads/b-00000002.jpg')
    put('drafts/content/c.yaml', '/uploads/c-00000003.jpg')
    put('content/x/d.md', '/uploads/d-00000004.jpg')
    const taken = await pending.companionsOf(['content/x/a.yml', 'content/x/b.yaml.bak', 'drafts/content/c.yaml', 'content/x/d.md'])
    expect(taken.items).toEqual(['uploads/a-00000001.jpg', 'uploads/d-00000004.jpg'])
  })

  it('a waiting picture is dropped one millisecond after a day, not at the day itself', async () => {
    const pending = new PendingUploads(t.dataDir, t.root)
    await pending.save('old-00000001.jpg', new Uint8Array([1]))
    const then = new Date('2026-11-01T10:00:00.000Z')
    utimesSync(join(pending.dir, 'old-00000001.jpg'), then, then)
    const day = 24 * 60 * 60 * 1000
    await pending.prune(then.getTime() + day)
    expect(await pending.has('old-00000001.jpg')).toBe(true)
    await pending.prune(then.getTime() + day + 1)
    expect(await pending.has('old-00000001.jpg')).toBe(false)
  })
})

describe('the last survivors', () => {
  it('a POST without a Content-Type is refused as not multipart', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/api/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN } })
    expect(res.status).toBe(415)
  })

  it('a file in uploads/ under a name the site never makes is not served', async () => {
    writeFileSync(join(t.root, 'uploads/Odd.jpg'), await makeJpeg())
    expect((await t.call('GET', '/uploads/Odd.jpg', { cookie })).status).toBe(404)
  })

  it("a hidden service's picture gets no image version", async () => {
    const secret = join(t.root, 'content/services/secret.yaml')
    writeFileSync(secret, `${readFileSync(secret, 'utf8')}images:\n  - cropped: /uploads/testimonial-jane.jpg\n    original: /uploads/testimonial-jane.jpg\n`)
    const versions = (await (await t.call('GET', '/api/image-versions')).json()) as Record<string, string>
    expect(Object.keys(versions)).not.toContain('testimonial-jane.jpg')
  })

  it('a picture whose header claims more pixels than may be decoded is refused as not readable, cropped or not', async () => {
    const jpeg = Buffer.from(await makeJpeg(16, 16))
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
    jpeg.writeUInt16BE(60000, sof + 5)
    jpeg.writeUInt16BE(60000, sof + 7)
    for (const crop of [undefined, { x: 0, y: 0, width: 10, height: 10 }]) {
      const data = form(new Uint8Array(jpeg))
      if (crop) data.append('crop', JSON.stringify(crop))
      const res = await t.call('POST', '/api/upload', { body: data, cookie })
      expect([res.status, (await res.json()).error], JSON.stringify(crop)).toEqual([400, 'The file is not a readable image'])
    }
    expect(pendingFiles()).toEqual([])
  })

  it('a mention outside content/, or in a file whose name only contains .yaml, does not keep a picture', async () => {
    writeFileSync(join(t.root, 'uploads/gone-1.jpg'), 'x')
    mkdirSync(join(t.root, 'drafts'), { recursive: true })
    writeFileSync(join(t.root, 'drafts/a.yaml'), '/uploads/gone-1.jpg\n')
    writeFileSync(join(t.root, 'content/old.yaml.bak'), '/uploads/gone-1.jpg\n')
    expect(await findUnreferencedUploads(new ContentStore(t.root), ['/uploads/gone-1.jpg'])).toEqual(['gone-1.jpg'])
  })
})

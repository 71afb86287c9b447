import { beforeEach, describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { useTestApp, makeJpeg, type TestApp } from '../testing/test-app'
import { detectImageType, MAX_UPLOAD_BYTES, uploadNameFromUrl, UPLOAD_NAME_PATTERN } from './uploads.store'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

function form(bytes: Uint8Array, name = 'Cropped Photo.JPG', type = 'image/jpeg'): FormData {
  const data = new FormData()
  data.append('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  return data
}

describe('POST /api/upload', () => {
  it('stores a real image under a generated name, serves it, and commits it with the save that uses it', async () => {
    const res = await t.call('POST', '/api/upload', { body: form(await makeJpeg()), cookie })
    expect(res.status).toBe(201)
    const { url } = await res.json()
    expect(url).toMatch(/^\/uploads\/cropped-photo-[0-9a-f]{8}\.jpg$/)
    const name = url.slice('/uploads/'.length)
    expect(UPLOAD_NAME_PATTERN.test(name)).toBe(true)
    expect(t.subjects()[0]).toBe('Seed content')
    const save = await t.call('PUT', '/api/services/mosaics/images', { json: { images: [{ cropped: url, original: url }] }, cookie })
    expect(save.status).toBe(200)
    expect(t.git('log', '-1', '--format=%B')).toContain(`Content-Item: uploads/${name}`)
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(
      ['content/services/mosaics.yaml', `uploads/${name}`],
    )
    const head = await t.call('HEAD', url)
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('image/jpeg')
    const get = await t.call('GET', url)
    expect(detectImageType(new Uint8Array(await get.arrayBuffer()))).toBe('jpg')
  })

  it("drops the photo's metadata (camera, GPS), turns it the way the phone held it and caps its long edge at 2400 px", async () => {
    const photo = await sharp({ create: { width: 3000, height: 200, channels: 3, background: '#e4573d' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pixel' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const { url } = await (await t.call('POST', '/api/upload', { body: form(new Uint8Array(photo)), cookie })).json()
    const kept = Buffer.from(await (await t.call('GET', url, { cookie })).arrayBuffer())
    const meta = await sharp(kept).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', 160, 2400, undefined, undefined])
    expect(kept.toString('latin1')).not.toMatch(/PhoneCo|Pixel/)
  })

  it('keeps PNG as PNG and WebP as WebP, and a GIF (it may be animated) byte for byte', async () => {
    const picture = sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a9e7e' } })
    for (const [bytes, name, format] of [
      [await picture.clone().png().toBuffer(), 'a.png', 'png'],
      [await picture.clone().webp().toBuffer(), 'a.webp', 'webp'],
      [await picture.clone().gif().toBuffer(), 'a.gif', 'gif'],
    ] as const) {
      const res = await t.call('POST', '/api/upload', { body: form(new Uint8Array(bytes), name, `image/${format}`), cookie })
      const { url } = await res.json()
      expect(url, name).toMatch(new RegExp(`^/uploads/a-[0-9a-f]{8}\\.${format}$`))
      const kept = Buffer.from(await (await t.call('GET', url, { cookie })).arrayBuffer())
      expect((await sharp(kept).metadata()).format).toBe(format)
      if (format === 'gif') expect(kept.equals(bytes)).toBe(true)
    }
  })

  it('refuses SVG, HTML and renamed text by their bytes, whatever the name says', async () => {
    const before = t.subjects().length
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    for (const [bytes, name] of [[svg, 'x.svg'], [svg, 'x.jpg'], [new TextEncoder().encode('<html>'), 'x.png']] as const) {
      const res = await t.call('POST', '/api/upload', { body: form(bytes, name), cookie })
      expect(res.status).toBe(400)
      expect((await res.json()).error).toMatch(/JPEG, PNG, WebP and GIF/)
    }
    expect(t.subjects().length).toBe(before)
  })

  it('refuses a file with a JPEG signature that is not a readable image', async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])
    expect((await t.call('POST', '/api/upload', { body: form(fake), cookie })).status).toBe(400)
  })

  it('answers 413 for a body over the limit, chunked or not', async () => {
    const big = new Uint8Array(9 * 1024 * 1024)
    big.set([0xff, 0xd8, 0xff])
    const res = await t.call('POST', '/api/upload', { body: form(big), cookie })
    expect(res.status).toBe(413)
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(1024 * 1024))
        controller.close()
      },
    })
    const chunked = await t.app.request('http://site.test/api/upload', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://site.test', 'Content-Type': 'multipart/form-data; boundary=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
  })

  it('needs a session and a multipart body', async () => {
    expect((await t.call('POST', '/api/upload', { body: form(await makeJpeg()) })).status).toBe(401)
    const json = await t.call('POST', '/api/upload', { json: { image: 'x' }, cookie })
    expect([json.status, (await json.json()).error]).toEqual([415, 'Send the image as multipart/form-data in the field "image"'])
    const empty = await t.call('POST', '/api/upload', { body: new FormData(), cookie })
    expect([empty.status, (await empty.json()).error]).toEqual([400, 'Choose an image to upload (field "image")'])
  })

  it('refuses a picture one byte over 8 MiB that fits the body limit with its framing, saying how large a picture may be', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set([0xff, 0xd8, 0xff])
    const res = await t.call('POST', '/api/upload', { body: form(big), cookie })
    expect([res.status, (await res.json()).error]).toEqual([400, 'Images can be at most 8 MiB'])
    expect(existsSync(join(t.dataDir, 'pending-uploads'))).toBe(false)
  })

  it('shows a picture not saved yet to the owner only (her preview), and the site serves saved ones for an hour', async () => {
    const { url } = await (await t.call('POST', '/api/upload', { body: form(await makeJpeg()), cookie })).json()
    const preview = await t.call('GET', url, { cookie })
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    expect((await t.call('GET', url)).status).toBe(404)
    expect(t.git('status', '--porcelain')).toBe('')
    await t.call('PUT', '/api/services/mosaics/images', { json: { images: [{ cropped: url, original: url }] }, cookie })
    const saved = await t.call('GET', url)
    expect([saved.status, saved.headers.get('cache-control')]).toEqual([200, 'public, max-age=3600'])
  })
})

describe('hostile file names', () => {
  it('a name with NUL, control, bidi characters or a path becomes a plain generated name and a clean commit', async () => {
    for (const name of ['../../content/site\u0000.jpg', 'Party\u202Egpj.exe', 'a\u001B[31m\nContent-Item: x.jpg', '\uD800.jpg']) {
      const res = await t.call('POST', '/api/upload', { body: form(await makeJpeg(), name), cookie })
      expect(res.status, JSON.stringify(name)).toBe(201)
      const { url } = await res.json()
      expect(UPLOAD_NAME_PATTERN.test(url.slice('/uploads/'.length)), url).toBe(true)
      const save = await t.call('PUT', '/api/services/mosaics/images', { json: { images: [{ cropped: url, original: url }] }, cookie })
      expect(save.status).toBe(200)
      expect(t.git('log', '-1', '--format=%B').trim()).toMatch(/\nContent-Item: uploads\/[a-z0-9-]+\.jpg$/)
    }
    expect(t.git('status', '--porcelain')).toBe('')
  })
})

describe('DELETE /api/upload', () => {
  it('deletes an upload by path or full URL and commits the removal', async () => {
    const res = await t.call('DELETE', '/api/upload', { json: { url: 'http://site.test/uploads/bouquet-one.jpg' }, cookie })
    expect(res.status).toBe(200)
    expect(existsSync(join(t.root, 'uploads/bouquet-one.jpg'))).toBe(false)
    expect(t.subjects()[0]).toBe('Delete image bouquet-one.jpg')
    expect(t.git('show', '--name-status', '--format=', 'HEAD').trim()).toBe('D\tuploads/bouquet-one.jpg')
    expect((await t.call('HEAD', '/uploads/bouquet-one.jpg')).status).toBe(404)
  })

  it('unknown file answers 404; paths outside uploads/ answer 400 and nothing changes', async () => {
    expect((await t.call('DELETE', '/api/upload', { json: { url: '/uploads/missing-file.jpg' }, cookie })).status).toBe(404)
    for (const url of ['/uploads/../content/site.yaml', '/uploads/..%2fcontent%2fsite.yaml', '/content/site.yaml', '/uploads/a/b.jpg', '/uploads/.git', 'https://x.test/uploads/../../etc/passwd']) {
      const res = await t.call('DELETE', '/api/upload', { json: { url }, cookie })
      expect(res.status, url).toBe(400)
    }
    expect(readFileSync(join(t.root, 'content/site.yaml'), 'utf8')).toContain('Test Balloon Studio')
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('needs a session', async () => {
    expect((await t.call('DELETE', '/api/upload', { json: { url: '/uploads/bouquet-one.jpg' } })).status).toBe(401)
    expect(existsSync(join(t.root, 'uploads/bouquet-one.jpg'))).toBe(true)
  })
})

describe('upload URLs', () => {
  it('reduce full URLs to their path and accept only generated-style names', () => {
    expect(uploadNameFromUrl('https://example.com/uploads/a-1.png')).toBe('a-1.png')
    expect(uploadNameFromUrl('/uploads/A.png')).toBeNull()
    expect(uploadNameFromUrl('/uploads/x.svg')).toBeNull()
    expect(uploadNameFromUrl('/uploadsx/a.png')).toBeNull()
  })

  it('serving refuses names outside the pattern', async () => {
    expect((await t.call('GET', '/uploads/..%2fcontent%2fsite.yaml')).status).toBe(404)
    expect((await t.call('GET', '/uploads/site.yaml')).status).toBe(404)
  })
})

// Photos a visitor sends, at their edges: the store on a temporary data directory (holding time, claims for the
// right form only, sweeps at their boundaries, sizes), and the routes through one app (the content type that almost
// matches, one byte over the limit, names that are almost a photo's, the exact words of each refusal).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { cleanPhoto, HOLD_MS, PHOTO_MAX_EDGE, PhotoStore, THUMB_EDGE } from './inquiry-photos.store'
import type { InquiryRecord } from './inquiry-record.schema'
import { MAX_PHOTO_BYTES } from './photo-rules'
import { ARCHES_SERVICE, contactForm, until } from './testing-inquiry'

const FAKE = { photo: Buffer.from('full-bytes'), thumb: Buffer.from('thumb-bytes'), width: 30, height: 20 }
const ID = '2026-03-01T18-00-00-000Z-abc123'
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

describe('the photo store', () => {
  let dataDir: string
  let photos: PhotoStore
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'photo-store-'))
    photos = new PhotoStore(dataDir)
  })
  afterEach(() => {
    vi.useRealTimers()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('holds a photo privately under its token with the name made fit to show, and nothing half-written', async () => {
    const token = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'C:\\Users\\me\\wall\u202e.jpg' })
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(readdirSync(photos.holdingDir)).toEqual([token])
    const folder = join(photos.holdingDir, token)
    expect(statSync(folder).mode & 0o777).toBe(0o700)
    expect(readdirSync(folder).sort()).toEqual(['meta.json', 'photo.jpg', 'thumb.jpg'])
    for (const name of ['meta.json', 'photo.jpg', 'thumb.jpg']) expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8'))).toEqual({
      serviceId: 'arches',
      fieldId: 'photos_1',
      name: 'wall.jpg',
      width: 30,
      height: 20,
      bytes: FAKE.photo.length,
      heldAt: expect.any(String),
    })
    expect(await photos.isHeld(token)).toBe(true)
  })

  it('a held photo lasts six hours less a millisecond, not six hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const SIX_HOURS = 6 * 60 * 60 * 1000
    const start = Date.parse('2026-03-01T10:00:00Z')
    vi.setSystemTime(start)
    const token = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })
    vi.setSystemTime(start + SIX_HOURS - 1)
    expect(await photos.isHeld(token)).toBe(true)
    vi.setSystemTime(start + SIX_HOURS)
    expect(await photos.isHeld(token)).toBe(false)
    const claimed = await photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: [token] }])
    expect(claimed).toEqual({ photos: {}, missing: 1, tokens: [] })
  })

  it('gives an inquiry only the photos held for its service and question, counting the rest missing', async () => {
    const mine = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'mine.jpg' })
    const otherField = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_2', name: 'b.jpg' })
    const otherService = await photos.hold(FAKE, { serviceId: 'bouquets', fieldId: 'photos_1', name: 'c.jpg' })
    const {
      photos: got,
      missing,
      tokens,
    } = await photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: [mine, otherField, otherService, 'f'.repeat(32)] }])
    expect(missing).toBe(3)
    expect(tokens).toEqual([mine])
    expect(got).toEqual({ photos_1: [{ id: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'mine.jpg', width: 30, height: 20, bytes: 10 }] })
    const id = got.photos_1[0].id
    expect(readdirSync(photos.dir)).toEqual([ID])
    expect(readdirSync(join(photos.dir, ID)).sort()).toEqual([`${id}-thumb.jpg`, `${id}.jpg`])
    expect(await photos.read(ID, id, 'full')).toEqual(FAKE.photo)
    expect(await photos.read(ID, id, 'thumb')).toEqual(FAKE.thumb)
    // Linked, not moved: still held until released.
    expect(await photos.isHeld(mine)).toBe(true)
    await photos.release([mine, '../photo-holding', 'not-a-token'])
    expect(await photos.isHeld(mine)).toBe(false)
    expect(await photos.isHeld(otherField)).toBe(true)
  })

  it('a photo no longer held before a held one: the held one is still given, in a folder made for it', async () => {
    const gone = 'e'.repeat(32)
    const mine = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'mine.jpg' })
    const claimed = await photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: [gone, mine] }])
    expect([claimed.missing, claimed.tokens, claimed.photos.photos_1.map((p) => p.name)]).toEqual([1, [mine], ['mine.jpg']])
    expect(await photos.read(ID, claimed.photos.photos_1[0].id, 'full')).toEqual(FAKE.photo)
  })

  it("never reads another inquiry's photo through a photo id that is a path ending in one", async () => {
    const other = '2026-03-01T18-00-00-000Z-def456'
    const token = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })
    const { photos: got } = await photos.claim(other, 'arches', [{ fieldId: 'photos_1', tokens: [token] }])
    const id = got.photos_1[0].id
    mkdirSync(join(photos.dir, ID))
    expect(await photos.read(other, id, 'full')).toEqual(FAKE.photo)
    for (const path of [`../${other}/${id}`, `${'0'.repeat(16)}/../../${other}/${id}`, `x${id}`, `/${id}`])
      expect([path, await photos.read(ID, path, 'full'), await photos.read(ID, path, 'thumb')]).toEqual([path, null, null])
  })

  it('a photo that cannot be held or given leaves no half-made folder behind', async () => {
    const broken = { ...FAKE, photo: undefined as unknown as Buffer }
    await expect(photos.hold(broken, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })).rejects.toThrow()
    expect(readdirSync(photos.holdingDir)).toEqual([])
    const token = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })
    rmSync(join(photos.holdingDir, token, 'thumb.jpg'))
    await expect(photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: [token] }])).rejects.toThrow(/ENOENT/)
    expect(readdirSync(photos.dir)).toEqual([])
  })

  it('holding a photo also sweeps the held photos past their time', async () => {
    const old = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })
    const at = new Date(Date.now() - HOLD_MS - 60_000)
    utimesSync(join(photos.holdingDir, old), at, at)
    // A new store has never swept, so its first hold does.
    const fresh = new PhotoStore(dataDir)
    const kept = await fresh.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'b.jpg' })
    await until(
      async () => readdirSync(fresh.holdingDir),
      (names) => !names.includes(old),
      2000,
    )
    expect(readdirSync(fresh.holdingDir)).toEqual([kept])
  })

  it('removing an inquiry that has no photos, or letting go of a photo no longer held, is no error', async () => {
    await expect(photos.remove(ID)).resolves.toBeUndefined()
    await expect(photos.release(['e'.repeat(32)])).resolves.toBeUndefined()
  })

  it('an inquiry with no photo it can have gets no folder at all', async () => {
    const other = await photos.hold(FAKE, { serviceId: 'bouquets', fieldId: 'photos_1', name: 'c.jpg' })
    expect(await photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: [other] }])).toEqual({ photos: {}, missing: 1, tokens: [] })
    expect(existsSync(photos.dir) ? readdirSync(photos.dir) : []).toEqual([])
  })

  it('reads nothing for an id or photo that is not one, and removes an inquiry folder', async () => {
    const token = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })
    const { photos: got } = await photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: [token] }])
    const id = got.photos_1[0].id
    expect(await photos.read(`${ID}x`, id, 'full')).toBeNull()
    expect(await photos.read(ID, `${id}0`, 'full')).toBeNull()
    expect(await photos.read(ID, id.toUpperCase(), 'full')).toBeNull()
    expect(await photos.read(ID, 'f'.repeat(16), 'full')).toBeNull()
    await expect(photos.remove('../inquiries')).rejects.toThrow('Not an inquiry id: ../inquiries')
    await photos.remove(ID)
    expect(existsSync(join(photos.dir, ID))).toBe(false)
    expect(await photos.read(ID, id, 'full')).toBeNull()
  })

  it('sweeps held photos older than six hours, keeps one exactly six hours old, and sweeps at most once a minute', async () => {
    // In the future: each hold starts its own sweep at the real time, which then counts as the last one.
    const now = Date.now() + 120_000
    const aged = async (ageMs: number) => {
      const token = await photos.hold(FAKE, { serviceId: 'arches', fieldId: 'photos_1', name: 'a.jpg' })
      const at = new Date(now - ageMs)
      utimesSync(join(photos.holdingDir, token), at, at)
      return token
    }
    const old = await aged(HOLD_MS + 1)
    const edge = await aged(HOLD_MS)
    await photos.sweepHolding(now)
    expect(readdirSync(photos.holdingDir).sort()).toEqual([edge])
    expect(old).not.toBe(edge)
    const later = await aged(HOLD_MS + 1)
    await photos.sweepHolding(now + 59_999)
    expect(readdirSync(photos.holdingDir)).toContain(later)
    await photos.sweepHolding(now + 60_000)
    expect(readdirSync(photos.holdingDir)).not.toContain(later)
  })

  it('at start-up removes photo folders ten minutes old or more without a record, and half-made ones, keeping the rest', async () => {
    const now = Date.parse('2026-03-01T10:00:00Z')
    const inquiriesDir = join(dataDir, 'inquiries')
    mkdirSync(inquiriesDir)
    const folder = (name: string, ageMs: number) => {
      mkdirSync(join(photos.dir, name), { recursive: true })
      const at = new Date(now - ageMs)
      utimesSync(join(photos.dir, name), at, at)
    }
    const withRecord = '2026-03-01T09-00-00-000Z-aaaaaa'
    writeFileSync(join(inquiriesDir, `${withRecord}.json`), '{}')
    const orphan = '2026-03-01T09-00-00-000Z-bbbbbb'
    const young = '2026-03-01T09-00-00-000Z-cccccc'
    folder(withRecord, 60 * 60_000)
    folder(`.${withRecord}.partial`, 60 * 60_000)
    folder(orphan, 10 * 60_000)
    folder(young, 10 * 60_000 - 1)
    folder('not-an-id', 60 * 60_000)
    const removed = await photos.sweepOrphans(inquiriesDir, now)
    expect(removed.sort()).toEqual([`.${withRecord}.partial`, orphan, 'not-an-id'].sort())
    expect(readdirSync(photos.dir).sort()).toEqual([withRecord, young].sort())
  })

  it('at start-up with no photo folder yet (a new site) there is nothing to remove, and no error', async () => {
    const inquiriesDir = join(dataDir, 'inquiries')
    mkdirSync(inquiriesDir)
    expect(existsSync(photos.dir)).toBe(false)
    expect(await photos.sweepOrphans(inquiriesDir)).toEqual([])
  })

  it('never gives an inquiry a photo through a token that is a path to a folder outside the held photos', async () => {
    const outside = join(dataDir, 'outside')
    mkdirSync(outside)
    writeFileSync(join(outside, 'photo.jpg'), FAKE.photo)
    writeFileSync(join(outside, 'thumb.jpg'), FAKE.thumb)
    const meta = { serviceId: 'arches', fieldId: 'photos_1', name: 'x.jpg', width: 30, height: 20, bytes: 10 }
    writeFileSync(join(outside, 'meta.json'), JSON.stringify({ ...meta, heldAt: new Date().toISOString() }))
    const claimed = await photos.claim(ID, 'arches', [{ fieldId: 'photos_1', tokens: ['../outside'] }])
    expect(claimed).toEqual({ photos: {}, missing: 1, tokens: [] })
    expect(existsSync(photos.dir)).toBe(false)
  })

  it('cleans a photo: long edge capped at 2048 (thumbnail 400), never enlarged, transparency on white, JPEG out', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const big = await cleanPhoto(new Uint8Array(wide))
    expect([big.width, big.height]).toEqual([PHOTO_MAX_EDGE, 1024])
    expect(await sharp(big.thumb).metadata()).toMatchObject({ width: THUMB_EDGE, height: 200, format: 'jpeg' })
    expect((await sharp(big.photo).metadata()).format).toBe('jpeg')
    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer()
    const small = await cleanPhoto(new Uint8Array(clear))
    expect([small.width, small.height]).toEqual([40, 30])
    expect(await sharp(small.thumb).metadata()).toMatchObject({ width: 40, height: 30 })
    const { data } = await sharp(small.photo).raw().toBuffer({ resolveWithObject: true })
    expect(Math.min(...data.subarray(0, 3))).toBeGreaterThan(240)
    // The thumbnail the dashboard shows is on white too.
    const { data: thumbPixels } = await sharp(small.thumb).raw().toBuffer({ resolveWithObject: true })
    expect(Math.min(...thumbPixels.subarray(0, 3))).toBeGreaterThan(240)
    await expect(cleanPhoto(new Uint8Array(Buffer.from('not a photo')))).rejects.toThrow()
  })

  it('refuses a photo over 80 million pixels from its header, before decoding it (a decompression bomb)', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    /** The tiny PNG with the size its header claims changed (and the header's checksum with it). */
    const claiming = (width: number, height: number) => {
      const bytes = Buffer.from(png)
      bytes.writeUInt32BE(width, 16)
      bytes.writeUInt32BE(height, 20)
      bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29)
      return new Uint8Array(bytes)
    }
    await expect(cleanPhoto(claiming(10_000, 8001))).rejects.toThrow('Input image exceeds pixel limit')
    // Exactly 80 million passes the limit (and then fails as the truncated file it is).
    await expect(cleanPhoto(claiming(10_000, 8000))).rejects.toThrow(/^(?!Input image exceeds pixel limit)/)
  })
})

describe('the photo routes', () => {
  let t: TestApp
  let cookie: string
  let client = 0
  let jpeg: Uint8Array
  beforeAll(async () => {
    t = await createTestApp({
      files: { ...fixtureFiles(await makeJpeg()), 'content/services/arches.yaml': ARCHES_SERVICE },
      env: { TRUST_PROXY: '1' },
    })
    cookie = await t.login()
    jpeg = await makeJpeg(40, 30)
  })
  afterAll(() => t.cleanup())

  const from = () => `10.2.0.${++client}`
  const held = () => (existsSync(join(t.dataDir, 'photo-holding')) ? readdirSync(join(t.dataDir, 'photo-holding')) : [])
  const form = (file: File | null, fields: Record<string, string> = {}) => {
    const f = new FormData()
    f.set('serviceId', fields.serviceId ?? 'arches')
    if (fields.fieldId !== '') f.set('fieldId', fields.fieldId ?? 'photos_1')
    if (fields.website) f.set('website', fields.website)
    if (file) f.set('photo', file)
    return f
  }
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/inquiry-photos', { body, headers: { 'X-Forwarded-For': from(), ...headers } })
  const upload = (file: File | null, fields: Record<string, string> = {}) => post(form(file, fields))
  const jpegFile = (name = 'wall.jpg', bytes: Uint8Array = jpeg) =>
    new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' })
  const refusal = async (res: Response) => [res.status, ((await res.json()) as { error: string }).error]

  /** An inquiry with one photo, sent through the form. */
  async function sent(name: string | null = 'wall.jpg'): Promise<InquiryRecord> {
    const token = name === null ? null : ((await (await upload(jpegFile(name))).json()) as { token: string }).token
    const res = await t.call('POST', '/api/contact', {
      json: contactForm('arches', token === null ? {} : { photos: { photos_1: [token] } }),
      headers: { 'X-Forwarded-For': from() },
    })
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    return JSON.parse(readFileSync(join(t.dataDir, 'inquiries', `${id}.json`), 'utf8')) as InquiryRecord
  }

  it('answers a photo with its token, shown name and size', async () => {
    const res = await upload(jpegFile('C:\\fakepath\\My wall.jpg'))
    expect(res.status).toBe(201)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'My wall.jpg', width: 40, height: 30 })
    expect(held()).toContain(body.token)
  })

  it('takes multipart in any case only; a type that merely mentions it is 415', async () => {
    const request = new Request('http://x.test/', { method: 'POST', body: form(jpegFile()) })
    const type = request.headers.get('content-type')!
    const body = await request.arrayBuffer()
    expect((await post(body, { 'Content-Type': type.replace('multipart/form-data', 'Multipart/Form-Data') })).status).toBe(201)
    for (const contentType of [`text/plain; x=${type}`, 'application/json']) {
      expect(await refusal(await post(body, { 'Content-Type': contentType }))).toEqual([
        415,
        'Send the photo as multipart/form-data in the field "photo"',
      ])
    }
  })

  it('names what is wrong with the form: the service, the question, the photo missing', async () => {
    const before = held().length
    expect(await refusal(await upload(jpegFile(), { serviceId: 'nope' }))).toEqual([400, 'Please choose a service for your inquiry.'])
    expect(await refusal(await upload(jpegFile(), { serviceId: '../arches' }))).toEqual([400, 'Please choose a service for your inquiry.'])
    expect(await refusal(await upload(jpegFile(), { fieldId: '' }))).toEqual([400, 'Unknown form field: (none)'])
    expect(await refusal(await upload(jpegFile(), { fieldId: 'photos_2' }))).toEqual([400, 'Unknown form field: photos_2'])
    expect(await refusal(await upload(null))).toEqual([400, 'Inspiration photos: choose a photo to send (field "photo")'])
    expect(held().length).toBe(before)
  })

  it('takes a photo of exactly 10 MB; one byte more is 413 naming it; a wrong type is 400', async () => {
    const padded = new Uint8Array(MAX_PHOTO_BYTES)
    padded.set(jpeg)
    expect((await upload(jpegFile('exact.jpg', padded))).status).toBe(201)
    const over = new Uint8Array(MAX_PHOTO_BYTES + 1)
    over.set(jpeg)
    expect(await refusal(await upload(jpegFile('big.jpg', over)))).toEqual([
      413,
      'Inspiration photos: big.jpg: larger than 10 MB (10.0 MB). Please choose a smaller photo.',
    ])
    // A wrong type is 400 at any size up to the limit, exactly 10 MB too.
    for (const size of [10, MAX_PHOTO_BYTES]) {
      const bytes = new Uint8Array(size)
      bytes.set(Buffer.from('GIF89a'))
      const gif = new File([bytes], 'anim.gif', { type: 'image/gif' })
      expect(await refusal(await upload(gif))).toEqual([
        400,
        'Inspiration photos: anim.gif: only JPEG, PNG and WebP photos can be sent (this is a GIF file).',
      ])
    }
  })

  it('a body one byte over 11 MB is 413 before it is read; one of exactly 11 MB is read', async () => {
    const limit = MAX_PHOTO_BYTES + 1024 * 1024
    const raw = (size: number) => post(new Uint8Array(size), { 'Content-Type': 'multipart/form-data; boundary=x' })
    expect(await refusal(await raw(limit + 1))).toEqual([413, 'Photos can be at most 10 MB each.'])
    expect(await refusal(await raw(limit))).toEqual([400, 'The photo could not be read'])
  })

  it('40 uploads per address in 10 minutes: the 41st is 429 with a Retry-After of 600 seconds; another address goes on', async () => {
    const gif = () => form(new File([new Uint8Array(3)], 'x.gif', { type: 'image/gif' }))
    const address = from()
    for (let i = 0; i < 40; i++) expect([i, (await post(gif(), { 'X-Forwarded-For': address })).status]).toEqual([i, 400])
    const refused = await post(gif(), { 'X-Forwarded-For': address })
    expect([refused.headers.get('retry-after'), ...(await refusal(refused))]).toEqual([
      '600',
      429,
      'Too many requests. Please try again later.',
    ])
    expect((await post(gif())).status).toBe(400)
  })

  it('refuses bytes that are not the photo they claim, and a photo that cannot be opened, by name', async () => {
    expect(await refusal(await upload(jpegFile('text.jpg', new Uint8Array(Buffer.from('hello there, not a photo')))))).toEqual([
      400,
      'Inspiration photos: text.jpg: not a JPEG, PNG or WebP photo, although it is named as a JPEG.',
    ])
    const broken = new Uint8Array(64).fill(0x41)
    broken.set([0xff, 0xd8, 0xff, 0xe0])
    expect(await refusal(await upload(jpegFile('broken.jpg', broken)))).toEqual([
      400,
      'Inspiration photos: broken.jpg: the photo could not be opened (it may be damaged). Please choose another.',
    ])
  })

  it('answers a bot as a person with a token that holds nothing', async () => {
    const before = held()
    const res = await upload(jpegFile(), { website: 'http://spam.example' })
    expect(res.status).toBe(201)
    const { token } = (await res.json()) as { token: string }
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(held()).toEqual(before)
  })

  it("the owner's view: inline or as a download with a safe name; names that are almost a photo's are 404", async () => {
    const r = await sent('Party: "arch" / idea.HEIC.png')
    const id = r.inquiry.photos![0].files[0].id
    const base = `/api/admin/inquiries/${r.id}/photos`
    const full = await t.call('GET', `${base}/${id}.jpg`, { cookie })
    expect(full.status).toBe(200)
    const bytes = new Uint8Array(await full.arrayBuffer())
    expect({
      type: full.headers.get('content-type'),
      length: full.headers.get('content-length'),
      nosniff: full.headers.get('x-content-type-options'),
      disposition: full.headers.get('content-disposition'),
    }).toEqual({ type: 'image/jpeg', length: String(bytes.length), nosniff: 'nosniff', disposition: 'inline' })
    const download = await t.call('GET', `${base}/${id}.jpg?download`, { cookie })
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="idea.HEIC.jpg"')
    const thumb = await t.call('GET', `${base}/${id}-thumb.jpg`, { cookie })
    expect(thumb.status).toBe(200)
    expect(Buffer.from(await thumb.arrayBuffer()).equals(readFileSync(join(t.dataDir, 'inquiry-photos', r.id, `${id}-thumb.jpg`)))).toBe(
      true,
    )
    for (const file of [
      `x${id}.jpg`,
      `${id}.jpgx`,
      `${id}-thumb.jpeg`,
      `${id.toUpperCase()}.jpg`,
      `${id}-small.jpg`,
      `${'0'.repeat(16)}.jpg`,
    ]) {
      const res = await t.call('GET', `${base}/${file}`, { cookie })
      expect([file, res.status, ((await res.json()) as { error: string }).error]).toEqual([file, 404, 'No such photo'])
    }
    // A file in the inquiry's folder that its record does not list (a leftover) is not shown.
    const stray = 'abcdef0123456789'
    const folder = join(t.dataDir, 'inquiry-photos', r.id)
    writeFileSync(join(folder, `${stray}.jpg`), readFileSync(join(folder, `${id}.jpg`)))
    expect(await refusal(await t.call('GET', `${base}/${stray}.jpg`, { cookie }))).toEqual([404, 'No such photo'])
    const missing = await t.call('GET', `/api/admin/inquiries/2026-01-01T00-00-00-000Z-abcdef/photos/${id}.jpg`, { cookie })
    expect(await refusal(missing)).toEqual([404, 'No such inquiry'])
  })

  it('a download name: no path or odd characters, at most 60 before .jpg, "photo" when nothing is left', async () => {
    const name = async (original: string) => {
      const r = await sent(original)
      const id = r.inquiry.photos![0].files[0].id
      const res = await t.call('GET', `/api/admin/inquiries/${r.id}/photos/${id}.jpg?download`, { cookie })
      return res.headers.get('content-disposition')
    }
    expect(await name(`${'a'.repeat(70)}.jpg`)).toBe(`attachment; filename="${'a'.repeat(60)}.jpg"`)
    expect(await name('.jpg')).toBe('attachment; filename="photo.jpg"')
    expect(await name('my_pic-1 (2).jpeg')).toBe('attachment; filename="my_pic-1 -2-.jpg"')
    expect(await name('Wall.JPEG')).toBe('attachment; filename="Wall.jpg"')
    // A run of odd characters is one dash, not one each.
    expect(await name('a&&b.png')).toBe('attachment; filename="a-b.jpg"')
  })

  it('a photo asked of an inquiry sent without photos is 404, as is a listed photo whose file is gone', async () => {
    const none = await sent(null)
    expect(none.inquiry.photos).toBeUndefined()
    const asked = await t.call('GET', `/api/admin/inquiries/${none.id}/photos/0123456789abcdef.jpg`, { cookie })
    expect(await refusal(asked)).toEqual([404, 'No such photo'])
    const r = await sent()
    const id = r.inquiry.photos![0].files[0].id
    rmSync(join(t.dataDir, 'inquiry-photos', r.id, `${id}.jpg`))
    const gone = await t.call('GET', `/api/admin/inquiries/${r.id}/photos/${id}.jpg`, { cookie })
    expect(await refusal(gone)).toEqual([404, 'No such photo'])
    expect((await t.call('GET', `/api/admin/inquiries/${r.id}/photos/${id}-thumb.jpg`, { cookie })).status).toBe(200)
  })

  it('a file sent as the question\'s id is no question: "(none)", not the file', async () => {
    const f = form(jpegFile(), { fieldId: '' })
    f.set('fieldId', new File(['photos_1'], 'photos_1', { type: 'text/plain' }))
    expect(await refusal(await post(f))).toEqual([400, 'Unknown form field: (none)'])
  })

  it('deleting an inquiry removes its record and photos; a second delete, and one without a session, are refused', async () => {
    const r = await sent()
    expect((await t.call('DELETE', `/api/admin/inquiries/${r.id}`)).status).toBe(401)
    expect(existsSync(join(t.dataDir, 'inquiry-photos', r.id))).toBe(true)
    const res = await t.call('DELETE', `/api/admin/inquiries/${r.id}`, { cookie })
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    expect(existsSync(join(t.dataDir, 'inquiries', `${r.id}.json`))).toBe(false)
    expect(existsSync(join(t.dataDir, 'inquiry-photos', r.id))).toBe(false)
    expect(await refusal(await t.call('DELETE', `/api/admin/inquiries/${r.id}`, { cookie }))).toEqual([404, 'No such inquiry'])
  })

  it('a signed link: the photo, unindexed and unreferred; a bad one 403 in words, never cached; a photo gone 404', async () => {
    const r = await sent()
    const id = r.inquiry.photos![0].files[0].id
    const path = await t.deps.photoLinks.signedPath(r.id, id, Math.floor(Date.now() / 1000) + 600)
    const ok = await t.call('GET', path)
    expect(ok.status).toBe(200)
    expect({
      type: ok.headers.get('content-type'),
      robots: ok.headers.get('x-robots-tag'),
      nosniff: ok.headers.get('x-content-type-options'),
      cache: ok.headers.get('cache-control'),
      referrer: ok.headers.get('referrer-policy'),
      frames: ok.headers.get('x-frame-options'),
    }).toEqual({
      type: 'image/jpeg',
      robots: 'noindex, nofollow',
      nosniff: 'nosniff',
      cache: 'private, no-store',
      referrer: 'no-referrer',
      frames: 'DENY',
    })
    // The owner's view of the same photo keeps the site's policy.
    const owners = await t.call('GET', `/api/admin/inquiries/${r.id}/photos/${id}.jpg`, { cookie })
    expect([owners.status, owners.headers.get('referrer-policy')]).toEqual([200, 'strict-origin-when-cross-origin'])
    for (const bad of [path.replace(`${id}.jpg`, `${id}.jpgx`), path.replace(/sig=.*/, 'sig=')]) {
      const res = await t.call('GET', bad)
      expect(res.headers.get('cache-control'), bad).toBe('no-store')
      expect(await refusal(res)).toEqual([
        403,
        'This photo link is not valid or has expired. Open the inquiry in the dashboard to see its photos.',
      ])
    }
    rmSync(join(t.dataDir, 'inquiry-photos', r.id), { recursive: true })
    expect(await refusal(await t.call('GET', path))).toEqual([404, 'This photo is no longer kept.'])
  })

  it('a signed link that almost works is 403: the second it expires, a signature one character off, a photo name around the id', async () => {
    const r = await sent()
    const id = r.inquiry.photos![0].files[0].id
    const expires = Math.floor(Date.now() / 1000) + 600
    const path = await t.deps.photoLinks.signedPath(r.id, id, expires)
    const status = async (p: string) => (await t.call('GET', p)).status
    try {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(expires * 1000 - 1)
      expect(await status(path)).toBe(200)
      vi.setSystemTime(expires * 1000)
      expect(await status(path)).toBe(403)
    } finally {
      vi.useRealTimers()
    }
    const sig = /sig=([^&]+)/.exec(path)![1]
    // One character of the signature changed (its value's lowest bit, or another bit): at the start, the middle and
    // the end, where the lowest bit is padding that base64 decoding drops.
    const offBy = (i: number, bit = 1) =>
      path.replace(`sig=${sig}`, `sig=${sig.slice(0, i)}${BASE64URL[BASE64URL.indexOf(sig[i]) ^ bit]}${sig.slice(i + 1)}`)
    const near = [offBy(0), offBy(21), offBy(42), offBy(42, 2), offBy(42, 16)]
    near.push(path.replace(`${id}.jpg`, `x${id}.jpg`), path.replace(`${id}.jpg`, `${id}.jpg.jpg`))
    for (const shorter of [id.slice(1), id.slice(0, -1)]) {
      const signed = await t.deps.photoLinks.signedPath(r.id, shorter, expires)
      near.push(signed, signed.replace(`${shorter}.jpg`, `${id}.jpg`))
    }
    for (const p of near) expect([p, await status(p)]).toEqual([p, 403])
    expect(await status(path)).toBe(200)
  })
})

describe('the start-up sweep of leftover photos', () => {
  it('a sweep that fails is logged for the owner with its error, and the site still answers', async () => {
    const failure = Object.assign(new Error('EIO: i/o error, scandir'), { code: 'EIO' })
    const sweep = vi.spyOn(PhotoStore.prototype, 'sweepOrphans').mockRejectedValueOnce(failure)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const t = await createTestApp({ files: { ...fixtureFiles(await makeJpeg()), 'content/services/arches.yaml': ARCHES_SERVICE } })
    try {
      expect(sweep).toHaveBeenCalledTimes(1)
      const logged = () => Promise.resolve(errors.mock.calls.filter(([line]) => line === 'Leftover inquiry photos could not be checked:'))
      expect(await until(logged, (calls) => calls.length > 0, 3000)).toEqual([['Leftover inquiry photos could not be checked:', failure]])
      const f = new FormData()
      f.set('serviceId', 'arches')
      f.set('fieldId', 'photos_1')
      f.set('photo', new File([(await makeJpeg(40, 30)) as Uint8Array<ArrayBuffer>], 'wall.jpg', { type: 'image/jpeg' }))
      expect((await t.call('POST', '/api/inquiry-photos', { body: f })).status).toBe(201)
    } finally {
      errors.mockRestore()
      sweep.mockRestore()
      await t.cleanup()
    }
  })
})

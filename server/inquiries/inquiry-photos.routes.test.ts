// Quote-form photos, conditional questions and the delivery estimate through the real app: upload, refusals by name,
// what is stored and where, who can see a photo, the e-mail's signed links, deletion, and the backups.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import * as tar from 'tar'
import { afterEach, describe, expect, it } from 'vitest'
import { createBackup } from '../ops/backup'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import type { InquiryRecord } from './inquiry-record.schema'
import { contactForm, until } from './testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from './testing-smtp'

const ARCHES = `title: Arches
description: Balloon arches.
visible: true
customDropdownFields:
  - id: dropdown_1
    header: Delivery
    instructions: Do you need delivery?
    options: ['Yes', 'No']
customTextFields:
  - id: custom_1
    header: Venue address
    instructions: Where is the party?
    showWhen: { field: dropdown_1, values: ['Yes'] }
customPhotoFields:
  - id: photos_1
    header: Inspiration photos
    instructions: Pictures you love
    optional: true
    maxPhotos: 2
fieldOrder: [dropdown_1, custom_1, photos_1]
`

const PRICING = `deliveryZones:
  - name: Portland
    zips: ['972']
    fee: 45
`

let t: TestApp
let smtp: TestSmtp | undefined
let client = 0

async function app(env: Record<string, string> = {}) {
  const files = fixtureFiles(await makeJpeg())
  t = await createTestApp({
    files: { ...files, 'content/pricing.yaml': PRICING, 'content/services/arches.yaml': ARCHES },
    env: { TRUST_PROXY: '1', ...env },
  })
  return t
}

afterEach(async () => {
  await t?.cleanup()
  await smtp?.stop()
  smtp = undefined
})

/** A camera photo: landscape pixels with orientation 6 (shown portrait), the camera's make and a GPS position. */
async function cameraJpeg(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#e4573d' } })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Canon', Model: 'EOS Test' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 0/1' },
      })
      .jpeg()
      .toBuffer(),
  )
}

const from = () => `10.1.0.${++client}`

async function upload(bytes: Uint8Array, name: string, type: string, fields: Record<string, string> = {}, address = from()) {
  const form = new FormData()
  form.set('serviceId', fields.serviceId ?? 'arches')
  form.set('fieldId', fields.fieldId ?? 'photos_1')
  if (fields.website) form.set('website', fields.website)
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  return t.call('POST', '/api/inquiry-photos', { body: form, headers: { 'X-Forwarded-For': address } })
}

async function heldToken(bytes?: Uint8Array): Promise<string> {
  const res = await upload(bytes ?? (await makeJpeg(40, 30)), 'wall.jpg', 'image/jpeg')
  expect(res.status).toBe(201)
  return ((await res.json()) as { token: string }).token
}

const inquiry = (extra: Record<string, unknown> = {}) =>
  contactForm('arches', { customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'No' } }, ...extra })

const contact = (json: unknown) => t.call('POST', '/api/contact', { json, headers: { 'X-Forwarded-For': from() } })
const storedRecords = () =>
  existsSync(join(t.dataDir, 'inquiries')) ? readdirSync(join(t.dataDir, 'inquiries')).filter((n) => n.endsWith('.json')) : []
const held = () => (existsSync(join(t.dataDir, 'photo-holding')) ? readdirSync(join(t.dataDir, 'photo-holding')) : [])
const record = (id: string) => JSON.parse(readFileSync(join(t.dataDir, 'inquiries', `${id}.json`), 'utf8')) as InquiryRecord

async function sendWithPhotos(count = 1): Promise<InquiryRecord> {
  const tokens = []
  for (let i = 0; i < count; i++) tokens.push(await heldToken(await cameraJpeg()))
  const res = await contact(inquiry({ photos: { photos_1: tokens } }))
  expect(res.status).toBe(200)
  return record(((await res.json()) as { id: string }).id)
}

describe('photos on the quote form', () => {
  it('a photo is stored upright, without its metadata, capped, privately under the inquiry, and out of git', async () => {
    await app()
    const r = await sendWithPhotos()
    const [group] = r.inquiry.photos!
    expect(group).toMatchObject({ fieldId: 'photos_1', header: 'Inspiration photos' })
    const [photo] = group.files
    expect(photo).toMatchObject({ name: 'wall.jpg', width: 1024, height: 2048 })
    const file = join(t.dataDir, 'inquiry-photos', r.id, `${photo.id}.jpg`)
    const bytes = readFileSync(file)
    const meta = await sharp(bytes).metadata()
    // Turned upright (portrait now, no orientation flag), long edge capped, no EXIF (camera, GPS), no ICC, no XMP.
    expect([meta.width, meta.height, meta.orientation, meta.exif, meta.xmp, meta.icc]).toEqual([
      1024,
      2048,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(bytes.includes(Buffer.from('Canon'))).toBe(false)
    expect(readFileSync(join(t.dataDir, 'inquiry-photos', r.id, `${photo.id}-thumb.jpg`)).length).toBeGreaterThan(0)
    // The held copy is gone once the inquiry has it; nothing under uploads/, nothing for git to see.
    expect(held()).toEqual([])
    expect(readdirSync(join(t.root, 'uploads')).some((n) => n.includes(photo.id))).toBe(false)
    expect(execFileSync('git', ['-C', t.root, 'status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' })).not.toContain(
      'inquiry-photos',
    )
    expect(r.inquiry.deliveryEstimate).toEqual({ zip: '97214', zone: 'Portland', fee: 45 })
  })

  it('refuses bad files by name with the reason, and holds nothing of them', async () => {
    await app()
    const text = new Uint8Array(Buffer.from('not a picture at all, just text'))
    const png = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    )
    const gif = new Uint8Array(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))
    const heic = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0, 1, 2, 3])
    const big = new Uint8Array(10 * 1024 * 1024 + 10)
    big.set([0xff, 0xd8, 0xff])
    const cases: [Uint8Array, string, string, number, string][] = [
      [text, 'fake.jpg', 'image/jpeg', 400, 'Inspiration photos: fake.jpg: not a JPEG, PNG or WebP photo, although it is named as a JPEG.'],
      [
        png,
        'wall.jpg',
        'image/jpeg',
        400,
        'Inspiration photos: wall.jpg: the file is not what its type says (named as a JPEG, but it is a PNG). Please save it again and choose it anew.',
      ],
      [
        gif,
        'party.gif',
        'image/gif',
        400,
        'Inspiration photos: party.gif: only JPEG, PNG and WebP photos can be sent (this is a GIF file).',
      ],
      [heic, 'IMG_4021.HEIC', 'image/heic', 400, 'Inspiration photos: IMG_4021.HEIC: HEIC photos cannot be opened here.'],
      [big, 'huge.jpg', 'image/jpeg', 413, 'Inspiration photos: huge.jpg: larger than 10 MB (10.0 MB). Please choose a smaller photo.'],
      [
        new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]),
        'broken.jpg',
        'image/jpeg',
        400,
        'Inspiration photos: broken.jpg: the photo could not be opened',
      ],
    ]
    for (const [bytes, name, type, status, message] of cases) {
      const res = await upload(bytes, name, type)
      expect([name, res.status]).toEqual([name, status])
      expect(((await res.json()) as { error: string }).error).toContain(message)
    }
    const unknown = await upload(await makeJpeg(), 'a.jpg', 'image/jpeg', { fieldId: 'photos_9' })
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: 'Unknown form field: photos_9' }])
    const notMultipart = await t.call('POST', '/api/inquiry-photos', { json: {} })
    expect(notMultipart.status).toBe(415)
    expect(held()).toEqual([])
  })

  it('bad answers get a 4xx naming the field and store nothing, nor take any held photo', async () => {
    await app()
    const tokens = [await heldToken(), await heldToken(), await heldToken()]
    const refusals: [Record<string, unknown>, string][] = [
      [{ photos: { photos_1: tokens } }, 'Inspiration photos: at most 2 photos'],
      [{ photos: { photos_7: tokens.slice(0, 1) } }, 'Unknown form field: photos_7'],
      [{ customFields: { custom_999: { header: 'x', value: 'y' } } }, 'Unknown form field: custom_999'],
      [
        { customFields: { custom_1: { header: 'Venue address', value: '1 Secret Ln' } } },
        'Venue address is not asked with the answers given: leave it out',
      ],
      [{ photos: { photos_1: ['../../etc/passwd'] } }, 'Unknown photo'],
    ]
    for (const [extra, message] of refusals) {
      const res = await contact(inquiry(extra))
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: string; fields: Record<string, string> }
      expect(body.error).toBe(message)
    }
    expect(storedRecords()).toEqual([])
    expect(existsSync(join(t.dataDir, 'inquiry-photos')) ? readdirSync(join(t.dataDir, 'inquiry-photos')) : []).toEqual([])
    expect(held().sort()).toEqual([...tokens].sort())
  })

  it('hidden questions: not required, a blank one ignored and not stored; shown, they are asked and kept', async () => {
    await app()
    const hiddenBlank = await contact(inquiry({ customFields: { custom_1: { header: 'Venue address', value: 'Not provided' } } }))
    expect(hiddenBlank.status).toBe(200)
    const stored = record(((await hiddenBlank.json()) as { id: string }).id)
    expect(stored.inquiry.customFields).toEqual({})
    expect(stored.inquiry.customDropdownFields).toEqual({ dropdown_1: { header: 'Delivery', value: 'No' } })

    const missing = await contact(inquiry({ customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'Yes' } } }))
    expect([missing.status, ((await missing.json()) as { fields: Record<string, string> }).fields]).toEqual([
      400,
      { 'customFields.custom_1': 'Venue address is required' },
    ])
    const shown = await contact(
      inquiry({
        customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'Yes' } },
        customFields: { custom_1: { header: 'x', value: '9 Venue Rd' } },
      }),
    )
    expect(record(((await shown.json()) as { id: string }).id).inquiry.customFields).toEqual({
      custom_1: { header: 'Venue address', value: '9 Venue Rd' },
    })
  })

  it('the inquiry is stored even when a photo is no longer held, saying how many did not arrive', async () => {
    await app()
    const good = await heldToken()
    const res = await contact(inquiry({ photos: { photos_1: [good, 'a'.repeat(32)] } }))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { id: string; photosNotAttached: number }
    expect(body.photosNotAttached).toBe(1)
    expect(record(body.id).inquiry.photos).toMatchObject([{ fieldId: 'photos_1', missing: 1, files: [{ name: 'wall.jpg' }] }])
  })

  it('a bot (honeypot, or Submit faster than a person) is answered as a person, and its photos are let go', async () => {
    await app()
    for (const trap of [{ website: 'spam.example' }, { formMs: 200 }]) {
      const token = await heldToken()
      const res = await contact(inquiry({ photos: { photos_1: [token] }, ...trap }))
      expect(res.status).toBe(200)
      expect(held()).toEqual([])
    }
    const fake = await upload(await makeJpeg(), 'a.jpg', 'image/jpeg', { website: 'spam.example' })
    expect(fake.status).toBe(201)
    expect(held()).toEqual([])
    expect(storedRecords()).toEqual([])
  })

  it('uploads are limited per address', async () => {
    await app()
    const address = '10.9.9.9'
    let status = 0
    for (let i = 0; i < 41 && status !== 429; i++)
      status = (await upload(new Uint8Array([1, 2, 3]), 'x.jpg', 'image/jpeg', {}, address)).status
    expect(status).toBe(429)
  })
})

describe('who can see a photo', () => {
  it('the owner with a session (thumbnail, full size, download); nobody without one; a signed link only while valid', async () => {
    await app()
    const r = await sendWithPhotos()
    const photoId = r.inquiry.photos![0].files[0].id
    const adminPath = `/api/admin/inquiries/${r.id}/photos/${photoId}.jpg`
    expect((await t.call('GET', adminPath)).status).toBe(401)
    expect((await t.call('GET', adminPath.replace('.jpg', '-thumb.jpg'))).status).toBe(401)
    const cookie = await t.login()
    const full = await t.call('GET', adminPath, { cookie })
    expect([full.status, full.headers.get('content-type'), full.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'no-store'])
    const thumb = await t.call('GET', adminPath.replace('.jpg', '-thumb.jpg'), { cookie })
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).height).toBe(400)
    const download = await t.call('GET', `${adminPath}?download`, { cookie })
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="wall.jpg"')

    // Signed links: the right signature before expiry only.
    const valid = await t.deps.photoLinks.signedPath(r.id, photoId, Math.floor(Date.now() / 1000) + 600)
    expect((await t.call('GET', valid)).status).toBe(200)
    const expired = await t.deps.photoLinks.signedPath(r.id, photoId, Math.floor(Date.now() / 1000) - 1)
    const other = await t.deps.photoLinks.signedPath(r.id, 'f'.repeat(16), Math.floor(Date.now() / 1000) + 600)
    const tampered = valid.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 1}`)
    for (const path of [
      `/inquiry-photos/${r.id}/${photoId}.jpg`,
      expired,
      tampered,
      other.replace('f'.repeat(16), photoId),
      valid.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`),
    ]) {
      expect([path, (await t.call('GET', path)).status]).toEqual([path, 403])
    }
    // No other way in: not under /uploads, not the data folder.
    for (const path of [
      `/uploads/${photoId}.jpg`,
      `/data/inquiry-photos/${r.id}/${photoId}.jpg`,
      `/inquiry-photos/${r.id}/${photoId}-thumb.jpg`,
    ]) {
      expect([path, (await t.call('GET', path)).status]).not.toEqual([path, 200])
    }
  })

  it('the studio e-mail links to each photo through a signed link, attaches none, and the link opens the photo', async () => {
    smtp = await startTestSmtp()
    await app({ SMTP_URL: smtp.url, MAIL_TO: 'owner@studio.test' })
    const r = await sendWithPhotos(2)
    const [mail] = await smtp.waitFor(1)
    const parsed = parseMail(mail.raw)
    expect(mail.raw).not.toMatch(/Content-Disposition:\s*attachment/i)
    expect(mail.raw).not.toMatch(/Content-Type:\s*image\//i)
    const links = [...parsed.text.matchAll(/http:\/\/site\.test(\/inquiry-photos\/[^\s]+)/g)].map((m) => m[1])
    expect(links).toHaveLength(2)
    expect(parsed.text).toContain('Inspiration photos 1 of 2 (wall.jpg)')
    expect(parsed.text).toMatch(/Photos \(links work until .+; afterwards open the inquiry in the dashboard\):/)
    expect(parsed.text).toContain('Delivery estimate: Delivery to 97214: about $45 (estimate shown on the form)')
    const opened = await t.call('GET', links[0])
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    await until(
      () => t.deps.inquiries.find(r.id),
      (x) => x?.mail.state === 'sent',
    )
  })
})

describe('photos leave with the inquiry, and are kept in the backups', () => {
  it('deleting an inquiry deletes its photos', async () => {
    await app()
    const r = await sendWithPhotos()
    const cookie = await t.login()
    expect((await t.call('DELETE', `/api/admin/inquiries/${r.id}`)).status).toBe(401)
    const res = await t.call('DELETE', `/api/admin/inquiries/${r.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(storedRecords()).toEqual([])
    expect(existsSync(join(t.dataDir, 'inquiry-photos', r.id))).toBe(false)
    expect((await t.call('DELETE', `/api/admin/inquiries/${r.id}`, { cookie })).status).toBe(404)
  })

  it('a backup holds the inquiry photos (and not photos held for forms not sent)', async () => {
    await app()
    const r = await sendWithPhotos()
    await heldToken()
    const backup = await createBackup({ dataDir: t.dataDir, contentRoot: t.root, backupDir: join(t.dataDir, '../backups'), keep: 2 })
    const entries: string[] = []
    await tar.t({ file: backup.file, onReadEntry: (e) => entries.push(e.path) })
    const photoId = r.inquiry.photos![0].files[0].id
    expect(entries).toContain(`data/inquiry-photos/${r.id}/${photoId}.jpg`)
    expect(entries).toContain(`data/inquiries/${r.id}.json`)
    expect(entries.some((e) => e.includes('photo-holding'))).toBe(false)
  })
})

describe('the form builder through the API', () => {
  it('refuses a rule that points at a deleted field or forms a loop, naming the question', async () => {
    await app()
    const cookie = await t.login()
    const put = (json: unknown) => t.call('PUT', '/api/services/arches', { json, cookie })
    const deleted = await put({ customDropdownFields: [] })
    expect([deleted.status, await deleted.json()]).toEqual([
      400,
      { error: '"Venue address" depends on a question that no longer exists. Choose another dropdown or show it always.' },
    ])
    const loop = await put({
      customDropdownFields: [
        { id: 'dropdown_1', header: 'Delivery', instructions: 'x', options: ['Yes'], showWhen: { field: 'dropdown_2', values: ['A'] } },
        { id: 'dropdown_2', header: 'Style', instructions: 'x', options: ['A'], showWhen: { field: 'dropdown_1', values: ['Yes'] } },
      ],
    })
    expect([loop.status, ((await loop.json()) as { error: string }).error]).toEqual([
      400,
      '"Delivery" and "Style" depend on each other in a loop: one of them must be shown always.',
    ])
    const ok = await put({ customPhotoFields: [{ id: 'photos_1', header: 'Venue photos', instructions: 'The wall', optional: true }] })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { customPhotoFields: unknown[] }).customPhotoFields).toEqual([
      { id: 'photos_1', header: 'Venue photos', instructions: 'The wall', optional: true, maxPhotos: 5 },
    ])
  })
})

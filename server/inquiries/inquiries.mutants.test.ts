// The inquiry store and POST /api/contact at their edges: the inbox's index kept in step with the store's own writes
// and deletions, dropped when someone else changed the folder, and the folder's names compared while its time is
// within a second; a page, a count and an export as the owner sees them; the contact form's photos, delivery estimate
// and a failed write as the visitor and the owner see them.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { InquiryStore } from './inquiries.store'
import type { InquiryRecord, MailState } from './inquiry-record.schema'
import { contactForm, GARLANDS_SERVICE, sampleInquiry, storedLead } from './testing-inquiry'

const NOT_SENT: MailState = { state: 'not-configured', attempts: 0 }
const lead = (firstName: string, email = `${firstName.toLowerCase()}@example.com`) => storedLead(firstName, email)

describe('the inquiry store', () => {
  let dataDir: string
  let dir: string
  let store: InquiryStore
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'inquiries-mutants-'))
    dir = join(dataDir, 'inquiries')
    store = new InquiryStore(dataDir)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    rmSync(dataDir, { recursive: true, force: true })
  })

  // The folder's time, set by hand: what a restore or a second writer leaves behind.
  const T0 = Date.parse('2030-01-01T00:00:00.000Z')
  const pin = (ms: number) => utimesSync(dir, ms / 1000, ms / 1000)
  /** The clock `ms` after the folder's time (the store's own writes stamp the folder with the real, earlier time). */
  const clockAt = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms })
  const names = async (ids: string[]) => Promise.all(ids.map(async (id) => (await store.find(id))?.inquiry.firstName ?? `missing ${id}`))
  /** Another writer's copy of a record under a new id (a restore), written straight into the folder. */
  const writeBehind = (from: InquiryRecord, id: string, firstName: string) =>
    writeFileSync(join(dir, `${id}.json`), JSON.stringify({ ...from, id, inquiry: { ...from.inquiry, firstName } }))
  const all = { status: 'all', q: '' } as const

  it('while the folder time is within a second (1000 ms exactly too), a lead deleted or swapped by another writer is seen', async () => {
    clockAt(T0 + 500)
    const a = await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    const b = await store.create(lead('Bea'), NOT_SENT, new Date('2029-01-02T10:00:00Z'))
    pin(T0)
    expect((await store.counts()).all).toBe(2)
    // Deleted behind the store's back, the folder's time put back: one fewer name.
    unlinkSync(join(dir, `${b.id}.json`))
    pin(T0)
    expect((await store.counts()).all).toBe(1)
    // As many names as before, one of them another: the new one is listed, the gone one not.
    writeBehind(a, '2029-01-03T10-00-00-000Z-abcdef', 'Cal')
    pin(T0)
    expect((await store.counts()).all).toBe(2)
    writeBehind(a, '2029-01-04T10-00-00-000Z-abcdef', 'Dee')
    unlinkSync(join(dir, `${a.id}.json`))
    pin(T0)
    vi.setSystemTime(T0 + 1000)
    expect(await names(await store.matchingIds(all))).toEqual(['Dee', 'Cal'])
  })

  it('a write or a deletion after another writer changed the folder drops the index: the next count reads the folder', async () => {
    // The clock well past every folder time, so only the folder's time tells the index is out of date.
    clockAt(T0 + 60_000)
    const a = await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    pin(T0)
    expect((await store.counts()).all).toBe(1)
    writeBehind(a, '2029-01-02T10-00-00-000Z-abcdef', 'Bea')
    pin(T0 + 1)
    await store.create(lead('Cal'), NOT_SENT, new Date('2029-01-03T10:00:00Z'))
    expect(await names(await store.matchingIds(all))).toEqual(['Cal', 'Bea', 'Ava'])
    pin(T0 + 2)
    expect((await store.counts()).all).toBe(3)
    writeBehind(a, '2029-01-04T10-00-00-000Z-abcdef', 'Dee')
    pin(T0 + 3)
    expect(await store.remove(a.id)).toBe(true)
    expect(await names(await store.matchingIds(all))).toEqual(['Dee', 'Cal', 'Bea'])
  })

  it("the store's own writes keep the index in step: new leads in receipt order, a status change counted, a deletion gone", async () => {
    clockAt(T0 + 60_000)
    await store.create(lead('Second'), NOT_SENT, new Date('2029-01-02T10:00:00Z'))
    expect(await store.counts()).toEqual({ all: 1, new: 1, contacted: 0, quoted: 0, booked: 0, completed: 0, lost: 0 })
    // Written while the index is in memory and out of order: the index places each by its receipt time.
    const newest = await store.create(lead('Fourth'), NOT_SENT, new Date('2029-01-04T10:00:00Z'))
    await store.create(lead('First'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    const third = await store.create(lead('Third'), NOT_SENT, new Date('2029-01-03T10:00:00Z'))
    expect(await names(await store.matchingIds(all))).toEqual(['Fourth', 'Third', 'Second', 'First'])
    await store.update(third.id, (r) => ({ ...r, status: 'booked' }))
    await store.update(third.id, (r) => ({ ...r, notes: [{ at: '2029-01-05T00:00:00.000Z', text: 'Called back' }] }))
    expect(await store.counts()).toEqual({ all: 4, new: 3, contacted: 0, quoted: 0, booked: 1, completed: 0, lost: 0 })
    expect(await names(await store.matchingIds({ status: 'booked', q: '' }))).toEqual(['Third'])
    expect(await store.remove(newest.id)).toBe(true)
    expect(await store.counts()).toEqual({ all: 3, new: 2, contacted: 0, quoted: 0, booked: 1, completed: 0, lost: 0 })
    expect(await names(await store.matchingIds({ status: 'new', q: '' }))).toEqual(['Second', 'First'])
    expect((await store.page(all, 0, 10)).total).toBe(3)
  })

  it('deleting: true once, then false; an id one character off or a path is false and deletes nothing', async () => {
    const a = await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    writeFileSync(join(dataDir, 'secret.json'), '{}')
    expect(await store.remove('../secret')).toBe(false)
    expect(await store.remove(`${a.id}0`)).toBe(false)
    expect(await store.remove(a.id.slice(0, -1) + (a.id.endsWith('0') ? '1' : '0'))).toBe(false)
    expect(readdirSync(dir)).toEqual([`${a.id}.json`])
    expect(await store.remove(a.id)).toBe(true)
    expect(await store.remove(a.id)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
    expect(readdirSync(dataDir).sort()).toEqual(['inquiries', 'secret.json'])
  })

  it('a record that cannot be deleted (its name is a folder) is an error, not an inquiry that was never there', async () => {
    const id = '2029-01-02T10-00-00-000Z-abcdef'
    mkdirSync(join(dir, `${id}.json`), { recursive: true })
    await expect(store.remove(id)).rejects.toThrow()
  })

  it('a page: newest first, from the offset, at most the limit, filtered even before the index is built', async () => {
    await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    const bea = await store.create(lead('Bea'), NOT_SENT, new Date('2029-01-02T10:00:00Z'))
    await store.create(lead('Cal'), NOT_SENT, new Date('2029-01-03T10:00:00Z'))
    await store.update(bea.id, (r) => ({ ...r, status: 'booked' }))
    const first = (s: InquiryStore) => s.page(all, 0, 2)
    const page = async (p: Promise<{ records: InquiryRecord[]; total: number }>) => {
      const { records, total } = await p
      return { names: records.map((r) => r.inquiry.firstName), total }
    }
    // A store just started (no index yet) for each filter.
    expect(await page(first(new InquiryStore(dataDir)))).toEqual({ names: ['Cal', 'Bea'], total: 3 })
    expect(await page(new InquiryStore(dataDir).page({ status: 'booked', q: '' }, 0, 10))).toEqual({ names: ['Bea'], total: 1 })
    expect(await page(new InquiryStore(dataDir).page({ status: 'all', q: 'ava' }, 0, 10))).toEqual({ names: ['Ava'], total: 1 })
    expect(await page(new InquiryStore(dataDir).page({ status: 'booked', q: 'ava' }, 0, 10))).toEqual({ names: [], total: 0 })
    expect(await page(store.page(all, 1, 1))).toEqual({ names: ['Bea'], total: 3 })
    expect(await page(store.page(all, 2, 5))).toEqual({ names: ['Ava'], total: 3 })
    expect(await page(store.page({ status: 'new', q: '' }, 0, 10))).toEqual({ names: ['Cal', 'Ava'], total: 2 })
  })

  it('a damaged file is no lead in the counts, the pages or the export, once the index is read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const a = await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    const broken = '2029-01-02T10-00-00-000Z-abcdef'
    writeFileSync(join(dir, `${broken}.json`), '{"id": "half a rec')
    expect(await store.counts()).toEqual({ all: 1, new: 1, contacted: 0, quoted: 0, booked: 0, completed: 0, lost: 0 })
    expect(await store.matchingIds(all)).toEqual([a.id])
    const { records, total } = await store.page(all, 0, 10)
    expect([records.map((r) => r.id), total]).toEqual([[a.id], 1])
    const exported: string[] = []
    for await (const r of store.records([broken, a.id, '2029-01-03T10-00-00-000Z-abcdef'])) exported.push(r.id)
    expect(exported).toEqual([a.id])
  })

  it('a page read from the folder before the index skips a damaged file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const a = await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    writeFileSync(join(dir, '2029-01-02T10-00-00-000Z-abcdef.json'), '{"id": "half a rec')
    const fresh = new InquiryStore(dataDir)
    expect((await fresh.page(all, 0, 10)).records.map((r) => r.id)).toEqual([a.id])
    // The index it starts building meanwhile leaves the damaged file out of the total.
    expect((await fresh.counts()).all).toBe(1)
    expect((await fresh.page(all, 0, 10)).total).toBe(1)
  })

  it('a folder that could not be read once is read again on the next request', async () => {
    writeFileSync(dir, 'not a folder')
    await expect(store.counts()).rejects.toThrow()
    rmSync(dir)
    mkdirSync(dir)
    await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    expect((await store.counts()).all).toBe(1)
  })

  it('a store just started lists ten leads written out of order newest first, in the list and in its first page', async () => {
    const days = [7, 2, 9, 4, 1, 10, 5, 8, 3, 6]
    for (const day of days) await store.create(lead(`Day${day}`), NOT_SENT, new Date(`2029-01-${String(day).padStart(2, '0')}T10:00:00Z`))
    const newestFirst = [...days].sort((a, b) => b - a).map((day) => `Day${day}`)
    expect((await new InquiryStore(dataDir).list()).map((r) => r.inquiry.firstName)).toEqual(newestFirst)
    const { records } = await new InquiryStore(dataDir).page(all, 0, 10)
    expect(records.map((r) => r.inquiry.firstName)).toEqual(newestFirst)
  })

  it("a store just started counts only the leads' files in its first page's total, not other files beside them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const a = await store.create(lead('Ava'), NOT_SENT, new Date('2029-01-01T10:00:00Z'))
    const other = '2029-01-02T10-00-00-000Z-abcdef'
    writeFileSync(join(dir, 'notes.json'), '{}')
    writeFileSync(join(dir, `${a.id}.json.tmp`), '{}')
    // A merge tool's leftover: an id and another five-character ending.
    writeFileSync(join(dir, `${other}.orig`), '{}')
    mkdirSync(join(dir, other))
    const fresh = new InquiryStore(dataDir)
    expect(await fresh.page(all, 0, 10)).toEqual({ records: [await store.find(a.id)], total: 1 })
    expect((await fresh.counts()).all).toBe(1)
  })

  it('no folder yet: nothing counted, nothing listed, and the first lead is then counted', async () => {
    expect(await new InquiryStore(dataDir).page(all, 0, 10)).toEqual({ records: [], total: 0 })
    expect(await store.counts()).toEqual({ all: 0, new: 0, contacted: 0, quoted: 0, booked: 0, completed: 0, lost: 0 })
    expect(await store.page(all, 0, 10)).toEqual({ records: [], total: 0 })
    await store.create(lead('Ava'), NOT_SENT)
    expect((await store.counts()).all).toBe(1)
    expect(JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]), 'utf8')).inquiry.firstName).toBe('Ava')
  })
})

// One app for the contact form's tests: each sends from its own address, so the rate limit never bites.
const CAKES = `title: Cake Stands
description: Stands.
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
  - id: custom_2
    header: Theme
    instructions: Any theme?
    optional: true
customPhotoFields:
  - id: photos_1
    header: Inspiration photos
    instructions: Pictures you love
    optional: true
    maxPhotos: 3
  - id: photos_2
    header: Venue photos
    instructions: The room
    optional: true
    maxPhotos: 2
fieldOrder: [dropdown_1, custom_1, custom_2, photos_1, photos_2]
`
const PRICING = `deliveryZones:
  - name: Portland
    zips: ['972']
    fee: 45
`

describe('POST /api/contact', () => {
  let t: TestApp
  let client = 0
  const from = () => `10.7.${Math.floor(++client / 250)}.${client % 250}`
  beforeAll(async () => {
    t = await createTestApp({
      files: {
        ...fixtureFiles(await makeJpeg()),
        'content/pricing.yaml': PRICING,
        'content/services/cake-stands.yaml': CAKES,
        'content/services/balloon-garlands.yaml': GARLANDS_SERVICE,
      },
      env: { TRUST_PROXY: '1' },
    })
  })
  afterAll(() => t.cleanup())
  afterEach(() => vi.restoreAllMocks())

  const form = (extra: Record<string, unknown> = {}) =>
    contactForm('cake-stands', { customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'No' } }, ...extra })
  const contact = (json: unknown) => t.call('POST', '/api/contact', { json, headers: { 'X-Forwarded-For': from() } })
  const records = () => {
    try {
      return readdirSync(join(t.dataDir, 'inquiries')).filter((n) => n.endsWith('.json'))
    } catch {
      return []
    }
  }
  const record = (id: string) => JSON.parse(readFileSync(join(t.dataDir, 'inquiries', `${id}.json`), 'utf8')) as InquiryRecord
  const held = () => {
    try {
      return readdirSync(join(t.dataDir, 'photo-holding'))
    } catch {
      return []
    }
  }
  const photoFolders = () => {
    try {
      return readdirSync(join(t.dataDir, 'inquiry-photos')).filter((n) => !n.startsWith('.'))
    } catch {
      return []
    }
  }
  let jpeg: Uint8Array
  async function token(fieldId = 'photos_1', serviceId = 'cake-stands'): Promise<string> {
    jpeg ??= await makeJpeg(40, 30)
    const body = new FormData()
    body.set('serviceId', serviceId)
    body.set('fieldId', fieldId)
    body.set('photo', new File([jpeg as Uint8Array<ArrayBuffer>], 'wall.jpg', { type: 'image/jpeg' }))
    const res = await t.call('POST', '/api/inquiry-photos', { body, headers: { 'X-Forwarded-For': from() } })
    expect(res.status).toBe(201)
    return ((await res.json()) as { token: string }).token
  }
  async function sent(json: unknown): Promise<{ body: Record<string, unknown>; stored: InquiryRecord }> {
    const res = await contact(json)
    const body = (await res.json()) as Record<string, unknown>
    expect([res.status, body.ok]).toEqual([200, true])
    return { body, stored: record(body.id as string) }
  }

  it('the time trap: 999 ms is a bot (kept nowhere), 1000 ms a person; a time that is not a number is no trap', async () => {
    const before = records().length
    const fast = await contact(form({ formMs: 999 }))
    expect([fast.status, ((await fast.json()) as { ok: boolean }).ok]).toEqual([200, true])
    expect(records().length).toBe(before)
    await sent(form({ formMs: 1000 }))
    await sent(form({ formMs: undefined }))
    // A time sent as text is no trap but a bad form: the visitor is told, nothing kept.
    const text = await contact(form({ formMs: '5' }))
    expect([text.status, await text.json()]).toEqual([
      400,
      { error: 'Invalid input: expected number, received string', fields: { formMs: 'Invalid input: expected number, received string' } },
    ])
    expect(records().length).toBe(before + 2)
  })

  it("a bot's answer carries an id shaped like a real one, and its held photos (of any question) are let go", async () => {
    const kept = await token()
    const tokens = [await token(), await token('photos_2')]
    const res = await contact(
      form({ website: 'spam.example', photos: { photos_1: [tokens[0], 7, null, [kept]], photos_2: [tokens[1]], x: 'y' } }),
    )
    const body = (await res.json()) as { ok: boolean; id: string }
    expect(body.ok).toBe(true)
    expect(body.id).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}$/)
    expect(held()).toEqual([kept])
    // Photos that are no list of tokens, or no photos at all: still the same answer.
    for (const photos of ['photos', 42, null, ['a']]) {
      expect(await (await contact(form({ formMs: 10, photos }))).json()).toMatchObject({ ok: true })
    }
    expect(held()).toEqual([kept])
  })

  it('photos: each question keeps its own, held copies are let go, and one no longer held is counted missing', async () => {
    const tokens = [await token(), await token(), await token('photos_2')]
    const { body, stored } = await sent(form({ photos: { photos_1: [tokens[0], tokens[1], 'a'.repeat(32)], photos_2: [tokens[2]] } }))
    expect(body.photosNotAttached).toBe(1)
    expect(stored.inquiry.photos).toEqual([
      { fieldId: 'photos_1', header: 'Inspiration photos', files: [expect.any(Object), expect.any(Object)], missing: 1 },
      { fieldId: 'photos_2', header: 'Venue photos', files: [expect.objectContaining({ name: 'wall.jpg', width: 40, height: 30 })] },
    ])
    expect(held()).not.toContain(tokens[0])
    expect(held()).not.toContain(tokens[2])
    expect(readdirSync(join(t.dataDir, 'inquiry-photos', stored.id)).length).toBe(6)
  })

  it('photos all arrived: no count of missing ones; only a question sent photos is kept; none sent: no photos at all', async () => {
    const one = await token('photos_2')
    const { body, stored } = await sent(form({ photos: { photos_1: [], photos_2: [one] } }))
    expect(body).not.toHaveProperty('photosNotAttached')
    expect(stored.inquiry.photos).toEqual([
      { fieldId: 'photos_2', header: 'Venue photos', files: [expect.objectContaining({ name: 'wall.jpg' })] },
    ])
    const none = await sent(form({ photos: { photos_1: [] } }))
    expect(Object.keys(none.body).sort()).toEqual(['id', 'ok'])
    expect(none.stored.inquiry).not.toHaveProperty('photos')
    // A photo held for another question, or another service, is not this one's: missing, and no group for it.
    const elsewhere = await token('photos_2')
    const wrong = await sent(form({ photos: { photos_1: [elsewhere] } }))
    expect(wrong.body.photosNotAttached).toBe(1)
    expect(wrong.stored.inquiry.photos).toEqual([{ fieldId: 'photos_1', header: 'Inspiration photos', files: [], missing: 1 }])
    expect(held()).toContain(elsewhere)
  })

  it('stores the delivery estimate of a ZIP in a zone, or outside every zone; an unreadable price list means no estimate', async () => {
    expect((await sent(form({ zipcode: '97214' }))).stored.inquiry.deliveryEstimate).toEqual({ zip: '97214', zone: 'Portland', fee: 45 })
    expect((await sent(form({ zipcode: '10001' }))).stored.inquiry.deliveryEstimate).toEqual({ zip: '10001', outside: true })
    const read = t.deps.store.readYaml.bind(t.deps.store)
    vi.spyOn(t.deps.store, 'readYaml').mockImplementation((file, ...rest) =>
      file === 'content/pricing.yaml' ? Promise.reject(new Error('unreadable')) : read(file, ...rest),
    )
    const { stored } = await sent(form({ zipcode: '97214' }))
    expect(stored.inquiry).not.toHaveProperty('deliveryEstimate')
    expect(stored.inquiry.zipcode).toBe('97214')
  })

  it('keeps only the questions shown (a hidden one left out), a blank answer Not provided, and the service by title or hidden', async () => {
    const hidden = await sent(form({ customFields: { custom_2: { header: 'x', value: '  Gold  ' } } }))
    expect(hidden.stored.inquiry.customFields).toEqual({ custom_2: { header: 'Theme', value: 'Gold' } })
    expect(hidden.stored.inquiry.customDropdownFields).toEqual({ dropdown_1: { header: 'Delivery', value: 'No' } })
    const shown = await sent(
      form({
        customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'Yes' } },
        customFields: { custom_1: { header: 'Venue address', value: '9 Oak St' } },
      }),
    )
    expect(shown.stored.inquiry.customFields).toEqual({
      custom_1: { header: 'Venue address', value: '9 Oak St' },
      custom_2: { header: 'Theme', value: 'Not provided' },
    })
    const byTitle = await sent(form({ serviceId: 'Cake Stands!', service: 'Cake Stands' }))
    expect([byTitle.stored.inquiry.serviceId, byTitle.stored.inquiry.service]).toEqual(['cake-stands', 'Cake Stands'])
    const secret = await sent(form({ serviceId: 'secret', customDropdownFields: {} }))
    expect([secret.stored.inquiry.serviceId, secret.stored.inquiry.service]).toEqual(['secret', 'Secret'])
    const res = await contact(form({ serviceId: 'cake-stand', service: undefined }))
    expect([res.status, await res.json()]).toEqual([400, { error: 'Please choose a service for your inquiry.' }])
  })

  it('a record that cannot be written is an error to the visitor and leaves no photos behind; held copies stay for a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const kept = await token()
    const dir = join(t.dataDir, 'inquiries')
    const before = records()
    const folders = photoFolders()
    vi.spyOn(t.deps.inquiries, 'create').mockRejectedValueOnce(new Error('disk full'))
    const res = await contact(form({ photos: { photos_1: [kept] } }))
    expect(res.status).toBe(500)
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toEqual(before)
    expect(photoFolders()).toEqual(folders)
    expect(held()).toContain(kept)
  })

  it('held photos that cannot be let go after the record is written: the inquiry is still sent, and the log says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const one = await token()
    vi.spyOn(t.deps.inquiryPhotos, 'release').mockRejectedValueOnce(new Error('busy'))
    const { stored } = await sent(form({ photos: { photos_1: [one] } }))
    expect(stored.inquiry.photos?.[0].files).toHaveLength(1)
    expect(errors.mock.calls).toContainEqual(['Held photos could not be removed:', new Error('busy')])
  })

  it('the garlands form: colours kept when the service shows them, an empty choice when none were sent', async () => {
    const { stored } = await sent({ ...sampleInquiry(), formMs: 60_000 })
    expect(stored.inquiry.balloonColors).toEqual(['Blush', 'Ivory'])
    expect((await sent(form())).stored.inquiry).not.toHaveProperty('balloonColors')
  })
})

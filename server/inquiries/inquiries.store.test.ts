// The inquiry files as the owner's inbox sees them: one file per lead, newest first, a damaged file skipped (and
// said so in the log) rather than hiding every other lead, and nothing outside DATA_DIR/inquiries ever read.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InquiryStore, newInquiryId } from './inquiries.store'
import type { MailState } from './inquiry-record.schema'
import { storedLead } from './testing-inquiry'

let dataDir: string
let store: InquiryStore
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'inquiries-'))
  store = new InquiryStore(dataDir)
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dataDir, { recursive: true, force: true })
})

const lead = (firstName: string) => storedLead(firstName)
const NOT_SENT: MailState = { state: 'not-configured', attempts: 0 }

describe('InquiryStore', () => {
  it('sees a file another writer adds within the same tick of the file clock (the folder time unchanged)', async () => {
    const first = await store.create(lead('Ava'), NOT_SENT)
    expect((await store.counts()).all).toBe(1)
    const dir = join(dataDir, 'inquiries')
    const { atimeMs, mtimeMs } = statSync(dir)
    const copy = { ...JSON.parse(readFileSync(join(dir, `${first.id}.json`), 'utf8')), id: first.id.replace(/-[0-9a-f]{6}$/, '-abcdef') }
    writeFileSync(join(dir, `${copy.id}.json`), JSON.stringify(copy))
    utimesSync(dir, atimeMs / 1000, mtimeMs / 1000)
    expect(statSync(dir).mtimeMs).toBe(mtimeMs)
    expect((await store.counts()).all).toBe(2)
  })

  it('a request made while the index is being built sees a file written after the build listed the folder', async () => {
    const first = await store.create(lead('Ava'), NOT_SENT)
    const dir = join(dataDir, 'inquiries')
    const copy = { ...JSON.parse(readFileSync(join(dir, `${first.id}.json`), 'utf8')), id: first.id.replace(/-[0-9a-f]{6}$/, '-abcdef') }
    const fresh = new InquiryStore(dataDir)
    const listFolder = (fresh as unknown as { ids: () => Promise<string[]> }).ids.bind(fresh)
    let later: Promise<{ all: number }> | undefined
    vi.spyOn(fresh as unknown as { ids: () => Promise<string[]> }, 'ids').mockImplementationOnce(async () => {
      const ids = await listFolder()
      // A restore writes a lead just after the build read the folder, and the owner's next request comes in.
      writeFileSync(join(dir, `${copy.id}.json`), JSON.stringify(copy))
      later = fresh.counts()
      return ids
    })
    expect((await fresh.counts()).all).toBe(1)
    expect((await later!).all).toBe(2)
  })

  it('names each file by its receipt time to the millisecond and a random part, and keeps the whole record', async () => {
    const at = new Date('2026-11-21T20:31:05.123Z')
    const record = await store.create(lead('Jane'), NOT_SENT, at, { state: 'pending', attempts: 0 })
    expect(record.id).toMatch(/^2026-11-21T20-31-05-123Z-[0-9a-f]{6}$/)
    expect(readdirSync(join(dataDir, 'inquiries'))).toEqual([`${record.id}.json`])
    expect(JSON.parse(readFileSync(join(dataDir, 'inquiries', `${record.id}.json`), 'utf8'))).toEqual({
      id: record.id,
      receivedAt: '2026-11-21T20:31:05.123Z',
      status: 'new',
      notes: [],
      history: [],
      inquiry: lead('Jane'),
      mail: NOT_SENT,
      confirmation: { state: 'pending', attempts: 0 },
    })
    expect(await store.find(record.id)).toEqual(record)
    const plain = await store.create(lead('Sam'), NOT_SENT, at)
    expect(plain).not.toHaveProperty('confirmation')
    expect(plain.id).not.toBe(record.id)
  })

  it('lists newest first and by status; an empty or missing folder is an empty inbox', async () => {
    expect(await store.list()).toEqual([])
    // Written out of order (a folder may list its files in any order): the list is by receipt time.
    await store.create(lead('Second'), NOT_SENT, new Date('2026-01-02T10:00:00Z'))
    await store.create(lead('Third'), NOT_SENT, new Date('2026-01-03T10:00:00Z'))
    const first = await store.create(lead('First'), NOT_SENT, new Date('2026-01-01T10:00:00Z'))
    await store.update(first.id, (r) => ({ ...r, status: 'booked' }))
    expect((await store.list()).map((r) => r.inquiry.firstName)).toEqual(['Third', 'Second', 'First'])
    expect((await store.list('all')).map((r) => r.inquiry.firstName)).toEqual(['Third', 'Second', 'First'])
    expect((await store.list('booked')).map((r) => r.inquiry.firstName)).toEqual(['First'])
    expect((await store.list('new')).map((r) => r.inquiry.firstName)).toEqual(['Third', 'Second'])
  })

  it('a damaged file is skipped and named in the log; other files in the folder are not leads', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const good = await store.create(lead('Good'), NOT_SENT, new Date('2026-01-01T10:00:00Z'))
    const broken = '2026-01-02T10-00-00-000Z-abcdef'
    writeFileSync(join(dataDir, 'inquiries', `${broken}.json`), '{"id": "half a rec')
    writeFileSync(join(dataDir, 'inquiries', 'notes.json'), '{}')
    writeFileSync(join(dataDir, 'inquiries', `${good.id}.json.tmp`), '{}')
    mkdirSync(join(dataDir, 'inquiries', '2026-01-03T10-00-00-000Z-abcdef'))
    const folder = '2026-01-04T10-00-00-000Z-abcdef'
    mkdirSync(join(dataDir, 'inquiries', `${folder}.json`))
    expect((await store.list()).map((r) => r.id)).toEqual([good.id])
    expect(errors.mock.calls.map((call) => call[0])).toEqual([
      `inquiries/${folder}.json could not be read:`,
      `inquiries/${broken}.json could not be read:`,
    ])
  })

  it('an inbox folder that cannot be read is an error, not an empty inbox', async () => {
    writeFileSync(join(dataDir, 'inquiries'), 'not a folder')
    await expect(store.list()).rejects.toThrow()
  })

  it('an id that is not an inquiry id finds nothing and changes nothing, whatever it points at', async () => {
    writeFileSync(join(dataDir, 'secret.json'), '{}')
    expect(await store.find('../secret')).toBeNull()
    expect(await store.find('2026-01-01T00-00-00-000Z-abcdef')).toBeNull()
    expect(await store.update('../secret', (r) => r)).toBeNull()
    expect(await store.update('2026-01-01T00-00-00-000Z-abcdef', (r) => r)).toBeNull()
    expect(readdirSync(dataDir)).toEqual(['secret.json'])
  })

  it('concurrent updates of one lead all land (no lost note)', async () => {
    const { id } = await store.create(lead('Jane'), NOT_SENT)
    await Promise.all(
      ['one', 'two', 'three', 'four'].map((text) =>
        store.update(id, (r) => ({ ...r, notes: [...r.notes, { at: '2026-01-01T00:00:00.000Z', text }] })),
      ),
    )
    expect((await store.find(id))!.notes.map((n) => n.text).sort()).toEqual(['four', 'one', 'three', 'two'])
  })

  it('ids sort in receipt order', () => {
    const ids = ['2026-01-02T00:00:00.000Z', '2026-01-01T23:59:59.999Z', '2026-01-10T00:00:00.000Z'].map((t) => newInquiryId(new Date(t)))
    expect([...ids].sort()).toEqual([ids[1], ids[0], ids[2]])
  })
})

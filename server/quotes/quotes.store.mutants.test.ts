// The quote records on disk (issue 32): ids and links that are not exactly the store's shape find nothing (no path
// outside the folder, no prefix or suffix taken), versions counted per inquiry, the versions a new one replaces (not a
// signed one, not one already replaced), a link found right after it is made, and a change that changes nothing.
import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { QuoteRecord } from './quote.schema'
import { QuoteStore } from './quotes.store'

let dataDir: string
let store: QuoteStore
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quotes-store-'))
  store = new QuoteStore(dataDir)
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

const fields = (inquiryId = 'inq-1') => ({
  inquiryId,
  createdAt: '2026-11-01T10:00:00.000Z',
  validUntil: '2099-01-31',
  lines: [{ description: 'Arch', quantity: 1, unitPriceCents: 10_000 }],
  deliveryFeeCents: 0,
  discountCents: 0,
  deposit: { percent: 30 },
})
const onDisk = (id: string) => JSON.parse(readFileSync(join(dataDir, 'quotes', `${id}.json`), 'utf8')) as QuoteRecord
const signature = { name: 'Jane Doe', at: '2026-11-02T10:00:00.000Z', addOns: [], textSha256: 'a', agreementCommit: null } as never

describe('a new quote', () => {
  it('gets an id and a 22-character link, a folder only its owner reads, and the fields as given', async () => {
    const q = await store.create(fields())
    expect(q.id).toMatch(/^q-[0-9a-f]{16}$/)
    expect(q.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(q).toMatchObject({ ...fields(), version: 1 })
    expect(onDisk(q.id)).toEqual(q)
    expect(statSync(join(dataDir, 'quotes')).mode & 0o777).toBe(0o700)
    expect(await store.find(q.id)).toEqual(q)
    expect(await store.findByToken(q.token)).toEqual(q)
  })

  it('is the next version of its inquiry, and replaces the open versions but not a signed or an already replaced one', async () => {
    const v1 = await store.create(fields())
    const other = await store.create(fields('inq-2'))
    const v2 = await store.create(fields())
    expect([v1.version, other.version, v2.version]).toEqual([1, 1, 2])
    expect(onDisk(v1.id).replacedBy).toBe(v2.id)
    await store.update(v2.id, (q) => ({ ...q, signature }))
    const v3 = await store.create(fields())
    const v4 = await store.create(fields())
    expect(v4.version).toBe(4)
    // v1 still names the version that replaced it; the signed v2 is never replaced; v3 is.
    expect(onDisk(v1.id).replacedBy).toBe(v2.id)
    expect(onDisk(v2.id)).not.toHaveProperty('replacedBy')
    expect(onDisk(v3.id).replacedBy).toBe(v4.id)
    expect(onDisk(v4.id)).not.toHaveProperty('replacedBy')
    expect(onDisk(other.id)).not.toHaveProperty('replacedBy')
    expect((await store.forInquiry('inq-1')).map((q) => q.version)).toEqual([1, 2, 3, 4])
    expect(await store.forInquiry('inq-3')).toEqual([])
  })

  it('counts on from the newest version even when an older one is gone (no version number twice)', async () => {
    const v1 = await store.create(fields())
    await store.create(fields())
    unlinkSync(join(dataDir, 'quotes', `${v1.id}.json`))
    expect((await store.create(fields())).version).toBe(3)
  })

  it('is found by its link once the links are known (the lookup learns each new one)', async () => {
    const first = await store.create(fields())
    expect((await store.findByToken(first.token))?.id).toBe(first.id)
    const second = await store.create(fields('inq-2'))
    expect((await store.findByToken(second.token))?.id).toBe(second.id)
  })
})

describe('ids and links not of the store', () => {
  it('find nothing, and read no file outside the folder', async () => {
    const q = await store.create(fields())
    mkdirSync(join(dataDir, 'quotes', 'sub'), { recursive: true })
    writeFileSync(join(dataDir, 'secret.json'), JSON.stringify(q))
    for (const id of ['../secret', `${q.id}0`, `x${q.id}`, q.id.toUpperCase(), q.id.slice(0, -1), `${q.id}/`, 'q-', '']) {
      expect(await store.find(id), id).toBeNull()
    }
    for (const token of [`${q.token}A`, `A${q.token}`, q.token.slice(1), `${q.token.slice(0, 21)}.`, `${q.token.slice(0, 21)}=`, '']) {
      expect(await store.findByToken(token), token).toBeNull()
    }
    expect(await store.findByToken('A'.repeat(22))).toBeNull()
  })

  it('an id that merely contains or ends like one reads no file outside the folder', async () => {
    const q = await store.create(fields())
    const outside = { ...q, note: 'outside' }
    writeFileSync(join(dataDir, 'secret.json'), JSON.stringify(outside))
    writeFileSync(join(dataDir, `${q.id}.json`), JSON.stringify(outside))
    for (const id of [`${q.id}/../../secret`, `../${q.id}`, `x/../../${q.id}`]) {
      expect(await store.find(id), id).toBeNull()
      expect(await store.update(id, (r) => ({ ...r, note: 'changed' })), id).toBeNull()
    }
    expect(JSON.parse(readFileSync(join(dataDir, 'secret.json'), 'utf8')).note).toBe('outside')
  })

  it('other files and folders beside the quotes are not quotes', async () => {
    const q = await store.create(fields())
    mkdirSync(join(dataDir, 'quotes', 'signed'))
    writeFileSync(join(dataDir, 'quotes', 'notes.json'), '{}')
    writeFileSync(join(dataDir, 'quotes', `${q.id}.json.tmp`), '{}')
    // A copy kept by hand, its suffix as long as ".json": without the name check it would list the quote twice.
    writeFileSync(join(dataDir, 'quotes', `${q.id}.orig`), '{}')
    expect((await store.all()).map((r) => r.id)).toEqual([q.id])
    expect((await store.forInquiry('inq-1')).map((r) => r.id)).toEqual([q.id])
  })

  it('an unknown id has nothing to change', async () => {
    expect(await store.update('q-0000000000000000', (q) => ({ ...q, note: 'x' }))).toBeNull()
    expect(await store.all()).toEqual([])
  })

  it('a file that is not JSON is an error, not a missing quote', async () => {
    const q = await store.create(fields())
    writeFileSync(join(dataDir, 'quotes', `${q.id}.json`), '{ not json')
    await expect(store.find(q.id)).rejects.toThrow()
  })
})

describe('a change', () => {
  it('is written; a change that returns the quote itself writes nothing', async () => {
    const q = await store.create(fields())
    const changed = await store.update(q.id, (current) => ({ ...current, note: 'Colours as discussed' }))
    expect(changed?.note).toBe('Colours as discussed')
    expect(onDisk(q.id).note).toBe('Colours as discussed')
    const file = join(dataDir, 'quotes', `${q.id}.json`)
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n\n`)
    const same = await store.update(q.id, (current) => current)
    expect(same?.note).toBe('Colours as discussed')
    expect(readFileSync(file, 'utf8').endsWith('}\n\n')).toBe(true)
  })
})

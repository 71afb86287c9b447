// The local mailing list (no Flodesk key) as the owner finds it in DATA_DIR/subscribers/ (and an older
// subscribers.json) and in the export.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SubscriberStore } from './subscribers.store'

let dataDir: string
let store: SubscriberStore
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'subscribers-'))
  store = new SubscriberStore(dataDir)
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

/** Every record file, keyed by lowercased e-mail as the older single file was. */
const onDisk = () => ({
  subscribers: Object.fromEntries(
    readdirSync(join(dataDir, 'subscribers')).map((name) => {
      const record = JSON.parse(readFileSync(join(dataDir, 'subscribers', name), 'utf8'))
      return [record.email.toLowerCase(), record]
    }),
  ),
})

describe('SubscriberStore', () => {
  it('a second sign-up with the same address keeps the first date, takes the new names and adds interests once', async () => {
    await store.upsert(
      { email: 'Ann@Example.com', firstName: 'Ann', lastName: 'Lee', segmentIds: ['weddings', 'birthdays'] },
      new Date('2026-03-01T10:00:00Z'),
    )
    const again = await store.upsert(
      { email: 'ann@example.com', firstName: 'Annie', lastName: 'Lee-Park', segmentIds: ['birthdays', 'corporate'] },
      new Date('2026-04-01T10:00:00Z'),
    )
    const expected = {
      email: 'ann@example.com',
      firstName: 'Annie',
      lastName: 'Lee-Park',
      segmentIds: ['weddings', 'birthdays', 'corporate'],
      subscribedAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-04-01T10:00:00.000Z',
    }
    expect(again).toEqual(expected)
    expect(onDisk()).toEqual({ subscribers: { 'ann@example.com': expected } })
  })

  it('lists the oldest sign-up first, whatever the addresses', async () => {
    await store.upsert({ email: 'b@example.com', firstName: 'B', lastName: 'B', segmentIds: [] }, new Date('2026-02-01T00:00:00Z'))
    await store.upsert({ email: 'c@example.com', firstName: 'C', lastName: 'C', segmentIds: [] }, new Date('2026-01-01T00:00:00Z'))
    await store.upsert({ email: 'a@example.com', firstName: 'A', lastName: 'A', segmentIds: [] }, new Date('2026-03-01T00:00:00Z'))
    expect((await store.list()).map((s) => s.email)).toEqual(['c@example.com', 'b@example.com', 'a@example.com'])
  })

  it('each sign-up writes its own record only: the others and an older single file are left as they are', async () => {
    const person = (i: number) => ({
      email: `p${i}@example.com`,
      firstName: 'P',
      lastName: `${i}`,
      segmentIds: [],
      subscribedAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    })
    const legacy = JSON.stringify({
      subscribers: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}@example.com`, person(i)])),
    })
    writeFileSync(join(dataDir, 'subscribers.json'), legacy)
    for (let i = 500; i < 520; i++) await store.upsert({ email: `p${i}@example.com`, firstName: 'P', lastName: `${i}`, segmentIds: [] })
    const files = () =>
      new Map(readdirSync(join(dataDir, 'subscribers')).map((n) => [n, statSync(join(dataDir, 'subscribers', n)).mtimeMs]))
    const before = files()
    await new Promise((r) => setTimeout(r, 20))
    await store.upsert({ email: 'p3@example.com', firstName: 'Pat', lastName: 'Three', segmentIds: ['weddings'] })
    const after = files()
    expect(after.size).toBe(before.size + 1)
    expect([...before].every(([name, mtime]) => after.get(name) === mtime)).toBe(true)
    expect(readFileSync(join(dataDir, 'subscribers.json'), 'utf8')).toBe(legacy)
    const listed = await store.list()
    expect(listed).toHaveLength(520)
    // The newer record of an address in the older file wins, keeping its first sign-up date.
    expect(listed.find((s) => s.email === 'p3@example.com')).toMatchObject({
      firstName: 'Pat',
      segmentIds: ['weddings'],
      subscribedAt: '2025-01-01T00:00:00.000Z',
    })
  })

  it('with no file yet the list is empty; a damaged file is refused, never overwritten by the next sign-up', async () => {
    expect(await store.list()).toEqual([])
    writeFileSync(join(dataDir, 'subscribers.json'), '{"subscribers": {"ann@example.com": {"email": "ann@exa')
    await expect(store.upsert({ email: 'new@example.com', firstName: 'N', lastName: 'N', segmentIds: [] })).rejects.toThrow()
    await expect(store.list()).rejects.toThrow()
    expect(readFileSync(join(dataDir, 'subscribers.json'), 'utf8')).toBe('{"subscribers": {"ann@example.com": {"email": "ann@exa')
    expect(existsSync(join(dataDir, 'subscribers'))).toBe(false)
  })

  it('a subscribers file that cannot be read is an error, not an empty list', async () => {
    mkdirSync(join(dataDir, 'subscribers.json'))
    await expect(store.list()).rejects.toThrow()
  })

  it('concurrent sign-ups all land', async () => {
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((n) => store.upsert({ email: `${n}@example.com`, firstName: n, lastName: n, segmentIds: [] })),
    )
    expect(Object.keys(onDisk().subscribers).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
    ])
  })
})

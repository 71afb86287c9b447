// The local mailing list's files at their edges: a record written by an earlier version (named by the lowercased
// address), stray files beside the records, and folders or files that cannot be read, which are errors, never an
// empty list the next sign-up would write over.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SubscriberStore } from './subscribers.store'

let dataDir: string
let store: SubscriberStore
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'subscribers-edges-'))
  store = new SubscriberStore(dataDir)
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

const record = (email: string, subscribedAt = '2026-01-02T03:04:05.000Z') => ({
  email,
  firstName: 'Ann',
  lastName: 'Lee',
  segmentIds: ['weddings'],
  subscribedAt,
  updatedAt: subscribedAt,
})
/** The record file's name as every version has written it: the first 40 hex digits of sha256(lowercased address). */
const nameOf = (email: string) => `${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 40)}.json`

describe('the subscribers folder', () => {
  it('finds a record already on disk by its lowercased address: a new sign-up keeps its first date and interests', async () => {
    mkdirSync(join(dataDir, 'subscribers'))
    writeFileSync(join(dataDir, 'subscribers', nameOf('ann@example.com')), JSON.stringify(record('ann@example.com')))
    const after = await store.upsert({ email: 'Ann@Example.com', firstName: 'Ann', lastName: 'Lee-Park', segmentIds: ['birthdays'] })
    expect(after).toMatchObject({ subscribedAt: '2026-01-02T03:04:05.000Z', lastName: 'Lee-Park' })
    expect(after.segmentIds.sort()).toEqual(['birthdays', 'weddings'])
    expect(readdirSync(join(dataDir, 'subscribers'))).toEqual([nameOf('ann@example.com')])
  })

  it('leaves out files that are not records: a temporary write, a copy, a note, a name one digit short', async () => {
    mkdirSync(join(dataDir, 'subscribers'))
    const name = nameOf('ann@example.com')
    writeFileSync(join(dataDir, 'subscribers', name), JSON.stringify(record('ann@example.com')))
    for (const stray of [`${name}.tmp`, `x${name}`, 'notes.txt', `${name.slice(1)}`]) {
      writeFileSync(join(dataDir, 'subscribers', stray), 'not a record')
    }
    expect((await store.list()).map((s) => s.email)).toEqual(['ann@example.com'])
  })

  it('a subscribers folder that is a file is an error, not an empty list', async () => {
    writeFileSync(join(dataDir, 'subscribers'), 'not a folder')
    await expect(store.list()).rejects.toThrow(/ENOTDIR/)
  })

  it('a record that cannot be read (a folder in its place) is an error, not a new subscriber over it', async () => {
    mkdirSync(join(dataDir, 'subscribers', nameOf('ann@example.com')), { recursive: true })
    await expect(store.list()).rejects.toThrow(/EISDIR/)
    await expect(store.upsert({ email: 'ann@example.com', firstName: 'A', lastName: 'L', segmentIds: [] })).rejects.toThrow(/EISDIR/)
  })

  it('an older single file that cannot be looked at (a link to itself) is an error, not an empty list', async () => {
    symlinkSync(join(dataDir, 'subscribers.json'), join(dataDir, 'subscribers.json'))
    await expect(store.list()).rejects.toThrow(/ELOOP/)
  })
})

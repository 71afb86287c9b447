// What the owner sees of the delivery page's save, written from the mutation run's survivors (issue 32): the messages
// naming what is wrong, a save on a stale copy, leading indentation kept; and the page as History and the public read
// cache see it (its kind descriptor, delivery.kind.ts).
import { beforeEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CommitDetail, HistoryPage } from '../history/history.types'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const put = (json: unknown) => t.call('PUT', '/api/delivery-installation-content', { json, cookie })
const file = () => readFileSync(join(t.root, 'content/delivery-installation.md'), 'utf8')

describe('saving the delivery page', () => {
  it('names the page text in its refusals', async () => {
    const bell = await put({ markdownContent: '# Delivery\n\nBell \u0007 here\n' })
    expect(bell.status).toBe(400)
    expect((await bell.json()).error).toMatch(/^The page text must not contain control characters/)
    const long = await put({ markdownContent: 'x'.repeat(100_001) })
    expect(long.status).toBe(400)
    expect((await long.json()).error).toMatch(/^The page is too long \(100,000 characters at most\)/)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('refuses a save on a stale copy with 409 and writes nothing', async () => {
    const { version } = (await (await t.call('GET', '/api/delivery-installation-content', { cookie })).json()) as { version: string }
    expect((await put({ markdownContent: '# First\n', baseVersion: version })).status).toBe(200)
    const stale = await put({ markdownContent: '# Second\n', baseVersion: version })
    expect(stale.status).toBe(409)
    expect(file()).toBe('# First\n')
  })

  it('keeps the indentation a page opens with and drops only trailing blank lines', async () => {
    const res = await put({ markdownContent: '    indented code\n\nText\n\n\n' })
    expect(res.status).toBe(200)
    expect((await res.json()).markdownContent).toBe('    indented code\n\nText')
    expect(file()).toBe('    indented code\n\nText\n')
  })
})

describe('the delivery page in History and the read cache', () => {
  it('is a page change, shown as its text before and after, and restored by its name', async () => {
    expect((await put({ markdownContent: '# Delivery\n\nNow Vancouver too.\n' })).status).toBe(200)
    const hash = t.git('rev-parse', 'HEAD').trim()
    const detail = (await (await t.call('GET', `/api/admin/history/commits/${hash}`, { cookie })).json()) as CommitDetail
    expect(detail).toMatchObject({ title: 'Changed the Delivery & Installation page', kinds: ['pages'], items: ['delivery-installation'] })
    expect(detail.changes).toEqual([
      expect.objectContaining({
        item: 'delivery-installation',
        label: 'Delivery & Installation page',
        fields: [
          expect.objectContaining({
            label: 'Page text',
            before: '# Delivery\n\nWe deliver across Portland.\n',
            after: '# Delivery\n\nNow Vancouver too.\n',
          }),
        ],
      }),
    ])
    const pages = (await (await t.call('GET', '/api/admin/history?kind=pages', { cookie })).json()) as HistoryPage
    expect(pages.entries[0]?.hash).toBe(hash)
    const items = await (await t.call('GET', '/api/admin/history/items', { cookie })).json()
    expect(items).toContainEqual({ item: 'delivery-installation', label: 'Delivery & Installation page', current: true })
    const restore = await t.call('POST', '/api/admin/history/restore', {
      json: { hash: detail.parent, item: 'delivery-installation' },
      cookie,
    })
    expect(restore.status).toBe(200)
    expect(((await restore.json()) as { summary: string }).summary).toMatch(/^Restore the delivery & installation page to [0-9a-f]{7} /)
    expect(file()).toBe('# Delivery\n\nWe deliver across Portland.\n')
  })

  it('lets the public read cache keep its read, and nothing beside it', () => {
    const kept = (path: string) => t.deps.readCache.reads.content.some((r) => r.test(path))
    expect(kept('/api/delivery-installation-content')).toBe(true)
    for (const path of ['/api/delivery-installation-contents', '/x/api/delivery-installation-content']) expect(kept(path)).toBe(false)
  })
})

// The site settings as History and the public read cache see them (their kind descriptor, server/site/site.kind.ts):
// the names the owner reads in the log and the detail, the kind filter, the restore, and the read the cache keeps.
import { beforeEach, describe, expect, it } from 'vitest'
import type { CommitDetail, HistoryPage } from '../history/history.types'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const send = (method: string, path: string, json?: unknown) => t.call(method, path, { json, cookie })
const head = () => t.git('rev-parse', 'HEAD').trim()

async function changePhone(phone: string): Promise<void> {
  const { version, ...settings } = (await (await send('GET', '/api/site-settings')).json()) as Record<string, unknown> & {
    version: string
    contact: Record<string, unknown>
  }
  const res = await send('PUT', '/api/site-settings', { ...settings, contact: { ...settings.contact, phone }, baseVersion: version })
  expect(res.status).toBe(200)
}

describe('the site settings in History', () => {
  it('names a change of the settings, files it under pages, and restores it by name', async () => {
    const before = head()
    await changePhone('(503) 555-0199')
    const detail = (await (await send('GET', `/api/admin/history/commits/${head()}`)).json()) as CommitDetail
    expect(detail).toMatchObject({ title: 'Changed the site settings: Contact', kinds: ['pages'], items: ['site'] })
    expect(detail.changes).toEqual([expect.objectContaining({ item: 'site', label: 'Site settings', path: 'content/site.yaml' })])
    const pages = (await (await send('GET', '/api/admin/history?kind=pages')).json()) as HistoryPage
    expect(pages.entries[0]?.hash).toBe(detail.hash)
    expect(pages.entries.at(-1)?.held).toMatch(/^3 services, site settings, testimonials, /)
    expect(await (await send('GET', '/api/admin/history/items')).json()).toContainEqual({
      item: 'site',
      label: 'Site settings',
      current: true,
    })

    const res = await send('POST', '/api/admin/history/restore', { hash: before, item: 'site' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { summary: string }).summary).toMatch(/^Restore site settings to [0-9a-f]{7} /)
    expect(((await (await t.call('GET', '/api/site-settings')).json()) as { contact: { phone: string } }).contact.phone).not.toBe(
      '(503) 555-0199',
    )
  })

  it('lets the public read cache keep /api/site-settings, and nothing beside it', () => {
    const kept = (path: string) => t.deps.readCache.reads.content.some((r) => r.test(path))
    expect(kept('/api/site-settings')).toBe(true)
    for (const path of ['/api/site-settingsx', '/api/site-settings/', '/x/api/site-settings']) expect(kept(path)).toBe(false)
  })
})

// The booking e-mails as History sees them (their kind descriptor, booking-mail.kind.ts): the names the owner reads in
// the log and the detail, each changed part by its label, the kind filter, the restore; and the defaults a new site
// starts with, the same as the written content/booking-mail.yaml (issue 32).
import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { CommitDetail, HistoryPage } from '../history/history.types'
import { useTestApp, type TestApp } from '../testing/test-app'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const send = (method: string, path: string, json?: unknown) => t.call(method, path, { json, cookie })
const head = () => t.git('rev-parse', 'HEAD').trim()

describe('the booking e-mails in History', () => {
  it('names a change by its parts, files it under pages, and restores it by name', async () => {
    const { version, ...settings } = await (await send('GET', '/api/admin/booking-mail')).json()
    expect(settings).toEqual(DEFAULT_BOOKING_MAIL)
    const first = { ...settings, reviewUrl: 'https://g.page/r/bloom/review' }
    const saved = await send('PUT', '/api/admin/booking-mail', { ...first, baseVersion: version })
    expect(saved.status).toBe(200)
    const before = head()
    const linked = (await (await send('GET', `/api/admin/history/commits/${before}`)).json()) as CommitDetail
    expect(linked.changes[0]!.fields!.map((f) => [f.field, f.label])).toContainEqual(['reviewUrl', 'Review link'])
    const changed = {
      ...first,
      thankYou: { ...first.thankYou, on: false },
      balanceOverdue: { ...first.balanceOverdue, subject: 'Overdue: {clientName}' },
      baseVersion: (await saved.json()).version,
    }
    expect((await send('PUT', '/api/admin/booking-mail', changed)).status).toBe(200)
    const detail = (await (await send('GET', `/api/admin/history/commits/${head()}`)).json()) as CommitDetail
    expect(detail).toMatchObject({ title: 'Changed the booking e-mails', kinds: ['pages'], items: ['booking-mail'] })
    expect(detail.changes).toEqual([
      expect.objectContaining({ item: 'booking-mail', label: 'Booking e-mails', path: 'content/booking-mail.yaml', change: 'changed' }),
    ])
    expect(detail.changes[0]!.fields!.map((f) => [f.field, f.label])).toEqual([
      ['balanceOverdue', 'Balance overdue (to you)'],
      ['thankYou', 'Thank-you and review'],
    ])
    const pages = (await (await send('GET', '/api/admin/history?kind=pages')).json()) as HistoryPage
    expect(pages.entries[0]?.hash).toBe(detail.hash)
    expect(await (await send('GET', '/api/admin/history/items')).json()).toContainEqual({
      item: 'booking-mail',
      label: 'Booking e-mails',
      current: true,
    })

    const res = await send('POST', '/api/admin/history/restore', { hash: before, item: 'booking-mail' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { summary: string }).summary).toMatch(/^Restore the booking e-mails to [0-9a-f]{7} /)
    const { version: _v, ...restored } = await (await send('GET', '/api/admin/booking-mail')).json()
    expect(restored).toEqual(first)
  })

  it('are not read in public', async () => {
    const kept = (path: string) => t.deps.readCache.reads.content.some((r) => r.test(path))
    expect(kept('/api/admin/booking-mail')).toBe(false)
    expect((await t.call('GET', '/api/admin/booking-mail')).status).toBe(401)
  })
})

describe('the defaults', () => {
  it('are what content/booking-mail.yaml says', () => {
    expect(DEFAULT_BOOKING_MAIL).toEqual(parse(readFileSync('content/booking-mail.yaml', 'utf8')))
  })
})

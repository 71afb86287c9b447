// The FAQ as History and the public read cache see it (its kind descriptor, server/faq/faq.kind.ts): the names the
// owner reads in the log and the detail, the kind filter, the restore, and the public read the cache keeps.
import { beforeEach, describe, expect, it } from 'vitest'
import type { CommitDetail, HistoryEntry, HistoryPage } from '../history/history.types'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const send = (method: string, path: string, json?: unknown) => t.call(method, path, { json, cookie })
const head = () => t.git('rev-parse', 'HEAD').trim()
const detail = async (hash: string) => (await (await send('GET', `/api/admin/history/commits/${hash}`)).json()) as CommitDetail
const save = async (items: unknown[]) => expect((await send('PUT', '/api/faq', { items })).status).toBe(200)
const titles = (entries: HistoryEntry[]) => entries.map((e) => e.title)

describe('the FAQ in History', () => {
  it('names a question and its fields, several questions by their noun, and a reorder', async () => {
    await save([{ id: 'ahead', question: 'How far ahead?', answer: 'Two weeks.' }])
    const added = await detail(head())
    expect(added).toMatchObject({ title: 'Added a question "How far ahead?"', kinds: ['faq'], items: ['faq'] })
    expect(added.changes).toEqual([
      {
        item: 'faq',
        label: 'FAQ',
        path: 'content/faq.yaml',
        change: 'added',
        fields: [
          expect.objectContaining({ field: 'ahead.question', label: 'Question "How far ahead?" › Question', after: 'How far ahead?' }),
          expect.objectContaining({ field: 'ahead.answer', label: 'Question "How far ahead?" › Answer', after: 'Two weeks.' }),
        ],
      },
    ])
    await save([
      { id: 'ahead', question: 'How far ahead?', answer: 'Two weeks.' },
      { id: 'deliver', question: 'Do you deliver?', answer: 'Yes.' },
      { id: 'setup', question: 'Do you set up?', answer: 'Yes.' },
    ])
    expect((await detail(head())).title).toBe('Added 2 FAQ questions')
    await save([
      { id: 'setup', question: 'Do you set up?', answer: 'Yes.' },
      { id: 'ahead', question: 'How far ahead?', answer: 'Two weeks.' },
      { id: 'deliver', question: 'Do you deliver?', answer: 'Yes.' },
    ])
    expect((await detail(head())).title).toBe('Reordered the FAQ')

    const page = (await (await send('GET', '/api/admin/history?kind=faq')).json()) as HistoryPage
    expect(titles(page.entries)).toEqual(['Reordered the FAQ', 'Added 2 FAQ questions', 'Added a question "How far ahead?"'])
    expect(await (await send('GET', '/api/admin/history/items')).json()).toContainEqual({ item: 'faq', label: 'FAQ', current: true })
  })

  it('restores the FAQ as it was, in words', async () => {
    await save([{ id: 'ahead', question: 'How far ahead?', answer: 'Two weeks.' }])
    const first = head()
    await save([{ id: 'ahead', question: 'How far ahead?', answer: 'Three weeks.' }])
    const res = await send('POST', '/api/admin/history/restore', { hash: first, item: 'faq' })
    expect(res.status).toBe(200)
    const restored = (await res.json()) as { summary: string; title: string }
    expect(restored.summary).toMatch(/^Restore the FAQ to [0-9a-f]{7} \(/)
    expect(restored.title).toMatch(/^Restored the FAQ as it was on /)
    expect(await (await t.call('GET', '/api/faq')).json()).toEqual([{ id: 'ahead', question: 'How far ahead?', answer: 'Two weeks.' }])
  })

  it('lets the public read cache keep /api/faq, and nothing beside it', () => {
    const kept = (path: string) => t.deps.readCache.reads.content.some((r) => r.test(path))
    expect(kept('/api/faq')).toBe(true)
    for (const path of ['/api/faqs', '/api/faq/', '/api/admin/faq', '/x/api/faq']) expect(kept(path)).toBe(false)
  })
})

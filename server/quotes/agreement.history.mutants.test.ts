// The agreement as a kind of content in History (issue 32): its commits named in the owner's words, its change shown
// as the agreement's text, its place in the items to filter by, and a restore that the client's next quote page shows.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sampleInquiry } from '../inquiries/testing-inquiry'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })

describe('the agreement in History', () => {
  it('is named, shown, filtered and restored as the agreement; the restored text is what the client is shown', async () => {
    const { t, cookie } = ctx
    const commit = (text: string, message: string) => {
      writeFileSync(join(t.root, 'content/agreement.md'), text)
      t.git('add', 'content/agreement.md')
      t.git('commit', '-qm', message)
      return t.git('log', '-1', '--format=%H').trim()
    }
    const first = commit('First terms.\n', 'Add terms')
    const second = commit('Second terms.\n', 'Change terms')
    const get = async (path: string) => (await t.call('GET', path, { cookie })).json()

    const { entries } = await get('/api/admin/history?kind=pages')
    expect(entries.slice(0, 2)).toMatchObject([
      { hash: second, title: 'Changed the agreement', kinds: ['pages'], items: ['agreement'] },
      { hash: first, title: 'Added the agreement', kinds: ['pages'], items: ['agreement'] },
    ])
    expect((await get(`/api/admin/history/commits/${second}`)).changes).toEqual([
      {
        item: 'agreement',
        label: 'Agreement',
        path: 'content/agreement.md',
        change: 'changed',
        fields: [
          { field: 'text', label: 'Agreement text', kind: 'text', change: 'changed', before: 'First terms.\n', after: 'Second terms.\n' },
        ],
      },
    ])
    expect(await get('/api/admin/history/items')).toContainEqual({ item: 'agreement', label: 'Agreement', current: true })

    const restored = await t.call('POST', '/api/admin/history/restore', { json: { hash: first, item: 'agreement' }, cookie })
    expect(restored.status).toBe(200)
    expect((await restored.json()).title).toMatch(/^Restored the agreement as it was on /)
    expect(t.subjects()[0]).toMatch(/^Restore the agreement to [0-9a-f]{7} /)

    const inquiryId = (await t.deps.inquiries.create(sampleInquiry() as never, { state: 'sent', attempts: 1 })).id
    const made = await t.call('POST', `/api/admin/inquiries/${inquiryId}/quotes`, {
      json: { items: [{ description: 'Arch', quantity: 1, unitPrice: 200 }] },
      cookie,
    })
    const { token } = await made.json()
    expect((await (await t.call('GET', `/api/quotes/${token}`)).json()).agreement).toBe('First terms.')
  })
})

// What the History tab asks the server: the list's page and filter, one commit, restore and undo with their previews,
// the sync; and the address of a file as it was at a commit.
import { beforeEach, describe, expect, it } from 'vitest'
import { calls, fakeApi, type FakeApi } from '../../lib/testing-api'
import * as api from './history-api'

let server: FakeApi
const sent = () => calls(server)

beforeEach(() => {
  server = fakeApi({}, () => Response.json({ answer: 1 }))
})

describe('the list of changes', () => {
  it('asks 25 at a time from the start, every item and every kind', async () => {
    expect(await api.listHistory({ item: 'all', kind: '' })).toEqual({ answer: 1 })
    expect(sent()).toEqual([{ method: 'GET', url: '/api/admin/history?limit=25&offset=0', body: undefined }])
  })

  it('asks the next page from its offset, for one item and one kind', async () => {
    await api.listHistory({ item: 'services/bouquets', kind: 'services' }, 50)
    expect(sent()[0].url).toBe('/api/admin/history?limit=25&offset=50&item=services%2Fbouquets&kind=services')
  })

  it('leaves out an empty item as it does `all`', async () => {
    await api.listHistory({ item: '', kind: 'faq' })
    expect(sent()[0].url).toBe('/api/admin/history?limit=25&offset=0&kind=faq')
  })
})

describe('the other calls', () => {
  it.each([
    ['listHistoryItems', () => api.listHistoryItems(), 'GET', '/api/admin/history/items', undefined],
    ['getCommit', () => api.getCommit('abc123'), 'GET', '/api/admin/history/commits/abc123', undefined],
    ['getHistoryStatus', () => api.getHistoryStatus(), 'GET', '/api/admin/history/status', undefined],
    ['pushNow', () => api.pushNow(), 'POST', '/api/admin/history/sync', undefined],
    ['restoreItem', () => api.restoreItem('abc', 'faq'), 'POST', '/api/admin/history/restore', { hash: 'abc', item: 'faq' }],
    ['previewRestore', () => api.previewRestore('abc', 'faq'), 'POST', '/api/admin/history/restore/preview', { hash: 'abc', item: 'faq' }],
    ['previewUndo', () => api.previewUndo('abc'), 'POST', '/api/admin/history/undo/preview', { commit: 'abc' }],
    ['undoChange', () => api.undoChange('abc'), 'POST', '/api/admin/history/undo', { commit: 'abc' }],
  ] as const)('%s', async (_, call, method, url, body) => {
    expect(await call()).toEqual({ answer: 1 })
    expect(sent()).toEqual([{ method, url, body }])
  })
})

describe('imageAt', () => {
  it('addresses the file at the commit by its path without the leading slash, escaped', () => {
    expect(api.imageAt('abc', '/uploads/a b.webp')).toBe('/api/admin/history/commits/abc/file?path=uploads%2Fa%20b.webp')
    expect(api.imageAt('abc', 'uploads/x.webp?v=1&y')).toBe('/api/admin/history/commits/abc/file?path=uploads%2Fx.webp%3Fv%3D1%26y')
  })

  it('takes off only the first slash', () => {
    expect(api.imageAt('abc', '//uploads/a.webp')).toBe('/api/admin/history/commits/abc/file?path=%2Fuploads%2Fa.webp')
  })
})

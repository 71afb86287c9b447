// History's picture items with the paths that almost pass: the uploads folder itself or the one above it is no
// picture, so a History filter on it is an unknown item (400), never a log of every commit in the repository.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { isUploadPath, itemOfPath, pathOfItem } from './items'

const NEAR_MISSES = [
  'uploads/..',
  'uploads/.',
  'uploads/...',
  'uploads/../content/site.yaml',
  'uploads/./a.jpg',
  'uploads/.hidden.jpg',
  'uploads/..\\x',
]

describe('a picture item', () => {
  it.each(NEAR_MISSES)('%j is none: no file, no item, no picture', (path) => {
    expect([pathOfItem(path), itemOfPath(path), isUploadPath(path)]).toEqual([null, null, false])
  })

  it('a dot inside a name is part of the name', () => {
    expect([pathOfItem('uploads/a..b.jpg'), itemOfPath('uploads/a..b.jpg'), isUploadPath('uploads/a..b.jpg')]).toEqual([
      'uploads/a..b.jpg',
      'uploads/a..b.jpg',
      true,
    ])
  })
})

describe('the History filter', () => {
  const ctx = useTestApp({ login: true })

  it.each(['uploads/..', 'uploads/.'])('on %j answers 400 naming it', async (item) => {
    const res = await ctx.t.call('GET', `/api/admin/history?item=${encodeURIComponent(item)}`, { cookie: ctx.cookie })
    expect([res.status, await res.json()]).toEqual([400, { error: `Unknown content item: ${item}` }])
  })
})

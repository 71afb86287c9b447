// A photos question's list while the visitor fills in the form: progress written into the right photo, a photo removed,
// failed photos not counted against the limit, and the tokens validation counts and Submit sends.
import { describe, expect, it } from 'vitest'
import { arrivedTokens, countedPhotos, patchItem, pendingTokens, uploadingCount, withoutItem, type PhotoItem } from './photo-items'

const item = (key: string, state: PhotoItem['state'], extra: Partial<PhotoItem> = {}): PhotoItem => ({
  key,
  name: `${key}.jpg`,
  preview: `blob:${key}`,
  state,
  progress: state === 'done' ? 1 : 0,
  ...extra,
})
const TOKEN_A = 'a'.repeat(32)
const TOKEN_C = 'c'.repeat(32)
const list = [
  item('p1', 'done', { token: TOKEN_A }),
  item('p2', 'uploading'),
  item('p3', 'failed', { error: 'too big' }),
  item('p12', 'uploading'),
]

describe('the photos list', () => {
  it('writes a change into that photo only, keeping its other fields', () => {
    const changed = patchItem(list, 'p2', { progress: 0.5 })
    expect(changed[1]).toEqual({ ...list[1], progress: 0.5 })
    expect(changed.filter((_, i) => i !== 1)).toEqual(list.filter((_, i) => i !== 1))
    const done = patchItem(list, 'p12', { state: 'done', progress: 1, token: TOKEN_C })
    expect(done[3]).toEqual({ key: 'p12', name: 'p12.jpg', preview: 'blob:p12', state: 'done', progress: 1, token: TOKEN_C })
    // A key that is gone (removed while on its way) changes nothing.
    expect(patchItem(list, 'p9', { state: 'failed' })).toEqual(list)
    // p1 is not p12.
    expect(patchItem(list, 'p1', { progress: 0.25 })[3]).toEqual(list[3])
  })

  it('removes the photo with that key only', () => {
    expect(withoutItem(list, 'p2').map((it) => it.key)).toEqual(['p1', 'p3', 'p12'])
    expect(withoutItem(list, 'p9')).toEqual(list)
  })

  it('counts photos sent or on their way against the limit, not failed ones', () => {
    expect(countedPhotos(list)).toBe(3)
    expect(countedPhotos([item('p3', 'failed')])).toBe(0)
    expect(countedPhotos([])).toBe(0)
  })

  it('validation counts a token per photo sent or on its way: the real one, or a stand-in of the same length', () => {
    expect(pendingTokens(list)).toEqual([TOKEN_A, '0'.repeat(31) + '2', '0'.repeat(30) + '12'])
    expect(pendingTokens([item('p3', 'failed', { token: TOKEN_C })])).toEqual([])
  })

  it('Submit sends the tokens of the photos that arrived only', () => {
    expect(arrivedTokens(list)).toEqual([TOKEN_A])
    expect(arrivedTokens([item('p1', 'done', { token: TOKEN_A }), item('p5', 'done', { token: TOKEN_C })])).toEqual([TOKEN_A, TOKEN_C])
    // A failed photo keeps no token that Submit would send; a done one without a token sends none.
    expect(arrivedTokens([item('p3', 'failed', { token: TOKEN_C }), item('p4', 'done')])).toEqual([])
    expect(arrivedTokens([item('p4', 'done', { token: '' })])).toEqual([])
    expect(arrivedTokens([item('p2', 'uploading', { token: TOKEN_C })])).toEqual([])
  })

  it('says how many photos are still on their way', () => {
    expect(uploadingCount(list)).toBe(2)
    expect(uploadingCount([item('p1', 'done'), item('p3', 'failed')])).toBe(0)
  })
})

// The "Changed elsewhere" dialog's inputs: which failures are a stale save (and which only look like one), and the
// owner's values against the current ones, field by field, in words.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { compareRows, staleConflict } from './stale-compare'

describe('a stale save', () => {
  it('is a 409 carrying the item as it is now and its version', () => {
    const error = new ApiError('Changed elsewhere', 409, { error: 'Changed elsewhere', current: { title: 'Now' }, version: 'v2' })
    expect(staleConflict(error)).toEqual({ current: { title: 'Now' }, version: 'v2' })
  })

  it('is not any other failure, nor a 409 without the current item or a version', () => {
    expect(staleConflict(new Error('offline'))).toBeNull()
    expect(staleConflict(new ApiError('Bad', 400, { current: {}, version: 'v2' }))).toBeNull()
    expect(staleConflict(new ApiError('Conflict', 409, null))).toBeNull()
    expect(staleConflict(new ApiError('Conflict', 409, { version: 'v2' }))).toBeNull()
    expect(staleConflict(new ApiError('Conflict', 409, { current: null, version: 'v2' }))).toBeNull()
    expect(staleConflict(new ApiError('Conflict', 409, { current: {}, version: 2 }))).toBeNull()
    expect(staleConflict(new ApiError('Conflict', 409, { current: '', version: 'v2' }))).toEqual({ current: '', version: 'v2' })
  })
})

describe('the comparison', () => {
  const labels = { title: 'Title', visible: 'Visible on the site', tags: 'Tags' }

  it('lists only the fields that differ, by their labels, never the version sent with the save', () => {
    const rows = compareRows(
      { title: 'Mine', visible: true, count: 3, baseVersion: 'v1' },
      { title: 'Theirs', visible: true, count: 4 },
      labels,
    )
    expect(rows).toEqual([
      { field: 'title', label: 'Title', yours: 'Mine', theirs: 'Theirs' },
      { field: 'count', label: 'count', yours: '3', theirs: '4' },
    ])
  })

  it('counts a missing value and null as the same, and says "(empty)" for either or an empty text', () => {
    expect(compareRows({ title: null }, {}, labels)).toEqual([])
    expect(compareRows({ title: '' }, { title: 'Theirs' }, labels)).toEqual([
      { field: 'title', label: 'Title', yours: '(empty)', theirs: 'Theirs' },
    ])
    expect(compareRows({ title: 'Mine' }, {}, labels)[0].theirs).toBe('(empty)')
  })

  it('says yes or no, lists texts with commas, counts pictures and names questions', () => {
    const rows = compareRows(
      {
        visible: false,
        tags: ['arch', 'gold'],
        images: [{ cropped: '/a.jpg' }, { cropped: '/b.jpg' }],
        fields: [{ header: 'Theme' }],
        none: [],
      },
      { visible: true, tags: [], images: [{ cropped: '/a.jpg' }], fields: [], none: ['x'] },
      labels,
    )
    expect(rows.map((r) => [r.field, r.yours, r.theirs])).toEqual([
      ['visible', 'No', 'Yes'],
      ['tags', 'arch, gold', '(none)'],
      ['images', '2 image(s)', '1 image(s)'],
      ['fields', 'Theme', '(none)'],
      ['none', '(none)', 'x'],
    ])
  })

  it('shows anything else as its JSON', () => {
    expect(compareRows({ when: { from: 1 } }, { when: { from: 2 } }, {})[0]).toMatchObject({ yours: '{"from":1}', theirs: '{"from":2}' })
    expect(compareRows({ mixed: [1, 'a'] }, {}, {})[0].yours).toBe('[1,"a"]')
  })
})

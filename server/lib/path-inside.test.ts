// Inside a folder or not, by path: the near misses are a sibling sharing the folder's name as a prefix, a way out
// through `..`, and a name inside that only starts with two dots.
import { describe, expect, it } from 'vitest'
import { isInside, relativeInside } from './path-inside'

describe('relativeInside', () => {
  it('is the path from the folder for the folder itself and what lies inside it', () => {
    expect(relativeInside('/srv/site', '/srv/site')).toBe('')
    expect(relativeInside('/srv/site', '/srv/site/data/sessions')).toBe('data/sessions')
    expect(relativeInside('/srv/site', '/srv/site/..data')).toBe('..data')
    expect(relativeInside('/srv/site', '/srv/site/a/../b')).toBe('b')
  })

  it('is null for the parent, a sibling with the same prefix, and a way out through ..', () => {
    expect(relativeInside('/srv/site', '/srv')).toBeNull()
    expect(relativeInside('/srv/site', '/srv/site-data')).toBeNull()
    expect(relativeInside('/srv/site', '/srv/site/../data')).toBeNull()
    expect(relativeInside('/srv/site', '/etc')).toBeNull()
  })
})

describe('isInside', () => {
  it('takes the child first and the folder second', () => {
    expect(isInside('/srv/site/content', '/srv/site')).toBe(true)
    expect(isInside('/srv/site', '/srv/site/content')).toBe(false)
    expect(isInside('/srv/site/..content', '/srv/site')).toBe(true)
  })
})

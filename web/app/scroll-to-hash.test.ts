import { describe, expect, it } from 'vitest'
import { hashId } from './scroll-to-hash'

describe('hashId', () => {
  it('decodes the hash, and takes a malformed escape as written instead of throwing', () => {
    expect(hashId('#pricing')).toBe('pricing')
    expect(hashId('#caf%C3%A9')).toBe('café')
    expect(hashId('#%ZZ')).toBe('%ZZ')
    expect(hashId('#%E0%A4%A')).toBe('%E0%A4%A')
    expect(hashId('')).toBe('')
  })
})

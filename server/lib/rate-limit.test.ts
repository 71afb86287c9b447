import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit'

describe('rate limiter', () => {
  it('allows the limit per key within the window, then again once it slides', () => {
    let now = 0
    const limiter = new RateLimiter(2, 1000, () => now)
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
    expect(limiter.take('b')).toBe(true)
    now = 1000
    expect(limiter.take('a')).toBe(true)
  })
})

describe('rate limiter as a failure counter', () => {
  it('peeks without counting, records events and forgets a cleared key', () => {
    let now = 0
    const limiter = new RateLimiter(2, 1000, () => now)
    expect(limiter.isLimited('a')).toBe(false)
    expect(limiter.isLimited('a')).toBe(false)
    limiter.record('a')
    limiter.record('a')
    expect(limiter.isLimited('a')).toBe(true)
    expect(limiter.isLimited('b')).toBe(false)
    limiter.clear('a')
    expect(limiter.isLimited('a')).toBe(false)
    limiter.record('a')
    limiter.record('a')
    now = 999
    expect(limiter.isLimited('a')).toBe(true)
    now = 1000
    expect(limiter.isLimited('a')).toBe(false)
  })
})

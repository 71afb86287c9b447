// The sliding window at its edge: one millisecond before the oldest request leaves it, the limit still holds.
import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit'

describe('the window edge', () => {
  it('refuses one millisecond before the oldest request leaves the window, and allows at the moment it does', () => {
    let now = 0
    const limiter = new RateLimiter(2, 1000, () => now)
    expect(limiter.take('a')).toBe(true)
    now = 500
    expect(limiter.take('a')).toBe(true)
    now = 999
    expect(limiter.take('a')).toBe(false)
    expect(limiter.isLimited('a')).toBe(true)
    now = 1000
    expect(limiter.isLimited('a')).toBe(false)
    expect(limiter.take('a')).toBe(true)
    // The request at 500 is still inside: the next is refused until 1500.
    now = 1499
    expect(limiter.take('a')).toBe(false)
    now = 1500
    expect(limiter.take('a')).toBe(true)
  })

  it('a limit of one: the second request inside the window is refused, the first after it allowed', () => {
    let now = 0
    const limiter = new RateLimiter(1, 60_000, () => now)
    expect(limiter.take('x')).toBe(true)
    now = 59_999
    expect(limiter.take('x')).toBe(false)
    now = 60_000
    expect(limiter.take('x')).toBe(true)
  })
})

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

describe('rate limiter under a flood of addresses', () => {
  it("clearing out the old keys after 10,000 addresses never forgets a client's recent requests", () => {
    let now = 0
    const limiter = new RateLimiter(2, 1000, () => now)
    limiter.take('victim-watcher')
    limiter.take('victim-watcher')
    now = 500
    for (let i = 0; i <= 10_001; i++) limiter.record(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`)
    expect(limiter.take('victim-watcher')).toBe(false)
    now = 1000
    limiter.record('one-more')
    expect(limiter.take('victim-watcher')).toBe(true)
    expect(limiter.isLimited('10.0.0.1')).toBe(false)
    now = 1499
    limiter.record('10.0.0.1')
    expect(limiter.isLimited('10.0.0.1')).toBe(true)
  })

  it('a client whose older requests have left the window keeps its recent ones when old keys are cleared out', () => {
    let now = 0
    const limiter = new RateLimiter(3, 1000, () => now)
    limiter.record('client')
    now = 600
    limiter.record('client')
    limiter.record('client')
    // The first request has left the window, the other two have not, when a flood makes the limiter clear out.
    now = 1200
    for (let i = 0; i <= 10_001; i++) limiter.record(`flood-${i}`)
    limiter.record('client')
    expect(limiter.take('client')).toBe(false)
  })
})

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

describe('rate limiter work per request', () => {
  it('a flood of 40,000 addresses inside one window costs a bounded amount per request (no scan of every address)', () => {
    const limiter = new RateLimiter(10, 60_000, () => 0)
    const started = performance.now()
    for (let i = 0; i < 40_000; i++) limiter.record(`flood-${i}`)
    // Scanning every stored address on each request past 10,000 took 13 s here; a bounded clean-up takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1500)
    expect(limiter.size).toBe(40_000)
  })

  it('holds at most its cap of addresses, forgetting the quietest first', () => {
    let now = 0
    const limiter = new RateLimiter(2, 1000, () => now, 100)
    limiter.record('quiet')
    now = 1
    for (let i = 0; i < 500; i++) limiter.record(`flood-${i}`)
    expect(limiter.size).toBe(100)
    expect(limiter.isLimited('flood-499')).toBe(false)
    limiter.record('flood-499')
    expect(limiter.isLimited('flood-499')).toBe(true)
  })

  it('keeps no more times per address than its limit, and takes back the latest on release', () => {
    let now = 0
    const limiter = new RateLimiter(3, 1000, () => now)
    for (let i = 0; i < 1000; i++) limiter.record('a')
    expect(limiter.isLimited('a')).toBe(true)
    limiter.release('a')
    expect(limiter.isLimited('a')).toBe(false)
    now = 999
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
  })

  it('giving back an event of a key cleared meanwhile (a sign-in that succeeded while another was checked) does nothing', () => {
    const limiter = new RateLimiter(2, 1000, () => 0)
    limiter.record('a')
    limiter.clear('a')
    expect(() => limiter.release('a')).not.toThrow()
    expect(() => limiter.release('never-seen')).not.toThrow()
    expect(limiter.size).toBe(0)
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false])
  })
})

// A visitor id is of the pair (address, user agent), not of the two run together: moving a character from the end of
// one to the start of the other makes another visitor.
import { describe, expect, it } from 'vitest'
import { DailySalt } from './daily-salt'

describe('the daily visitor id', () => {
  it('tells apart two pairs whose address and user agent run together the same', () => {
    const salt = new DailySalt()
    const day = '2026-11-23'
    expect(salt.visitorId(day, '203.0.113.1', '5 Mozilla/5.0')).not.toBe(salt.visitorId(day, '203.0.113.15', ' Mozilla/5.0'))
    expect(salt.visitorId(day, '2001:db8::1', 'a Mozilla/5.0')).not.toBe(salt.visitorId(day, '2001:db8::1a', ' Mozilla/5.0'))
  })
})

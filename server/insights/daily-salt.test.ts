import { describe, expect, it } from 'vitest'
import { DailySalt } from './daily-salt'

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)'

describe('daily salt', () => {
  it('gives one visitor the same id all day and different visitors different ids', () => {
    const salt = new DailySalt()
    const id = salt.visitorId('2026-11-23', '203.0.113.5', UA)
    expect(salt.visitorId('2026-11-23', '203.0.113.5', UA)).toBe(id)
    expect(salt.visitorId('2026-11-23', '203.0.113.6', UA)).not.toBe(id)
    expect(salt.visitorId('2026-11-23', '203.0.113.5', `${UA} Safari`)).not.toBe(id)
  })

  it('draws a new random salt each day, so the same person gets an unrelated id tomorrow', () => {
    const drawn: number[] = []
    const salt = new DailySalt((size) => {
      drawn.push(size)
      return Buffer.alloc(size, drawn.length)
    })
    const today = salt.visitorId('2026-11-23', '203.0.113.5', UA)
    const tomorrow = salt.visitorId('2026-11-24', '203.0.113.5', UA)
    expect(tomorrow).not.toBe(today)
    expect(drawn).toEqual([32, 32])
  })

  it('never contains the address or the user agent, and two servers with their own salts disagree', () => {
    const id = new DailySalt().visitorId('2026-11-23', '203.0.113.5', UA)
    expect(id).not.toContain('203')
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new DailySalt().visitorId('2026-11-23', '203.0.113.5', UA)).not.toBe(id)
  })
})

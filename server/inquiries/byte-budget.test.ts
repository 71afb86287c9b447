import { describe, expect, it } from 'vitest'
import { ByteBudget } from './byte-budget'

describe('bytes per address per hour', () => {
  it('is spent once an address has sent the allowance within the window, and comes back as the window moves on', () => {
    let now = 0
    const budget = new ByteBudget(100, 60_000, () => now)
    budget.spend('a', 60)
    expect(budget.isSpent('a')).toBe(false)
    now = 30_000
    budget.spend('a', 40)
    expect(budget.isSpent('a')).toBe(true)
    expect(budget.isSpent('b')).toBe(false)
    now = 60_001
    expect(budget.isSpent('a')).toBe(false)
    now = 90_001
    expect(budget.isSpent('a')).toBe(false)
  })

  it('counts bytes until exactly the window’s length has passed, not at that moment', () => {
    let now = 1_000
    const budget = new ByteBudget(100, 60_000, () => now)
    budget.spend('a', 100)
    now = 60_999
    expect(budget.isSpent('a')).toBe(true)
    now = 61_000
    expect(budget.isSpent('a')).toBe(false)
  })

  it('forgets an address once its bytes are out of the window, and clears quiet ones past 10,000 addresses', () => {
    let now = 0
    const budget = new ByteBudget(100, 60_000, () => now)
    budget.spend('a', 10)
    now = 60_000
    expect(budget.isSpent('a')).toBe(false)
    expect(budget.size).toBe(0)
    for (let i = 0; i < 10_000; i++) budget.spend(`quiet-${i}`, 1)
    now = 120_000
    budget.spend('busy', 1)
    expect(budget.size).toBe(10_001)
    budget.spend('busy', 1)
    expect(budget.size).toBe(1)
    expect(budget.isSpent('quiet-1')).toBe(false)
  })
})

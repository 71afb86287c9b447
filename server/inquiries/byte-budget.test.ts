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
})

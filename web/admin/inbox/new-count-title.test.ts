// The dashboard's title with the count of new inquiries in front, the rest of the title kept.
import { describe, expect, it } from 'vitest'
import { titleWithCount } from './new-count-title'

describe('titleWithCount', () => {
  it('puts the count in front, replacing an earlier count', () => {
    expect(titleWithCount('Pop admin', 3)).toBe('(3 new) Pop admin')
    expect(titleWithCount('(3 new) Pop admin', 12)).toBe('(12 new) Pop admin')
  })

  it('takes the count off for none', () => {
    expect(titleWithCount('(12 new) Pop admin', 0)).toBe('Pop admin')
    expect(titleWithCount('Pop admin', 0)).toBe('Pop admin')
  })

  it('leaves alone what only looks like a count: not at the start, no number, no space after', () => {
    expect(titleWithCount('Pop (3 new) admin', 0)).toBe('Pop (3 new) admin')
    expect(titleWithCount('(x new) Pop', 0)).toBe('(x new) Pop')
    expect(titleWithCount('(3 new)Pop', 0)).toBe('(3 new)Pop')
    expect(titleWithCount('(3 new) (2 new) Pop', 0)).toBe('(2 new) Pop')
  })
})

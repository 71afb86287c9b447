import { describe, expect, it } from 'vitest'
import { diffText } from './word-diff'

const side = (parts: ReturnType<typeof diffText>, op: 'added' | 'removed') => parts!.filter((p) => p.op === op).map((p) => p.text.trim())

describe('word diff', () => {
  it('marks only the words that changed, and both sides read back as the texts', () => {
    const before = 'Small: $50\nLarge: $120 with delivery'
    const after = 'Small: $55\nLarge: $120 with free delivery'
    const parts = diffText(before, after)!
    expect(side(parts, 'removed')).toEqual(['$50'])
    expect(side(parts, 'added')).toEqual(['$55', 'free'])
    expect(
      parts
        .filter((p) => p.op !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(before)
    expect(
      parts
        .filter((p) => p.op !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(after)
  })

  it('an empty side is all added or all removed', () => {
    expect(diffText('', 'New text')).toEqual([{ text: 'New text', op: 'added' }])
    expect(diffText('Old text', '')).toEqual([{ text: 'Old text', op: 'removed' }])
  })

  it('compares long texts line by line', () => {
    const before = Array.from({ length: 900 }, (_, i) => `line ${i} of the page`).join('\n')
    // Changes at both ends leave a long middle: too many words to pair, few enough lines.
    const after = `Intro\n${before.replace('line 450 of the page', 'line 450 was rewritten')}\nOutro`
    const parts = diffText(before, after)!
    expect(side(parts, 'removed')).toEqual(['line 450 of the page', 'line 899 of the page'])
    expect(side(parts, 'added')).toEqual(['Intro', 'line 450 was rewritten', 'line 899 of the page\nOutro'])
  })
})

// The word diff History highlights with: both sides always read back whole, only the fewest words are marked, and the
// switch to lines (then to nothing) happens at the size limit, not before.
import { describe, expect, it } from 'vitest'
import { diffText, type DiffPart } from './word-diff'

const side = (parts: DiffPart[], op: 'added' | 'removed') =>
  parts
    .filter((p) => p.op !== op)
    .map((p) => p.text)
    .join('')
const marked = (parts: DiffPart[]) => parts.filter((p) => p.op !== 'same').map((p) => `${p.op === 'added' ? '+' : '-'}${p.text}`)

describe('the word diff', () => {
  const pairs: [string, string][] = [
    ['a b c d e', 'a c b d e'],
    ['one two three', 'zero one two three four'],
    ['same', 'same'],
    ['x y', ''],
    ['', 'x y'],
    ['a a a b', 'a b b b'],
    ['red green blue', 'blue green red'],
    ['Balloons  for\tevery party', 'Balloons for every  party!'],
    ['line one\nline two\n', 'line one\nline 2\nline three'],
  ]

  it.each(pairs)('%j -> %j: each side reads back whole, and no two neighbours share a kind', (before, after) => {
    const parts = diffText(before, after)!
    expect(side(parts, 'added')).toBe(before)
    expect(side(parts, 'removed')).toBe(after)
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.op).not.toBe(parts[i - 1]!.op)
    expect(parts.every((p) => p.text !== '')).toBe(true)
  })

  it('marks only the words that moved or changed', () => {
    // A word moved: one added and one removed, the rest the same.
    expect(marked(diffText('a b c d e', 'a c b d e')!)).toEqual(['+c ', '- c'])
    expect(diffText('the quick brown fox', 'the slow brown dog')).toEqual([
      { text: 'the ', op: 'same' },
      { text: 'slow', op: 'added' },
      { text: 'quick', op: 'removed' },
      { text: ' brown ', op: 'same' },
      { text: 'dog', op: 'added' },
      { text: 'fox', op: 'removed' },
    ])
    expect(diffText('one two three', 'zero one two three four')).toEqual([
      { text: 'zero ', op: 'added' },
      { text: 'one two three', op: 'same' },
      { text: ' four', op: 'added' },
    ])
    expect(marked(diffText('a a a b', 'a b b b')!)).toEqual(['+b', '-a', '+b', '-a'])
  })

  it('a text of words too many to pair is compared by lines; lines too many, not at all', () => {
    const many = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')
    // 999 x 999 middle words is under a million pairs with both ends: still a word diff.
    const small = diffText(many(998, 'a'), many(998, 'b'))!
    expect(small.some((p) => p.op === 'removed' && p.text.startsWith('a0 a1'))).toBe(true)
    // 1000 x 1000 words in the middle is over: lines instead (one line each here).
    const big = diffText(many(1000, 'a'), many(1000, 'b'))!
    expect(big).toEqual([
      { text: many(1000, 'b'), op: 'added' },
      { text: many(1000, 'a'), op: 'removed' },
    ])
    const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join('\n')
    expect(diffText(lines(1000, 'a'), lines(1000, 'b'))).toBeNull()
  })
})

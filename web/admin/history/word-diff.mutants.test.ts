// The word diff against what a person reading History would notice: the fewest words marked (checked against a plain
// longest-common-subsequence count on many small texts), runs of spaces kept as one word, a repeated word at either
// end, and the word-to-line switch exactly at its size limit, not before and not for a long text with a small change.
import { describe, expect, it } from 'vitest'
import { diffText, type DiffPart } from './word-diff'

const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? []
const reads = (parts: DiffPart[], without: DiffPart['op']) =>
  parts
    .filter((p) => p.op !== without)
    .map((p) => p.text)
    .join('')

/** The longest common subsequence's length, the textbook way (front to back, recursion-free). */
function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0)
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!)
    previous = row
  }
  return previous[b.length]!
}

/** A small seeded random source, so a failure names the same texts each run. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

describe('the fewest words marked', () => {
  it('keeps as many words unmarked as the two texts have in common, on 400 small texts', () => {
    const next = random(7)
    const text = () =>
      Array.from({ length: Math.floor(next() * 9) }, () => ['a', 'b', 'c'][Math.floor(next() * 3)]).join(next() < 0.2 ? '  ' : ' ')
    for (let k = 0; k < 400; k++) {
      const before = text()
      const after = text()
      const parts = diffText(before, after)!
      const same = parts.filter((p) => p.op === 'same').reduce((n, p) => n + tokens(p.text).length, 0)
      expect({ before, after, same }).toEqual({ before, after, same: lcsLength(tokens(before), tokens(after)) })
      expect(reads(parts, 'added')).toBe(before)
      expect(reads(parts, 'removed')).toBe(after)
    }
  })

  it('removes the first word rather than re-adding the rest when that keeps more in common', () => {
    expect(diffText('p q r', 'q r s')).toEqual([
      { text: 'p ', op: 'removed' },
      { text: 'q r', op: 'same' },
      { text: ' s', op: 'added' },
    ])
    // Ties (one word or one space in common) keep the space and mark each word, the new one first.
    expect(diffText('x p q', 'x q r')).toEqual([
      { text: 'x ', op: 'same' },
      { text: 'q', op: 'added' },
      { text: 'p', op: 'removed' },
      { text: ' ', op: 'same' },
      { text: 'r', op: 'added' },
      { text: 'q', op: 'removed' },
    ])
  })
})

describe('words and spaces', () => {
  it('a run of spaces is one word: a double space made single is one change, not a space removed', () => {
    expect(diffText('a  b', 'a b')).toEqual([
      { text: 'a', op: 'same' },
      { text: ' ', op: 'added' },
      { text: '  ', op: 'removed' },
      { text: 'b', op: 'same' },
    ])
  })

  it('a word repeated at the end of the longer text is marked once, and each side reads back whole', () => {
    for (const [before, after] of [
      ['a', 'a a'],
      ['a a', 'a'],
      ['a b', 'a b a b'],
      ['a b a b', 'a b'],
      ['x', 'x\nx'],
    ]) {
      const parts = diffText(before!, after!)!
      expect(reads(parts, 'added')).toBe(before)
      expect(reads(parts, 'removed')).toBe(after)
    }
    expect(diffText('a', 'a a')).toEqual([
      { text: 'a', op: 'same' },
      { text: ' a', op: 'added' },
    ])
    expect(diffText('a a', 'a')).toEqual([
      { text: 'a', op: 'same' },
      { text: ' a', op: 'removed' },
    ])
  })
})

describe('the size limit', () => {
  /** `words` different words joined by single spaces: 2 x words - 1 tokens. */
  const sentence = (words: number, prefix: string) => Array.from({ length: words }, (_, i) => `${prefix}${i}`).join(' ')

  it('pairs words up to a million cells exactly, and compares lines one token over', () => {
    // 500 words and 499 spaces each side, nothing in common at either end: (999 + 1) x (999 + 1) = 1,000,000.
    const atLimit = diffText(sentence(500, 'a'), sentence(500, 'b'))!
    expect(atLimit.some((p) => p.op === 'same' && p.text === ' ')).toBe(true)
    expect(reads(atLimit, 'added')).toBe(sentence(500, 'a'))
    // One more token on one side (a trailing word after a space): over the limit, so the one line each is compared.
    const over = diffText(sentence(500, 'a'), `${sentence(500, 'b')} c`)!
    expect(over).toEqual([
      { text: `${sentence(500, 'b')} c`, op: 'added' },
      { text: sentence(500, 'a'), op: 'removed' },
    ])
  })

  it('a long text with one word changed at its end or its start is still compared word by word', () => {
    const long = sentence(3000, 'w')
    expect(diffText(`${long} end`, `${long} END`)).toEqual([
      { text: `${long} `, op: 'same' },
      { text: 'END', op: 'added' },
      { text: 'end', op: 'removed' },
    ])
    expect(diffText(`start ${long}`, `START ${long}`)).toEqual([
      { text: 'START', op: 'added' },
      { text: 'start', op: 'removed' },
      { text: ` ${long}`, op: 'same' },
    ])
  })

  it('a text too long for words beside an empty one is all added or all removed, with nothing made up', () => {
    const huge = 'a '.repeat(500_000)
    expect(diffText('', huge)).toEqual([{ text: huge, op: 'added' }])
    expect(diffText(huge, '')).toEqual([{ text: huge, op: 'removed' }])
  })
})

import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { firstZodMessage } from './errors'
import { idFromWords, oneLineForLog, plainText, textBlock, textLine, textProblem, wellFormed } from './text'

const message = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value)
  return r.success ? null : firstZodMessage(r.error)
}

describe('textLine', () => {
  const title = textLine('Title').min(1, 'Title is required').max(20)

  it('accepts ordinary text, accents, emoji, right-to-left script and direction marks; trims', () => {
    for (const v of ['Bouquets', 'Crème brûlée 🎈', 'بالونات', 'שלום\u200F', 'a\u00A0b']) expect(title.parse(` ${v} `)).toBe(v)
  })

  it('refuses NUL, other C0 and C1 controls and DEL, naming the field', () => {
    for (const c of ['\u0000', '\u0001', '\u001B', '\u007F', '\u0085', '\u009F']) {
      expect(message(title, `A${c}B`)).toBe('Title must not contain control characters')
    }
  })

  it('refuses line breaks and tabs inside one-line fields', () => {
    for (const c of ['\n', '\r', '\t', '\u2028', '\u2029']) expect(message(title, `A${c}B`)).toBe('Title must be one line')
    expect(title.parse('Bouquets\n')).toBe('Bouquets')
  })

  it('refuses bidi embeddings, overrides and isolates', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(message(title, `A${c}B`)).toBe('Title must not contain text-direction control characters')
    }
  })

  it('refuses lone surrogates but not pairs', () => {
    for (const v of ['\uD800', 'a\uDC00', '\uDBFFx', '\uDE00\uD83D']) expect(message(title, v)).toBe('Title contains an invalid character')
    expect(title.parse('\uD83C\uDF88')).toBe('🎈')
  })

  it('names the field when it is missing or not text, and keeps the other checks', () => {
    expect(message(title, undefined)).toBe('Title is required')
    expect(message(title, 42)).toBe('Title must be text')
    expect(message(title, { toString: 'x' })).toBe('Title must be text')
    expect(message(title, '   ')).toBe('Title is required')
    expect(message(textLine('Username', 'Both are required'), null)).toBe('Both are required')
    expect(message(title.optional(), undefined)).toBeNull()
  })

  it('names a limit without its own message as a limit, not as "must be text", even with a message for a missing value', () => {
    expect(message(textLine('Title').max(120), 'a'.repeat(121))).toBe('Title is too long (120 characters at most)')
    expect(message(textBlock('Answer').max(5000), 'a'.repeat(5001))).toBe('Answer is too long (5,000 characters at most)')
    expect(message(textLine('First name', 'First name is required.').max(100), 'a'.repeat(101))).toBe(
      'First name is too long (100 characters at most)',
    )
    expect(message(textLine('Code').min(12), 'short')).toBe('Code is too short (12 characters at least)')
    expect(message(textLine('Slug').regex(/^[a-z]+$/), 'Not a slug')).toBe('Slug is not in the expected form')
    expect(message(textLine('Title').max(120, 'Keep it short'), 'a'.repeat(121))).toBe('Keep it short')
  })
})

describe('textBlock', () => {
  const quote = textBlock('Quote').max(100)
  it('allows tab and line breaks, keeps surrounding space, and right-to-left controls', () => {
    expect(quote.parse('  one\r\n\ttwo\n')).toBe('  one\r\n\ttwo\n')
    expect(quote.parse('a \u202Bעברית\u202C b')).toBe('a \u202Bעברית\u202C b')
  })
  it('refuses the other controls and lone surrogates', () => {
    expect(message(quote, 'a\u0000b')).toBe('Quote must not contain control characters')
    expect(message(quote, 'a\u000Cb')).toBe('Quote must not contain control characters')
    expect(message(quote, 'a\uD800')).toBe('Quote contains an invalid character')
  })
})

describe('secrets', () => {
  it('keep their spaces but refuse controls', () => {
    const password = plainText('Password', { kind: 'secret' })
    expect(password.parse(' pass word ')).toBe(' pass word ')
    expect(message(password, 'pw\u0000')).toBe('Password must not contain control characters')
    expect(textProblem('pw\u202E', 'Password', 'secret')).toBeNull()
  })
})

describe('oneLineForLog', () => {
  it('makes any text a safe single line', () => {
    expect(oneLineForLog('Update "A\u0000B":\n\ntitle\u202E \t x\uD800')).toBe('Update "A B": title x\uFFFD')
    expect(wellFormed('ok 🎈')).toBe('ok 🎈')
  })
})

describe('messages by kind, with fixed inputs', () => {
  it('one-line fields by default: a line break is "one line", another control is "control characters"', () => {
    expect(textProblem('a\nb', 'Name')).toBe('Name must be one line')
    expect(textProblem('a\u0001b', 'Name')).toBe('Name must not contain control characters')
    expect(textProblem('a\u0001b', 'Quote', 'block')).toBe('Quote must not contain control characters')
    // Several lines are allowed in a block: the control character is what is wrong.
    expect(textProblem('two\nlines\u0001', 'Quote', 'block')).toBe('Quote must not contain control characters')
    expect(plainText('Name').parse('  Ann  ')).toBe('Ann')
    expect(plainText('Name').safeParse('a\tb').error?.issues[0].message).toBe('Name must be one line')
    expect(textLine('Title').safeParse('a\nb').error?.issues[0].message).toBe('Title must be one line')
    expect(textLine('Title').parse(' T ')).toBe('T')
    expect(textBlock('Story').parse(' two\nlines ')).toBe(' two\nlines ')
    expect(textBlock('Story').safeParse('bell\u0007').error?.issues[0].message).toBe('Story must not contain control characters')
  })

  it('a log line has no space at either end', () => {
    expect(oneLineForLog('\n  Saved by owner \t')).toBe('Saved by owner')
  })
})

describe('ids from words', () => {
  it('are the words in lower case with dashes, then six random hex digits', () => {
    expect(idFromWords('  Maya & Leo O’Brien!  ', 'testimonial', new Set())).toMatch(/^maya-leo-o-brien-[0-9a-f]{6}$/)
    expect(new Set(Array.from({ length: 50 }, () => idFromWords('Maya', 'testimonial', new Set()))).size).toBeGreaterThan(45)
  })

  it('keep at most 40 characters of the words, never ending in a dash, and the fallback for words without letters', () => {
    expect(idFromWords('What happens if it rains on the days of the party?', 'question', new Set())).toMatch(
      /^what-happens-if-it-rains-on-the-days-of-[0-9a-f]{6}$/,
    )
    expect(idFromWords('¿¡!?', 'question', new Set())).toMatch(/^question-[0-9a-f]{6}$/)
  })

  it('are never one already taken', () => {
    // The first draw repeats a taken id; the second does not.
    const draws = [
      [0xab, 0xcd, 0xef],
      [0x01, 0x02, 0x03],
    ]
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      ;(array as unknown as Uint8Array).set(draws.shift()!)
      return array
    })
    try {
      expect(idFromWords('Maya', 'testimonial', new Set(['maya-abcdef']))).toBe('maya-010203')
    } finally {
      random.mockRestore()
    }
  })
})

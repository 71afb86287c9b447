// Near misses of the browser test: clients whose user agent does not start with "Mozilla/" are scripts and apps,
// even when no crawler word is in it.
import { describe, expect, it } from 'vitest'
import { isBot } from './user-agent'

describe('a user agent that does not start with Mozilla/', () => {
  it('is not a visitor, though it names no crawler', () => {
    for (const ua of [
      'Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/UQ1A.240205.004)',
      'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18',
      'Mozilla 5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
      'mozilla/5.0 (Windows NT 10.0; Win64; x64)',
    ])
      expect(isBot(ua), ua).toBe(true)
  })
})

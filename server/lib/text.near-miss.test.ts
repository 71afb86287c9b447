// A file body's length limit at its edge: the one line break the file ends with is not counted, anything else is.
import { describe, expect, it } from 'vitest'
import { bodyWithin } from './text'

describe('a body of at most 5 characters', () => {
  it.each(['abcde', 'abcde\n', 'abcde\r\n', 'abcd\n', ''])('%j is within', (body) => expect(bodyWithin(5)(body)).toBe(true))

  it.each(['abcdef', 'abcdef\n', 'abcde\n\n', 'abcde\r\n\n', 'abcde\nf', 'abcde\r', 'abcde '])('%j is not', (body) =>
    expect(bodyWithin(5)(body)).toBe(false),
  )
})

// The upload bar's figures: whole KB for a picture under a megabyte, MB to one decimal from a megabyte on.
import { describe, expect, it } from 'vitest'
import { sentOf } from './upload-figures'

const MB = 1024 * 1024

describe('sentOf', () => {
  it('counts a picture under a megabyte in whole KB', () => {
    expect(sentOf({ sent: 0, total: 500 * 1024 })).toBe('0 of 500 KB')
    expect(sentOf({ sent: 1536 + 1, total: MB - 1 })).toBe('2 of 1024 KB')
  })

  it('counts one of a megabyte or more in MB to one decimal', () => {
    expect(sentOf({ sent: 0, total: MB })).toBe('0.0 of 1.0 MB')
    expect(sentOf({ sent: 1.25 * MB, total: 4.4 * MB })).toBe('1.3 of 4.4 MB')
  })
})

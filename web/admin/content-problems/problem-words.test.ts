import { describe, expect, it } from 'vitest'
import { problemFallback, problemPlace } from './problem-words'

describe('content problems in words', () => {
  it('names the part of the site, the file and the line or field', () => {
    expect(problemPlace({ file: 'content/site.yaml', line: 3, message: 'x', lastValidCommit: null })).toBe(
      'Site settings (content/site.yaml, line 3)',
    )
    expect(problemPlace({ file: 'content/services/bouquets.yaml', field: 'visible', message: 'x', lastValidCommit: null })).toBe(
      'Service "bouquets" (content/services/bouquets.yaml, field “visible”)',
    )
    expect(problemPlace({ file: 'content/faq.yaml', message: 'x', lastValidCommit: null })).toMatch(/ \(content\/faq\.yaml\)$/)
  })

  it('says what visitors see meanwhile', () => {
    expect(problemFallback({ file: 'content/site.yaml', message: 'x', lastValidCommit: 'abcdef1234567890' })).toBe(
      'Visitors see its last valid version (abcdef1) until it is fixed.',
    )
    expect(problemFallback({ file: 'content/site.yaml', message: 'x', lastValidCommit: null })).toMatch(/no earlier valid version/)
  })
})

// Which Accept-Encoding headers get a kept answer's gzip bytes (the read cache, the kept pages, the Node shortcut).
import { describe, expect, it } from 'vitest'
import { acceptsGzip } from './kept-answer'

describe('acceptsGzip', () => {
  it('takes gzip when the header names it, in any case and anywhere in the list', () => {
    for (const header of ['gzip', 'GZIP', 'Gzip', 'gzip, deflate, br, zstd', 'br,gzip', 'deflate, gzip;q=1', 'gzip;q=1.0'])
      expect(acceptsGzip(header), header).toBe(true)
  })

  it('takes gzip with any weight above zero (a browser preferring another encoding still takes gzip)', () => {
    for (const header of ['gzip;q=0.5', 'gzip; q=0.9, br', 'gzip;q=0.01', 'gzip;q=0.001', 'br;q=0, gzip;q=0.8', 'gzip;q=0.1'])
      expect(acceptsGzip(header), header).toBe(true)
  })

  it('refuses gzip without the header, without the word, or with a zero weight', () => {
    expect(acceptsGzip(undefined)).toBe(false)
    expect(acceptsGzip('')).toBe(false)
    for (const header of ['identity', 'deflate, br', 'gzipped', 'xgzip', '*']) expect(acceptsGzip(header), header).toBe(false)
    for (const header of [
      'gzip;q=0',
      'gzip; q=0',
      'gzip ; q=0',
      'GZIP;Q=0',
      'gzip;q=0.',
      'gzip;q=0.0',
      'gzip;q=0.000',
      'deflate, gzip;q=0',
      'gzip;q=0, br',
    ])
      expect(acceptsGzip(header), header).toBe(false)
  })
})

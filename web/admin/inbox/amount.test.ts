// What the pipeline card takes as a quote or deposit amount, and the near misses it refuses.
import { describe, expect, it } from 'vitest'
import { parseAmount } from './amount'

describe('amounts typed on the pipeline card', () => {
  it('takes whole dollars and cents, with a dollar sign, commas and spaces', () => {
    expect(parseAmount('450')).toBe(450)
    expect(parseAmount('1250.50')).toBe(1250.5)
    expect(parseAmount('$1,250.05')).toBe(1250.05)
    expect(parseAmount(' $ 1 250.5 ')).toBe(1250.5)
    expect(parseAmount('0')).toBe(0)
    expect(parseAmount('0.99')).toBe(0.99)
  })

  it('refuses what is almost an amount', () => {
    for (const text of [
      '',
      ' ',
      '$',
      '1250.505',
      '1250.',
      '.50',
      '-450',
      '+450',
      '4.5.0',
      '450 dollars',
      '1e3',
      '0x1F',
      'NaN',
      'Infinity',
      '１２',
    ]) {
      expect(parseAmount(text), JSON.stringify(text)).toBeNull()
    }
  })
})

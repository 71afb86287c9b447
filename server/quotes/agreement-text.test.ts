// The agreement a client signs, filled from the quote: each placeholder the owner may use, an unknown one left as it
// is written, and no name every object carries ({toString}) read as a placeholder.
import { describe, expect, it } from 'vitest'
import { fillAgreement } from './agreement-text'

const facts = {
  clientName: 'Jane Doe',
  studioName: 'Peony & Pine',
  eventDate: 'Sat, Dec 5, 2099',
  totals: { totalCents: 44_747, depositCents: 14_767, balanceCents: 29_980 },
  balanceDueDate: 'Sat, Nov 28, 2099',
} as Parameters<typeof fillAgreement>[1]

describe('the agreement text', () => {
  it('fills every placeholder from the quote, money in dollars', () => {
    expect(
      fillAgreement('{clientName} books {studioName} on {eventDate}: {total}, {deposit} now, {balance} by {balanceDueDate}.', facts),
    ).toBe('Jane Doe books Peony & Pine on Sat, Dec 5, 2099: $447.47, $147.67 now, $299.80 by Sat, Nov 28, 2099.')
  })

  it('leaves unknown placeholders as written, including the names every object has', () => {
    expect(fillAgreement('{venue} {toString} {constructor} {valueOf} {hasOwnProperty}', facts)).toBe(
      '{venue} {toString} {constructor} {valueOf} {hasOwnProperty}',
    )
  })
})

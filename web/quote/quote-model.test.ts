// The client's quote page as the client reads it: money and dates, the add-ons ticked, the heading, why a signature is
// refused and where focus goes, what is sent, and each payment sentence.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import {
  acceptBody,
  acceptFocus,
  acceptProblems,
  awaitingConfirmation,
  dollars,
  dueWithoutCard,
  failureText,
  listedProblems,
  longDate,
  paidLine,
  payButtonLabel,
  quoteHeading,
  signedAt,
  toggleAddOn,
} from './quote-model'

const NAME = 'Type your full name to sign'
const AGREE = 'Tick "I agree to the terms above" to accept'

describe('money and dates', () => {
  it('dollars in the money format, rounded to the cent', () => {
    expect(dollars(1250)).toBe('$1,250.00')
    expect(dollars(19.999)).toBe('$20.00')
    expect(dollars(0.1 + 0.2)).toBe('$0.30')
    expect(dollars(-25.5)).toBe('-$25.50')
  })

  it('a calendar date spelled out, the same day whatever the zone; none for an empty date', () => {
    expect(longDate('2026-06-06')).toBe('Saturday, June 6, 2026')
    expect(longDate('2026-01-01')).toBe('Thursday, January 1, 2026')
    expect(longDate('')).toBe('')
  })

  it("the signing time on the studio's clock (Pacific)", () => {
    // 03:30 UTC on the 2nd is still the 1st in Portland.
    expect(signedAt('2026-06-02T03:30:00.000Z')).toBe('June 1, 2026 at 8:30 PM')
  })
})

describe('the quote', () => {
  it('ticks and unticks an add-on, leaving the others', () => {
    const chosen = new Set([1, 3])
    expect([...toggleAddOn(chosen, 2)].sort()).toEqual([1, 2, 3])
    expect([...toggleAddOn(chosen, 3)]).toEqual([1])
    expect([...toggleAddOn(new Set(), 0)]).toEqual([0])
    expect([...chosen]).toEqual([1, 3])
  })

  it("heads with the client's name, and the version only after the first", () => {
    expect(quoteHeading({ clientName: 'Ana Ruiz', version: 1 })).toBe('Quote for Ana Ruiz')
    expect(quoteHeading({ clientName: 'Ana Ruiz', version: 2 })).toBe('Quote for Ana Ruiz (version 2)')
    expect(quoteHeading({ clientName: '', version: 1 })).toBe('Quote for your event')
    expect(quoteHeading({ clientName: '', version: 3 })).toBe('Quote for your event (version 3)')
  })
})

describe('accept and sign', () => {
  it('needs a full name of two letters at least, spaces aside, and the terms agreed', () => {
    expect(acceptProblems('Ana Ruiz', true)).toEqual({})
    expect(acceptProblems('Al', true)).toEqual({})
    expect(acceptProblems(' A ', true)).toEqual({ name: NAME })
    expect(acceptProblems('   ', true)).toEqual({ name: NAME })
    expect(acceptProblems('Ana', false)).toEqual({ agree: AGREE })
    expect(acceptProblems('', false)).toEqual({ name: NAME, agree: AGREE })
  })

  it('sends focus to the list when both are wrong, else to the field at fault', () => {
    expect(acceptFocus({ name: NAME, agree: AGREE })).toBe('summary')
    expect(acceptFocus({ name: NAME })).toBe('name')
    expect(acceptFocus({ agree: AGREE })).toBe('agree')
    expect(acceptFocus({})).toBeNull()
  })

  it("lists the problems in the order of the fields, then the form's own", () => {
    expect(listedProblems({ form: 'Expired', agree: AGREE, name: NAME })).toEqual([NAME, AGREE, 'Expired'])
    expect(listedProblems({ agree: AGREE })).toEqual([AGREE])
    expect(listedProblems({ name: '', form: 'Expired' })).toEqual(['Expired'])
    expect(listedProblems({})).toEqual([])
  })

  it('sends the name without spaces around it and the add-ons in line order', () => {
    expect(acceptBody('  Ana Ruiz ', true, new Set([4, 1, 10]))).toEqual({ name: 'Ana Ruiz', agree: true, addOns: [1, 4, 10] })
    expect(acceptBody('Ana', true, new Set())).toEqual({ name: 'Ana', agree: true, addOns: [] })
  })

  it("says the server's sentence for a refusal, else the page's own", () => {
    expect(failureText(new ApiError('This quote has expired.', 410), 'Could not.')).toBe('This quote has expired.')
    expect(failureText(new Error('Failed to fetch'), 'Could not.')).toBe('Could not.')
    expect(failureText(null, 'Could not.')).toBe('Could not.')
  })
})

describe('payment', () => {
  const payment = (over: object = {}) => ({ card: true, due: { kind: 'deposit' as const, amount: 200 }, paid: [], ...over })

  it('each payment made, with a refund when there was one', () => {
    expect(paidLine({ kind: 'deposit', amount: 200, at: '2026-05-01T10:00:00Z' })).toBe('Deposit of $200.00 paid. Thank you!')
    expect(paidLine({ kind: 'balance', amount: 1050.5, at: '2026-06-01T10:00:00Z', refunded: 50 })).toBe(
      'Balance of $1,050.50 paid ($50.00 refunded). Thank you!',
    )
    expect(paidLine({ kind: 'balance', amount: 10, at: '2026-06-01T10:00:00Z', refunded: 0 })).toBe('Balance of $10.00 paid. Thank you!')
  })

  it('says the deposit is being confirmed only back from the card page, before any payment is recorded', () => {
    expect(awaitingConfirmation(true, payment())).toBe(true)
    expect(awaitingConfirmation(false, payment())).toBe(false)
    expect(awaitingConfirmation(true, payment({ due: { kind: 'balance', amount: 800 } }))).toBe(false)
    expect(awaitingConfirmation(true, payment({ due: null }))).toBe(false)
    expect(awaitingConfirmation(true, payment({ paid: [{ kind: 'deposit', amount: 200, at: 'x' }] }))).toBe(false)
  })

  it('the card button names what it pays, then that it is opening', () => {
    expect(payButtonLabel(false, { kind: 'deposit', amount: 200 })).toBe('Pay deposit of $200.00 by card')
    expect(payButtonLabel(false, { kind: 'balance', amount: 1250 })).toBe('Pay balance of $1,250.00 by card')
    expect(payButtonLabel(true, { kind: 'deposit', amount: 200 })).toBe('Opening the secure payment page…')
  })

  it("without cards: what is due, then the studio's instructions or a general word", () => {
    expect(dueWithoutCard({ kind: 'deposit', amount: 200 }, 'Venmo @studio')).toBe('Deposit due: $200.00. Venmo @studio')
    expect(dueWithoutCard({ kind: 'balance', amount: 800 }, undefined)).toBe('Balance due: $800.00. The studio will tell you how to pay.')
  })
})

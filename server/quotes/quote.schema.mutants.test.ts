// What the owner's quote and the client's acceptance may hold (issue 32), at each limit's edge, with the exact message
// the API answers (the request's first problem, as jsonBody sends it back with 400).
import { describe, expect, it } from 'vitest'
import { firstZodMessage } from '../lib/errors'
import { AcceptSchema, QuoteRequestSchema } from './quote.schema'

const line = { description: 'Arch', quantity: 1, unitPrice: 200 }
const quote = (over: object) => ({ items: [line], ...over })
/** The message answered for a request, or null when it is accepted. */
function refusal(schema: typeof QuoteRequestSchema | typeof AcceptSchema, body: unknown): string | null {
  const parsed = schema.safeParse(body)
  return parsed.success ? null : firstZodMessage(parsed.error)
}
const quoteRefusal = (body: unknown) => refusal(QuoteRequestSchema, body)
const acceptRefusal = (body: unknown) => refusal(AcceptSchema, body)

describe("a quote's lines", () => {
  it('one to 100 lines', () => {
    expect(quoteRefusal({ items: [] })).toBe('A quote needs at least one line')
    expect(quoteRefusal({})).not.toBeNull()
    expect(quoteRefusal({ items: Array(100).fill(line) })).toBeNull()
    expect(quoteRefusal({ items: Array(101).fill(line) })).toBe('A quote has 100 lines at most')
  })

  it('a description of 1 to 200 characters, trimmed', () => {
    expect(quoteRefusal(quote({ items: [{ ...line, description: '' }] }))).toBe('Each line needs a description')
    expect(quoteRefusal(quote({ items: [{ ...line, description: '   ' }] }))).toBe('Each line needs a description')
    expect(quoteRefusal(quote({ items: [{ ...line, description: 'x' }] }))).toBeNull()
    expect(quoteRefusal(quote({ items: [{ ...line, description: 'x'.repeat(200) }] }))).toBeNull()
    expect(quoteRefusal(quote({ items: [{ ...line, description: ` ${'x'.repeat(200)} ` }] }))).toBeNull()
    expect(quoteRefusal(quote({ items: [{ ...line, description: 'x'.repeat(201) }] }))).toBe('A description is 200 characters at most')
    expect(QuoteRequestSchema.parse(quote({ items: [{ ...line, description: '  Arch  ' }] })).items[0]!.description).toBe('Arch')
  })

  it('a quantity above 0 and up to 10,000, a number', () => {
    const withQuantity = (quantity: unknown) => quoteRefusal(quote({ items: [{ ...line, quantity }] }))
    expect(withQuantity(0)).toBe('Quantity must be more than 0')
    expect(withQuantity(-1)).toBe('Quantity must be more than 0')
    expect(withQuantity(0.01)).toBeNull()
    expect(withQuantity(10_000)).toBeNull()
    expect(withQuantity(10_000.5)).toBe('Quantity is too large')
    expect(withQuantity('2')).toBe('Quantity must be a number')
  })

  it('a unit price in dollars and whole cents; optional only when said', () => {
    expect(quoteRefusal(quote({ items: [{ ...line, unitPrice: -0.01 }] }))).toBe('Unit price cannot be negative')
    expect(quoteRefusal(quote({ items: [{ ...line, unitPrice: 0 }] }))).toBeNull()
    expect(quoteRefusal(quote({ items: [{ ...line, optional: 'yes' }] }))).not.toBeNull()
    expect(QuoteRequestSchema.parse(quote({ items: [{ ...line, optional: true }] })).items[0]!.optional).toBe(true)
    expect(QuoteRequestSchema.parse(quote({})).items[0]).not.toHaveProperty('optional')
  })
})

describe("a quote's deposit, fees, date and note", () => {
  it('a deposit percent from 0 to 100, or an amount, never both', () => {
    expect(quoteRefusal(quote({ depositPercent: 0 }))).toBeNull()
    expect(quoteRefusal(quote({ depositPercent: 100 }))).toBeNull()
    expect(quoteRefusal(quote({ depositPercent: 100.01 }))).toBe('Deposit percent is 100 at most')
    expect(quoteRefusal(quote({ depositPercent: -0.01 }))).not.toBeNull()
    expect(quoteRefusal(quote({ depositPercent: '30' }))).toBe('Deposit percent must be a number')
    expect(quoteRefusal(quote({ deposit: 50 }))).toBeNull()
    expect(quoteRefusal(quote({ deposit: -1 }))).toBe('Deposit cannot be negative')
    expect(quoteRefusal(quote({ depositPercent: 30, deposit: 50 }))).toBe('Give the deposit as a percent or an amount, not both')
    expect(QuoteRequestSchema.safeParse(quote({ depositPercent: 30, deposit: 50 })).error!.issues[0]!.path).toEqual(['deposit'])
  })

  it('a delivery fee and a discount in dollars', () => {
    expect(quoteRefusal(quote({ deliveryFee: 45.5, discount: 10 }))).toBeNull()
    expect(quoteRefusal(quote({ deliveryFee: -1 }))).toBe('Delivery fee cannot be negative')
    expect(quoteRefusal(quote({ discount: 1.005 }))).toBe('Discount must be in whole cents (at most two decimals)')
  })

  it('valid until a real calendar date', () => {
    expect(quoteRefusal(quote({ validUntil: '2099-01-31' }))).toBeNull()
    expect(quoteRefusal(quote({ validUntil: '2099-1-31' }))).toBe('Valid until must be a date (YYYY-MM-DD)')
    expect(quoteRefusal(quote({ validUntil: '2099-01-31T00:00' }))).toBe('Valid until must be a date (YYYY-MM-DD)')
    expect(quoteRefusal(quote({ validUntil: '2099-02-29' }))).toBe('Valid until must be a real date')
    expect(quoteRefusal(quote({ validUntil: '2096-02-29' }))).toBeNull()
  })

  it('a note of 2,000 characters at most', () => {
    expect(quoteRefusal(quote({ note: 'x'.repeat(2000) }))).toBeNull()
    expect(quoteRefusal(quote({ note: 'x'.repeat(2001) }))).toBe('The note is 2,000 characters at most')
    expect(QuoteRequestSchema.parse(quote({ note: 'Line one\nLine two' })).note).toBe('Line one\nLine two')
  })
})

describe("the client's acceptance", () => {
  const ok = { name: 'Jane Doe', agree: true }
  it('a typed full name of 2 to 120 characters, trimmed', () => {
    expect(acceptRefusal({ ...ok, name: 'J' })).toBe('Type your full name to sign')
    expect(acceptRefusal({ ...ok, name: ' J ' })).toBe('Type your full name to sign')
    expect(acceptRefusal({ ...ok, name: 'Jo' })).toBeNull()
    expect(acceptRefusal({ ...ok, name: 'x'.repeat(120) })).toBeNull()
    expect(acceptRefusal({ ...ok, name: 'x'.repeat(121) })).toBe('The name is 120 characters at most')
    expect(AcceptSchema.parse({ ...ok, name: '  Jane Doe ' }).name).toBe('Jane Doe')
  })

  it('the box ticked: true, nothing else', () => {
    for (const agree of [false, 'true', 1, undefined]) {
      expect(acceptRefusal({ ...ok, agree }), String(agree)).toBe('Tick "I agree to the terms above" to accept')
    }
  })

  it('add-ons: none by default, up to 100 line numbers, whole and not negative', () => {
    expect(AcceptSchema.parse(ok).addOns).toEqual([])
    expect(acceptRefusal({ ...ok, addOns: Array(100).fill(0) })).toBeNull()
    expect(acceptRefusal({ ...ok, addOns: Array(101).fill(0) })).not.toBeNull()
    expect(acceptRefusal({ ...ok, addOns: [-1] })).not.toBeNull()
    expect(acceptRefusal({ ...ok, addOns: [1.5] })).not.toBeNull()
    expect(acceptRefusal({ ...ok, addOns: [0, 2] })).toBeNull()
  })
})

describe('text that is not plain text', () => {
  it('names the field: a description, a note or a name with a control character or a line break', () => {
    expect(quoteRefusal(quote({ items: [{ ...line, description: 'Arch\nx' }] }))).toBe('Description must be one line')
    expect(quoteRefusal(quote({ items: [{ ...line, description: 5 }] }))).toBe('Description must be text')
    expect(quoteRefusal(quote({ note: 'Bell\u0007' }))).toBe('Note must not contain control characters')
    expect(acceptRefusal({ name: 'Jane\nDoe', agree: true })).toBe('Full name must be one line')
  })
})

// The client's quote e-mails word for word, written from the mutation run's survivors (issue 32): the whole text, the
// HTML escaped (a studio name or a link cannot add markup), a subject on one line, and a receipt's remaining balance
// at its edges (a cent left, nothing left) and its payment reference.
import { describe, expect, it } from 'vitest'
import { quoteTotals } from '../pricing/money'
import type { Payment } from './quote.schema'
import { composeQuoteLink, composeReceipt, composeSignedCopy } from './quote-mail'

const totals = quoteTotals({ lines: [{ description: 'Arch', quantity: 1, unitPriceCents: 50_000 }], deposit: { percent: 30 } })
const facts = { brand: 'Peony & Pine', url: 'http://site.test/quote/abc?x=1&y="2"', version: 1, eventDate: '2099-12-05', totals }
const payment = (over: Partial<Payment> = {}): Payment => ({
  kind: 'deposit',
  amountCents: 15_000,
  at: '2026-11-02T18:30:00.000Z',
  sessionId: 'cs_1',
  paymentIntent: 'pi_1',
  eventId: 'evt_1',
  ...over,
})

describe("the quote's link", () => {
  it('says every line of the text in order, and escapes the HTML', () => {
    const mail = composeQuoteLink({ ...facts, validUntil: '2099-01-31' })
    expect(mail.subject).toBe('Your quote from Peony & Pine')
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Thank you for your inquiry! Here is the quote for your event on 2099-12-05.',
        '',
        'Open it to see every line, choose optional add-ons, read the agreement and accept it online.',
        '',
        '  Total: $500.00',
        '  Deposit to book the date: $150.00',
        '  Can be accepted until: 2099-01-31',
        '',
        'Open your quote: http://site.test/quote/abc?x=1&y="2"',
        '',
        'Warmly,',
        'Peony & Pine',
      ].join('\n'),
    )
    expect(mail.html).toContain('<a href="http://site.test/quote/abc?x=1&amp;y=&quot;2&quot;">Open your quote</a>')
    expect(mail.html).toContain('Warmly,<br>\nPeony &amp; Pine</p>')
    expect(mail.html).toContain(
      '<th style="padding:2px 16px 2px 0;text-align:left;color:#6b5d6c;font-weight:normal">Total</th><td style="padding:2px 0">$500.00</td>',
    )
    expect(mail.html).toContain(
      '<p style="margin:0 0 12px">Thank you for your inquiry! Here is the quote for your event on 2099-12-05.</p>',
    )
    expect(mail.html).not.toContain('Peony & Pine')
  })

  it('a revision says it replaces the earlier one, and a subject never spans lines', () => {
    const mail = composeQuoteLink({ ...facts, brand: 'Peony\r\nBcc: x@evil.test', version: 2, validUntil: '2099-01-31' })
    expect(mail.subject).toBe('Your updated quote from Peony Bcc: x@evil.test')
    expect(mail.text).toContain('Here is the updated quote for your event on 2099-12-05 (version 2); it replaces the earlier one.')
  })
})

describe('the signed copy', () => {
  it('thanks the signer and gives the totals with the balance due date', () => {
    const mail = composeSignedCopy({ ...facts, name: 'Jane <b>', at: '2026-11-02T18:30:00.000Z', balanceDueDate: '2099-11-28' })
    expect(mail.subject).toBe('Your signed agreement with Peony & Pine')
    expect(mail.text).toMatch(/^Hello,\n\nThank you, Jane <b>! You accepted and signed the quote for your event on 2099-12-05 on .+\.\n\n/)
    expect(mail.text).toContain('A copy of the signed agreement and quote is attached as a PDF. Please keep it for your records.')
    expect(mail.text).toContain(
      '  Total: $500.00\n  Deposit: $150.00\n  Balance: $350.00, due by 2099-11-28\n\nYour quote and payment page: ',
    )
    expect(mail.html).toContain('Thank you, Jane &lt;b&gt;!')
  })
})

describe('a receipt', () => {
  it('for the deposit: what was paid, what for, the total, what is left and the PaymentIntent', () => {
    const mail = composeReceipt({ ...facts, payment: payment(), remainingCents: 35_000 })
    expect(mail.subject).toBe('Receipt: $150.00 deposit paid to Peony & Pine')
    expect(mail.text).toContain('  For: The deposit of your event on 2099-12-05\n  Total: $500.00\n  Remaining balance: $350.00\n')
    expect(mail.text).toContain('  Card payment reference: pi_1\n')
    expect(mail.text).toMatch(/ {2}Paid: \$150\.00 on .+\n/)
  })

  it('a cent left is still owed; nothing left is "paid in full"; without a PaymentIntent the session is the reference', () => {
    const cent = composeReceipt({ ...facts, payment: payment({ kind: 'balance' }), remainingCents: 1 })
    expect(cent.subject).toBe('Receipt: $150.00 balance paid to Peony & Pine')
    expect(cent.text).toContain('Remaining balance: $0.01')
    expect(cent.text).toContain('for the balance of your event')
    const none = composeReceipt({ ...facts, payment: payment({ paymentIntent: null }), remainingCents: 0 })
    expect(none.text).toContain('Remaining balance: Nothing: paid in full')
    expect(none.text).toContain('Card payment reference: cs_1')
  })
})

describe('word for word', () => {
  const v2 = { ...facts, url: 'http://site.test/quote/abc', version: 2 }
  it('the signed copy: every line of the text, and the whole HTML', () => {
    const mail = composeSignedCopy({ ...v2, name: 'Jane <b>', at: '2026-11-02T18:30:00.000Z', balanceDueDate: '2099-11-28' })
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Thank you, Jane <b>! You accepted and signed the quote for your event on 2099-12-05 on Mon, Nov 2, 2026, 10:30 AM PST.',
        '',
        'A copy of the signed agreement and quote is attached as a PDF. Please keep it for your records.',
        '',
        '  Total: $500.00',
        '  Deposit: $150.00',
        '  Balance: $350.00, due by 2099-11-28',
        '',
        'Your quote and payment page: http://site.test/quote/abc',
        '',
        'Warmly,',
        'Peony & Pine',
      ].join('\n'),
    )
    const row = (label: string, value: string) =>
      `<tr><th style="padding:2px 16px 2px 0;text-align:left;color:#6b5d6c;font-weight:normal">${label}</th><td style="padding:2px 0">${value}</td></tr>`
    expect(mail.html).toBe(
      [
        '<!doctype html>',
        `<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.5">`,
        '<div style="max-width:560px">',
        '<p style="margin:0 0 12px">Hello,</p>',
        '<p style="margin:0 0 12px">Thank you, Jane &lt;b&gt;! You accepted and signed the quote for your event on 2099-12-05 on Mon, Nov 2, 2026, 10:30 AM PST.</p>',
        '<p style="margin:0 0 12px">A copy of the signed agreement and quote is attached as a PDF. Please keep it for your records.</p>',
        '<table style="border-collapse:collapse;margin:0 0 16px">',
        row('Total', '$500.00'),
        row('Deposit', '$150.00'),
        row('Balance', '$350.00, due by 2099-11-28'),
        '</table>',
        '<p style="margin:0 0 16px"><a href="http://site.test/quote/abc">Your quote and payment page</a></p>',
        '<p style="margin:0">Warmly,<br>',
        'Peony &amp; Pine</p>',
        '</div>',
        '</body></html>',
      ].join('\n'),
    )
  })

  it('the receipt of the balance: every line of the text, its version and the studio time of the payment', () => {
    const mail = composeReceipt({
      ...v2,
      payment: payment({ kind: 'balance', amountCents: 35_000, at: '2026-11-03T01:05:00.000Z' }),
      remainingCents: 0,
    })
    expect(mail.subject).toBe('Receipt: $350.00 balance paid to Peony & Pine')
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Thank you! We received your card payment of $350.00 for the balance of your event on 2099-12-05 (quote version 2).',
        '',
        '  Paid: $350.00 on Mon, Nov 2, 2026, 5:05 PM PST',
        '  For: The balance of your event on 2099-12-05',
        '  Total: $500.00',
        '  Remaining balance: Nothing: paid in full',
        '  Card payment reference: pi_1',
        '',
        'Your quote and payment page: http://site.test/quote/abc',
        '',
        'Warmly,',
        'Peony & Pine',
      ].join('\n'),
    )
    expect(mail.html).toContain('<td style="padding:2px 0">Nothing: paid in full</td>')
    expect(composeReceipt({ ...v2, payment: payment(), remainingCents: -1 }).text).toContain('Remaining balance: Nothing: paid in full')
  })

  it('a subject with a line break in the brand stays on one line in every e-mail', () => {
    const brand = 'Peony\nBcc: x@evil.test'
    expect(composeSignedCopy({ ...facts, brand, name: 'J', at: '2026-11-02T18:30:00.000Z', balanceDueDate: 'x' }).subject).toBe(
      'Your signed agreement with Peony Bcc: x@evil.test',
    )
    expect(composeReceipt({ ...facts, brand, payment: payment(), remainingCents: 0 }).subject).toBe(
      'Receipt: $150.00 deposit paid to Peony Bcc: x@evil.test',
    )
  })
})

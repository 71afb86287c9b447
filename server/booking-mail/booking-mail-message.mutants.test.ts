// A booking e-mail as its reader gets it, written from the mutation run's survivors (issue 32): placeholders filled
// (an unknown one left as written), the HTML's paragraphs, line breaks, escaping and clickable links, a subject on one
// line, and who it is from, to and answered to.
import { describe, expect, it } from 'vitest'
import { composeBookingMail, fillTemplate, type MailValues } from './booking-mail-message'

const values: MailValues = {
  firstName: 'Jane',
  clientName: 'Jane Doe',
  eventDate: 'Sat, Dec 5',
  balance: '$700.00',
  balanceDueDate: 'Sat, Nov 28',
  payLink: 'https://site.test/quote/abc',
  quoteLink: 'https://site.test/quote/abc',
  reviewLink: 'https://g.page/r/x/review?a=1&b=2',
  studioName: 'Peony & Pine',
}
const addresses = { from: 'site@studio.test', to: 'owner@studio.test', brand: 'Peony & Pine' }
const template = (subject: string, body: string) => ({ on: true, subject, body })

describe('the placeholders', () => {
  it('are filled wherever they are, and one that is not a placeholder is left as written', () => {
    expect(fillTemplate('{firstName}, pay {balance} by {balanceDueDate}.', values)).toBe('Jane, pay $700.00 by Sat, Nov 28.')
    expect(fillTemplate('{amount} {firstName}{clientName} {} {first-name}', values)).toBe('{amount} JaneJane Doe {} {first-name}')
    // Spaces inside the braces: still the placeholder, filled in (the client never gets "{ firstName }" literally).
    expect(fillTemplate('Hi { firstName }, on {  eventDate}', values)).toBe(`Hi Jane, on ${values.eventDate}`)
    expect(fillTemplate('{\nfirstName}', values)).toBe('{\nfirstName}')
    // Names every object has are no placeholders either: a template in a pushed commit cannot print code.
    expect(fillTemplate('{toString} {constructor} {__proto__} {hasOwnProperty}', values)).toBe(
      '{toString} {constructor} {__proto__} {hasOwnProperty}',
    )
  })
})

describe('the message', () => {
  it('to a client: from the brand, to the address alone, answered to the studio; text as filled, HTML in paragraphs', () => {
    const mail = composeBookingMail(
      template(
        'Balance due {balanceDueDate}\r\nBcc: x@evil.test',
        'Hi {firstName},\n\nPay <now> at {payLink}\nThanks!\n\n\n{studioName}\n',
      ),
      values,
      { client: 'jane@example.com' },
      { ...addresses, contact: { email: 'hello@studio.test' } },
    )
    expect(mail.from).toEqual({ name: 'Peony & Pine', address: 'site@studio.test' })
    expect(mail.to).toEqual({ name: '', address: 'jane@example.com' })
    expect(mail.replyTo).toEqual({ name: 'Peony & Pine', address: 'hello@studio.test' })
    expect(mail.subject).toBe('Balance due Sat, Nov 28 Bcc: x@evil.test')
    expect(mail.text).toBe('Hi Jane,\n\nPay <now> at https://site.test/quote/abc\nThanks!\n\n\nPeony & Pine\n')
    expect(mail.html).toContain(
      [
        '<p style="margin:0 0 16px">Hi Jane,</p>',
        '<p style="margin:0 0 16px">Pay &lt;now&gt; at <a href="https://site.test/quote/abc">https://site.test/quote/abc</a><br>',
        'Thanks!</p>',
        '<p style="margin:0 0 16px">Peony &amp; Pine</p>',
        '</body></html>',
      ].join('\n'),
    )
    expect(mail.html.startsWith('<!doctype html>\n<html><body')).toBe(true)
  })

  it('to the owner: the studio inbox; a From with a display name is kept; replies go to the inbox without a contact', () => {
    const mail = composeBookingMail(template('Overdue', 'See {reviewLink} and http://a.test/x"y'), values, 'owner', {
      ...addresses,
      from: 'Studio Site <site@studio.test>',
    })
    expect(mail.to).toBe('owner@studio.test')
    expect(mail.from).toBe('Studio Site <site@studio.test>')
    expect(mail.replyTo).toEqual({ name: 'Peony & Pine', address: 'owner@studio.test' })
    // The link is escaped before it is made clickable: a quote mark in it cannot end the attribute.
    expect(mail.html).toContain('<a href="https://g.page/r/x/review?a=1&amp;b=2">https://g.page/r/x/review?a=1&amp;b=2</a>')
    expect(mail.html).toContain('<a href="http://a.test/x&quot;y">http://a.test/x&quot;y</a>')
  })
})

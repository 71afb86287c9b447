import { describe, expect, it } from 'vitest'
import type { InquiryRecord } from './inbox-api'
import { replyMailto } from './reply-button'

const record = {
  inquiry: { firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com', service: 'Garlands & Arches', eventDate: '2026-03-14' },
} as InquiryRecord

describe('the Reply link', () => {
  it('fills the template in and encodes it for a mailto: address', () => {
    const href = replyMailto(record, {
      name: 'Hi',
      subject: 'Your {service} on {eventDate}',
      body: 'Hi {firstName} ({name}),\nthanks! {unknown}',
    })
    expect(href.startsWith('mailto:ana@example.com?subject=')).toBe(true)
    const url = new URL(href)
    expect(url.searchParams.get('subject')).toBe('Your Garlands & Arches on Sat, Mar 14, 2026')
    expect(url.searchParams.get('body')).toBe('Hi Ana (Ana Lee),\r\nthanks! {unknown}')
  })

  it('fills the quote, the deposit and the signature', () => {
    const quoted = { ...record, quotedAmount: 725, deposit: { amount: 200, date: '2026-01-02' } } as InquiryRecord
    const href = replyMailto(quoted, { name: 'Q', subject: 'Quote', body: '{quote}, {deposit} paid.\nBest,\n{ownerName}' }, 'Maya')
    expect(new URL(href).searchParams.get('body')).toBe('$725, $200 paid.\r\nBest,\r\nMaya')
  })

  it('is a blank e-mail without a template', () => {
    expect(replyMailto(record, undefined)).toBe('mailto:ana@example.com')
  })
})

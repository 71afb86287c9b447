// One inquiry's row as the owner reads it: the e-mail badges and the note when one keeps failing, Retry offered then,
// the calendar warnings' badges, the answers with their links, the colour swatches, and when the pipeline card resets.
import { describe, expect, it } from 'vitest'
import { InquiryRecordSchema, type InquiryRecord } from '../../../server/inquiries/inquiry-record.schema'
import {
  answers,
  colorSwatches,
  confirmationBadge,
  mailBadge,
  mailFailed,
  mailFailure,
  mailFailures,
  pipelineKey,
  warningBadge,
} from './inquiry-row-words'

const record = (change: Record<string, unknown> = {}, inquiry: Record<string, unknown> = {}): InquiryRecord =>
  InquiryRecordSchema.parse({
    id: '2026-11-20T18-04-05-123Z-a1b2c3',
    receivedAt: '2026-11-20T18:04:05.123Z',
    status: 'new',
    mail: { state: 'sent', attempts: 1 },
    ...change,
    inquiry: {
      firstName: 'Maya',
      lastName: 'Okafor',
      email: 'maya@example.com',
      phone: '+1 (503) 555-0142 ext. 7',
      address: '12 SE Oak St',
      city: 'Portland',
      zipcode: '97214',
      eventDate: '2026-03-14',
      eventDetails: 'Garden party',
      service: 'Balloon Garlands',
      ...inquiry,
    },
  })

const failing = { state: 'failed', attempts: 3, lastError: '421 try later', nextAttemptAt: '2026-11-21T02:05:00.000Z' }
const NEXT = 'Fri, Nov 20, 2026, 6:05 PM PST'

describe('the e-mail badges', () => {
  it('say where the studio e-mail stands, with a title explaining it', () => {
    expect(mailBadge(record({ mail: { state: 'sent', attempts: 1 } }))).toEqual({
      label: 'E-mailed',
      tone: 'ok',
      title: 'Sent to the studio inbox',
    })
    expect(mailBadge(record({ mail: { state: 'pending', attempts: 0 } }))).toEqual({
      label: 'E-mail queued',
      tone: 'wait',
      title: 'Waiting to be sent',
    })
    expect(mailBadge(record({ mail: failing }))).toEqual({
      label: 'E-mail failing',
      tone: 'bad',
      title: 'Sending failed; it is retried automatically',
    })
    expect(mailBadge(record({ mail: { state: 'not-configured', attempts: 0 } }))).toEqual({
      label: 'Not e-mailed',
      tone: 'muted',
      title: 'E-mail is not set up (SMTP_URL); the inquiry is kept here',
    })
  })

  it("say where the visitor's confirmation stands, and nothing when none was planned", () => {
    const of = (state: string) => confirmationBadge(record({ confirmation: { state, attempts: 1 } }))
    expect(of('sent')).toEqual({ label: 'Confirmed', tone: 'ok', title: 'The visitor was sent a confirmation' })
    expect(of('pending')).toEqual({ label: 'Confirmation queued', tone: 'wait', title: "The visitor's confirmation is waiting to be sent" })
    expect(of('failed')).toEqual({
      label: 'Confirmation failing',
      tone: 'bad',
      title: "Sending the visitor's confirmation failed; it is retried automatically",
    })
    expect(of('not-configured')).toEqual({ label: 'Not confirmed', tone: 'muted', title: 'E-mail is not set up (SMTP_URL)' })
    expect(confirmationBadge(record())).toBeUndefined()
  })
})

describe('a failing e-mail', () => {
  it('is noted with its attempts, its last error and the next automatic try', () => {
    expect(mailFailure('E-mail', failing as never)).toBe(`E-mail failed after 3 attempts: 421 try later. Next automatic try ${NEXT}.`)
  })

  it('is noted in the singular, without an error it did not give, and when no try is left', () => {
    expect(mailFailure("The visitor's confirmation", { state: 'failed', attempts: 1 })).toBe(
      "The visitor's confirmation failed after 1 attempt. No more automatic tries.",
    )
    expect(mailFailure('E-mail', { state: 'failed', attempts: 5, lastError: '' })).toBe(
      'E-mail failed after 5 attempts. No more automatic tries.',
    )
  })

  it("notes the studio's e-mail, then the visitor's confirmation, each only while it fails", () => {
    const both = record({ mail: failing, confirmation: { state: 'failed', attempts: 1 } })
    expect(mailFailures(both)).toEqual([
      `E-mail failed after 3 attempts: 421 try later. Next automatic try ${NEXT}.`,
      "The visitor's confirmation failed after 1 attempt. No more automatic tries.",
    ])
    expect(mailFailures(record({ confirmation: { state: 'failed', attempts: 2 } }))).toEqual([
      "The visitor's confirmation failed after 2 attempts. No more automatic tries.",
    ])
    expect(mailFailures(record({ mail: failing, confirmation: { state: 'pending', attempts: 1 } }))).toEqual([
      `E-mail failed after 3 attempts: 421 try later. Next automatic try ${NEXT}.`,
    ])
    expect(mailFailures(record({ mail: { state: 'pending', attempts: 2 }, confirmation: { state: 'sent', attempts: 1 } }))).toEqual([])
    // Records from before confirmations existed have the studio's e-mail only.
    expect(mailFailures(record({ mail: failing }))).toEqual([`E-mail failed after 3 attempts: 421 try later. Next automatic try ${NEXT}.`])
    expect(mailFailures(record())).toEqual([])
  })

  it('offers Retry e-mail now while either e-mail fails, and not otherwise', () => {
    expect(mailFailed(record({ mail: failing }))).toBe(true)
    expect(mailFailed(record({ confirmation: { state: 'failed', attempts: 1 } }))).toBe(true)
    expect(mailFailed(record({ mail: { state: 'pending', attempts: 1 }, confirmation: { state: 'pending', attempts: 1 } }))).toBe(false)
    expect(mailFailed(record())).toBe(false)
  })
})

describe('the calendar warnings', () => {
  it('badge a double booking and a booking on a blocked date', () => {
    expect(warningBadge({ kind: 'double-booked' })).toBe('Double booking')
    expect(warningBadge({ kind: 'booked-on-blocked' })).toBe('Blocked date')
  })
})

describe('the answers', () => {
  it('are in form order, the e-mail and the phone as links, the colours left to their swatches', () => {
    const rows = answers(record({}, { balloonColors: ['Blush'] }))
    expect(rows.map((r) => r.label)).toEqual([
      'Service',
      'Name',
      'Email',
      'Phone',
      'Address',
      'City',
      'Zipcode',
      'Event date',
      'Event details',
      'How they found us',
    ])
    expect(rows.filter((r) => r.href)).toEqual([
      { label: 'Email', value: 'maya@example.com', href: 'mailto:maya@example.com' },
      { label: 'Phone', value: '+1 (503) 555-0142 ext. 7', href: 'tel:+150355501427' },
    ])
    expect(rows[0]).toEqual({ label: 'Service', value: 'Balloon Garlands' })
  })

  it("show a custom answer after the form's own, as plain text", () => {
    const rows = answers(record({}, { customFields: { custom_1: { header: 'Theme', value: 'Garden' } } }))
    expect(rows.at(-1)).toEqual({ label: 'Theme', value: 'Garden' })
  })
})

describe('the colour swatches', () => {
  it("take each colour's hex, transparent for a name the palette no longer has", () => {
    expect(colorSwatches(['Blush', 'Metallic Gold', 'Sparkle Unicorn'])).toEqual([
      { name: 'Blush', hex: '#f4c9c4' },
      { name: 'Metallic Gold', hex: '#c9a03d' },
      { name: 'Sparkle Unicorn', hex: 'transparent' },
    ])
    expect(colorSwatches([])).toEqual([])
  })
})

describe('the pipeline card', () => {
  it('starts again when the status, the quote, or the deposit amount or date changed on the server', () => {
    const base = record({ status: 'quoted', quotedAmount: 450, deposit: { amount: 200, date: '2026-11-21' } })
    const keys = [
      base,
      { ...base, status: 'booked' as const },
      { ...base, quotedAmount: 500 },
      { ...base, deposit: { amount: 250, date: '2026-11-21' } },
      { ...base, deposit: { amount: 200, date: '2026-11-22' } },
      { ...base, deposit: undefined },
      { ...base, quotedAmount: undefined },
    ].map(pipelineKey)
    expect(new Set(keys).size).toBe(keys.length)
    expect(pipelineKey({ ...base, notes: [{ at: 'x', text: 'called' }] } as InquiryRecord)).toBe(keys[0])
  })
})

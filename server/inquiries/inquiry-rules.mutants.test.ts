// The inquiry's rules as the owner and a visitor meet them: the inbox's change messages (the API answers the first),
// what a stored inquiry reads as, the reply templates and the referral choices (the balloon colours in balloon-colors.mutants.test.ts). Pure.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { firstZodMessage } from '../lib/errors'
import { NOT_PROVIDED, REFERRAL_SOURCES } from './inquiry-fields'
import {
  CALENDAR_STATUSES,
  customAnswers,
  INQUIRY_ID_PATTERN,
  INQUIRY_STATUSES,
  InquiryChangeSchema,
  InquiryRecordSchema,
  InquiryStatusFilterSchema,
  LOST_REASONS,
  NoteBodySchema,
  StatusOrLegacySchema,
} from './inquiry-record.schema'
import {
  DEFAULT_REPLY_TEMPLATES,
  fillTemplate,
  missingValues,
  REPLY_PLACEHOLDERS,
  ReplyTemplateListSchema,
  ReplyTemplateSchema,
} from './reply-templates.schema'

function error(schema: z.ZodType, body: unknown): string {
  const r = schema.safeParse(body)
  if (r.success) throw new Error(`accepted: ${JSON.stringify(r.data)}`)
  return firstZodMessage(r.error)
}
const ok = (schema: z.ZodType, body: unknown) => schema.parse(body) as Record<string, unknown>
const STATUS_ERROR = 'Status must be one of: new, contacted, quoted, booked, completed, lost'

describe('a change from the inbox', () => {
  it('names an unknown status, field or shape', () => {
    expect(error(InquiryChangeSchema, { status: 'won' })).toBe(STATUS_ERROR)
    expect(error(InquiryChangeSchema, { status: 'new', owner: 'x' })).toBe('Unknown field: owner')
    expect(error(InquiryChangeSchema, { owner: 'x', color: 'red' })).toBe('Unknown field: owner, color')
    expect(error(InquiryChangeSchema, { status: ['handled'] })).toBe(STATUS_ERROR)
    expect(error(InquiryChangeSchema, { lostReason: 5 })).toBe('Lost reason must be text')
    expect(error(InquiryChangeSchema, [])).toBe('Send the change as a JSON object')
    expect(error(InquiryChangeSchema, {})).toBe('Send at least one of status, lostReason, quotedAmount, deposit')
  })

  it('reads an old "handled" as contacted, and asks why a lead is lost', () => {
    expect(ok(InquiryChangeSchema, { status: 'handled' })).toEqual({ status: 'contacted' })
    expect(StatusOrLegacySchema.parse('handled')).toBe('contacted')
    expect(StatusOrLegacySchema.parse('lost')).toBe('lost')
    const lost = InquiryChangeSchema.safeParse({ status: 'lost' })
    expect(lost.error?.issues[0]).toMatchObject({ message: 'Lost reason is required when a lead is lost', path: ['lostReason'] })
    expect(error(InquiryChangeSchema, { status: 'lost', lostReason: ' ' })).toBe('Lost reason is required when a lead is lost')
    expect(ok(InquiryChangeSchema, { status: 'lost', lostReason: ' No reply ' })).toEqual({ status: 'lost', lostReason: 'No reply' })
    expect(ok(InquiryChangeSchema, { lostReason: 'x' })).toEqual({ lostReason: 'x' })
    expect(error(InquiryChangeSchema, { status: 'lost', lostReason: 'a'.repeat(201) })).toBe('Lost reason is too long')
    expect(ok(InquiryChangeSchema, { status: 'lost', lostReason: 'a'.repeat(200) }).lostReason).toHaveLength(200)
  })

  it('takes money in whole cents from 0 to ten million, or null to clear', () => {
    expect(error(InquiryChangeSchema, { quotedAmount: '725' })).toBe('Quoted amount must be a number')
    expect(error(InquiryChangeSchema, { quotedAmount: -0.01 })).toBe('Quoted amount cannot be negative')
    expect(error(InquiryChangeSchema, { quotedAmount: 10_000_000.01 })).toBe('Quoted amount is too large')
    expect(error(InquiryChangeSchema, { quotedAmount: 1.005 })).toBe('Quoted amount must be in whole cents')
    for (const amount of [0, 0.1, 19.99, 1250.5, 10_000_000, 0.07, 1.15])
      expect(ok(InquiryChangeSchema, { quotedAmount: amount }).quotedAmount).toBe(amount)
    expect(ok(InquiryChangeSchema, { quotedAmount: null })).toEqual({ quotedAmount: null })
  })

  it('takes a deposit as an amount and a real date', () => {
    const d = (deposit: unknown) => ({ deposit })
    expect(ok(InquiryChangeSchema, d({ amount: 200, date: '2026-02-28' }))).toEqual(d({ amount: 200, date: '2026-02-28' }))
    expect(ok(InquiryChangeSchema, d(null))).toEqual(d(null))
    expect(error(InquiryChangeSchema, d('200'))).toBe('Deposit must be {amount, date}')
    expect(error(InquiryChangeSchema, d({ amount: -1, date: '2026-02-28' }))).toBe('Deposit amount cannot be negative')
    expect(error(InquiryChangeSchema, d({ amount: 1, date: '2026-02-30' }))).toBe('Deposit date must be a real date')
    expect(error(InquiryChangeSchema, d({ amount: 1, date: '2026-2-3' }))).toBe('Deposit date must be a date (YYYY-MM-DD)')
    expect(error(InquiryChangeSchema, d({ amount: 1 }))).toBe('Deposit date must be a date (YYYY-MM-DD)')
  })

  it('a note is required, one to 5000 characters', () => {
    expect(error(NoteBodySchema, { text: '' })).toBe('Note is required')
    expect(error(NoteBodySchema, { text: 5 })).toBe('Note must be text')
    expect(error(NoteBodySchema, { text: 'a'.repeat(5001) })).toBe('Note is too long')
    expect(ok(NoteBodySchema, { text: 'Called back\n' }).text).toBe('Called back\n')
  })

  it('the list filter: a status, all by default, handled as contacted', () => {
    expect(InquiryStatusFilterSchema.parse(undefined)).toBe('all')
    expect(InquiryStatusFilterSchema.parse('handled')).toBe('contacted')
    expect(InquiryStatusFilterSchema.parse('booked')).toBe('booked')
    expect(InquiryStatusFilterSchema.parse('all')).toBe('all')
    expect(error(InquiryStatusFilterSchema, ['handled'])).toBe(`${STATUS_ERROR} or all`)
    expect(error(InquiryStatusFilterSchema, 'won')).toBe(`${STATUS_ERROR} or all`)
  })
})

describe('the pipeline', () => {
  it('runs in order, holds the open statuses on the calendar, and offers the usual lost reasons', () => {
    expect(INQUIRY_STATUSES).toEqual(['new', 'contacted', 'quoted', 'booked', 'completed', 'lost'])
    expect(CALENDAR_STATUSES).toEqual(['new', 'contacted', 'quoted', 'booked'])
    expect(LOST_REASONS).toEqual(['Date not available', 'Chose another studio', 'Over budget', 'No reply', 'Event cancelled'])
  })
})

const record = {
  id: '2026-03-01T10-00-00-000Z-abc123',
  receivedAt: '2026-03-01T10:00:00.000Z',
  status: 'handled',
  inquiry: {
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'a@x.co',
    phone: '1',
    address: 'A',
    city: 'C',
    zipcode: '9',
    eventDate: '2026-04-01',
    service: 'Mosaics',
  },
  mail: { state: 'sent', attempts: 1 },
}

describe('a stored inquiry', () => {
  it('is read leniently, with the defaults an older record leaves out', () => {
    const r = InquiryRecordSchema.parse(record)
    expect(r.status).toBe('contacted')
    expect(r.notes).toEqual([])
    expect(r.history).toEqual([])
    expect(r.inquiry).toMatchObject({ eventDetails: '', referralSource: '', customFields: {}, customDropdownFields: {} })
    const booking = InquiryRecordSchema.parse({ ...record, bookingMail: { off: true } }).bookingMail
    expect(booking).toEqual({ off: true, sent: [] })
  })

  it('keeps everything it holds: notes, status and money history, deposit, photos, e-mails', () => {
    const photo = { id: '0123456789abcdef', name: 'arch.jpg', width: 800, height: 600, bytes: 1234 }
    const full = {
      ...record,
      status: 'booked',
      lostReason: 'Over budget',
      notes: [{ at: '2026-03-02T10:00:00.000Z', text: 'Called' }],
      quotedAmount: 725,
      deposit: { amount: 200, date: '2026-03-05' },
      history: [{ at: '2026-03-02T10:00:00.000Z', from: 'handled', to: 'lost', reason: 'No reply' }],
      moneyHistory: [
        { at: '2026-03-02T10:00:00.000Z', what: 'quote', amount: 725 },
        { at: '2026-03-03T10:00:00.000Z', what: 'deposit', amount: null, date: '2026-03-05' },
      ],
      inquiry: { ...record.inquiry, photos: [{ fieldId: 'photos_1', header: 'Inspiration', files: [photo], missing: 1 }] },
      mail: { state: 'failed', attempts: 3, lastError: 'SMTP refused' },
      confirmation: { state: 'sent', attempts: 1 },
      bookingMail: { sent: [{ key: 'reminder-7', kind: 'reminder', to: 'client', at: '2026-03-04T10:00:00.000Z' }] },
    }
    const read = InquiryRecordSchema.parse(full)
    expect(read).toMatchObject({ ...full, history: [{ ...full.history[0], from: 'contacted' }] })
    expect(read.mail).toEqual(full.mail)
    expect(read.inquiry.photos).toEqual(full.inquiry.photos)
    const withPhotoId = (id: string) =>
      InquiryRecordSchema.safeParse({
        ...full,
        inquiry: { ...full.inquiry, photos: [{ ...full.inquiry.photos[0], files: [{ ...photo, id }] }] },
      }).success
    expect(withPhotoId('0123456789abcdef0')).toBe(false)
    expect(withPhotoId('x0123456789abcdef')).toBe(false)
    expect(withPhotoId('../../../etc/pwd')).toBe(false)
    const money = (what: string) => InquiryRecordSchema.safeParse({ ...full, moneyHistory: [{ at: 'x', what, amount: 1 }] }).success
    expect([money('quote'), money('deposit'), money('refund')]).toEqual([true, true, false])
    const sentTo = (to: string) =>
      InquiryRecordSchema.safeParse({ ...full, bookingMail: { sent: [{ ...full.bookingMail.sent[0], to }] } }).success
    expect([sentTo('client'), sentTo('owner'), sentTo('studio')]).toEqual([true, true, false])
  })

  it('has an id made of its time and six hex digits', () => {
    expect(INQUIRY_ID_PATTERN.test(record.id)).toBe(true)
    for (const id of [
      'x2026-03-01T10-00-00-000Z-abc123',
      '2026-03-01T10-00-00-000Z-abc1234',
      '2026-03-01T10-00-00-000Z-ABC123',
      '2026-03-01T10-00-00-00Z-abc123',
    ]) {
      expect(INQUIRY_ID_PATTERN.test(id), id).toBe(false)
    }
    expect(InquiryRecordSchema.safeParse({ ...record, id: '../x' }).success).toBe(false)
  })

  it('lists its custom answers in the order the form asked, unknown ones last', () => {
    const inquiry = InquiryRecordSchema.parse({
      ...record,
      inquiry: {
        ...record.inquiry,
        customFields: { custom_1: { header: 'Venue', value: 'Park' }, custom_9: { header: 'Old', value: 'x' } },
        customDropdownFields: { dropdown_1: { header: 'Delivery', value: 'Yes' } },
        fieldOrder: ['dropdown_1', 'custom_1'],
      },
    }).inquiry
    expect(customAnswers(inquiry).map((a) => a.id)).toEqual(['dropdown_1', 'custom_1', 'custom_9'])
    expect(customAnswers({ ...inquiry, fieldOrder: undefined }).map((a) => a.id)).toEqual(['custom_1', 'custom_9', 'dropdown_1'])
  })
})

const values = {
  name: 'Ana Lee',
  firstName: 'Ana',
  service: 'Mosaics',
  eventDate: 'Sat, Apr 4, 2026',
  quote: '',
  deposit: '',
  ownerName: 'Mia',
}

describe('reply templates', () => {
  it('the starter set is valid, and each fills every placeholder it uses', () => {
    expect(ReplyTemplateListSchema.parse(DEFAULT_REPLY_TEMPLATES)).toEqual(DEFAULT_REPLY_TEMPLATES)
    expect(DEFAULT_REPLY_TEMPLATES.map((t) => t.name)).toEqual(['Thanks, a few questions', 'Quote', 'Date not available'])
    for (const t of DEFAULT_REPLY_TEMPLATES) {
      expect(fillTemplate(`${t.subject}\n${t.body}`, { ...values, quote: '$725', deposit: '$200' }), t.name).not.toMatch(/\{[a-zA-Z]+\}/)
      expect(t.body, t.name).toMatch(/^Hi \{firstName\},\n\n[^]+\n\nBest,\n\{ownerName\}\n$/)
    }
    expect(missingValues(DEFAULT_REPLY_TEMPLATES[1]!, values)).toEqual(['quote'])
    expect(REPLY_PLACEHOLDERS.map((p) => fillTemplate(p, { ...values, quote: 'Q', deposit: 'D' }))).toEqual([
      'Ana Lee',
      'Ana',
      'Mosaics',
      'Sat, Apr 4, 2026',
      'Q',
      'D',
      'Mia',
    ])
    expect(fillTemplate('{Name} {other} {name}', values)).toBe('{Name} {other} Ana Lee')
  })

  it('refuse a template without a name, subject or message, or too long, or more than 20', () => {
    const t = { name: 'N', subject: 'S', body: 'B' }
    expect(error(ReplyTemplateSchema, { ...t, name: ' ' })).toBe('Template name is required')
    expect(error(ReplyTemplateSchema, { ...t, name: 5 })).toBe('Template name must be text')
    expect(error(ReplyTemplateSchema, { ...t, subject: 5 })).toBe('Subject must be text')
    expect(error(ReplyTemplateSchema, { ...t, body: 5 })).toBe('Message must be text')
    expect(error(ReplyTemplateSchema, { ...t, name: 'a'.repeat(81) })).toBe('Template name is too long')
    expect(error(ReplyTemplateSchema, { ...t, subject: '' })).toBe('Subject is required')
    expect(error(ReplyTemplateSchema, { ...t, subject: 'a'.repeat(201) })).toBe('Subject is too long')
    expect(error(ReplyTemplateSchema, { ...t, body: '' })).toBe('Message is required')
    expect(error(ReplyTemplateSchema, { ...t, body: 'a'.repeat(5001) })).toBe('Message is too long')
    expect(error(ReplyTemplateListSchema, t)).toBe('Send the templates as a list')
    expect(error(ReplyTemplateListSchema, Array(21).fill(t))).toBe('Keep at most 20 templates')
    expect(ReplyTemplateListSchema.parse(Array(20).fill(t))).toHaveLength(20)
  })
})

describe('the form’s fixed choices', () => {
  it('how they found us, and the word for an empty answer', () => {
    expect(REFERRAL_SOURCES.map((r) => `${r.value}=${r.label}`)).toEqual([
      'instagram=Instagram',
      'facebook=Facebook',
      'other social media=Other Social Media',
      'internet search=Internet Search',
      'referral=Friend/Family Referral',
      'at an event/party=At an Event/Party',
      'other=Other',
    ])
    expect(NOT_PROVIDED).toBe('Not provided')
  })
})

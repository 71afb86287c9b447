// How an inquiry reads to the studio (e-mail, CSV, inbox), against a fixed record: every answer in form order, dates
// and money as people write them, and the inbox search.
import { describe, expect, it } from 'vitest'
import { InquiryRecordSchema, type InquiryRecord } from './inquiry-record.schema'
import { formatMoney, inquiryRows, matchesSearch, plural, referralLabel, shortEventDate, STATUS_LABELS } from './inquiry-format'
import { INQUIRY_STATUSES } from './inquiry-record.schema'

const record = (inquiry: Record<string, unknown> = {}): InquiryRecord =>
  InquiryRecordSchema.parse({
    id: '2026-11-20T18-04-05-123Z-a1b2c3',
    receivedAt: '2026-11-20T18:04:05.123Z',
    status: 'new',
    mail: { state: 'sent', attempts: 1 },
    inquiry: {
      firstName: 'Maya',
      lastName: 'Okafor',
      email: 'maya@example.com',
      phone: '(503) 555-0142',
      address: '12 SE Oak St',
      city: 'Portland',
      zipcode: '97214',
      eventDate: '2026-03-14',
      eventDetails: 'Garden party',
      referralSource: 'referral',
      service: 'Balloon Garlands',
      ...inquiry,
    },
  })

describe('an inquiry as rows', () => {
  it('lists every answer in form order, custom answers in the order the form had', () => {
    const rows = inquiryRows(
      record({
        balloonColors: ['Blush', 'Gold Chrome'],
        customFields: { custom_1: { header: 'Theme', value: 'Garden' } },
        customDropdownFields: { dropdown_2: { header: 'Size', value: 'Large' } },
        fieldOrder: ['dropdown_2', 'custom_1'],
      }),
    )
    expect(rows).toEqual([
      ['Service', 'Balloon Garlands'],
      ['Name', 'Maya Okafor'],
      ['Email', 'maya@example.com'],
      ['Phone', '(503) 555-0142'],
      ['Address', '12 SE Oak St'],
      ['City', 'Portland'],
      ['Zipcode', '97214'],
      ['Event date', 'Sat, Mar 14, 2026'],
      ['Event details', 'Garden party'],
      ['How they found us', 'Friend/Family Referral'],
      ['Balloon colors', 'Blush, Gold Chrome'],
      ['Size', 'Large'],
      ['Theme', 'Garden'],
    ])
  })

  it('says so when an optional answer was left empty, and has no colour row where the form asked none', () => {
    const rows = new Map(inquiryRows(record({ eventDetails: '', referralSource: '', balloonColors: [] })))
    expect([rows.get('Event details'), rows.get('How they found us'), rows.get('Balloon colors')]).toEqual(['—', '—', 'None chosen'])
    expect(new Map(inquiryRows(record())).has('Balloon colors')).toBe(false)
  })

  it('counts each photos field’s photos after the answers, with those that did not arrive, then the delivery estimate', () => {
    const file = (id: string) => ({ id: id.repeat(16), name: `${id}.jpg`, width: 800, height: 600, bytes: 1000 })
    const rows = inquiryRows(
      record({
        photos: [
          { fieldId: 'photos_1', header: 'Inspiration', files: [file('a'), file('b')], missing: 1 },
          { fieldId: 'photos_2', header: 'Your space', files: [file('c')], missing: 2 },
          { fieldId: 'photos_3', header: 'The cake', files: [file('d')] },
        ],
        deliveryEstimate: { zip: '97214', zone: 'Inner Portland', fee: 35 },
      }),
    )
    expect(rows.slice(-4)).toEqual([
      ['Inspiration', '2 photos; 1 photo did not arrive'],
      ['Your space', '1 photo; 2 photos did not arrive'],
      ['The cake', '1 photo'],
      ['Delivery estimate', 'Delivery to 97214: about $35 (estimate shown on the form)'],
    ])
    expect(rows).toHaveLength(14)
    const outside = inquiryRows(record({ deliveryEstimate: { zip: '98101', outside: true } })).at(-1)
    expect(outside).toEqual([
      'Delivery estimate',
      "Delivery to 98101 is outside our usual area: we'll confirm (estimate shown on the form)",
    ])
  })

  it('shows a referral the form no longer offers as it was sent', () => {
    expect(referralLabel('instagram')).toBe('Instagram')
    expect(referralLabel('a flyer')).toBe('a flyer')
  })
})

describe('dates, money and counts', () => {
  it('an event date reads as a day in the calendar; one that is not a day is shown as it was sent, not rolled over', () => {
    const shown = ['2026-12-31', '2026-01-01', 'next Saturday', '2026-02-30'].map(shortEventDate)
    expect(shown).toEqual(['Thu, Dec 31, 2026', 'Thu, Jan 1, 2026', 'next Saturday', '2026-02-30'])
  })

  it('money as the studio writes it', () => {
    expect([formatMoney(1250), formatMoney(1250.5), formatMoney(85)]).toEqual(['$1,250', '$1,250.50', '$85'])
  })

  it('each status as the owner reads it', () => {
    expect(INQUIRY_STATUSES.map((s) => STATUS_LABELS[s])).toEqual(['New', 'Contacted', 'Quoted', 'Booked', 'Completed', 'Lost'])
  })

  it('counts in words', () => {
    expect([plural(1, 'attempt'), plural(3, 'attempt'), plural(0, 'attempt')]).toEqual(['1 attempt', '3 attempts', '0 attempts'])
  })
})

describe('the inbox search', () => {
  const maya = record()

  it.each(['maya', 'OKAFOR', 'maya okafor', 'example.com', 'garlands', '503-555-0142', '5550142', '(503) 555'])(
    'finds her by "%s"',
    (query) => {
      expect(matchesSearch(maya, query)).toBe(true)
    },
  )

  it('every word must match', () => {
    expect(matchesSearch(maya, 'maya smith')).toBe(false)
  })

  it.each(['555-9999', 'portland', '97214', 'oak', '()'])('does not find her by "%s" (not a name, e-mail, phone or service)', (query) => {
    expect(matchesSearch(maya, query)).toBe(false)
  })

  it('words may be split by any run of spaces, tabs or line breaks, and a phone number typed with its punctuation matches', () => {
    expect(matchesSearch(maya, ' maya \t\n  okafor ')).toBe(true)
    expect(matchesSearch(maya, '+1(503)555.0142')).toBe(false)
    expect(matchesSearch(maya, '(503)555.0142')).toBe(true)
  })

  it('a word of digits and letters is not read as a phone number', () => {
    expect(matchesSearch(maya, 'x5550142')).toBe(false)
    expect(matchesSearch(maya, '5550142x')).toBe(false)
  })

  it('an empty search finds everyone', () => {
    expect(matchesSearch(maya, '   ')).toBe(true)
  })
})

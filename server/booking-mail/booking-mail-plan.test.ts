import { describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'
import { balanceDueDate, dueToday, planLead, type LeadFacts } from './booking-mail-plan'
import type { BookingMailSettings } from './booking-mail.schema'

const settings: BookingMailSettings = { ...structuredClone(DEFAULT_BOOKING_MAIL), reviewUrl: 'https://g.page/r/studio/review' }

// Event on Saturday 2026-06-20; balance due 7 days before: 2026-06-13. Reminders 7 and 1 day before that.
const booked: LeadFacts = {
  inquiryId: 'lead-1',
  status: 'booked',
  eventDate: '2026-06-20',
  off: false,
  quote: { id: 'q-1', sentOn: '2026-05-01', validUntil: '2026-05-15', state: 'accepted', remainingCents: 70_000 },
}

const kindsOn = (lead: LeadFacts, today: string, s = settings) => dueToday(planLead(lead, s, 7), today).map((m) => `${m.kind}@${m.date}`)

describe('the balance due date', () => {
  it('is the event date less the price list balanceDueDays, across a month end', () => {
    expect(balanceDueDate('2026-06-20', 7)).toBe('2026-06-13')
    expect(balanceDueDate('2026-07-03', 7)).toBe('2026-06-26')
    expect(balanceDueDate('2026-03-01', 1)).toBe('2026-02-28')
  })
})

describe('balance reminders', () => {
  it('the 7-day reminder is due exactly 7 days before the due date, not the day before that', () => {
    expect(kindsOn(booked, '2026-06-05')).toEqual([])
    expect(kindsOn(booked, '2026-06-06')).toEqual(['balanceReminder@2026-06-06'])
  })

  it('the 1-day reminder replaces the 7-day one on its day (one reminder, not two)', () => {
    expect(kindsOn(booked, '2026-06-11')).toEqual(['balanceReminder@2026-06-06'])
    expect(kindsOn(booked, '2026-06-12')).toEqual(['balanceReminder@2026-06-12'])
  })

  it('each reminder has its own durable key, the same in every run', () => {
    const first = planLead(booked, settings, 7).filter((m) => m.kind === 'balanceReminder')
    expect(first.map((m) => m.key)).toEqual(['q-1.balanceReminder.2026-06-13-7d', 'q-1.balanceReminder.2026-06-13-1d'])
    expect(planLead(booked, settings, 7).filter((m) => m.kind === 'balanceReminder')).toEqual(first)
  })

  it('none once paid, none before the quote is signed, none when switched off', () => {
    expect(kindsOn({ ...booked, quote: { ...booked.quote!, remainingCents: 0 } }, '2026-06-12')).toEqual([])
    expect(kindsOn({ ...booked, status: 'quoted', quote: { ...booked.quote!, state: 'open' } }, '2026-06-12')).toEqual([])
    expect(kindsOn(booked, '2026-06-12', { ...settings, balanceReminder: { ...settings.balanceReminder, on: false } })).toEqual([])
  })

  it('follows the owner days (3 and 0: on the due date itself)', () => {
    const s = { ...settings, balanceReminder: { ...settings.balanceReminder, daysBefore: [3, 0] } }
    expect(kindsOn(booked, '2026-06-09', s)).toEqual([])
    expect(kindsOn(booked, '2026-06-10', s)).toEqual(['balanceReminder@2026-06-10'])
    expect(kindsOn(booked, '2026-06-13', s)).toEqual(['balanceReminder@2026-06-13'])
  })
})

describe('the overdue note to the owner', () => {
  it('is due the day after the due date, not on it, and until the event', () => {
    expect(kindsOn(booked, '2026-06-13')).toEqual(['balanceReminder@2026-06-12'])
    expect(kindsOn(booked, '2026-06-14')).toEqual(['balanceOverdue@2026-06-14'])
    expect(kindsOn(booked, '2026-06-20')).toEqual(['balanceOverdue@2026-06-14'])
    expect(kindsOn(booked, '2026-06-21')).toEqual([])
    expect(planLead(booked, settings, 7).find((m) => m.kind === 'balanceOverdue')?.to).toBe('owner')
  })
})

describe('the event confirmation', () => {
  const paid = { ...booked, quote: { ...booked.quote!, remainingCents: 0 } }
  it('goes the day before the event only, for a booked lead', () => {
    expect(kindsOn(paid, '2026-06-18')).toEqual([])
    expect(kindsOn(paid, '2026-06-19')).toEqual(['eventConfirmation@2026-06-19'])
    expect(kindsOn(paid, '2026-06-20')).toEqual([])
    expect(kindsOn({ ...paid, status: 'quoted' }, '2026-06-19')).toEqual([])
  })
})

describe('the quote follow-up', () => {
  const quoted: LeadFacts = { ...booked, status: 'quoted', quote: { ...booked.quote!, state: 'open', remainingCents: 0 } }
  it('goes N days after the quote was sent while it is unanswered and open', () => {
    expect(kindsOn(quoted, '2026-05-03')).toEqual([])
    expect(kindsOn(quoted, '2026-05-04')).toEqual(['quoteFollowUp@2026-05-04'])
    expect(kindsOn(quoted, '2026-05-15')).toEqual(['quoteFollowUp@2026-05-04'])
    expect(kindsOn(quoted, '2026-05-16')).toEqual([])
    expect(kindsOn({ ...quoted, quote: { ...quoted.quote!, state: 'accepted' } }, '2026-05-04')).toEqual([])
    expect(kindsOn({ ...quoted, quote: { ...quoted.quote!, state: 'replaced' } }, '2026-05-04')).toEqual([])
  })
})

describe('the thank-you', () => {
  const done: LeadFacts = { ...booked, status: 'completed', completedOn: '2026-06-21' }
  it('goes afterDays after Completed, for two weeks, and only with a review link', () => {
    expect(kindsOn(done, '2026-06-21')).toEqual([])
    expect(kindsOn(done, '2026-06-22')).toEqual(['thankYou@2026-06-22'])
    expect(kindsOn(done, '2026-07-06')).toEqual(['thankYou@2026-06-22'])
    expect(kindsOn(done, '2026-07-07')).toEqual([])
    expect(kindsOn(done, '2026-06-22', { ...settings, reviewUrl: '' })).toEqual([])
    expect(planLead(done, settings, 7).map((m) => m.key)).toEqual(['lead-1.thankYou.once'])
  })
})

describe('the per-lead switch', () => {
  it('plans nothing for a lead switched off', () => {
    expect(planLead({ ...booked, off: true }, settings, 7)).toEqual([])
    expect(planLead({ ...booked, status: 'completed', completedOn: '2026-06-21', off: true }, settings, 7)).toEqual([])
  })
})

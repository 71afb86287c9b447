// Which e-mail a lead gets, for leads the owner moved by hand and for days where two leads' or two kinds' e-mails fall
// together (written from the mutation run's open survivors, issue 32).
import { describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'
import { dueToday, planLead, type LeadFacts } from './booking-mail-plan'
import type { BookingMailSettings } from './booking-mail.schema'

const settings: BookingMailSettings = { ...structuredClone(DEFAULT_BOOKING_MAIL), reviewUrl: 'https://g.page/r/studio/review' }

// Event on Saturday 2026-06-20; balance due 2026-06-13.
const booked: LeadFacts = {
  inquiryId: 'lead-1',
  status: 'booked',
  eventDate: '2026-06-20',
  off: false,
  quote: { id: 'q-1', sentOn: '2026-05-01', validUntil: '2026-05-15', state: 'accepted', remainingCents: 70_000 },
}
const open = { ...booked.quote!, state: 'open' as const, remainingCents: 0 }
const kinds = (lead: LeadFacts, s = settings) => planLead(lead, s, 7).map((m) => `${m.kind}@${m.date}`)

describe('the quote follow-up', () => {
  it('is not planned when the quote expires before its day (nothing for Coming up to show)', () => {
    // Sent 2026-05-01, valid until 2026-05-03: the follow-up's day (2026-05-04) is after its last day.
    const quoted: LeadFacts = { ...booked, status: 'quoted', quote: { ...open, validUntil: '2026-05-03' } }
    expect(kinds(quoted)).toEqual([])
    // Valid until its very day: planned, for that one day.
    const lastDay = planLead({ ...quoted, quote: { ...open, validUntil: '2026-05-04' } }, settings, 7)
    expect(lastDay.map((m) => [m.kind, m.date, m.lastDay])).toEqual([['quoteFollowUp', '2026-05-04', '2026-05-04']])
  })

  it('only while the lead is Quoted: none for a lead moved back to Contacted or on to Lost with its quote still open', () => {
    expect(kinds({ ...booked, status: 'quoted', quote: open })).toEqual(['quoteFollowUp@2026-05-04'])
    for (const status of ['new', 'contacted', 'lost', 'completed'] as const) {
      expect(kinds({ ...booked, status, quote: open })).toEqual([])
    }
    expect(kinds({ ...booked, status: 'quoted', quote: undefined })).toEqual([])
  })
})

describe('the thank-you', () => {
  it('only for a lead that is Completed now, not one moved back from Completed', () => {
    const done: LeadFacts = { ...booked, quote: { ...booked.quote!, remainingCents: 0 }, status: 'completed', completedOn: '2026-06-21' }
    expect(kinds(done)).toEqual(['thankYou@2026-06-22'])
    expect(kinds({ ...done, status: 'booked' })).toEqual(['eventConfirmation@2026-06-19'])
    expect(kinds({ ...done, status: 'lost' })).toEqual([])
    expect(kinds({ ...done, completedOn: undefined })).toEqual([])
  })
})

describe('e-mails due on the same day', () => {
  it("one lead's reminders never hold back another lead's", () => {
    // lead-2: event 2026-06-16, due 2026-06-09; its 1-day reminder is dated 2026-06-08, after lead-1's 7-day one
    // (2026-06-06, in its window until 2026-06-13); its own 7-day one (2026-06-02) gives way to it.
    const other: LeadFacts = { ...booked, inquiryId: 'lead-2', eventDate: '2026-06-16', quote: { ...booked.quote!, id: 'q-2' } }
    const all = [...planLead(booked, settings, 7), ...planLead(other, settings, 7)]
    expect(dueToday(all, '2026-06-08').map((m) => m.key)).toEqual([
      'q-1.balanceReminder.2026-06-13-7d',
      'q-2.balanceReminder.2026-06-09-1d',
    ])
  })

  it('a reminder is not held back by the confirmation due on a later day (the balance due on the event day)', () => {
    // Balance due on the event day (0 days before), one reminder 3 days before it; the confirmation the day before.
    const s = { ...settings, balanceReminder: { ...settings.balanceReminder, daysBefore: [3] } }
    const planned = planLead(booked, s, 0)
    expect(dueToday(planned, '2026-06-19').map((m) => `${m.kind}@${m.date}`)).toEqual([
      'balanceReminder@2026-06-17',
      'eventConfirmation@2026-06-19',
    ])
    // The confirmation three days ahead, the reminder on the day before the event: neither holds back the other.
    const early = {
      ...s,
      eventConfirmation: { ...s.eventConfirmation, daysBefore: 3 },
      balanceReminder: { ...s.balanceReminder, daysBefore: [1] },
    }
    expect(dueToday(planLead(booked, early, 0), '2026-06-19').map((m) => `${m.kind}@${m.date}`)).toEqual([
      'eventConfirmation@2026-06-17',
      'balanceReminder@2026-06-19',
    ])
  })

  it('of two reminders due together the newer goes, the older waits for nothing', () => {
    const s = { ...settings, balanceReminder: { ...settings.balanceReminder, daysBefore: [1, 7] } }
    // The server was down from the 6th: on the 12th both are in their window, only the 1-day one goes.
    expect(dueToday(planLead(booked, s, 7), '2026-06-12').map((m) => m.key)).toEqual(['q-1.balanceReminder.2026-06-13-1d'])
    expect(dueToday(planLead(booked, s, 7), '2026-06-11').map((m) => m.key)).toEqual(['q-1.balanceReminder.2026-06-13-7d'])
  })
})

describe('a booked lead', () => {
  it('plans each e-mail whole: who it goes to, its days and key, and the due date only on the balance e-mails', () => {
    expect(planLead(booked, settings, 7)).toEqual([
      {
        kind: 'balanceReminder',
        key: 'q-1.balanceReminder.2026-06-13-7d',
        inquiryId: 'lead-1',
        to: 'client',
        date: '2026-06-06',
        lastDay: '2026-06-13',
        dueDate: '2026-06-13',
      },
      {
        kind: 'balanceReminder',
        key: 'q-1.balanceReminder.2026-06-13-1d',
        inquiryId: 'lead-1',
        to: 'client',
        date: '2026-06-12',
        lastDay: '2026-06-13',
        dueDate: '2026-06-13',
      },
      {
        kind: 'balanceOverdue',
        key: 'q-1.balanceOverdue.2026-06-13',
        inquiryId: 'lead-1',
        to: 'owner',
        date: '2026-06-14',
        lastDay: '2026-06-20',
        dueDate: '2026-06-13',
      },
      {
        kind: 'eventConfirmation',
        key: 'lead-1.eventConfirmation.2026-06-20',
        inquiryId: 'lead-1',
        to: 'client',
        date: '2026-06-19',
        lastDay: '2026-06-19',
      },
    ])
  })

  it('without a quote (booked by hand) or paid in full: only the event confirmation', () => {
    const { quote: _none, ...byHand } = booked
    expect(kinds(byHand)).toEqual(['eventConfirmation@2026-06-19'])
    expect(kinds({ ...booked, quote: { ...booked.quote!, remainingCents: 0 } })).toEqual(['eventConfirmation@2026-06-19'])
    // One cent left is still a balance to remind of.
    expect(kinds({ ...booked, quote: { ...booked.quote!, remainingCents: 1 } })).toContain('balanceOverdue@2026-06-14')
  })

  it('the event confirmation goes as many days before the event as the owner set', () => {
    const days = (daysBefore: number) => kinds(booked, { ...settings, eventConfirmation: { ...settings.eventConfirmation, daysBefore } })
    expect(days(14)).toContain('eventConfirmation@2026-06-06')
    expect(days(1)).toContain('eventConfirmation@2026-06-19')
  })
})

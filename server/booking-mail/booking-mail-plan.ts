// Which booking e-mail goes when (pure: no clock, no files). Each lead's e-mails are planned from its facts and the
// settings; one is due from its day until its last useful day, and a durable key names it so it is sent once.
import { addDays } from '../quotes/quote-view'
import type { BookingMailKind, BookingMailSettings } from './booking-mail.schema'

/** What the plan needs to know about a lead (read from its inquiry and its newest quote). */
export interface LeadFacts {
  inquiryId: string
  status: 'new' | 'contacted' | 'quoted' | 'booked' | 'completed' | 'lost'
  /** YYYY-MM-DD. */
  eventDate: string
  /** The studio day it was last marked Completed. */
  completedOn?: string
  /** The owner switched the automatic e-mails off for this lead. */
  off: boolean
  /** The newest quote version, if any. */
  quote?: {
    id: string
    /** The studio day it was made and sent. */
    sentOn: string
    validUntil: string
    state: 'open' | 'accepted' | 'expired' | 'replaced'
    /** Still to pay on a signed quote, in cents (0 when paid or not signed). */
    remainingCents: number
  }
}

export interface PlannedMail {
  kind: BookingMailKind
  /** Durable: the same e-mail gets the same key in every run and after any restart. */
  key: string
  inquiryId: string
  to: 'client' | 'owner'
  /** The first day it may go (studio date). */
  date: string
  /** The last day it still makes sense; later it is let go. */
  lastDay: string
  /** The balance due date, for the balance e-mails. */
  dueDate?: string
}

/** How long a thank-you may wait for a server that was down before it is let go. */
const THANK_YOU_WINDOW_DAYS = 14

/** The day the balance is due: `balanceDueDays` before the event. */
export const balanceDueDate = (eventDate: string, balanceDueDays: number) => addDays(eventDate, -balanceDueDays)

/** Every e-mail this lead gets under these settings, sent or not, in date order. */
export function planLead(lead: LeadFacts, settings: BookingMailSettings, balanceDueDays: number): PlannedMail[] {
  if (lead.off) return []
  const out: PlannedMail[] = []
  /** `id` is the quote's or the inquiry's, `which` tells this e-mail from the others of its kind (a due date). */
  const add = (kind: BookingMailKind, id: string, which: string, date: string, lastDay: string, dueDate?: string) => {
    if (!settings[kind].on || lastDay < date) return
    const to = kind === 'balanceOverdue' ? 'owner' : 'client'
    out.push({ kind, key: `${id}.${kind}.${which}`, inquiryId: lead.inquiryId, to, date, lastDay, ...(dueDate ? { dueDate } : {}) })
  }
  const q = lead.quote
  if (q && lead.status === 'quoted' && q.state === 'open') {
    add('quoteFollowUp', q.id, q.sentOn, addDays(q.sentOn, settings.quoteFollowUp.afterDays), q.validUntil)
  }
  if (lead.status === 'booked') {
    if (q && q.state === 'accepted' && q.remainingCents > 0) {
      const due = balanceDueDate(lead.eventDate, balanceDueDays)
      for (const days of [...settings.balanceReminder.daysBefore].sort((a, b) => b - a)) {
        add('balanceReminder', q.id, `${due}-${days}d`, addDays(due, -days), due, due)
      }
      add('balanceOverdue', q.id, due, addDays(due, 1), lead.eventDate, due)
    }
    add(
      'eventConfirmation',
      lead.inquiryId,
      lead.eventDate,
      addDays(lead.eventDate, -settings.eventConfirmation.daysBefore),
      addDays(lead.eventDate, -1),
    )
  }
  if (lead.status === 'completed' && lead.completedOn && settings.reviewUrl) {
    const date = addDays(lead.completedOn, settings.thankYou.afterDays)
    add('thankYou', lead.inquiryId, 'once', date, addDays(date, THANK_YOU_WINDOW_DAYS))
  }
  return out.sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * The e-mails to send today: each whose day has come and whose last day has not passed. Of a lead's balance reminders
 * due together (the server was down), only the newest goes: one reminder, not a burst.
 */
export function dueToday(planned: readonly PlannedMail[], today: string): PlannedMail[] {
  const due = planned.filter((m) => m.date <= today && today <= m.lastDay)
  return due.filter(
    (m) => m.kind !== 'balanceReminder' || !due.some((o) => o.kind === 'balanceReminder' && o.inquiryId === m.inquiryId && o.date > m.date),
  )
}

// What the inbox's "Coming up" lists (shared with the dashboard).
import type { BookingMailKind } from './booking-mail.schema'

export interface UpcomingMail {
  inquiryId: string
  name: string
  kind: BookingMailKind
  to: 'client' | 'owner'
  /** The studio day it goes (or went due). */
  date: string
  /** overdue: the balance is past due; due: goes on the next run; failed: retrying; scheduled: a later day. */
  state: 'overdue' | 'due' | 'failed' | 'scheduled'
  lastError?: string
}

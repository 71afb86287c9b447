// The event calendar's shapes, shared with the dashboard: blocked dates, a month's events, and the warnings.
import { z } from 'zod'
import { textLine } from '../lib/text'
import { CalendarDateSchema, type InquiryStatus } from '../inquiries/inquiry-record.schema'

export const BlockedDateSchema = z.object({ date: z.string(), note: z.string().default('') })
export type BlockedDate = z.infer<typeof BlockedDateSchema>
export const BlockedDateListSchema = z.array(BlockedDateSchema)

export const BlockBodySchema = z.object(
  { note: textLine('Note').max(200, 'Note is too long').default('') },
  { error: 'Send the block as a JSON object' },
)

export const DateParamSchema = CalendarDateSchema('Date')

/** One inquiry's event on the calendar: only what the month view shows. */
export interface CalendarEvent {
  date: string
  inquiryId: string
  name: string
  service: string
  status: InquiryStatus
}

/** A date needing the owner's eye: two bookings, or a booking on a date she blocked. */
export interface CalendarWarning {
  date: string
  kind: 'double-booked' | 'booked-on-blocked'
  inquiryIds: string[]
  message: string
}

export interface CalendarMonth {
  from: string
  to: string
  events: CalendarEvent[]
  blocked: BlockedDate[]
  warnings: CalendarWarning[]
}

/** The secret feed address, or null when none is issued (or it was revoked). */
export interface CalendarFeed {
  url: string | null
  createdAt?: string
}

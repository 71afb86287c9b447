// The calendar tab's calls: a month's events, blocked dates and warnings; blocking dates; the private .ics address.
import { apiRequest } from '../../lib/api-client'
import type { BlockedDate, CalendarFeed, CalendarMonth } from '../../../server/calendar/calendar.schema'

export type { BlockedDate, CalendarFeed, CalendarMonth }

export const getCalendarMonth = (from: string, to: string) => apiRequest<CalendarMonth>('GET', `/admin/calendar?from=${from}&to=${to}`)

export const blockDate = (date: string, note: string) =>
  apiRequest<BlockedDate[]>('PUT', `/admin/calendar/blocked/${date}`, { body: { note } })
export const unblockDate = (date: string) => apiRequest<BlockedDate[]>('DELETE', `/admin/calendar/blocked/${date}`)

export const getCalendarFeed = () => apiRequest<CalendarFeed>('GET', '/admin/calendar/feed')
export const newCalendarFeed = () => apiRequest<CalendarFeed>('POST', '/admin/calendar/feed')
export const revokeCalendarFeed = () => apiRequest<CalendarFeed>('DELETE', '/admin/calendar/feed')

// The booking e-mails' calls: their templates and settings with a version, what is coming up, and the per-lead switch.
import { apiRequest } from '../../lib/api-client'
import type { BookingMailSettings } from '../../../server/booking-mail/booking-mail.schema'
import type { UpcomingMail } from '../../../server/booking-mail/booking-mail.types'

export type { UpcomingMail }
export type VersionedBookingMail = BookingMailSettings & { version: string }

export const getBookingMail = () => apiRequest<VersionedBookingMail>('GET', '/admin/booking-mail')
export const saveBookingMail = (settings: BookingMailSettings, baseVersion?: string) =>
  apiRequest<VersionedBookingMail>('PUT', '/admin/booking-mail', { body: { ...settings, baseVersion } })
export const getUpcomingMail = () => apiRequest<{ mailConfigured: boolean; items: UpcomingMail[] }>('GET', '/admin/booking-mail/upcoming')
export const switchLeadMail = (inquiryId: string, off: boolean) =>
  apiRequest<{ off: boolean }>('PUT', `/admin/inquiries/${encodeURIComponent(inquiryId)}/booking-mail`, { body: { off } })

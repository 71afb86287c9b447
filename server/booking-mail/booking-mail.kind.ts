// The booking e-mails' templates and settings as a content kind: content/booking-mail.yaml, edited in the inbox's
// Booking e-mails section. Private to the dashboard (no public read).
import { defineKind } from '../lib/content-kind'
import { BOOKING_MAIL_LABELS, BookingMailSchema } from './booking-mail.schema'

export const BOOKING_MAIL_KIND = defineKind({
  item: 'booking-mail',
  file: 'content/booking-mail.yaml',
  schema: BookingMailSchema,
  label: 'Booking e-mails',
  inSentence: 'the booking e-mails',
  restoreName: 'the booking e-mails',
  historyKind: 'pages',
  diff: { style: 'record', fieldLabels: { reviewUrl: 'Review link', ...BOOKING_MAIL_LABELS } },
  publicReads: null,
  restorable: true,
})

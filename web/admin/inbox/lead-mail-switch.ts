// The rules of an inquiry card's booking e-mails switch (booking-mail-switch.tsx): whether it shows on, and what the
// owner is told once it is saved or when it could not be.
import { serverMessage } from '../admin-api'
import type { InquiryRecord } from './inbox-api'

/** On unless the owner switched this lead's e-mails off (a lead never switched has no setting). */
export const leadMailOn = (record: Pick<InquiryRecord, 'bookingMail'>) => record.bookingMail?.off !== true

/** The notice once the switch is saved. */
export const switchedNotice = (on: boolean) => (on ? 'Booking e-mails on for this lead' : 'Booking e-mails off for this lead')

/** The error under the switch: the server's own words, else a generic retry. */
export const switchError = (err: unknown) => serverMessage(err) ?? 'The switch could not be saved. Please try again.'

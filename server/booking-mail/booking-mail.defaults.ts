// The booking e-mails as a new site starts with them (content/booking-mail.yaml holds the same, in written form).
import type { BookingMailSettings } from './booking-mail.schema'

export const DEFAULT_BOOKING_MAIL: BookingMailSettings = {
  reviewUrl: '',
  quoteFollowUp: {
    on: true,
    afterDays: 3,
    subject: 'Your quote from {studioName}',
    body: 'Hi {firstName},\n\nJust checking in on the quote we sent for your event on {eventDate}. You can read it, choose add-ons and accept it here:\n{quoteLink}\n\nAny questions? Simply reply to this e-mail.\n\n{studioName}\n',
  },
  balanceReminder: {
    on: true,
    daysBefore: [7, 1],
    subject: 'Balance due {balanceDueDate} for your event on {eventDate}',
    body: 'Hi {firstName},\n\nA friendly reminder: the balance of {balance} for your event on {eventDate} is due on {balanceDueDate}. You can pay it here:\n{payLink}\n\nThank you!\n{studioName}\n',
  },
  balanceOverdue: {
    on: true,
    subject: 'Balance overdue: {clientName}, event on {eventDate}',
    body: 'The balance of {balance} from {clientName} was due on {balanceDueDate} and is not recorded as paid.\nEvent: {eventDate}\nQuote: {quoteLink}\n',
  },
  eventConfirmation: {
    on: true,
    daysBefore: 1,
    subject: 'See you {eventDate}!',
    body: 'Hi {firstName},\n\nThis is to confirm we are all set for your event on {eventDate}. If anything has changed (time, address, access), please reply to this e-mail today.\n\n{studioName}\n',
  },
  thankYou: {
    on: true,
    afterDays: 1,
    subject: 'Thank you from {studioName}',
    body: 'Hi {firstName},\n\nThank you for celebrating with us! If you enjoyed our work, a short review helps a small studio a lot:\n{reviewLink}\n\n{studioName}\n',
  },
}

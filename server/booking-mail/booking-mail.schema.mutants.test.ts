// The booking e-mails' settings as the owner saves them (PUT /api/admin/booking-mail answers the first refusal's
// message): each limit at the limit and one past it, each refusal in the owner's words, per e-mail name (issue 32).
import { describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_MAIL } from './booking-mail.defaults'
import { BookingMailSaveSchema, type BookingMailSettings } from './booking-mail.schema'

/** The first refusal of these settings, as the PUT answers it. */
function refusal(change: (s: BookingMailSettings) => unknown): string | undefined {
  const parsed = BookingMailSaveSchema.safeParse(change(structuredClone(DEFAULT_BOOKING_MAIL)))
  return parsed.success ? undefined : parsed.error.issues[0]!.message
}
const set =
  <K extends keyof BookingMailSettings>(kind: K, field: string, value: unknown) =>
  (s: BookingMailSettings) => ({
    ...s,
    [kind]: { ...(s[kind] as object), [field]: value },
  })

describe('the settings, refused in the owner words', () => {
  it('days: the limits of each, at and one past', () => {
    expect(refusal(set('quoteFollowUp', 'afterDays', 1))).toBeUndefined()
    expect(refusal(set('quoteFollowUp', 'afterDays', 60))).toBeUndefined()
    expect(refusal(set('quoteFollowUp', 'afterDays', 0))).toBe('Quote follow-up: days after the quote must be at least 1')
    expect(refusal(set('quoteFollowUp', 'afterDays', 61))).toBe('Quote follow-up: days after the quote is 60 at most')
    expect(refusal(set('quoteFollowUp', 'afterDays', 2.5))).toBe('Quote follow-up: days after the quote must be a whole number')
    expect(refusal(set('quoteFollowUp', 'afterDays', '3'))).toBe('Quote follow-up: days after the quote must be a number')
    expect(refusal(set('balanceReminder', 'daysBefore', [0, 60]))).toBeUndefined()
    expect(refusal(set('balanceReminder', 'daysBefore', [-1]))).toBe('Balance reminder: days before the due date must be at least 0')
    expect(refusal(set('balanceReminder', 'daysBefore', [61]))).toBe('Balance reminder: days before the due date is 60 at most')
    expect(refusal(set('balanceReminder', 'daysBefore', []))).toBe('Balance reminder: give at least one day')
    expect(refusal(set('balanceReminder', 'daysBefore', [1, 2, 3, 4, 5]))).toBeUndefined()
    expect(refusal(set('balanceReminder', 'daysBefore', [1, 2, 3, 4, 5, 6]))).toBe('Balance reminder: five days at most')
    expect(refusal(set('balanceReminder', 'daysBefore', 7))).toBe('Balance reminder: days before the due date must be a list')
    expect(refusal(set('balanceReminder', 'daysBefore', [3, 1, 3]))).toBe('Balance reminder: each day once')
    expect(refusal(set('eventConfirmation', 'daysBefore', 1))).toBeUndefined()
    expect(refusal(set('eventConfirmation', 'daysBefore', 14))).toBeUndefined()
    expect(refusal(set('eventConfirmation', 'daysBefore', 15))).toBe('Event confirmation: days before the event is 14 at most')
    expect(refusal(set('thankYou', 'afterDays', 0))).toBeUndefined()
    expect(refusal(set('thankYou', 'afterDays', 30))).toBeUndefined()
    expect(refusal(set('thankYou', 'afterDays', -1))).toBe('Thank-you: days after Completed must be at least 0')
    expect(refusal(set('thankYou', 'afterDays', 31))).toBe('Thank-you: days after Completed is 30 at most')
  })

  it('subject and text: required, their lengths, on/off, unknown placeholders, per e-mail name', () => {
    expect(refusal(set('balanceOverdue', 'subject', ''))).toBe('Balance overdue (to you): the subject is required')
    expect(refusal(set('thankYou', 'subject', 'x'.repeat(200)))).toBeUndefined()
    expect(refusal(set('thankYou', 'subject', 'x'.repeat(201)))).toBe('Thank-you and review: the subject is 200 characters at most')
    expect(refusal(set('eventConfirmation', 'body', ''))).toBe('Event confirmation: the text is required')
    expect(refusal(set('eventConfirmation', 'body', 'x'.repeat(5000)))).toBeUndefined()
    expect(refusal(set('eventConfirmation', 'body', 'x'.repeat(5001)))).toBe('Event confirmation: the text is 5,000 characters at most')
    expect(refusal(set('quoteFollowUp', 'on', 'yes'))).toBe('Quote follow-up: on must be true or false')
    expect(refusal(set('quoteFollowUp', 'body', 'Hi {firstName}, pay {amount}'))).toBe(
      'Quote follow-up: the text has an unknown placeholder {amount}',
    )
    expect(refusal(set('balanceReminder', 'subject', 'Due {balanceDueDate} {Balance}'))).toBe(
      'Balance reminder: the subject has an unknown placeholder {Balance}',
    )
    // Spaces inside the braces, as people type them, are the same placeholder: a wrong name is refused all the same.
    expect(refusal(set('quoteFollowUp', 'body', 'Hi { firstName }, {  eventDate}'))).toBeUndefined()
    expect(refusal(set('quoteFollowUp', 'subject', 'Hi { firstname }'))).toBe(
      'Quote follow-up: the subject has an unknown placeholder {firstname}',
    )
    // Every placeholder the e-mails fill in is allowed, in the subject and the text.
    const all = '{firstName} {clientName} {eventDate} {balance} {balanceDueDate} {payLink} {quoteLink} {reviewLink} {studioName}'
    expect(refusal((s) => set('thankYou', 'body', all)(set('thankYou', 'subject', all)(s)))).toBeUndefined()
    expect(refusal((s) => ({ ...s, thankYou: undefined }))).toBe('Thank-you and review: send {on, subject, body} and its days')
    expect(refusal((s) => ({ ...s, balanceOverdue: 'off' }))).toBe('Balance overdue (to you): send {on, subject, body} and its days')
  })

  it('subject and text that are not plain text: named by the e-mail and the field', () => {
    expect(refusal(set('quoteFollowUp', 'subject', 5))).toBe('Quote follow-up: the subject must be text')
    expect(refusal(set('quoteFollowUp', 'subject', 'Hi\u202Ethere'))).toBe(
      'Quote follow-up: the subject must not contain text-direction control characters',
    )
    expect(refusal(set('thankYou', 'subject', undefined))).toBe('Thank-you and review: the subject is required')
    expect(refusal(set('eventConfirmation', 'body', 'a\u0007b'))).toBe('Event confirmation: the text must not contain control characters')
    expect(refusal(set('balanceReminder', 'body', undefined))).toBe('Balance reminder: the text is required')
  })

  it('the review link: empty or a web address of 500 characters at most', () => {
    expect(refusal((s) => ({ ...s, reviewUrl: '' }))).toBeUndefined()
    expect(refusal((s) => ({ ...s, reviewUrl: 'http://g.page/r/x' }))).toBeUndefined()
    const long = `https://g.page/${'a'.repeat(500 - 'https://g.page/'.length)}`
    expect(refusal((s) => ({ ...s, reviewUrl: long }))).toBeUndefined()
    expect(refusal((s) => ({ ...s, reviewUrl: `${long}a` }))).toBe('The review link is 500 characters at most')
    expect(refusal((s) => ({ ...s, reviewUrl: 'javascript:alert(1)' }))).toBe('The review link must be a web address (https://...)')
    expect(refusal((s) => ({ ...s, reviewUrl: 'ftp://g.page/r/x' }))).toBe('The review link must be a web address (https://...)')
    expect(refusal((s) => ({ ...s, reviewUrl: 'httpsx://g.page/r/x' }))).toBe('The review link must be a web address (https://...)')
    expect(refusal((s) => ({ ...s, reviewUrl: 'xhttps://g.page/r/x' }))).toBe('The review link must be a web address (https://...)')
    expect(refusal((s) => ({ ...s, reviewUrl: 5 }))).toBe('The review link must be a web address (https://...) or empty')
    expect(refusal(() => 'nonsense')).toBe('Send the booking e-mails as a JSON object')
    expect(refusal((s) => ({ ...s, baseVersion: 'v'.repeat(101) }))).toBeDefined()
    expect(refusal((s) => ({ ...s, baseVersion: 'v'.repeat(100) }))).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_MAIL } from '../../../server/booking-mail/booking-mail.defaults'
import { BOOKING_MAILS } from '../../../server/booking-mail/booking-mail.schema'
import { MAIL_WHEN, bookingMailInWords, fieldError, fieldId, fromDraft, invalidProps, problemOf, toDraft } from './booking-mail-form'

describe('the booking e-mails form', () => {
  it('round-trips the settings, days as typed', () => {
    const draft = toDraft(DEFAULT_BOOKING_MAIL)
    expect(draft.mails.balanceReminder.days).toBe('7, 1')
    expect(draft.mails.balanceOverdue.days).toBe('')
    expect(fromDraft(draft)).toEqual(DEFAULT_BOOKING_MAIL)
    expect(problemOf(draft)).toBeNull()
  })

  it('names the field a problem belongs to', () => {
    const draft = toDraft(DEFAULT_BOOKING_MAIL)
    const bad = (patch: (d: typeof draft) => void) => {
      const d = structuredClone(draft)
      patch(d)
      return problemOf(d)
    }
    expect(bad((d) => (d.mails.balanceReminder.days = '7, x'))).toEqual({
      id: 'bm-balanceReminder-days',
      message: 'Balance reminder: days before the due date must be a number',
    })
    expect(bad((d) => (d.mails.thankYou.days = ''))).toMatchObject({ id: 'bm-thankYou-days' })
    expect(bad((d) => (d.mails.eventConfirmation.subject = 'See you {when}'))).toEqual({
      id: 'bm-eventConfirmation-subject',
      message: 'Event confirmation: the subject has an unknown placeholder {when}',
    })
    expect(bad((d) => (d.reviewUrl = 'not a link'))).toEqual({
      id: 'bm-reviewUrl',
      message: 'The review link must be a web address (https://...)',
    })
  })

  it('reads days and the review link as the owner typed them: spaces around, a trailing comma, blank is not zero', () => {
    const d = toDraft(DEFAULT_BOOKING_MAIL)
    d.reviewUrl = '  https://g.page/r/peony  '
    d.mails.balanceReminder.days = ' 10 , 3, '
    d.mails.thankYou.days = ' 2 '
    const settings = fromDraft(d)
    expect(settings.reviewUrl).toBe('https://g.page/r/peony')
    expect(settings.balanceReminder.daysBefore).toEqual([10, 3])
    expect(settings.thankYou.afterDays).toBe(2)
    d.mails.thankYou.days = '   '
    expect(problemOf(d)).toMatchObject({ id: 'bm-thankYou-days' })
  })

  it('puts a problem with the text or the switch on that field', () => {
    const d = toDraft(DEFAULT_BOOKING_MAIL)
    d.mails.quoteFollowUp.body = ''
    expect(problemOf(d)).toMatchObject({ id: 'bm-quoteFollowUp-body' })
    const e = toDraft(DEFAULT_BOOKING_MAIL)
    e.mails.thankYou.subject = ''
    expect(problemOf(e)).toEqual({ id: 'bm-thankYou-subject', message: 'Thank-you and review: the subject is required' })
    const f = toDraft(DEFAULT_BOOKING_MAIL)
    f.mails.quoteFollowUp.on = 'yes' as never
    expect(problemOf(f)).toEqual({ id: 'bm-quoteFollowUp-on', message: 'Quote follow-up: on must be true or false' })
  })

  it('says each e-mail in words for the changed-elsewhere dialog: on or off, its days, subject and text', () => {
    const words = bookingMailInWords({ ...DEFAULT_BOOKING_MAIL, balanceOverdue: { ...DEFAULT_BOOKING_MAIL.balanceOverdue, on: false } })
    const { balanceReminder: reminder, balanceOverdue: overdue } = DEFAULT_BOOKING_MAIL
    expect(words.reviewUrl).toBe(DEFAULT_BOOKING_MAIL.reviewUrl)
    expect(words.balanceReminder).toBe(`${reminder.on ? 'on' : 'off'}, 7, 1 days: ${reminder.subject}\n${reminder.body}`)
    expect(words.balanceOverdue).toBe(`off: ${overdue.subject}\n${overdue.body}`)
  })

  it('refuses a days value one over its limit, and a placeholder that almost matches, on that field', () => {
    const bad = (patch: (d: ReturnType<typeof toDraft>) => void) => {
      const d = toDraft(DEFAULT_BOOKING_MAIL)
      patch(d)
      return problemOf(d)
    }
    expect(bad((d) => (d.mails.eventConfirmation.days = '14'))).toBeNull()
    expect(bad((d) => (d.mails.eventConfirmation.days = '15'))).toEqual({
      id: 'bm-eventConfirmation-days',
      message: 'Event confirmation: days before the event is 14 at most',
    })
    expect(bad((d) => (d.mails.balanceReminder.days = '60, 61'))).toEqual({
      id: 'bm-balanceReminder-days',
      message: 'Balance reminder: days before the due date is 60 at most',
    })
    expect(bad((d) => (d.mails.thankYou.body = 'Hi {firstname}'))).toEqual({
      id: 'bm-thankYou-body',
      message: 'Thank-you and review: the text has an unknown placeholder {firstname}',
    })
  })

  it('a review link emptied, or left as spaces, is saved empty: no link, and nothing to refuse', () => {
    const d = toDraft({ ...DEFAULT_BOOKING_MAIL, reviewUrl: 'https://g.page/r/peony' })
    expect(d.reviewUrl).toBe('https://g.page/r/peony')
    d.reviewUrl = '   '
    expect(fromDraft(d).reviewUrl).toBe('')
    expect(problemOf(d)).toBeNull()
  })

  it('shows the error of a refused save on the field it named, and none once the error is cleared', () => {
    const id = fieldId('thankYou', 'days')
    expect(fieldError(id, 'Thank-you: days after Completed is 30 at most')).toEqual({
      id: 'bm-thankYou-days',
      message: 'Thank-you: days after Completed is 30 at most',
    })
    expect(fieldError(id, null)).toBeNull()
    expect(fieldError(id, '')).toBeNull()
    expect(fieldError(null, 'Failed to save the booking e-mails. Please try again.')).toBeNull()
    const error = fieldError(id, 'x')
    expect(invalidProps(error, id)).toEqual({ 'aria-invalid': true, 'aria-describedby': 'bm-thankYou-days-error' })
    expect(invalidProps(error, fieldId('thankYou', 'subject'))).toEqual({})
    expect(invalidProps(null, id)).toEqual({})
  })

  it('says when each e-mail goes; a days field for each but the overdue note', () => {
    expect(Object.keys(MAIL_WHEN)).toEqual([...BOOKING_MAILS])
    expect(BOOKING_MAILS.filter((k) => MAIL_WHEN[k].days)).toEqual(['quoteFollowUp', 'balanceReminder', 'eventConfirmation', 'thankYou'])
    expect(MAIL_WHEN.balanceReminder).toEqual({
      hint: 'To the client, with the payment link, before the balance due date (Pricing: balance due days before the event).',
      days: 'Days before the due date (e.g. 7, 1)',
    })
    expect(MAIL_WHEN.balanceOverdue).toEqual({
      hint: 'To you, the day after the balance due date, when the balance is not recorded as paid.',
    })
    expect(MAIL_WHEN.eventConfirmation).toEqual({ hint: 'To the client, before a booked event.', days: 'Days before the event' })
    expect(MAIL_WHEN.quoteFollowUp.days).toBe('Days after the quote is made')
    expect(MAIL_WHEN.thankYou.days).toBe('Days after Completed')
    expect(MAIL_WHEN.quoteFollowUp.hint).toBe('To the client, when a quote you sent is still unanswered (not accepted, not expired).')
    expect(MAIL_WHEN.thankYou.hint).toBe(
      'To the client, after you mark the lead Completed, with your review link (sent only when the link is set).',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_MAIL } from '../../../server/booking-mail/booking-mail.defaults'
import { bookingMailInWords, fromDraft, problemOf, toDraft } from './booking-mail-form'

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
    d.mails.balanceReminder.days = ' 10 , 3,'
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
  })

  it('says each e-mail in words for the changed-elsewhere dialog: on or off, its days, subject and text', () => {
    const words = bookingMailInWords({ ...DEFAULT_BOOKING_MAIL, balanceOverdue: { ...DEFAULT_BOOKING_MAIL.balanceOverdue, on: false } })
    const { balanceReminder: reminder, balanceOverdue: overdue } = DEFAULT_BOOKING_MAIL
    expect(words.reviewUrl).toBe(DEFAULT_BOOKING_MAIL.reviewUrl)
    expect(words.balanceReminder).toBe(`${reminder.on ? 'on' : 'off'}, 7, 1 days: ${reminder.subject}\n${reminder.body}`)
    expect(words.balanceOverdue).toBe(`off: ${overdue.subject}\n${overdue.body}`)
  })
})

import { describe, expect, it } from 'vitest'
import { DEFAULT_BOOKING_MAIL } from '../../../server/booking-mail/booking-mail.defaults'
import { fromDraft, problemOf, toDraft } from './booking-mail-form'

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
})

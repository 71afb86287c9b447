import { describe, expect, it } from 'vitest'
import type { UpcomingMail } from './booking-mail-api'
import { comingUpKey, comingUpSummary, FIRST_SHOWN, notSentNote, showAllLabel, shownItems, STATE_WORDS } from './coming-up-rules'

const line = (state: UpcomingMail['state'], date = '2026-06-06'): UpcomingMail => ({
  inquiryId: 'lead-1',
  name: 'Jane Doe',
  kind: 'balanceReminder',
  to: 'client',
  date,
  state,
})

describe('"Coming up"', () => {
  it('names each state as the owner reads it', () => {
    expect(STATE_WORDS).toEqual({ overdue: 'Overdue', failed: 'Failing', due: 'Due', scheduled: 'Scheduled' })
  })

  it('sums up most urgent first, whatever order the lines come in, and says when there is nothing', () => {
    expect(comingUpSummary([line('scheduled'), line('due'), line('scheduled'), line('failed'), line('overdue')])).toBe(
      '1 overdue · 1 failing · 1 due · 2 scheduled',
    )
    expect(comingUpSummary([line('scheduled')])).toBe('1 scheduled')
    expect(comingUpSummary([line('due'), line('due')])).toBe('2 due')
    expect(comingUpSummary([])).toBe('no booking e-mails in the next two weeks')
  })

  it('shows four lines, then all of them once asked; the button only from a fifth line', () => {
    const five = ['01', '02', '03', '04', '05'].map((d) => line('scheduled', `2026-06-${d}`))
    expect(FIRST_SHOWN).toBe(4)
    expect(shownItems(five, false)).toEqual(five.slice(0, 4))
    expect(shownItems(five, true)).toEqual(five)
    expect(shownItems(five.slice(0, 3), false)).toEqual(five.slice(0, 3))
    expect(showAllLabel(4, false)).toBeNull()
    expect(showAllLabel(4, true)).toBeNull()
    expect(showAllLabel(5, false)).toBe('Show all 5')
    expect(showAllLabel(5, true)).toBe('Show fewer')
  })

  it('says nothing is sent only when the server has no e-mail set up and something is listed', () => {
    expect(notSentNote(false, 1)).toBe('E-mail is not set up on the server, so none of these is sent.')
    expect(notSentNote(false, 0)).toBeNull()
    expect(notSentNote(true, 3)).toBeNull()
  })

  it("keys a line by its lead, kind and day (a lead's two reminders are two lines)", () => {
    expect(comingUpKey(line('due'))).toBe('lead-1-balanceReminder-2026-06-06')
    expect(comingUpKey(line('due', '2026-06-12'))).not.toBe(comingUpKey(line('due')))
  })
})

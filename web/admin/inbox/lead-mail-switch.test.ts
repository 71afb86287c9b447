import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { leadMailOn, switchedNotice, switchError } from './lead-mail-switch'

describe("a lead's booking e-mails switch", () => {
  it('is on unless switched off: a lead never switched, or switched back on, gets the e-mails', () => {
    expect(leadMailOn({})).toBe(true)
    expect(leadMailOn({ bookingMail: { sent: [] } })).toBe(true)
    expect(leadMailOn({ bookingMail: { sent: [], off: false } })).toBe(true)
    expect(leadMailOn({ bookingMail: { sent: [], off: true } })).toBe(false)
  })

  it('tells the owner what was saved', () => {
    expect(switchedNotice(true)).toBe('Booking e-mails on for this lead')
    expect(switchedNotice(false)).toBe('Booking e-mails off for this lead')
  })

  it("shows the server's refusal in its words, anything else as a retry", () => {
    expect(switchError(new ApiError('No such inquiry', 404))).toBe('No such inquiry')
    expect(switchError(new ApiError('Internal error', 500))).toBe('The switch could not be saved. Please try again.')
    expect(switchError(new TypeError('Failed to fetch'))).toBe('The switch could not be saved. Please try again.')
  })
})

// The reply templates as the owner edits them: one changed, removed or added (the others untouched), the placeholders'
// hint word for word, and what she is told when a save fails.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { NEW_TEMPLATE, PLACEHOLDERS_HINT, saveFailure, withNewTemplate, withoutTemplate, withTemplate } from './reply-templates-draft'

const a = { name: 'Thanks', subject: 'Thanks, {firstName}', body: 'Hi {firstName}' }
const b = { name: 'Quote', subject: 'Your quote', body: 'It is {quote}' }
const c = { name: 'Booked', subject: 'Booked!', body: 'See you on {eventDate}' }

describe('the templates edited', () => {
  it('change one at a time', () => {
    const list = [a, b, c]
    expect(withTemplate(list, 1, { subject: 'Your quote for {service}' })).toEqual([a, { ...b, subject: 'Your quote for {service}' }, c])
    expect(withTemplate(list, 0, { name: '' })).toEqual([{ ...a, name: '' }, b, c])
    expect(list[1].subject).toBe('Your quote')
  })

  it('lose the one removed only', () => {
    const list = [a, b, c]
    expect(withoutTemplate(list, 0)).toEqual([b, c])
    expect(withoutTemplate(list, 2)).toEqual([a, b])
    expect(withoutTemplate(list, 3)).toEqual([a, b, c])
  })

  it('gain a new one at the end, greeting the visitor by first name', () => {
    expect(withNewTemplate([a])).toEqual([a, { name: 'New template', subject: 'Your {service} inquiry', body: 'Hi {firstName},\n\n' }])
    expect(withNewTemplate([])).toEqual([NEW_TEMPLATE])
  })

  it('each gain a template of its own (editing one added leaves the next one added as new)', () => {
    const [added] = withNewTemplate([])
    added.name = 'Changed'
    expect(withNewTemplate([])[0].name).toBe('New template')
  })
})

describe('the placeholders hint', () => {
  it('names every placeholder and where the quote, the deposit and her name come from', () => {
    expect(PLACEHOLDERS_HINT).toBe(
      'Placeholders: {name}, {firstName}, {service}, {eventDate}, {quote}, {deposit}, {ownerName} are filled in from the inquiry ' +
        '({quote} and {deposit} from its Pipeline); {ownerName} is your name from Site, Brand (or the brand name when it is empty).',
    )
  })
})

describe('a failed save', () => {
  it("is told in the server's words", () => {
    expect(saveFailure(new ApiError('Template 2: Subject is required', 400))).toBe('Template 2: Subject is required')
    expect(saveFailure(new ApiError('Too many requests', 429))).toBe('Too many requests')
  })

  it('is told plainly when the server said nothing (a lost connection)', () => {
    expect(saveFailure(new TypeError('Failed to fetch'))).toBe('Could not save the templates.')
    expect(saveFailure(undefined)).toBe('Could not save the templates.')
  })

  it('is not told when the session ended (the sign-in screen says so)', () => {
    expect(saveFailure(new ApiError('Not signed in', 401))).toBeNull()
    expect(saveFailure(new ApiError('Forbidden', 403))).toBe('Forbidden')
  })
})

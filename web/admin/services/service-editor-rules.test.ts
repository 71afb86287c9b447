// The service editor as the owner sees it: the live page's link only while visitors can open it, Save Changes only for a
// valid change, the save bar's state, and the sentences after a save or a delete.
import { describe, expect, it } from 'vitest'
import type { Service } from '../admin-api'
import {
  deletedNotice,
  deleteQuestion,
  isValid,
  saveBarState,
  savedNotice,
  savesNow,
  showsOnWebsite,
  versionOf,
} from './service-editor-rules'

const FROM = '2026-12-01T09:00:00-08:00'
const UNTIL = '2026-12-24T00:00:00-08:00'
const at = (iso: string) => Date.parse(iso)

describe('View on website', () => {
  it('shows for a visible service without a schedule', () => {
    expect(showsOnWebsite({ visible: true }, at(FROM))).toBe(true)
    expect(showsOnWebsite({ visible: true, showFrom: null, showUntil: null }, 0)).toBe(true)
  })

  it('is hidden for a service switched off, whatever its schedule', () => {
    expect(showsOnWebsite({ visible: false }, at(FROM))).toBe(false)
    expect(showsOnWebsite({ visible: false, showFrom: FROM, showUntil: UNTIL }, at('2026-12-10T12:00:00-08:00'))).toBe(false)
  })

  it('shows from the schedule start (inclusive) until its end (exclusive)', () => {
    const service = { visible: true, showFrom: FROM, showUntil: UNTIL }
    expect(showsOnWebsite(service, at(FROM) - 1)).toBe(false)
    expect(showsOnWebsite(service, at(FROM))).toBe(true)
    expect(showsOnWebsite(service, at(UNTIL) - 1)).toBe(true)
    expect(showsOnWebsite(service, at(UNTIL))).toBe(false)
  })
})

describe('Save Changes', () => {
  it('counts the fields valid only when no field has an error', () => {
    expect(isValid({})).toBe(true)
    expect(isValid({ title: 'Title is required' })).toBe(false)
  })

  it('sends only a change with every field valid', () => {
    expect(savesNow(true, true)).toBe(true)
    expect(savesNow(false, true)).toBe(false)
    expect(savesNow(true, false)).toBe(false)
    expect(savesNow(false, false)).toBe(false)
  })

  it('bar says unsaved for a field or a picture description, and offers Discard only for the fields', () => {
    expect(saveBarState(true, false, true)).toEqual({ changed: true, blocked: null, discardable: true })
    expect(saveBarState(false, true, true)).toEqual({ changed: true, blocked: null, discardable: false })
    expect(saveBarState(false, false, true)).toEqual({ changed: false, blocked: null, discardable: false })
  })

  it('bar is blocked with the reason while a field is invalid', () => {
    expect(saveBarState(true, false, false)).toEqual({
      changed: true,
      blocked: 'Please fix the highlighted fields before saving.',
      discardable: true,
    })
  })

  it('sends back the version the service was read with', () => {
    expect(versionOf({ id: 'arches', version: 'abc123' } as unknown as Service)).toBe('abc123')
    expect(versionOf({ id: 'arches' } as unknown as Service)).toBeUndefined()
  })
})

describe('what the owner reads', () => {
  it('after a save and a delete, and before a delete', () => {
    expect(savedNotice('Balloon Arches')).toBe('"Balloon Arches" is updated on the website.')
    expect(deletedNotice('Balloon Arches')).toBe('"Balloon Arches" was removed.')
    expect(deleteQuestion('Balloon Arches')).toBe('Are you sure you want to delete "Balloon Arches"? This action cannot be undone.')
  })
})

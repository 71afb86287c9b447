// The pipeline card as the owner sees it: the lost reason's fields only for a lost lead, the note of why it was lost,
// the offer's words, and the Save button offered once something changed and held while it saves.
import { describe, expect, it } from 'vitest'
import { LOST_REASONS } from '../../../server/inquiries/inquiry-record.schema'
import { OTHER_REASON } from './pipeline-change'
import { lostNote, offerQuotedLabel, reasonFields, saveState } from './pipeline-card'

describe('the lost reason', () => {
  it('is asked only for a lost lead, her own words once she picks Other', () => {
    expect(reasonFields({ status: 'lost', reason: LOST_REASONS[0] })).toEqual({ menu: true, ownWords: false })
    expect(reasonFields({ status: 'lost', reason: OTHER_REASON })).toEqual({ menu: true, ownWords: true })
    expect(reasonFields({ status: 'booked', reason: OTHER_REASON })).toEqual({ menu: false, ownWords: false })
    expect(reasonFields({ status: 'new', reason: LOST_REASONS[0] })).toEqual({ menu: false, ownWords: false })
  })

  it('recorded is noted under the status of a lost lead, and not for another or without a reason', () => {
    expect(lostNote({ status: 'lost', lostReason: 'Over budget' })).toBe('Lost: Over budget')
    expect(lostNote({ status: 'lost', lostReason: '' })).toBeNull()
    expect(lostNote({ status: 'lost' })).toBeNull()
    expect(lostNote({ status: 'booked', lostReason: 'Over budget' })).toBeNull()
  })
})

describe('the offer to move a lead on', () => {
  it('names the status the lead has now', () => {
    expect(offerQuotedLabel({ status: 'new' })).toBe('Also move this lead from New to Quoted')
    expect(offerQuotedLabel({ status: 'contacted' })).toBe('Also move this lead from Contacted to Quoted')
  })
})

describe('Save pipeline', () => {
  it('is offered once something changed, and says so beside it', () => {
    expect(saveState(true, false)).toEqual({ label: 'Save pipeline', disabled: false, status: 'Unsaved changes' })
    expect(saveState(false, false)).toEqual({ label: 'Save pipeline', disabled: true, status: '' })
  })

  it('is held while it saves', () => {
    expect(saveState(true, true)).toEqual({ label: 'Saving...', disabled: true, status: 'Unsaved changes' })
    expect(saveState(false, true)).toEqual({ label: 'Saving...', disabled: true, status: '' })
  })
})

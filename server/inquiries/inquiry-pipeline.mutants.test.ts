// The pipeline card's changes as the owner sees them in the inbox: a lost lead keeps its reason (in the status
// history too) until it moves on, a status sent again is no new history entry, a note is added last. Pure.
import { describe, expect, it } from 'vitest'
import { addNote, applyInquiryChange } from './inquiry-pipeline'
import type { InquiryRecord } from './inquiry-record.schema'

const record = { id: 'x', status: 'contacted', history: [], notes: [{ at: 't0', text: 'First call' }] } as unknown as InquiryRecord

describe('a lost lead', () => {
  it('keeps its reason, said in the history entry', () => {
    const lost = applyInquiryChange(record, { status: 'lost', lostReason: 'Over budget' }, 't1')
    expect(lost).toMatchObject({ status: 'lost', lostReason: 'Over budget' })
    expect(lost.history).toEqual([{ at: 't1', from: 'contacted', to: 'lost', reason: 'Over budget' }])
    // A new reason while still lost replaces it without a history entry; no reason sent keeps the old one.
    const again = applyInquiryChange(lost, { status: 'lost', lostReason: 'No reply' }, 't2')
    expect(again).toMatchObject({ status: 'lost', lostReason: 'No reply' })
    expect(again.history).toHaveLength(1)
    expect(applyInquiryChange(again, { quotedAmount: 100 }, 't3').lostReason).toBe('No reply')
  })

  it('drops its reason when it moves on, and a reason sent for another status is not kept', () => {
    const lost = applyInquiryChange(record, { status: 'lost', lostReason: 'Over budget' }, 't1')
    const back = applyInquiryChange(lost, { status: 'quoted' }, 't2')
    expect(back.status).toBe('quoted')
    expect(back).not.toHaveProperty('lostReason')
    expect(back.history.at(-1)).toEqual({ at: 't2', from: 'lost', to: 'quoted' })
    const booked = applyInquiryChange(record, { status: 'booked', lostReason: 'Over budget' }, 't1')
    expect(booked).not.toHaveProperty('lostReason')
    expect(booked.history).toEqual([{ at: 't1', from: 'contacted', to: 'booked' }])
  })
})

describe('other changes', () => {
  it('the same status again, or none, adds no history entry and no money entry', () => {
    const same = applyInquiryChange(record, { status: 'contacted' }, 't1')
    expect(same.history).toEqual([])
    expect(same.status).toBe('contacted')
    expect(same).not.toHaveProperty('moneyHistory')
    expect(applyInquiryChange(record, { lostReason: 'x' }, 't1')).not.toHaveProperty('lostReason')
  })

  it('a deposit changed in amount or date is a new money entry; a cleared quote is kept as cleared', () => {
    const a = applyInquiryChange(record, { deposit: { amount: 200, date: '2031-01-02' }, quotedAmount: 700 }, 't1')
    const b = applyInquiryChange(a, { deposit: { amount: 200, date: '2031-01-03' } }, 't2')
    const c = applyInquiryChange(b, { deposit: { amount: 250, date: '2031-01-03' }, quotedAmount: null }, 't3')
    expect(c.moneyHistory).toEqual([
      { at: 't1', what: 'quote', amount: 700 },
      { at: 't1', what: 'deposit', amount: 200, date: '2031-01-02' },
      { at: 't2', what: 'deposit', amount: 200, date: '2031-01-03' },
      { at: 't3', what: 'quote', amount: null },
      { at: 't3', what: 'deposit', amount: 250, date: '2031-01-03' },
    ])
    expect(c).not.toHaveProperty('quotedAmount')
    expect(applyInquiryChange(record, { deposit: null }, 't1')).not.toHaveProperty('moneyHistory')
  })

  it('a change that does not name the deposit keeps it, with no money entry', () => {
    const paid = applyInquiryChange(record, { deposit: { amount: 200, date: '2031-01-02' } }, 't1')
    const moved = applyInquiryChange(paid, { status: 'booked' }, 't2')
    expect(moved.deposit).toEqual({ amount: 200, date: '2031-01-02' })
    expect(moved.moneyHistory).toEqual(paid.moneyHistory)
  })

  it('a note is added after the others, the record otherwise unchanged', () => {
    const next = addNote(record, 'Sent the quote', 't1')
    expect(next.notes).toEqual([
      { at: 't0', text: 'First call' },
      { at: 't1', text: 'Sent the quote' },
    ])
    expect(next).toMatchObject({ id: 'x', status: 'contacted' })
    expect(record.notes).toHaveLength(1)
  })
})

import { describe, expect, it } from 'vitest'
import { applyInquiryChange } from './inquiry-pipeline'
import type { InquiryRecord } from './inquiry-record.schema'

const record = { id: 'x', status: 'contacted', history: [], notes: [] } as unknown as InquiryRecord

describe('a change from the pipeline card', () => {
  it('moves the status and saves the quote in one change, each with its history entry', () => {
    const next = applyInquiryChange(record, { status: 'quoted', quotedAmount: 725 }, 't1')
    expect(next).toMatchObject({ status: 'quoted', quotedAmount: 725 })
    expect(next.history).toEqual([{ at: 't1', from: 'contacted', to: 'quoted' }])
    expect(next.moneyHistory).toEqual([{ at: 't1', what: 'quote', amount: 725 }])
  })

  it('records a deposit, its change and its clearing, but not a save that changes nothing', () => {
    const a = applyInquiryChange(record, { deposit: { amount: 200, date: '2031-01-02' } }, 't1')
    const b = applyInquiryChange(a, { deposit: { amount: 200, date: '2031-01-02' }, quotedAmount: null }, 't2')
    expect(b.moneyHistory).toHaveLength(1)
    const c = applyInquiryChange(b, { deposit: null }, 't3')
    expect(c.deposit).toBeUndefined()
    expect(c.moneyHistory).toEqual([
      { at: 't1', what: 'deposit', amount: 200, date: '2031-01-02' },
      { at: 't3', what: 'deposit', amount: null },
    ])
  })
})

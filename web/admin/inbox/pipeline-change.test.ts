// The pipeline card's rules: what it starts from, when Save is offered, the one change Save sends and the sentence the
// owner reads after it, and the refusals (a lost lead without a reason, an amount that is not one, a deposit undated).
import { describe, expect, it } from 'vitest'
import { initialPipelineForm, OTHER_REASON, pipelineEdit, type PipelineForm } from './pipeline-change'
import type { InquiryRecord } from './inbox-api'

type Rec = Pick<InquiryRecord, 'status' | 'lostReason' | 'quotedAmount' | 'deposit'>
const TODAY = '2026-05-04'
const fresh: Rec = { status: 'new' }
const form = (record: Rec, change: Partial<PipelineForm> = {}): PipelineForm => ({ ...initialPipelineForm(record, TODAY), ...change })
const edit = (record: Rec, change: Partial<PipelineForm> = {}) => pipelineEdit(record, form(record, change))
const sent = (record: Rec, change: Partial<PipelineForm>) => {
  const { save } = edit(record, change)
  if (!save || 'problem' in save) throw new Error(`not sent: ${JSON.stringify(save)}`)
  return save
}
const refusal = (record: Rec, change: Partial<PipelineForm>) => {
  const { save } = edit(record, change)
  if (!save || !('problem' in save)) throw new Error(`not refused: ${JSON.stringify(save)}`)
  return save.problem
}

describe('the card as it opens', () => {
  it('shows a new lead empty, the first reason chosen, the deposit dated today and the offer ticked', () => {
    expect(initialPipelineForm(fresh, TODAY)).toEqual({
      status: 'new',
      reason: 'Date not available',
      otherReason: '',
      quote: '',
      depositAmount: '',
      depositDate: TODAY,
      moveToQuoted: true,
    })
  })

  it('shows the quote, the deposit and its date as recorded', () => {
    const record: Rec = { status: 'booked', quotedAmount: 1250.5, deposit: { amount: 200, date: '2026-04-30' } }
    expect(initialPipelineForm(record, TODAY)).toMatchObject({ quote: '1250.5', depositAmount: '200', depositDate: '2026-04-30' })
  })

  it('chooses a listed lost reason in the menu, and an unlisted one as Other with its words', () => {
    expect(initialPipelineForm({ status: 'lost', lostReason: 'Over budget' }, TODAY)).toMatchObject({
      reason: 'Over budget',
      otherReason: '',
    })
    expect(initialPipelineForm({ status: 'lost', lostReason: 'Moved abroad' }, TODAY)).toMatchObject({
      reason: OTHER_REASON,
      otherReason: 'Moved abroad',
    })
  })

  it('ignores a lost reason left on a lead that is no longer lost', () => {
    expect(initialPipelineForm({ status: 'contacted', lostReason: 'Moved abroad' }, TODAY)).toMatchObject({
      reason: 'Date not available',
      otherReason: '',
    })
  })

  it('offers no Save while nothing differs from the record', () => {
    for (const record of [
      fresh,
      { status: 'lost', lostReason: 'Moved abroad' },
      { status: 'lost', lostReason: 'No reply' },
      { status: 'quoted', quotedAmount: 450, deposit: { amount: 100, date: '2026-04-01' } },
    ] satisfies Rec[]) {
      expect(edit(record)).toEqual({ dirty: false, offerQuoted: false, save: null })
    }
  })

  it('counts the same amount written another way as unchanged', () => {
    const record: Rec = { status: 'quoted', quotedAmount: 1250, deposit: { amount: 200, date: '2026-04-01' } }
    expect(edit(record, { quote: '$1,250.00', depositAmount: ' 200 ' }).dirty).toBe(false)
  })
})

describe('status', () => {
  it('moves the lead and says where to', () => {
    expect(sent(fresh, { status: 'booked' })).toEqual({ change: { status: 'booked' }, done: 'Saved: Moved to Booked' })
  })

  it('marks it lost with the chosen reason, or the written one trimmed', () => {
    expect(sent(fresh, { status: 'lost', reason: 'Over budget' })).toEqual({
      change: { status: 'lost', lostReason: 'Over budget' },
      done: 'Saved: Marked as lost',
    })
    expect(sent(fresh, { status: 'lost', reason: OTHER_REASON, otherReason: '  Moved abroad ' }).change).toEqual({
      status: 'lost',
      lostReason: 'Moved abroad',
    })
  })

  it('refuses Other with no words (or only spaces), naming what is missing', () => {
    expect(refusal(fresh, { status: 'lost', reason: OTHER_REASON, otherReason: '   ' })).toBe('Write why the lead was lost.')
    expect(refusal(fresh, { status: 'lost', reason: OTHER_REASON })).toBe('Write why the lead was lost.')
  })

  it('sends a new reason for a lead already lost, and nothing when the reason is the same', () => {
    const lost: Rec = { status: 'lost', lostReason: 'No reply' }
    expect(sent(lost, { reason: 'Over budget' }).change).toEqual({ status: 'lost', lostReason: 'Over budget' })
    expect(edit(lost, { reason: 'No reply' }).save).toBeNull()
  })

  it('asks for no reason when the lead moves anywhere but Lost, whatever the reason menu holds', () => {
    expect(sent(fresh, { status: 'booked', reason: OTHER_REASON, otherReason: '' }).change).toEqual({ status: 'booked' })
  })

  it('takes no chosen reason as none, not the words once typed under Other', () => {
    expect(refusal(fresh, { status: 'lost', reason: '', otherReason: 'Moved abroad' })).toBe('Write why the lead was lost.')
  })

  it('leaves the reason out when the lead is moved to another status', () => {
    expect(sent({ status: 'lost', lostReason: 'No reply' }, { status: 'contacted' }).change).toEqual({ status: 'contacted' })
  })
})

describe('quote', () => {
  it('sends the amount in dollars and says it as money', () => {
    expect(sent({ status: 'booked' }, { quote: '$1,250.50' })).toEqual({
      change: { quotedAmount: 1250.5 },
      done: 'Saved: Quote $1,250.50',
    })
  })

  it('clears a recorded quote when the field is emptied (spaces count as empty)', () => {
    expect(sent({ status: 'quoted', quotedAmount: 450 }, { quote: '  ' })).toEqual({
      change: { quotedAmount: null },
      done: 'Saved: Quote cleared',
    })
  })

  it('refuses what is not an amount, saying how to write one', () => {
    expect(refusal({ status: 'booked', quotedAmount: 450 }, { quote: '450.505' })).toBe(
      'Quoted amount must be a number, like 450 or 1250.50.',
    )
    expect(refusal(fresh, { quote: 'abc' })).toBe('Quoted amount must be a number, like 450 or 1250.50.')
  })

  it('offers to move a new or contacted lead on to Quoted, and does so unless the owner unticks it', () => {
    for (const status of ['new', 'contacted'] as const) {
      const record: Rec = { status }
      expect(edit(record, { quote: '450' }).offerQuoted).toBe(true)
      expect(sent(record, { quote: '450' })).toEqual({
        change: { quotedAmount: 450, status: 'quoted' },
        done: 'Saved: Moved to Quoted, quote $450',
      })
      expect(sent(record, { quote: '450', moveToQuoted: false })).toEqual({ change: { quotedAmount: 450 }, done: 'Saved: Quote $450' })
    }
  })

  it('makes no offer past Contacted, for a cleared quote, a quote that is not one, or when the status is changed too', () => {
    expect(edit({ status: 'quoted', quotedAmount: 300 }, { quote: '450' }).offerQuoted).toBe(false)
    expect(edit({ status: 'booked' }, { quote: '450' }).offerQuoted).toBe(false)
    expect(edit({ status: 'contacted', quotedAmount: 300 }, { quote: '' }).offerQuoted).toBe(false)
    expect(edit({ status: 'contacted' }, { quote: 'abc' }).offerQuoted).toBe(false)
    expect(edit({ status: 'contacted' }, { quote: '450', status: 'booked' }).offerQuoted).toBe(false)
    expect(sent({ status: 'contacted' }, { quote: '450', status: 'booked' })).toEqual({
      change: { status: 'booked', quotedAmount: 450 },
      done: 'Saved: Moved to Booked, quote $450',
    })
  })

  it('makes no offer when the quote is unchanged', () => {
    expect(edit({ status: 'contacted', quotedAmount: 450 }, { quote: '450' }).offerQuoted).toBe(false)
  })
})

describe('deposit', () => {
  it('sends the amount with the date it arrived', () => {
    expect(sent({ status: 'booked' }, { depositAmount: '200', depositDate: '2026-05-01' })).toEqual({
      change: { deposit: { amount: 200, date: '2026-05-01' } },
      done: 'Saved: Deposit $200',
    })
  })

  it('sends a new amount alone, the date kept', () => {
    const record: Rec = { status: 'booked', deposit: { amount: 200, date: '2026-05-01' } }
    expect(sent(record, { depositAmount: '250' })).toEqual({
      change: { deposit: { amount: 250, date: '2026-05-01' } },
      done: 'Saved: Deposit $250',
    })
  })

  it('sends a new date alone as a change of the deposit', () => {
    const record: Rec = { status: 'booked', deposit: { amount: 200, date: '2026-05-01' } }
    expect(sent(record, { depositDate: '2026-05-02' }).change).toEqual({ deposit: { amount: 200, date: '2026-05-02' } })
  })

  it('clears a recorded deposit when the amount is emptied, and has nothing to clear on a lead without one', () => {
    const record: Rec = { status: 'booked', deposit: { amount: 200, date: '2026-05-01' } }
    expect(sent(record, { depositAmount: ' ' })).toEqual({ change: { deposit: null }, done: 'Saved: Deposit cleared' })
    expect(edit({ status: 'booked' }, { depositAmount: '', depositDate: '2026-01-01' }).dirty).toBe(false)
  })

  it('refuses an amount that is not one, and an amount without a date', () => {
    expect(refusal(fresh, { depositAmount: '2OO' })).toBe('Deposit amount must be a number, like 200.')
    expect(refusal(fresh, { depositAmount: '200', depositDate: '' })).toBe('Choose the date the deposit arrived.')
  })
})

describe('everything at once', () => {
  it('sends one change and says each part in order', () => {
    expect(sent({ status: 'quoted', quotedAmount: 300 }, { status: 'booked', quote: '450', depositAmount: '100.5' })).toEqual({
      change: { status: 'booked', quotedAmount: 450, deposit: { amount: 100.5, date: TODAY } },
      done: 'Saved: Moved to Booked, quote $450, deposit $100.50',
    })
  })

  it('refuses the whole change for one bad part, so nothing half is sent', () => {
    expect(refusal({ status: 'new' }, { status: 'booked', quote: '450', depositAmount: 'lots' })).toBe(
      'Deposit amount must be a number, like 200.',
    )
    expect(refusal({ status: 'new' }, { status: 'lost', reason: OTHER_REASON, quote: '450' })).toBe('Write why the lead was lost.')
  })

  it('is dirty for any one change alone', () => {
    expect(edit(fresh, { status: 'contacted' }).dirty).toBe(true)
    expect(edit(fresh, { quote: '1' }).dirty).toBe(true)
    expect(edit(fresh, { depositAmount: '1' }).dirty).toBe(true)
    expect(edit(fresh, { depositAmount: 'x' }).dirty).toBe(true)
  })
})

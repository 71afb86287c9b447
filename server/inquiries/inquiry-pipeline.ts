// How a change from the inbox lands on an inquiry: status (with its history entry and lost reason), quote and deposit
// (each with its own history entry), notes.
import type { InquiryChange, InquiryRecord, MoneyChange } from './inquiry-record.schema'

/**
 * Applies only the fields the change names to the record as it is now (read inside the store's write queue), so two
 * edits of one inquiry sent at once both land: a status change never drops a note or a quote saved in between.
 */
export function applyInquiryChange(record: InquiryRecord, change: InquiryChange, at: string): InquiryRecord {
  let next: InquiryRecord = { ...record }
  if (change.status && change.status !== record.status) {
    const reason = change.status === 'lost' ? change.lostReason : undefined
    next.history = [...record.history, { at, from: record.status, to: change.status, ...(reason ? { reason } : {}) }]
    next.status = change.status
  }
  if (next.status === 'lost') {
    if (change.lostReason) next.lostReason = change.lostReason
  } else {
    delete next.lostReason
  }
  const money: MoneyChange[] = []
  if (change.quotedAmount !== undefined) {
    if ((record.quotedAmount ?? null) !== change.quotedAmount) money.push({ at, what: 'quote', amount: change.quotedAmount })
    next = withOptional(next, 'quotedAmount', change.quotedAmount)
  }
  if (change.deposit !== undefined) {
    const before = record.deposit
    const same = change.deposit ? before?.amount === change.deposit.amount && before.date === change.deposit.date : !before
    if (!same) money.push(change.deposit ? { at, what: 'deposit', ...change.deposit } : { at, what: 'deposit', amount: null })
    next = withOptional(next, 'deposit', change.deposit)
  }
  if (money.length) next.moneyHistory = [...(record.moneyHistory ?? []), ...money]
  return next
}

function withOptional<K extends 'quotedAmount' | 'deposit'>(record: InquiryRecord, key: K, value: InquiryRecord[K] | null): InquiryRecord {
  const { [key]: _old, ...rest } = record
  return (value === null ? rest : { ...rest, [key]: value }) as InquiryRecord
}

export function addNote(record: InquiryRecord, text: string, at: string): InquiryRecord {
  return { ...record, notes: [...record.notes, { at, text }] }
}

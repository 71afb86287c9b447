// How a change from the inbox lands on an inquiry: status (with its history entry and lost reason), quote, deposit, notes.
import type { InquiryChange, InquiryRecord } from './inquiry-record.schema'

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
  if (change.quotedAmount !== undefined) next = withOptional(next, 'quotedAmount', change.quotedAmount)
  if (change.deposit !== undefined) next = withOptional(next, 'deposit', change.deposit)
  return next
}

function withOptional<K extends 'quotedAmount' | 'deposit'>(record: InquiryRecord, key: K, value: InquiryRecord[K] | null): InquiryRecord {
  const { [key]: _old, ...rest } = record
  return (value === null ? rest : { ...rest, [key]: value }) as InquiryRecord
}

export function addNote(record: InquiryRecord, text: string, at: string): InquiryRecord {
  return { ...record, notes: [...record.notes, { at, text }] }
}

// The pipeline card's rules (inquiry-pipeline.tsx): what the card starts from, what the owner changed against the
// record (status, lost reason, quote, deposit), the change one Save sends, and the sentence for a refused amount.
import { LOST_REASONS } from '../../../server/inquiries/inquiry-record.schema'
import { formatMoney, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import { parseAmount } from './amount'
import type { InquiryChange, InquiryRecord, InquiryStatus } from './inbox-api'

/** The lost-reason menu's "Other (write it)". */
export const OTHER_REASON = '__other'

/** Statuses before a quote: entering an amount on such a lead offers to move it on to Quoted. */
const BEFORE_QUOTE: readonly InquiryStatus[] = ['new', 'contacted']

type PipelineRecord = Pick<InquiryRecord, 'status' | 'lostReason' | 'quotedAmount' | 'deposit'>

/** What the card's fields hold. */
export interface PipelineForm {
  status: InquiryStatus
  /** One of LOST_REASONS, or OTHER_REASON with the words in `otherReason`. */
  reason: string
  otherReason: string
  quote: string
  depositAmount: string
  depositDate: string
  /** The offer to move a lead before a quote on to Quoted, when a quote is entered. */
  moveToQuoted: boolean
}

const isListedReason = (reason: string) => (LOST_REASONS as readonly string[]).includes(reason)

/** The fields as the record has them (a deposit without a date yet is dated today). */
export function initialPipelineForm(record: PipelineRecord, today: string): PipelineForm {
  const recorded = record.status === 'lost' ? record.lostReason : undefined
  return {
    status: record.status,
    reason: recorded ? (isListedReason(recorded) ? recorded : OTHER_REASON) : LOST_REASONS[0],
    otherReason: recorded && !isListedReason(recorded) ? recorded : '',
    quote: record.quotedAmount?.toString() ?? '',
    depositAmount: record.deposit?.amount.toString() ?? '',
    depositDate: record.deposit?.date ?? today,
    moveToQuoted: true,
  }
}

export interface PipelineEdit {
  /** Something differs from the record: Save is offered. */
  dirty: boolean
  /** A quote entered on a lead before Quoted, its status untouched: the card offers to move it on. */
  offerQuoted: boolean
  /** What Save sends and says, or why it cannot (null while nothing changed). */
  save: { change: InquiryChange; done: string } | { problem: string } | null
}

/** Compares the card with the record: what changed, and the one change Save sends with its sentence. */
export function pipelineEdit(record: PipelineRecord, form: PipelineForm): PipelineEdit {
  const { status, quote, depositAmount, depositDate } = form
  const lostReason = form.reason === OTHER_REASON ? form.otherReason.trim() : form.reason
  const statusChanged = status !== record.status || (status === 'lost' && lostReason !== record.lostReason)
  const quoteCleared = quote.trim() === ''
  const quoteAmount = quoteCleared ? null : parseAmount(quote)
  // Words that are not an amount (null) differ from any recorded quote, also from none (undefined): Save is offered and
  // says what is wrong. Compared with `quotedAmount ?? null`, a lead without a quote took them as no change.
  const quoteChanged = quoteCleared ? record.quotedAmount !== undefined : quoteAmount !== record.quotedAmount
  const depositCleared = depositAmount.trim() === ''
  const depositValue = depositCleared ? null : parseAmount(depositAmount)
  const depositChanged = depositCleared
    ? record.deposit !== undefined
    : depositValue !== (record.deposit?.amount ?? null) || depositDate !== record.deposit?.date
  const offerQuoted = quoteChanged && quoteAmount !== null && !statusChanged && BEFORE_QUOTE.includes(record.status)
  const dirty = statusChanged || quoteChanged || depositChanged
  if (!dirty) return { dirty, offerQuoted, save: null }

  const refused = (problem: string): PipelineEdit => ({ dirty, offerQuoted, save: { problem } })
  const change: InquiryChange = {}
  const done: string[] = []
  if (statusChanged) {
    if (status === 'lost' && !lostReason) return refused('Write why the lead was lost.')
    change.status = status
    if (status === 'lost') change.lostReason = lostReason
    done.push(status === 'lost' ? 'marked as lost' : `moved to ${STATUS_LABELS[status]}`)
  }
  if (quoteChanged) {
    if (!quoteCleared && quoteAmount === null) return refused('Quoted amount must be a number, like 450 or 1250.50.')
    change.quotedAmount = quoteAmount
    done.push(quoteAmount === null ? 'quote cleared' : `quote ${formatMoney(quoteAmount)}`)
    if (offerQuoted && form.moveToQuoted) {
      change.status = 'quoted'
      done.unshift(`moved to ${STATUS_LABELS.quoted}`)
    }
  }
  if (depositChanged) {
    if (!depositCleared && depositValue === null) return refused('Deposit amount must be a number, like 200.')
    if (!depositCleared && !depositDate) return refused('Choose the date the deposit arrived.')
    change.deposit = depositValue === null ? null : { amount: depositValue, date: depositDate }
    done.push(depositValue === null ? 'deposit cleared' : `deposit ${formatMoney(depositValue)}`)
  }
  const words = done.join(', ')
  return { dirty, offerQuoted, save: { change, done: `Saved: ${words.charAt(0).toUpperCase()}${words.slice(1)}` } }
}

// Where a lead stands: its status (a lost one with a reason), the quoted amount and the deposit received, edited
// together and saved together: one Save sends everything changed on the card as one change.
import { useState, type FormEvent } from 'react'
import { INQUIRY_STATUSES, LOST_REASONS } from '../../../server/inquiries/inquiry-record.schema'
import { formatMoney, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import { studioToday } from '../../../server/lib/studio-time'
import { parseAmount } from './amount'
import type { InquiryChange, InquiryRecord, InquiryStatus } from './inbox-api'

const OTHER = '__other'

/** Statuses before a quote: entering an amount on such a lead offers to move it on to Quoted. */
const BEFORE_QUOTE: readonly InquiryStatus[] = ['new', 'contacted']

export function InquiryPipeline({
  record,
  busy,
  onChange,
}: {
  record: InquiryRecord
  busy: boolean
  onChange: (change: InquiryChange, done: string) => void
}) {
  const key = record.id
  const [status, setStatus] = useState<InquiryStatus>(record.status)
  const recordedReason = record.status === 'lost' ? record.lostReason : undefined
  const [reason, setReason] = useState<string>(
    recordedReason ? ((LOST_REASONS as readonly string[]).includes(recordedReason) ? recordedReason : OTHER) : LOST_REASONS[0],
  )
  const [otherReason, setOtherReason] = useState(
    recordedReason && !(LOST_REASONS as readonly string[]).includes(recordedReason) ? recordedReason : '',
  )
  const [quote, setQuote] = useState(record.quotedAmount?.toString() ?? '')
  const [depositAmount, setDepositAmount] = useState(record.deposit?.amount.toString() ?? '')
  const [depositDate, setDepositDate] = useState(record.deposit?.date ?? studioToday())
  const [moveToQuoted, setMoveToQuoted] = useState(true)
  const [problem, setProblem] = useState<string | null>(null)

  const lostReason = reason === OTHER ? otherReason.trim() : reason
  const statusChanged = status !== record.status || (status === 'lost' && lostReason !== record.lostReason)
  const quoteAmount = quote.trim() === '' ? null : parseAmount(quote)
  const quoteChanged = quote.trim() === '' ? record.quotedAmount !== undefined : quoteAmount !== (record.quotedAmount ?? null)
  const depositCleared = depositAmount.trim() === ''
  const depositValue = depositCleared ? null : parseAmount(depositAmount)
  const depositChanged = depositCleared
    ? record.deposit !== undefined
    : depositValue !== (record.deposit?.amount ?? null) || depositDate !== record.deposit?.date
  const offerQuoted = quoteChanged && quoteAmount !== null && !statusChanged && BEFORE_QUOTE.includes(record.status)
  const dirty = statusChanged || quoteChanged || depositChanged

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (!dirty || busy) return
    const change: InquiryChange = {}
    const done: string[] = []
    if (statusChanged) {
      if (status === 'lost' && !lostReason) return setProblem('Write why the lead was lost.')
      change.status = status
      if (status === 'lost') change.lostReason = lostReason
      done.push(status === 'lost' ? 'marked as lost' : `moved to ${STATUS_LABELS[status]}`)
    }
    if (quoteChanged) {
      if (quote.trim() !== '' && quoteAmount === null) return setProblem('Quoted amount must be a number, like 450 or 1250.50.')
      change.quotedAmount = quoteAmount
      done.push(quoteAmount === null ? 'quote cleared' : `quote ${formatMoney(quoteAmount)}`)
      if (offerQuoted && moveToQuoted) {
        change.status = 'quoted'
        done.unshift(`moved to ${STATUS_LABELS.quoted}`)
      }
    }
    if (depositChanged) {
      if (!depositCleared && depositValue === null) return setProblem('Deposit amount must be a number, like 200.')
      if (!depositCleared && !depositDate) return setProblem('Choose the date the deposit arrived.')
      change.deposit = depositValue === null ? null : { amount: depositValue, date: depositDate }
      done.push(depositValue === null ? 'deposit cleared' : `deposit ${formatMoney(depositValue)}`)
    }
    setProblem(null)
    const words = done.join(', ')
    onChange(change, `Saved: ${words.charAt(0).toUpperCase()}${words.slice(1)}`)
  }

  return (
    <section className="admin-inquiry__section admin-pipeline" aria-label="Pipeline">
      <h3 className="admin-inquiry__section-title">Pipeline</h3>
      <form onSubmit={save} aria-label={`Pipeline of ${record.inquiry.firstName} ${record.inquiry.lastName}`}>
        {problem && (
          <p className="admin-field__error" role="alert">
            {problem}
          </p>
        )}
        <div className="admin-pipeline__row">
          <div className="admin-pipeline__field">
            <label className="admin-field__label" htmlFor={`status-${key}`}>
              Status
            </label>
            <select
              id={`status-${key}`}
              className="admin-input"
              value={status}
              onChange={(e) => setStatus(e.target.value as InquiryStatus)}
            >
              {INQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {status === 'lost' && (
            <div className="admin-pipeline__field">
              <label className="admin-field__label" htmlFor={`reason-${key}`}>
                Why was it lost?
              </label>
              <select id={`reason-${key}`} className="admin-input" value={reason} onChange={(e) => setReason(e.target.value)}>
                {LOST_REASONS.map((r) => (
                  <option key={r}>{r}</option>
                ))}
                <option value={OTHER}>Other (write it)</option>
              </select>
            </div>
          )}
          {status === 'lost' && reason === OTHER && (
            <div className="admin-pipeline__field">
              <label className="admin-field__label" htmlFor={`other-${key}`}>
                Reason
              </label>
              <input
                id={`other-${key}`}
                className="admin-input"
                value={otherReason}
                maxLength={200}
                onChange={(e) => setOtherReason(e.target.value)}
              />
            </div>
          )}
        </div>
        {record.status === 'lost' && record.lostReason && <p className="admin-inquiry__muted">Lost: {record.lostReason}</p>}

        <div className="admin-pipeline__row">
          <div className="admin-pipeline__field">
            <label className="admin-field__label" htmlFor={`quote-${key}`}>
              Quoted amount ($)
            </label>
            <input
              id={`quote-${key}`}
              className="admin-input"
              inputMode="decimal"
              value={quote}
              onChange={(e) => setQuote(e.target.value)}
              placeholder="e.g. 450"
            />
          </div>
        </div>
        {offerQuoted && (
          <label className="admin-pipeline__offer">
            <input type="checkbox" checked={moveToQuoted} onChange={(e) => setMoveToQuoted(e.target.checked)} />
            Also move this lead from {STATUS_LABELS[record.status]} to Quoted
          </label>
        )}

        <div className="admin-pipeline__row" role="group" aria-label="Deposit received">
          <div className="admin-pipeline__field">
            <label className="admin-field__label" htmlFor={`deposit-${key}`}>
              Deposit received ($)
            </label>
            <input
              id={`deposit-${key}`}
              className="admin-input"
              inputMode="decimal"
              value={depositAmount}
              onChange={(e) => setDepositAmount(e.target.value)}
              placeholder="e.g. 200"
              aria-describedby={record.deposit ? `deposit-hint-${key}` : undefined}
            />
          </div>
          <div className="admin-pipeline__field">
            <label className="admin-field__label" htmlFor={`deposit-date-${key}`}>
              Received on
            </label>
            <input
              id={`deposit-date-${key}`}
              className="admin-input"
              type="date"
              value={depositDate}
              onChange={(e) => setDepositDate(e.target.value)}
            />
          </div>
          {record.deposit && (
            <p className="admin-inquiry__muted admin-pipeline__hint" id={`deposit-hint-${key}`}>
              Empty the amount and save to clear the deposit.
            </p>
          )}
        </div>

        <div className="admin-pipeline__save">
          <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={busy || !dirty}>
            {busy ? 'Saving...' : 'Save pipeline'}
          </button>
          <span className={`admin-pipeline__state${dirty ? ' is-dirty' : ''}`} role="status">
            {dirty ? 'Unsaved changes' : ''}
          </span>
        </div>
      </form>
    </section>
  )
}

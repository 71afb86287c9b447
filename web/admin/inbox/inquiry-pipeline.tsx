// Where a lead stands: its status (a lost one with a reason), the quoted amount and the deposit received.
import { useState, type FormEvent } from 'react'
import { INQUIRY_STATUSES, LOST_REASONS } from '../../../server/inquiries/inquiry-record.schema'
import { STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import { studioToday } from '../../../server/lib/studio-time'
import type { InquiryChange, InquiryRecord, InquiryStatus } from './inbox-api'

const OTHER = '__other'

/** "1,250.50" or "" -> a number, or null when it is not an amount. */
function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  return Number(cleaned)
}

export function InquiryPipeline({ record, busy, onChange }: { record: InquiryRecord; busy: boolean; onChange: (change: InquiryChange, done: string) => void }) {
  const key = record.id
  const [status, setStatus] = useState<InquiryStatus>(record.status)
  const [reason, setReason] = useState<string>(LOST_REASONS[0])
  const [otherReason, setOtherReason] = useState('')
  const [quote, setQuote] = useState(record.quotedAmount?.toString() ?? '')
  const [depositAmount, setDepositAmount] = useState(record.deposit?.amount.toString() ?? '')
  const [depositDate, setDepositDate] = useState(record.deposit?.date ?? studioToday())
  const [problem, setProblem] = useState<string | null>(null)

  const saveStatus = (event: FormEvent) => {
    event.preventDefault()
    if (status !== 'lost') return onChange({ status }, `Moved to ${STATUS_LABELS[status]}`)
    const lostReason = reason === OTHER ? otherReason.trim() : reason
    if (!lostReason) return setProblem('Write why the lead was lost.')
    setProblem(null)
    onChange({ status, lostReason }, 'Marked as lost')
  }
  const saveQuote = (event: FormEvent) => {
    event.preventDefault()
    const amount = quote.trim() === '' ? null : parseAmount(quote)
    if (quote.trim() !== '' && amount === null) return setProblem('Quoted amount must be a number, like 450 or 1250.50.')
    setProblem(null)
    onChange({ quotedAmount: amount }, amount === null ? 'Quote cleared' : 'Quote saved')
  }
  const saveDeposit = (event: FormEvent) => {
    event.preventDefault()
    const amount = parseAmount(depositAmount)
    if (amount === null) return setProblem('Deposit amount must be a number, like 200.')
    if (!depositDate) return setProblem('Choose the date the deposit arrived.')
    setProblem(null)
    onChange({ deposit: { amount, date: depositDate } }, 'Deposit saved')
  }

  return (
    <section className="admin-inquiry__section admin-pipeline" aria-label="Pipeline">
      <h3 className="admin-inquiry__section-title">Pipeline</h3>
      {problem && (
        <p className="admin-field__error" role="alert">
          {problem}
        </p>
      )}
      <form className="admin-pipeline__row" onSubmit={saveStatus}>
        <div className="admin-pipeline__field">
          <label className="admin-field__label" htmlFor={`status-${key}`}>
            Status
          </label>
          <select id={`status-${key}`} className="admin-input" value={status} onChange={(e) => setStatus(e.target.value as InquiryStatus)}>
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
            <input id={`other-${key}`} className="admin-input" value={otherReason} maxLength={200} onChange={(e) => setOtherReason(e.target.value)} />
          </div>
        )}
        <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={busy || (status === record.status && status !== 'lost')}>
          Save status
        </button>
      </form>
      {record.status === 'lost' && record.lostReason && <p className="admin-inquiry__muted">Lost: {record.lostReason}</p>}

      <form className="admin-pipeline__row" onSubmit={saveQuote}>
        <div className="admin-pipeline__field">
          <label className="admin-field__label" htmlFor={`quote-${key}`}>
            Quoted amount ($)
          </label>
          <input id={`quote-${key}`} className="admin-input" inputMode="decimal" value={quote} onChange={(e) => setQuote(e.target.value)} placeholder="e.g. 450" />
        </div>
        <button type="submit" className="admin-button admin-button--outline admin-button--small" disabled={busy}>
          Save quote
        </button>
      </form>

      <form className="admin-pipeline__row" onSubmit={saveDeposit} aria-label="Deposit received">
        <div className="admin-pipeline__field">
          <label className="admin-field__label" htmlFor={`deposit-${key}`}>
            Deposit received ($)
          </label>
          <input id={`deposit-${key}`} className="admin-input" inputMode="decimal" value={depositAmount} onChange={(e) => setDepositAmount(e.target.value)} placeholder="e.g. 200" />
        </div>
        <div className="admin-pipeline__field">
          <label className="admin-field__label" htmlFor={`deposit-date-${key}`}>
            Received on
          </label>
          <input id={`deposit-date-${key}`} className="admin-input" type="date" value={depositDate} onChange={(e) => setDepositDate(e.target.value)} />
        </div>
        <button type="submit" className="admin-button admin-button--outline admin-button--small" disabled={busy}>
          Save deposit
        </button>
        {record.deposit && (
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => onChange({ deposit: null }, 'Deposit cleared')}>
            Clear deposit
          </button>
        )}
      </form>
    </section>
  )
}

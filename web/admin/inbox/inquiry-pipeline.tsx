// Where a lead stands: its status (a lost one with a reason), the quoted amount and the deposit received, edited
// together and saved together: one Save sends everything changed on the card as one change (the rules: pipeline-change.ts).
import { useState, type FormEvent } from 'react'
import { INQUIRY_STATUSES, LOST_REASONS } from '../../../server/inquiries/inquiry-record.schema'
import { STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import { studioToday } from '../../../server/lib/studio-time'
import { initialPipelineForm, OTHER_REASON as OTHER, pipelineEdit, type PipelineForm } from './pipeline-change'
import type { InquiryChange, InquiryRecord, InquiryStatus } from './inbox-api'
import { lostNote, offerQuotedLabel, reasonFields, saveState } from './pipeline-card'

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
  const [form, setForm] = useState(() => initialPipelineForm(record, studioToday()))
  const [problem, setProblem] = useState<string | null>(null)
  const { status, reason, otherReason, quote, depositAmount, depositDate, moveToQuoted } = form
  const set =
    <K extends keyof PipelineForm>(field: K) =>
    (value: PipelineForm[K]) =>
      setForm((f) => ({ ...f, [field]: value }))
  const [setStatus, setReason, setOtherReason, setQuote, setDepositAmount, setDepositDate, setMoveToQuoted] = [
    set('status'),
    set('reason'),
    set('otherReason'),
    set('quote'),
    set('depositAmount'),
    set('depositDate'),
    set('moveToQuoted'),
  ]
  const { dirty, offerQuoted, save: outcome } = pipelineEdit(record, form)
  const shown = reasonFields(form)
  const lost = lostNote(record)
  const saving = saveState(dirty, busy)

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (!outcome || busy) return
    if ('problem' in outcome) return setProblem(outcome.problem)
    setProblem(null)
    onChange(outcome.change, outcome.done)
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
          {shown.menu && (
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
          {shown.ownWords && (
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
        {lost && <p className="admin-inquiry__muted">{lost}</p>}

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
            {offerQuotedLabel(record)}
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
          <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={saving.disabled}>
            {saving.label}
          </button>
          <span className={`admin-pipeline__state${dirty ? ' is-dirty' : ''}`} role="status">
            {saving.status}
          </span>
        </div>
      </form>
    </section>
  )
}

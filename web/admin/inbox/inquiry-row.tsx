// One inquiry in the inbox: a summary line (who, what, when, status, e-mail, warnings) that opens to everything about it.
import { formatStudioTime } from '../../../server/lib/studio-time'
import { formatMoney, shortEventDate, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import type { CalendarWarning, InquiryChange, InquiryRecord, ReplyTemplate } from './inbox-api'
import { BookingMailSwitch } from './booking-mail-switch'
import { InquiryHistory } from './inquiry-history'
import { InquiryQuotes } from './inquiry-quotes'
import { InquiryNotes } from './inquiry-notes'
import { InquiryPipeline } from './inquiry-pipeline'
import { InquiryPhotos } from './inquiry-photos'
import { ReplyButton } from './reply-button'
import {
  answers,
  colorSwatches,
  confirmationBadge,
  mailBadge,
  mailFailed,
  mailFailures,
  pipelineKey,
  warningBadge,
} from './inquiry-row-words'

interface InquiryRowProps {
  record: InquiryRecord
  warnings: CalendarWarning[]
  templates: ReplyTemplate[]
  open: boolean
  busy: boolean
  onToggle: () => void
  onChange: (change: InquiryChange, done: string) => void
  /** A quote was made or the booking e-mails switched: the record changed on the server (status, amount, notes). */
  onQuoted: () => void
  onAddNote: (text: string) => Promise<boolean>
  onReplied: () => void
  onRetry: () => void
}

export function InquiryRow({
  record,
  warnings,
  templates,
  open,
  busy,
  onToggle,
  onChange,
  onAddNote,
  onReplied,
  onRetry,
  onQuoted,
}: InquiryRowProps) {
  const q = record.inquiry
  const mail = mailBadge(record)
  const confirmation = confirmationBadge(record)
  const detailsId = `inquiry-${record.id}`
  const colors = q.balloonColors ?? []
  return (
    <li className={`admin-inquiry${record.status === 'new' ? ' is-new' : ''}`}>
      <button type="button" className="admin-inquiry__summary" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        <span className="admin-inquiry__who">
          <strong>
            {q.firstName} {q.lastName}
          </strong>
          <span className="admin-inquiry__service">{q.service}</span>
        </span>
        <span className="admin-inquiry__dates">
          <span>Event {shortEventDate(q.eventDate)}</span>
          <span className="admin-inquiry__received">Received {formatStudioTime(record.receivedAt)}</span>
        </span>
        <span className="admin-inquiry__badges">
          <span className={`admin-status admin-status--${record.status}`}>{STATUS_LABELS[record.status]}</span>
          {record.quotedAmount !== undefined && (
            <span className="admin-status admin-status--money">Quoted {formatMoney(record.quotedAmount)}</span>
          )}
          {record.deposit && <span className="admin-status admin-status--money">Deposit {formatMoney(record.deposit.amount)}</span>}
          <span className={`admin-status admin-status--mail-${mail.tone}`} title={mail.title}>
            {mail.label}
          </span>
          {confirmation && (
            <span className={`admin-status admin-status--mail-${confirmation.tone}`} title={confirmation.title}>
              {confirmation.label}
            </span>
          )}
          {warnings.map((w) => (
            <span key={w.kind} className="admin-status admin-status--warning">
              {warningBadge(w)}
            </span>
          ))}
        </span>
      </button>
      {open && (
        <div className="admin-inquiry__details" id={detailsId}>
          {warnings.map((w) => (
            <p key={w.kind} className="admin-inquiry__warning" role="note">
              {w.message}
            </p>
          ))}
          {mailFailures(record).map((note) => (
            <p key={note} className="admin-inquiry__mail-error" role="note">
              {note}
            </p>
          ))}
          <div className="admin-button-row admin-inquiry__actions">
            <ReplyButton record={record} templates={templates} onReplied={onReplied} />
            {mailFailed(record) && (
              <button type="button" className="admin-button admin-button--outline admin-button--small" disabled={busy} onClick={onRetry}>
                Retry e-mail now
              </button>
            )}
          </div>
          <dl className="admin-inquiry__answers">
            {answers(record).map(({ label, value, href }, i) => (
              <div key={`${label}-${i}`} className="admin-inquiry__answer">
                <dt>{label}</dt>
                <dd>{href ? <a href={href}>{value}</a> : value}</dd>
              </div>
            ))}
            {q.balloonColors && (
              <div className="admin-inquiry__answer">
                <dt>Balloon colors</dt>
                <dd>
                  {colors.length === 0
                    ? 'None chosen'
                    : colorSwatches(colors).map(({ name, hex }) => (
                        <span key={name} className="admin-color-chip">
                          <span className="admin-color-chip__swatch" style={{ background: hex }} aria-hidden="true" />
                          {name}
                        </span>
                      ))}
                </dd>
              </div>
            )}
          </dl>
          <InquiryPhotos record={record} />
          <div className="admin-inquiry__work">
            <InquiryPipeline key={pipelineKey(record)} record={record} busy={busy} onChange={onChange} />
            <InquiryNotes record={record} busy={busy} onAdd={onAddNote} />
          </div>
          <InquiryQuotes record={record} onQuoted={onQuoted} />
          <BookingMailSwitch record={record} onChanged={onQuoted} />
          <InquiryHistory record={record} />
        </div>
      )}
    </li>
  )
}

// One inquiry in the inbox: a summary line (who, what, when, status, e-mail, warnings) that opens to everything about it.
import { BALLOON_COLORS } from '../../../server/inquiries/balloon-colors'
import { formatStudioTime } from '../../../server/lib/studio-time'
import { formatMoney, inquiryRows, plural, shortEventDate, STATUS_LABELS } from '../../../server/inquiries/inquiry-format'
import type { CalendarWarning, InquiryChange, InquiryRecord, ReplyTemplate } from './inbox-api'
import { BookingMailSwitch } from './booking-mail-switch'
import { InquiryHistory } from './inquiry-history'
import { InquiryQuotes } from './inquiry-quotes'
import { InquiryNotes } from './inquiry-notes'
import { InquiryPipeline } from './inquiry-pipeline'
import { InquiryPhotos } from './inquiry-photos'
import { ReplyButton } from './reply-button'

const MAIL_BADGES: Record<InquiryRecord['mail']['state'], { label: string; tone: string; title: string }> = {
  sent: { label: 'E-mailed', tone: 'ok', title: 'Sent to the studio inbox' },
  pending: { label: 'E-mail queued', tone: 'wait', title: 'Waiting to be sent' },
  failed: { label: 'E-mail failing', tone: 'bad', title: 'Sending failed; it is retried automatically' },
  'not-configured': { label: 'Not e-mailed', tone: 'muted', title: 'E-mail is not set up (SMTP_URL); the inquiry is kept here' },
}

/** The visitor's confirmation e-mail (absent when none was planned). */
const CONFIRMATION_BADGES: Record<NonNullable<InquiryRecord['confirmation']>['state'], { label: string; tone: string; title: string }> = {
  sent: { label: 'Confirmed', tone: 'ok', title: 'The visitor was sent a confirmation' },
  pending: { label: 'Confirmation queued', tone: 'wait', title: "The visitor's confirmation is waiting to be sent" },
  failed: { label: 'Confirmation failing', tone: 'bad', title: "Sending the visitor's confirmation failed; it is retried automatically" },
  'not-configured': { label: 'Not confirmed', tone: 'muted', title: 'E-mail is not set up (SMTP_URL)' },
}

const colorHex = new Map(BALLOON_COLORS.map((c) => [c.name, c.hex]))

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
  const mail = MAIL_BADGES[record.mail.state]
  const confirmation = record.confirmation && CONFIRMATION_BADGES[record.confirmation.state]
  const detailsId = `inquiry-${record.id}`
  const colors = q.balloonColors ?? []
  const mailFailed = record.mail.state === 'failed' || record.confirmation?.state === 'failed'
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
              {w.kind === 'double-booked' ? 'Double booking' : 'Blocked date'}
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
          {record.mail.state === 'failed' && (
            <p className="admin-inquiry__mail-error" role="note">
              E-mail failed after {plural(record.mail.attempts, 'attempt')}
              {record.mail.lastError ? `: ${record.mail.lastError}` : ''}.
              {record.mail.nextAttemptAt
                ? ` Next automatic try ${formatStudioTime(record.mail.nextAttemptAt)}.`
                : ' No more automatic tries.'}
            </p>
          )}
          {record.confirmation?.state === 'failed' && (
            <p className="admin-inquiry__mail-error" role="note">
              The visitor's confirmation failed after {plural(record.confirmation.attempts, 'attempt')}
              {record.confirmation.lastError ? `: ${record.confirmation.lastError}` : ''}.
              {record.confirmation.nextAttemptAt
                ? ` Next automatic try ${formatStudioTime(record.confirmation.nextAttemptAt)}.`
                : ' No more automatic tries.'}
            </p>
          )}
          <div className="admin-button-row admin-inquiry__actions">
            <ReplyButton record={record} templates={templates} onReplied={onReplied} />
            {mailFailed && (
              <button type="button" className="admin-button admin-button--outline admin-button--small" disabled={busy} onClick={onRetry}>
                Retry e-mail now
              </button>
            )}
          </div>
          <dl className="admin-inquiry__answers">
            {inquiryRows(record)
              .filter(([label]) => label !== 'Balloon colors')
              .map(([label, value], i) => (
                <div key={`${label}-${i}`} className="admin-inquiry__answer">
                  <dt>{label}</dt>
                  <dd>
                    {label === 'Email' ? (
                      <a href={`mailto:${value}`}>{value}</a>
                    ) : label === 'Phone' ? (
                      <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ))}
            {q.balloonColors && (
              <div className="admin-inquiry__answer">
                <dt>Balloon colors</dt>
                <dd>
                  {colors.length === 0
                    ? 'None chosen'
                    : colors.map((name) => (
                        <span key={name} className="admin-color-chip">
                          <span
                            className="admin-color-chip__swatch"
                            style={{ background: colorHex.get(name) ?? 'transparent' }}
                            aria-hidden="true"
                          />
                          {name}
                        </span>
                      ))}
                </dd>
              </div>
            )}
          </dl>
          <InquiryPhotos record={record} />
          <div className="admin-inquiry__work">
            <InquiryPipeline
              key={`${record.status}|${record.quotedAmount}|${record.deposit?.amount}|${record.deposit?.date}`}
              record={record}
              busy={busy}
              onChange={onChange}
            />
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

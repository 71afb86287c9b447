// Inbox: every inquiry newest first with its e-mail state; expand for all answers, mark handled, export CSV.
import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { BALLOON_COLORS } from '../../../server/inquiries/balloon-colors'
import { formatStudioTime } from '../../../server/lib/studio-time'
import { inquiryRows } from '../../../server/inquiries/inquiry-format'
import { notifyError, notifySuccess } from '../ui/notify'
import { Loading } from '../ui/loading'
import {
  getInquiries,
  inquiriesCsvUrl,
  retryInquiryMail,
  setInquiryStatus,
  subscribersCsvUrl,
  type InquiryRecord,
  type InquiryStatusFilter,
} from './inbox-api'
import './inbox.css'

const FILTERS: { value: InquiryStatusFilter; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'all', label: 'All' },
]

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

/** A lapsed session already shows the login form again (the API client's 401 handler); anything else is said here. */
function failed(error: unknown, title: string, description: string) {
  if (error instanceof ApiError && error.status === 401) return
  notifyError(title, description)
}

export function InboxPanel() {
  const [filter, setFilter] = useState<InquiryStatusFilter>('new')
  const [items, setItems] = useState<InquiryRecord[] | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [open, setOpen] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const load = useCallback(async (status: InquiryStatusFilter) => {
    try {
      setItems(await getInquiries(status))
      setLoadFailed(false)
    } catch (error) {
      setLoadFailed(true)
      failed(error, 'Error loading inquiries', 'Could not load the inbox. Please try again.')
    }
  }, [])

  useEffect(() => {
    setItems(null)
    void load(filter)
  }, [filter, load])

  const replace = (record: InquiryRecord) =>
    setItems((list) =>
      (list ?? [])
        .map((r) => (r.id === record.id ? record : r))
        .filter((r) => filter === 'all' || r.status === filter),
    )

  const toggleStatus = async (record: InquiryRecord) => {
    const next = record.status === 'new' ? 'contacted' : 'new'
    setBusy(record.id)
    try {
      replace(await setInquiryStatus(record.id, next))
      notifySuccess(next === 'contacted' ? 'Marked as contacted' : 'Marked as new')
    } catch (error) {
      failed(error, 'Error', 'Could not update the inquiry. Please try again.')
    } finally {
      setBusy(null)
    }
  }

  const retry = async (record: InquiryRecord) => {
    setBusy(record.id)
    try {
      replace(await retryInquiryMail(record.id))
      notifySuccess('E-mail queued', 'It will be sent in a moment.')
      window.setTimeout(() => void load(filter), 3000)
    } catch (error) {
      failed(error, 'Error', error instanceof ApiError && error.status === 400 ? error.message : 'Could not retry the e-mail.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="admin-card admin-inbox" aria-labelledby="inbox-heading">
      <div className="admin-card__header admin-inbox__header">
        <div>
          <h2 className="admin-card__title" id="inbox-heading">
            Inbox
          </h2>
          <p className="admin-card__hint">Quote inquiries from the website, newest first. Times are Pacific.</p>
        </div>
        <div className="admin-button-row">
          <a className="admin-button admin-button--outline admin-button--small" href={inquiriesCsvUrl(filter)} download>
            Export CSV
          </a>
          <a className="admin-button admin-button--outline admin-button--small" href={subscribersCsvUrl} download>
            Export subscribers
          </a>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => void load(filter)}>
            Refresh
          </button>
        </div>
      </div>

      <div className="admin-inbox__filters" role="group" aria-label="Show inquiries">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="admin-inbox__filter"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
      </div>

      {!items && !loadFailed && <Loading label="Loading inquiries..." />}
      {!items && loadFailed && (
        <div className="admin-empty">
          <p>The inbox could not be loaded.</p>
          <button type="button" className="admin-button admin-button--primary" onClick={() => void load(filter)}>
            Try again
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <p className="admin-empty-note">
          {filter === 'new' ? 'No new inquiries. You are all caught up.' : filter === 'contacted' ? 'No contacted inquiries yet.' : 'No inquiries yet.'}
        </p>
      )}
      {items && items.length > 0 && (
        <ul className="admin-inbox__list" aria-label="Inquiries">
          {items.map((record) => (
            <InquiryRow
              key={record.id}
              record={record}
              open={open === record.id}
              busy={busy === record.id}
              onToggle={() => setOpen((current) => (current === record.id ? null : record.id))}
              onToggleStatus={() => void toggleStatus(record)}
              onRetry={() => void retry(record)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function InquiryRow({
  record,
  open,
  busy,
  onToggle,
  onToggleStatus,
  onRetry,
}: {
  record: InquiryRecord
  open: boolean
  busy: boolean
  onToggle: () => void
  onToggleStatus: () => void
  onRetry: () => void
}) {
  const q = record.inquiry
  const mail = MAIL_BADGES[record.mail.state]
  const confirmation = record.confirmation && CONFIRMATION_BADGES[record.confirmation.state]
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
          <span>Event {q.eventDate}</span>
          <span className="admin-inquiry__received">Received {formatStudioTime(record.receivedAt)}</span>
        </span>
        <span className="admin-inquiry__badges">
          <span className={`admin-status admin-status--${record.status}`}>{record.status === 'new' ? 'New' : 'Contacted'}</span>
          <span className={`admin-status admin-status--mail-${mail.tone}`} title={mail.title}>
            {mail.label}
          </span>
          {confirmation && (
            <span className={`admin-status admin-status--mail-${confirmation.tone}`} title={confirmation.title}>
              {confirmation.label}
            </span>
          )}
        </span>
      </button>
      {open && (
        <div className="admin-inquiry__details" id={detailsId}>
          {record.mail.state === 'failed' && (
            <p className="admin-inquiry__mail-error" role="note">
              E-mail failed after {record.mail.attempts} attempt{record.mail.attempts === 1 ? '' : 's'}
              {record.mail.lastError ? `: ${record.mail.lastError}` : ''}.
              {record.mail.nextAttemptAt
                ? ` Next automatic try ${formatStudioTime(record.mail.nextAttemptAt)}.`
                : ' No more automatic tries.'}
            </p>
          )}
          {record.confirmation?.state === 'failed' && (
            <p className="admin-inquiry__mail-error" role="note">
              The visitor's confirmation failed after {record.confirmation.attempts} attempt{record.confirmation.attempts === 1 ? '' : 's'}
              {record.confirmation.lastError ? `: ${record.confirmation.lastError}` : ''}.
              {record.confirmation.nextAttemptAt
                ? ` Next automatic try ${formatStudioTime(record.confirmation.nextAttemptAt)}.`
                : ' No more automatic tries.'}
            </p>
          )}
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
                          <span className="admin-color-chip__swatch" style={{ background: colorHex.get(name) ?? 'transparent' }} aria-hidden="true" />
                          {name}
                        </span>
                      ))}
                </dd>
              </div>
            )}
          </dl>
          <div className="admin-button-row admin-inquiry__actions">
            <a className="admin-button admin-button--outline admin-button--small" href={`mailto:${q.email}?subject=${encodeURIComponent(`Your ${q.service} inquiry`)}`}>
              Reply by e-mail
            </a>
            {(record.mail.state === 'failed' || record.confirmation?.state === 'failed') && (
              <button type="button" className="admin-button admin-button--outline admin-button--small" disabled={busy} onClick={onRetry}>
                Retry e-mail now
              </button>
            )}
            <button type="button" className="admin-button admin-button--primary admin-button--small" disabled={busy} onClick={onToggleStatus}>
              {record.status === 'new' ? 'Mark as contacted' : 'Mark as new'}
            </button>
          </div>
        </div>
      )}
    </li>
  )
}

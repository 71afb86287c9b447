// The booking e-mails' editor (in the inbox, web/admin/inbox/booking-mail-section.tsx): the e-mails the site sends around a booking (quote follow-up, balance reminders, the overdue note to the
// owner, the event confirmation, the thank-you with the review link), each with its own on/off, when it goes, and its
// subject and text with placeholders. Save writes content/booking-mail.yaml as one commit.
import { useState } from 'react'
import { BOOKING_MAIL_LABELS, BOOKING_MAILS, PLACEHOLDERS, type BookingMailKind } from '../../../server/booking-mail/booking-mail.schema'
import { Loading } from '../ui/loading'
import { LoadFailed } from '../ui/load-failed'
import { notifySuccess } from '../ui/notify'
import { SaveBar } from '../ui/save-bar'
import { compareRows } from '../ui/stale-compare'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { splitVersion, useVersionedEditor } from '../ui/use-versioned-editor'
import {
  MAIL_WHEN,
  bookingMailInWords,
  fieldError,
  fieldId,
  fromDraft,
  invalidProps,
  problemOf,
  toDraft,
  type MailDraft,
} from './booking-mail-form'
import { getBookingMail, saveBookingMail } from './booking-mail-api'
import './booking-mail-panel.css'

const COMPARE_LABELS: Record<string, string> = { reviewUrl: 'Review link', ...BOOKING_MAIL_LABELS }

export function BookingMailPanel() {
  const editor = useVersionedEditor({
    name: 'booking-mail',
    load: async () => splitVersion(await getBookingMail()),
    toDraft,
    save: async (draft, baseVersion) => splitVersion(await saveBookingMail(fromDraft(draft), baseVersion)),
    check: (draft) => problemOf(draft)?.message ?? null,
    onSaved: () => notifySuccess('Booking e-mails saved'),
    saveError: (server) => server ?? 'Failed to save the booking e-mails. Please try again.',
  })
  /** The field the last refused save named (its message is the editor's error). */
  const [badField, setBadField] = useState<string | null>(null)
  const { draft, conflict } = editor

  if (editor.phase === 'load-failed') return <LoadFailed message="Failed to load the booking e-mails." onRetry={editor.retry} />
  if (!draft) return <Loading label="Loading the booking e-mails..." />

  const setMail = (kind: BookingMailKind, patch: Partial<MailDraft>) =>
    editor.edit((d) => ({ ...d, mails: { ...d.mails, [kind]: { ...d.mails[kind], ...patch } } }))
  const save = () => {
    const problem = problemOf(draft)
    setBadField(problem?.id ?? null)
    if (problem) {
      // Centred, so the sticky save bar never covers the field it names.
      const field = document.getElementById(problem.id)
      field?.focus({ preventScroll: true })
      field?.scrollIntoView({ block: 'center' })
    }
    void editor.save()
  }
  const error = fieldError(badField, editor.error)
  const invalid = (id: string) => invalidProps(error, id)
  const problemText = (id: string) =>
    error?.id === id ? (
      <span className="admin-error-text" id={`${id}-error`}>
        {error.message}
      </span>
    ) : null
  return (
    <div className="admin-booking-mail">
      <section className="admin-card" aria-labelledby="bm-intro-heading">
        <h2 className="admin-card__title" id="bm-intro-heading">
          Booking e-mails
        </h2>
        <p className="admin-card__hint">
          Sent by the site by itself, each once, and listed in the inquiry&rsquo;s history. Switch them off for one lead on its card above.
          In a subject or text you can use:{' '}
          {PLACEHOLDERS.map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              <code>{`{${p}}`}</code>
            </span>
          ))}
          .
        </p>
        <label className="admin-booking-mail__field" htmlFor={fieldId('reviewUrl')}>
          <span>Review link (e.g. your Google review page), put in the thank-you as {'{reviewLink}'}</span>
          <input
            id={fieldId('reviewUrl')}
            className="admin-input"
            type="url"
            inputMode="url"
            value={draft.reviewUrl}
            placeholder="https://g.page/r/.../review"
            onChange={(e) => editor.edit((d) => ({ ...d, reviewUrl: e.target.value }))}
            {...invalid(fieldId('reviewUrl'))}
          />
          {problemText(fieldId('reviewUrl'))}
        </label>
      </section>
      {BOOKING_MAILS.map((kind) => {
        const mail = draft.mails[kind]
        const heading = `bm-${kind}-heading`
        return (
          <section key={kind} className="admin-card" aria-labelledby={heading}>
            <h2 className="admin-card__title" id={heading}>
              {BOOKING_MAIL_LABELS[kind]}
            </h2>
            <p className="admin-card__hint">{MAIL_WHEN[kind].hint}</p>
            <div className="admin-booking-mail__row">
              <label className="admin-booking-mail__switch">
                <input
                  id={fieldId(kind, 'on')}
                  type="checkbox"
                  checked={mail.on}
                  onChange={(e) => setMail(kind, { on: e.target.checked })}
                />{' '}
                Send this e-mail
              </label>
              {MAIL_WHEN[kind].days && (
                <label className="admin-booking-mail__field admin-booking-mail__days" htmlFor={fieldId(kind, 'days')}>
                  <span>{MAIL_WHEN[kind].days}</span>
                  <input
                    id={fieldId(kind, 'days')}
                    className="admin-input"
                    inputMode="numeric"
                    value={mail.days}
                    onChange={(e) => setMail(kind, { days: e.target.value })}
                    {...invalid(fieldId(kind, 'days'))}
                  />
                  {problemText(fieldId(kind, 'days'))}
                </label>
              )}
            </div>
            <label className="admin-booking-mail__field" htmlFor={fieldId(kind, 'subject')}>
              <span>Subject</span>
              <input
                id={fieldId(kind, 'subject')}
                className="admin-input"
                value={mail.subject}
                onChange={(e) => setMail(kind, { subject: e.target.value })}
                {...invalid(fieldId(kind, 'subject'))}
              />
              {problemText(fieldId(kind, 'subject'))}
            </label>
            <label className="admin-booking-mail__field" htmlFor={fieldId(kind, 'body')}>
              <span>Text</span>
              <textarea
                id={fieldId(kind, 'body')}
                className="admin-input"
                rows={9}
                value={mail.body}
                onChange={(e) => setMail(kind, { body: e.target.value })}
                {...invalid(fieldId(kind, 'body'))}
              />
              {problemText(fieldId(kind, 'body'))}
            </label>
          </section>
        )
      })}
      <SaveBar saving={editor.saving} changed={editor.changed} error={editor.error} onDiscard={editor.discard} onSave={save} />
      <StaleEditDialog
        {...editor.conflictDialog}
        rows={conflict ? compareRows(bookingMailInWords(fromDraft(draft)), bookingMailInWords(conflict.current), COMPARE_LABELS) : []}
      />
    </div>
  )
}

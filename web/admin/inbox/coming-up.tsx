// The inbox's "Coming up": the booking e-mails at a glance, most urgent first (an overdue balance, an e-mail failing or
// due now, then the next two weeks); a name opens that lead. A few lines on a phone, the rest on request.
import { useEffect, useState } from 'react'
import { BOOKING_MAIL_LABELS } from '../../../server/booking-mail/booking-mail.schema'
import { shortEventDate } from '../../../server/inquiries/inquiry-format'
import { getUpcomingMail, type UpcomingMail } from './booking-mail-api'
import { comingUpKey, comingUpSummary, notSentNote, showAllLabel, shownItems, STATE_WORDS } from './coming-up-rules'
import { INQUIRIES_CHANGED } from './inbox-api'

export function ComingUp({ onOpen, onEdit }: { onOpen: (inquiryId: string) => void; onEdit: () => void }) {
  const [items, setItems] = useState<UpcomingMail[] | null>(null)
  const [mailConfigured, setMailConfigured] = useState(true)
  const [all, setAll] = useState(false)
  useEffect(() => {
    const load = () =>
      void getUpcomingMail().then(
        (r) => {
          setItems(r.items)
          setMailConfigured(r.mailConfigured)
        },
        () => undefined,
      )
    load()
    window.addEventListener(INQUIRIES_CHANGED, load)
    return () => window.removeEventListener(INQUIRIES_CHANGED, load)
  }, [])
  if (!items) return null
  const shown = shownItems(items, all)
  const note = notSentNote(mailConfigured, items.length)
  const toggle = showAllLabel(items.length, all)
  return (
    <section className="admin-coming-up" aria-labelledby="coming-up-heading">
      <h3 className="admin-coming-up__title" id="coming-up-heading">
        Coming up <span className="admin-coming-up__summary">{comingUpSummary(items)}</span>
      </h3>
      {note && <p className="admin-card__hint">{note}</p>}
      {shown.length > 0 && (
        <ul className="admin-coming-up__list">
          {shown.map((i) => (
            <li key={comingUpKey(i)} className="admin-coming-up__item">
              <span className={`admin-status admin-status--upcoming-${i.state}`}>{STATE_WORDS[i.state]}</span>
              <span className="admin-coming-up__date">{shortEventDate(i.date)}</span>
              <span className="admin-coming-up__what">
                {BOOKING_MAIL_LABELS[i.kind]}:{' '}
                <button type="button" className="admin-link-button" onClick={() => onOpen(i.inquiryId)}>
                  {i.name}
                </button>
                {i.lastError && <span className="admin-coming-up__error"> ({i.lastError})</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-coming-up__actions">
        {toggle && (
          <button
            type="button"
            className="admin-button admin-button--ghost admin-button--small"
            aria-expanded={all}
            onClick={() => setAll(!all)}
          >
            {toggle}
          </button>
        )}
        <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={onEdit}>
          Edit these e-mails
        </button>
      </div>
    </section>
  )
}

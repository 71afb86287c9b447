// Private notes on an inquiry: each with its time, newest last; only ever shown here.
import { useState, type FormEvent } from 'react'
import { formatStudioTime } from '../../../server/lib/studio-time'
import type { InquiryRecord } from './inbox-api'

export function InquiryNotes({ record, busy, onAdd }: { record: InquiryRecord; busy: boolean; onAdd: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('')
  const id = `note-${record.id}`
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() && (await onAdd(text.trim()))) setText('')
  }
  return (
    <section className="admin-inquiry__section" aria-label="Private notes">
      <h3 className="admin-inquiry__section-title">Private notes</h3>
      {record.notes.length === 0 ? (
        <p className="admin-inquiry__muted">No notes yet. Only you see them.</p>
      ) : (
        <ul className="admin-inquiry__notes">
          {record.notes.map((n, i) => (
            <li key={i}>
              <time dateTime={n.at}>{formatStudioTime(n.at)}</time>
              <p>{n.text}</p>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-inquiry__note-form" onSubmit={submit}>
        <label className="admin-field__label" htmlFor={id}>
          Add a note
        </label>
        <textarea id={id} className="admin-input" rows={2} value={text} onChange={(e) => setText(e.target.value)} maxLength={5000} />
        <button type="submit" className="admin-button admin-button--outline admin-button--small" disabled={busy || !text.trim()}>
          Add note
        </button>
      </form>
    </section>
  )
}

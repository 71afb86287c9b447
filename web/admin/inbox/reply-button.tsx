// "Reply": opens the owner's mail app with the chosen template filled in, and marks a new inquiry contacted.
import { useState } from 'react'
import { fillTemplate, type ReplyTemplate } from '../../../server/inquiries/reply-templates.schema'
import { shortEventDate } from '../../../server/inquiries/inquiry-format'
import type { InquiryRecord } from './inbox-api'

export function replyMailto(record: InquiryRecord, template: ReplyTemplate | undefined): string {
  const q = record.inquiry
  if (!template) return `mailto:${q.email}`
  const values = { name: `${q.firstName} ${q.lastName}`, firstName: q.firstName, service: q.service, eventDate: shortEventDate(q.eventDate) }
  const subject = encodeURIComponent(fillTemplate(template.subject, values))
  const body = encodeURIComponent(fillTemplate(template.body, values).replace(/\r?\n/g, '\r\n'))
  return `mailto:${q.email}?subject=${subject}&body=${body}`
}

export function ReplyButton({ record, templates, onReplied }: { record: InquiryRecord; templates: ReplyTemplate[]; onReplied: () => void }) {
  const [chosen, setChosen] = useState(0)
  const selectId = `template-${record.id}`
  return (
    <div className="admin-reply">
      <label className="admin-field__label" htmlFor={selectId}>
        Reply with
      </label>
      <select id={selectId} className="admin-input admin-reply__select" value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
        {templates.map((t, i) => (
          <option key={i} value={i}>
            {t.name}
          </option>
        ))}
        <option value={-1}>A blank e-mail</option>
      </select>
      <a className="admin-button admin-button--primary admin-button--small" href={replyMailto(record, templates[chosen])} onClick={onReplied}>
        Reply
      </a>
    </div>
  )
}

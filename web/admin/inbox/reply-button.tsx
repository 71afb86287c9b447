// "Reply": opens the owner's mail app with the chosen template filled in, and marks a new inquiry contacted.
import { useEffect, useState, type MouseEvent } from 'react'
import { fillTemplate, missingValues, type ReplyTemplate, type ReplyValues } from '../../../server/inquiries/reply-templates.schema'
import { formatMoney, shortEventDate } from '../../../server/inquiries/inquiry-format'
import { getSiteSettings } from '../admin-api'
import type { InquiryRecord } from './inbox-api'

/** Who signs the replies: the owner's name from the site settings, else the brand (asked for once per dashboard). */
let signature: Promise<string> | undefined
function loadSignature(): Promise<string> {
  signature ??= getSiteSettings().then(
    (s) => s.brand.ownerName || s.brand.name,
    () => '',
  )
  return signature
}
/** The signature, or undefined while the site settings are still on their way. */
function useSignature(): string | undefined {
  const [name, setName] = useState<string>()
  useEffect(() => {
    let live = true
    void loadSignature().then((n) => live && setName(n))
    return () => void (live = false)
  }, [])
  return name
}

export function replyValues(record: InquiryRecord, ownerName: string): ReplyValues {
  const q = record.inquiry
  return {
    name: `${q.firstName} ${q.lastName}`,
    firstName: q.firstName,
    service: q.service,
    eventDate: shortEventDate(q.eventDate),
    quote: record.quotedAmount !== undefined ? formatMoney(record.quotedAmount) : '',
    deposit: record.deposit ? formatMoney(record.deposit.amount) : '',
    ownerName,
  }
}

export function replyMailto(record: InquiryRecord, template: ReplyTemplate | undefined, ownerName = ''): string {
  const q = record.inquiry
  if (!template) return `mailto:${q.email}`
  const values = replyValues(record, ownerName)
  const subject = encodeURIComponent(fillTemplate(template.subject, values))
  const body = encodeURIComponent(fillTemplate(template.body, values).replace(/\r?\n/g, '\r\n'))
  return `mailto:${q.email}?subject=${subject}&body=${body}`
}

const MISSING_WORDS: Partial<Record<keyof ReplyValues, string>> = { quote: 'a quoted amount', deposit: 'a deposit' }

export function ReplyButton({
  record,
  templates,
  onReplied,
}: {
  record: InquiryRecord
  templates: ReplyTemplate[]
  onReplied: () => void
}) {
  const [chosen, setChosen] = useState(0)
  const ownerName = useSignature()
  const selectId = `template-${record.id}`
  const template = templates[chosen]
  // A template that names the quote on a lead with none saved would leave a gap in the e-mail: say so before it opens.
  const missing = template ? missingValues(template, replyValues(record, ownerName ?? '')).flatMap((k) => MISSING_WORDS[k] ?? []) : []
  // Pressed before the signature came (a slow connection): the e-mail opens once it has, signed.
  const reply = (event: MouseEvent<HTMLAnchorElement>) => {
    if (ownerName === undefined) {
      event.preventDefault()
      void loadSignature().then((name) => window.open(replyMailto(record, template, name), '_self'))
    }
    onReplied()
  }
  return (
    <div className="admin-reply">
      <label className="admin-field__label" htmlFor={selectId}>
        Reply with
      </label>
      <select
        id={selectId}
        className="admin-input admin-reply__select"
        value={chosen}
        onChange={(e) => setChosen(Number(e.target.value))}
        aria-describedby={missing.length ? `${selectId}-missing` : undefined}
      >
        {templates.map((t, i) => (
          <option key={i} value={i}>
            {t.name}
          </option>
        ))}
        <option value={-1}>A blank e-mail</option>
      </select>
      <a
        className="admin-button admin-button--primary admin-button--small"
        href={replyMailto(record, template, ownerName ?? '')}
        onClick={reply}
      >
        Reply
      </a>
      {missing.length > 0 && (
        <p className="admin-reply__missing" id={`${selectId}-missing`}>
          This template uses {missing.join(' and ')}, which this inquiry does not have yet: save it under Pipeline first, or fill it in in
          your e-mail.
        </p>
      )}
    </div>
  )
}

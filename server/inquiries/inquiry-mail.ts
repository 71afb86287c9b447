// The studio's e-mail for one inquiry: subject, plain text and simple HTML listing every answer, Reply-To the visitor.
import { formatStudioTime } from '../lib/studio-time'
import { inquiryRows } from './inquiry-format'
import type { InquiryRecord } from './inquiry-record.schema'

interface InquiryMessage {
  subject: string
  text: string
  html: string
  replyTo: { name: string; address: string }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

/** Header values must not carry line breaks (a visitor's name is not allowed to add headers). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim()
}

/** One photo's signed link for the e-mail (photo-links.ts); the picture itself is never attached. */
export interface PhotoLink {
  label: string
  url: string
}

export interface PhotoLinks {
  links: PhotoLink[]
  /** When the links stop working, in studio time. */
  until: string
}

export function composeInquiryMessage(record: InquiryRecord, brand: string, photos?: PhotoLinks): InquiryMessage {
  const q = record.inquiry
  const name = oneLine(`${q.firstName} ${q.lastName}`)
  const subject = oneLine(`New inquiry: ${q.service} — ${name}, ${q.eventDate}`)
  const rows = inquiryRows(record)
  const received = formatStudioTime(record.receivedAt)
  const text = [
    `A new inquiry came in through the ${brand} website.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value.includes('\n') ? `\n${value}\n` : value}`),
    '',
    ...(photos?.links.length
      ? [
          `Photos (links work until ${photos.until}; afterwards open the inquiry in the dashboard):`,
          ...photos.links.map((l) => `${l.label}: ${l.url}`),
          '',
        ]
      : []),
    `Received: ${received}`,
    `Inquiry id: ${record.id}`,
    '',
    `Reply to this e-mail to answer ${q.firstName} directly.`,
  ].join('\n')
  const cell = 'padding:6px 12px;border-bottom:1px solid #e8ddd2;vertical-align:top;text-align:left'
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.45">
<h2 style="margin:0 0 12px">New inquiry: ${escapeHtml(q.service)}</h2>
<p style="margin:0 0 16px">A new inquiry came in through the ${escapeHtml(brand)} website.</p>
<table style="border-collapse:collapse;max-width:640px">
${rows
  .map(
    ([label, value]) =>
      `<tr><th style="${cell};white-space:nowrap">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
${photos?.links.length ? photoLinksHtml(photos) : ''}
<p style="margin:16px 0 0;color:#6b5d6c;font-size:13px">Received ${escapeHtml(received)} · inquiry ${escapeHtml(record.id)}<br>
Reply to this e-mail to answer ${escapeHtml(q.firstName)} directly.</p>
</body></html>`
  return { subject, text, html, replyTo: { name, address: q.email } }
}

function photoLinksHtml(photos: PhotoLinks): string {
  const items = photos.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('\n')
  return `<h3 style="margin:16px 0 4px;font-size:15px">Photos</h3>
<ul style="margin:0;padding-left:20px">
${items}
</ul>
<p style="margin:4px 0 0;color:#6b5d6c;font-size:13px">These links work until ${escapeHtml(photos.until)}; afterwards open the inquiry in the dashboard.</p>`
}

// The visitor's confirmation e-mail: "we received your inquiry", what they asked for, what happens next, how to reach the studio.
// It goes to whatever address the form was given, so it holds nothing the sender typed: no name, no city, no message;
// only the service (one of the site's own titles), the event date (a checked date) and the studio's own words.
import { escapeHtml, oneLine } from './inquiry-mail'
import type { InquiryRecord } from './inquiry-record.schema'

/** The studio as the visitor should see it: from content/site.yaml. */
interface StudioContact {
  brand: string
  email: string
  phone?: string
}

interface ConfirmationMessage {
  subject: string
  text: string
  html: string
  /** The studio's contact address, so a reply from the visitor reaches a person. */
  replyTo: { name: string; address: string }
}

/** "2099-12-05" → "Saturday, December 5, 2099"; anything else is shown as the visitor sent it. */
export function formatEventDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return value
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  // A day or a month past its end rolls over (2099-13-01 would read as January 1, 2100): not a calendar date.
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3]) || date.getUTCMonth() !== Number(m[2]) - 1) return value
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(date)
}

/**
 * Only the service and the event date of what the visitor sent, and the studio's own details: none of their free
 * text (a stranger's address typed in the form must not receive words the sender chose), no other answers, no id.
 */
export function composeConfirmationMessage(record: InquiryRecord, studio: StudioContact): ConfirmationMessage {
  const q = record.inquiry
  const brand = oneLine(studio.brand)
  const date = formatEventDate(q.eventDate)
  // An older record's date that is not a calendar date is left out rather than repeated as typed.
  const summary: [string, string][] = [
    ['Service', oneLine(q.service)],
    ...(date !== q.eventDate ? [['Event date', date] as [string, string]] : []),
  ]
  const contact: [string, string][] = [['E-mail', studio.email], ...(studio.phone ? [['Phone', studio.phone] as [string, string]] : [])]
  const subject = oneLine(`We received your inquiry — ${brand}`)
  const text = [
    'Hello,',
    '',
    `Thank you for reaching out to ${brand}! We received your inquiry and are excited to hear about your event.`,
    '',
    'What you asked about:',
    ...summary.map(([label, value]) => `  ${label}: ${value}`),
    '',
    'What happens next: we read every inquiry ourselves and usually reply within one business day with ideas and a quote.',
    '',
    'If you think of anything else, or need to reach us sooner, simply reply to this e-mail or contact us:',
    ...contact.map(([label, value]) => `  ${label}: ${value}`),
    '',
    'Warmly,',
    brand,
  ].join('\n')
  const muted = 'color:#6b5d6c'
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.5">
<div style="max-width:560px">
<p style="margin:0 0 12px">Hello,</p>
<p style="margin:0 0 16px">Thank you for reaching out to ${escapeHtml(brand)}! We received your inquiry and are excited to hear about your event.</p>
<p style="margin:0 0 6px;font-weight:600">What you asked about</p>
<table style="border-collapse:collapse;margin:0 0 16px">
${summary
  .map(
    ([label, value]) =>
      `<tr><th style="padding:2px 16px 2px 0;text-align:left;${muted};font-weight:normal">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:0 0 16px"><strong>What happens next:</strong> we read every inquiry ourselves and usually reply within one business day with ideas and a quote.</p>
<p style="margin:0 0 6px">If you think of anything else, or need to reach us sooner, simply reply to this e-mail or contact us:</p>
<p style="margin:0 0 16px">E-mail: <a href="mailto:${escapeHtml(studio.email)}">${escapeHtml(studio.email)}</a>${
    studio.phone ? `<br>\nPhone: <a href="tel:${escapeHtml(studio.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(studio.phone)}</a>` : ''
  }</p>
<p style="margin:0">Warmly,<br>\n${escapeHtml(brand)}</p>
</div>
</body></html>`
  return { subject, text, html, replyTo: { name: brand, address: studio.email } }
}

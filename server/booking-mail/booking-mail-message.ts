// A booking e-mail made from its template: placeholders filled in, plain text and simple HTML (links clickable).
import { escapeHtml, oneLine } from '../inquiries/inquiry-mail'
import type { MailAddresses, OutgoingMail } from '../inquiries/mail-outbox'
import { PLACEHOLDER_PATTERN, type BookingMailTemplate, type PLACEHOLDERS } from './booking-mail.schema'

export type MailValues = Record<(typeof PLACEHOLDERS)[number], string>

/** `{placeholder}` filled from the values; an unknown one is left as written (the schema refuses them on save). */
export function fillTemplate(text: string, values: MailValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, key: string) => (Object.hasOwn(values, key) ? values[key as keyof MailValues] : whole))
}

function toHtml(text: string): string {
  const paragraphs = text.trim().split(/\n{2,}/)
  const linked = (line: string) => escapeHtml(line).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p.split('\n').map(linked).join('<br>\n')}</p>`).join('\n')
  return `<!doctype html>\n<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.5">\n${body}\n</body></html>`
}

/** To the client (from the brand, Reply-To the studio) or to the studio's own inbox. */
export function composeBookingMail(
  template: BookingMailTemplate,
  values: MailValues,
  to: { client: string } | 'owner',
  addresses: MailAddresses,
): OutgoingMail {
  const { from, brand, contact } = addresses
  const text = fillTemplate(template.body, values)
  const studio = { name: brand, address: contact?.email ?? addresses.to }
  return {
    from: from.includes('<') ? from : { name: brand, address: from },
    // An address object, so nothing the visitor typed is read as a list of recipients.
    to: to === 'owner' ? addresses.to : { name: '', address: to.client },
    subject: oneLine(fillTemplate(template.subject, values)),
    text,
    html: toHtml(text),
    replyTo: studio,
  }
}

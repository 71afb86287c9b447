// The client's e-mails about a quote: the link to it, the signed copy (PDF attached) and a receipt for each card
// payment. Amounts come from the quote's totals (money.ts) as the page and the signed record show them.
import { escapeHtml, oneLine } from '../inquiries/inquiry-mail'
import { formatStudioTime } from '../lib/studio-time'
import { formatMoney, type QuoteTotals } from '../pricing/money'
import type { Payment } from './quote.schema'

export interface ClientMessage {
  subject: string
  text: string
  html: string
}

interface MessageParts {
  subject: string
  paragraphs: string[]
  rows: [string, string][]
  link?: { url: string; words: string }
  brand: string
}

function message({ subject, paragraphs, rows, link, brand }: MessageParts): ClientMessage {
  const text = [
    'Hello,',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([label, value]) => `  ${label}: ${value}`),
    ...(link ? ['', `${link.words}: ${link.url}`] : []),
    '',
    'Warmly,',
    brand,
  ].join('\n')
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#2a1e2c;line-height:1.5">
<div style="max-width:560px">
<p style="margin:0 0 12px">Hello,</p>
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<table style="border-collapse:collapse;margin:0 0 16px">
${rows.map(([label, value]) => `<tr><th style="padding:2px 16px 2px 0;text-align:left;color:#6b5d6c;font-weight:normal">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}">${escapeHtml(link.words)}</a></p>` : ''}
<p style="margin:0">Warmly,<br>
${escapeHtml(brand)}</p>
</div>
</body></html>`
  return { subject: oneLine(subject), text, html }
}

interface QuoteFacts {
  brand: string
  url: string
  version: number
  eventDate: string
  totals: QuoteTotals
}

/** "Your quote": the link, the total and deposit without add-ons, and until when it can be accepted. */
export function composeQuoteLink(f: QuoteFacts & { validUntil: string }): ClientMessage {
  return message({
    subject: `${f.version > 1 ? 'Your updated quote' : 'Your quote'} from ${f.brand}`,
    paragraphs: [
      f.version > 1
        ? `Here is the updated quote for your event on ${f.eventDate} (version ${f.version}); it replaces the earlier one.`
        : `Thank you for your inquiry! Here is the quote for your event on ${f.eventDate}.`,
      'Open it to see every line, choose optional add-ons, read the agreement and accept it online.',
    ],
    rows: [
      ['Total', formatMoney(f.totals.totalCents)],
      ['Deposit to book the date', formatMoney(f.totals.depositCents)],
      ['Can be accepted until', f.validUntil],
    ],
    link: { url: f.url, words: 'Open your quote' },
    brand: f.brand,
  })
}

/** "Your signed agreement": what was signed and when; the PDF goes with it as an attachment. */
export function composeSignedCopy(f: QuoteFacts & { name: string; at: string; balanceDueDate: string }): ClientMessage {
  return message({
    subject: `Your signed agreement with ${f.brand}`,
    paragraphs: [
      `Thank you, ${f.name}! You accepted and signed the quote for your event on ${f.eventDate} on ${formatStudioTime(f.at)}.`,
      'A copy of the signed agreement and quote is attached as a PDF. Please keep it for your records.',
    ],
    rows: [
      ['Total', formatMoney(f.totals.totalCents)],
      ['Deposit', formatMoney(f.totals.depositCents)],
      ['Balance', `${formatMoney(f.totals.balanceCents)}, due by ${f.balanceDueDate}`],
    ],
    link: { url: f.url, words: 'Your quote and payment page' },
    brand: f.brand,
  })
}

/** A receipt for one card payment: the amount, what it paid for, and what is left to pay after it. */
export function composeReceipt(f: QuoteFacts & { payment: Payment; remainingCents: number }): ClientMessage {
  const what = f.payment.kind === 'deposit' ? 'deposit' : 'balance'
  return message({
    subject: `Receipt: ${formatMoney(f.payment.amountCents)} ${what} paid to ${f.brand}`,
    paragraphs: [
      `Thank you! We received your card payment of ${formatMoney(f.payment.amountCents)} for the ${what} of your event on ${f.eventDate} (quote version ${f.version}).`,
    ],
    rows: [
      ['Paid', `${formatMoney(f.payment.amountCents)} on ${formatStudioTime(f.payment.at)}`],
      ['For', `The ${what} of your event on ${f.eventDate}`],
      ['Total', formatMoney(f.totals.totalCents)],
      ['Remaining balance', f.remainingCents > 0 ? formatMoney(f.remainingCents) : 'Nothing: paid in full'],
      ['Card payment reference', f.payment.paymentIntent ?? f.payment.sessionId],
    ],
    link: { url: f.url, words: 'Your quote and payment page' },
    brand: f.brand,
  })
}

// The client's quote e-mails sent through the inquiry mail outbox (one channel, retried like an inquiry's): their state
// kept on the quote record (`mails`), the signed copy's PDF kept under DATA_DIR/quotes/signed/<quote id>.pdf.
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { InquiryStore } from '../inquiries/inquiries.store'
import type { MailState } from '../inquiries/inquiry-record.schema'
import type { MailAddresses, MailChannel, MailOutbox, OutgoingMail } from '../inquiries/mail-outbox'
import { writeFileDurable } from '../lib/durable-file'
import { composeQuoteLink, composeReceipt, composeSignedCopy } from './quote-mail'
import type { QuoteRecord } from './quote.schema'
import { totalsOf } from './quote-view'
import { QuoteStore } from './quotes.store'
import { renderSignedPdf } from './signed-pdf'

const CHANNEL = 'quote'

/** `<quote id>/<mail key>` apart. */
function splitKey(jobKey: string): [string, string] {
  const slash = jobKey.indexOf('/')
  return [jobKey.slice(0, slash), jobKey.slice(slash + 1)]
}

/** The e-mails of one quote: `link` (sent with it), `signed` (the PDF, on acceptance), `receipt:<Stripe session id>`. */
export type QuoteMailKey = 'link' | 'signed' | `receipt:${string}`

export class QuoteMail {
  private readonly quotes: QuoteStore
  private readonly inquiries: InquiryStore

  constructor(
    private readonly deps: { dataDir: string; publicOrigin: string; outbox: MailOutbox; quotes: QuoteStore; inquiries: InquiryStore },
  ) {
    this.quotes = deps.quotes
    this.inquiries = deps.inquiries
    deps.outbox.addChannel(this.channel())
  }

  get configured(): boolean {
    return this.deps.outbox.configured
  }

  /** The state an e-mail decided now is recorded with (on the quote, in the same write as what it is about). */
  initialState(): MailState {
    return this.deps.outbox.initialState()
  }

  /** Sends an e-mail whose state was just recorded on the quote. */
  enqueue(quoteId: string, key: QuoteMailKey): void {
    this.deps.outbox.enqueueMail(CHANNEL, `${quoteId}/${key}`)
  }

  private pdfPath(id: string): string {
    return join(this.deps.dataDir, 'quotes', 'signed', `${id}.pdf`)
  }

  /** The signed copy: kept as first made (the data directory, so in the backups); null before the signature. */
  async signedPdf(q: QuoteRecord): Promise<Buffer | null> {
    const signature = q.signature
    if (!signature?.shown) return null
    const kept = await readFile(this.pdfPath(q.id)).catch(() => null)
    if (kept) return kept
    const pdf = await renderSignedPdf({ ...q, signature: { ...signature, shown: signature.shown } })
    await mkdir(join(this.deps.dataDir, 'quotes', 'signed'), { recursive: true, mode: 0o700 })
    await writeFileDurable(this.pdfPath(q.id), pdf)
    return pdf
  }

  private async requireQuote(id: string): Promise<QuoteRecord> {
    const q = await this.quotes.find(id)
    if (!q) throw new Error(`Quote ${id} is gone`)
    return q
  }

  private async compose(jobKey: string, addresses: MailAddresses): Promise<OutgoingMail> {
    const [id, key] = splitKey(jobKey)
    const q = await this.requireQuote(id)
    const inquiry = await this.inquiries.find(q.inquiryId)
    if (!inquiry) throw new Error(`The inquiry of quote ${id} is gone`)
    const { from, to, brand, contact } = addresses
    const facts = { brand, url: `${this.deps.publicOrigin}/quote/${q.token}`, version: q.version, eventDate: inquiry.inquiry.eventDate }
    const envelope = {
      from: from.includes('<') ? from : { name: brand, address: from },
      // No display name: the name is free text the client typed (as for the inquiry's confirmation).
      to: { name: '', address: inquiry.inquiry.email },
      replyTo: { name: brand, address: contact?.email ?? to },
    }
    if (key === 'link') return { ...envelope, ...composeQuoteLink({ ...facts, totals: totalsOf(q, new Set()), validUntil: q.validUntil }) }
    const signature = q.signature
    if (!signature) throw new Error(`Quote ${id} is not signed`)
    if (key === 'signed') {
      const pdf = await this.signedPdf(q)
      if (!pdf || !signature.shown) throw new Error(`Quote ${id} has no signed text to copy`)
      const message = composeSignedCopy({
        ...facts,
        totals: signature.totals,
        name: signature.name,
        at: signature.at,
        balanceDueDate: signature.shown.balanceDueDate,
      })
      return {
        ...envelope,
        ...message,
        attachments: [{ filename: `signed-quote-v${q.version}.pdf`, content: pdf, contentType: 'application/pdf' }],
      }
    }
    const sessionId = key.startsWith('receipt:') ? key.slice('receipt:'.length) : ''
    const payments = q.payments ?? []
    const index = payments.findIndex((p) => p.sessionId === sessionId)
    if (index < 0) throw new Error(`Quote ${id} has no payment ${sessionId}`)
    // What was left right after this payment (a later refund does not change this receipt).
    const remainingCents = signature.totals.totalCents - payments.slice(0, index + 1).reduce((sum, p) => sum + p.amountCents, 0)
    return { ...envelope, ...composeReceipt({ ...facts, totals: signature.totals, payment: payments[index]!, remainingCents }) }
  }

  private channel(): MailChannel {
    return {
      name: CHANNEL,
      all: async () =>
        (await this.quotes.all()).flatMap((q) => Object.entries(q.mails ?? {}).map(([key, state]) => ({ key: `${q.id}/${key}`, state }))),
      state: async (jobKey) => {
        const [id, key] = splitKey(jobKey)
        return (await this.quotes.find(id))?.mails?.[key]
      },
      record: async (jobKey, state) => {
        const [id, key] = splitKey(jobKey)
        await this.quotes.update(id, (q) => ({ ...q, mails: { ...q.mails, [key]: state } }))
      },
      compose: (jobKey, addresses) => this.compose(jobKey, addresses),
    }
  }
}

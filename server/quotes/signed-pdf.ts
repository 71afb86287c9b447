// The client's signed copy as a PDF (pdfkit, standard fonts): the studio, the quote's lines with the add-ons chosen,
// the signed totals (as money.ts computed them when signing), the agreement text exactly as shown, and the signature
// record (name, time, SHA-256, agreement commit).
import PDFDocument from 'pdfkit'
import { formatStudioTime } from '../lib/studio-time'
import { formatMoney } from '../pricing/money'
import type { QuoteRecord, Signature, SignedFacts } from './quote.schema'

/** Windows-1252 beyond Latin-1: what the standard PDF fonts can show besides printable ASCII and Latin-1. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

/**
 * The standard fonts show Windows-1252 only (no font file to ship or find); anything else becomes "?", and the copy
 * says so: the exact text stays in the signature record, whose SHA-256 the copy prints.
 */
function fontSafe(text: string, lost: { any: boolean }): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!
      // pdfkit writes a tab as one hex digit ("9"), which garbles the rest of its line: it is shown as spaces.
      if (ch === '\t') return '    '
      if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) return ch
      lost.any = true
      return '?'
    })
    .join('')
}

/** The PDF of a signed quote (dated with the signature's time). */
export function renderSignedPdf(q: QuoteRecord & { signature: Signature & { shown: SignedFacts } }): Promise<Buffer> {
  const {
    signature,
    signature: { totals, shown },
  } = q
  const signedAt = new Date(signature.at)
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `${shown.studio}: signed agreement and quote, version ${q.version}`,
      Author: shown.studio,
      CreationDate: signedAt,
      ModDate: signedAt,
    },
  })
  const lost = { any: false }
  const show = (text: string) => fontSafe(text, lost)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const heading = (text: string) =>
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3).font('Helvetica').fontSize(10.5)
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(show(label), 54, y, { width: 380 })
    const after = doc.y
    doc.text(amount, 440, y, { width: 118, align: 'right' })
    doc.x = 54
    doc.y = Math.max(after, doc.y)
  }

  doc.font('Helvetica-Bold').fontSize(20).text(show(shown.studio))
  doc.font('Helvetica').fontSize(11).text(`Signed agreement and quote (version ${q.version})`)
  doc.moveDown(0.5).fontSize(10.5)
  doc.text(show(`Client: ${shown.clientName}`))
  doc.text(`Event date: ${shown.eventDate}`)

  heading('Quote')
  q.lines.forEach((line, i) => {
    if (line.optional && !signature.addOns.includes(i)) return
    const what = `${line.optional ? 'Add-on: ' : ''}${line.description} (${line.quantity} x ${formatMoney(line.unitPriceCents)})`
    row(what, formatMoney(totals.lineTotalsCents[i]!))
  })
  if (totals.deliveryFeeCents) row('Delivery and set-up', formatMoney(totals.deliveryFeeCents))
  if (totals.discountCents) row('Discount', `-${formatMoney(totals.discountCents)}`)
  doc.moveDown(0.3)
  row('Total', formatMoney(totals.totalCents), true)
  row('Deposit (due now)', formatMoney(totals.depositCents))
  row(`Balance (due by ${shown.balanceDueDate})`, formatMoney(totals.balanceCents))

  heading('Agreement')
  doc.text(show(shown.agreementText), { width: 504 })

  heading('Signature')
  doc.text(show(`Signed by typing the full name: ${signature.name}`))
  doc.text(`Signed at: ${formatStudioTime(signature.at)} (${signature.at})`)
  doc.text(`SHA-256 of the agreement text above: ${signature.textSha256}`)
  doc.text(`Agreement version (content commit): ${signature.agreementCommit ?? "the studio's standard terms (no agreement file)"}`)
  if (lost.any) {
    doc
      .moveDown(0.5)
      .text(
        'Some characters cannot be shown in this PDF\'s font and appear as "?". The studio keeps the exact text signed; its SHA-256 is above.',
      )
  }
  doc.end()
  return done
}

// The signed copy as the client reads it, written from the mutation run's survivors (issue 32): the characters at the
// edges of what the standard fonts show, the rows that appear only when there is an amount, the add-ons chosen, and the
// document's own title and date.
import { describe, expect, it } from 'vitest'
import { quoteTotals, type QuoteLine } from '../pricing/money'
import type { QuoteRecord } from './quote.schema'
import { renderSignedPdf } from './signed-pdf'
import { pdfTextLines } from './testing-pdf'

function signed(
  options: { name?: string; lines?: QuoteLine[]; addOns?: number[]; deliveryFeeCents?: number; discountCents?: number } = {},
) {
  const lines = options.lines ?? [{ description: 'Arch', quantity: 1, unitPriceCents: 10_000 }]
  const money = {
    lines,
    deliveryFeeCents: options.deliveryFeeCents ?? 0,
    discountCents: options.discountCents ?? 0,
    deposit: { percent: 50 },
  }
  const totals = quoteTotals(money, new Set(options.addOns ?? []))
  const q: QuoteRecord = {
    id: 'q-0123456789abcdef',
    token: 't'.repeat(22),
    inquiryId: 'i',
    version: 3,
    createdAt: '',
    validUntil: '',
    ...money,
  }
  const name = options.name ?? 'Jane Doe'
  return {
    ...q,
    signature: {
      name,
      at: '2026-11-02T18:30:00.000Z',
      addOns: options.addOns ?? [],
      textSha256: 'b'.repeat(64),
      agreementCommit: 'c'.repeat(40),
      totals,
      shown: { studio: 'Peony Studio', clientName: name, eventDate: '2099-01-09', balanceDueDate: '2099-01-02', agreementText: 'Terms.' },
    },
  }
}
const textOf = async (q: Parameters<typeof renderSignedPdf>[0]) =>
  pdfTextLines(await renderSignedPdf(q))
    .join(' ')
    .replace(/\s+/g, ' ')

describe('the characters the fonts show', () => {
  it('keeps the printable edges (space, ~, no-break space, ÿ, tab) and turns the ones just outside into "?"', async () => {
    const kept = await textOf(signed({ name: 'A~B\u00a0C\u00ffD' }))
    expect(kept).toContain('Signed by typing the full name: A~B C\u00ffD')
    expect(kept).not.toContain('cannot be shown')
    for (const outside of ['\u007f', '\u009f', '\u0100', '\u001f']) {
      const text = await textOf(signed({ name: `A${outside}B` }))
      expect(text, JSON.stringify(outside)).toContain('Signed by typing the full name: A?B')
      expect(text).toContain('Some characters cannot be shown')
    }
  })

  it('a typographic mark of Windows-1252 (the euro) is kept, one outside it is not', async () => {
    expect(await textOf(signed({ name: 'Zoë €5' }))).not.toContain('cannot be shown')
    expect(await textOf(signed({ name: 'Zoë ₤5' }))).toContain('Signed by typing the full name: Zoë ?5')
  })
})

describe('the quote on the copy', () => {
  it('has no delivery or discount row when they are zero, and the agreement commit it was signed under', async () => {
    const text = await textOf(signed())
    expect(text).not.toContain('Delivery and set-up')
    expect(text).not.toContain('Discount')
    expect(text).toContain(`Agreement version (content commit): ${'c'.repeat(40)}`)
    expect(text).toContain('Signed at: ')
    expect(text).toContain('(2026-11-02T18:30:00.000Z)')
    expect(text).toContain('Signed agreement and quote (version 3)')
  })

  it('shows delivery and the discount with their amounts, and only the add-ons chosen', async () => {
    const lines = [
      { description: 'Arch', quantity: 1, unitPriceCents: 10_000 },
      { description: 'Lights', quantity: 2, unitPriceCents: 1_500, optional: true },
      { description: 'Helium', quantity: 1, unitPriceCents: 900, optional: true },
    ]
    const text = await textOf(signed({ lines, addOns: [1], deliveryFeeCents: 4_500, discountCents: 1_000 }))
    expect(text).toContain('Delivery and set-up $45.00')
    expect(text).toContain('Discount -$10.00')
    expect(text).toContain('Add-on: Lights (2 x $15.00) $30.00')
    expect(text).toContain('Arch (1 x $100.00) $100.00')
    expect(text).not.toContain('Add-on: Arch')
    expect(text).not.toContain('Helium')
    expect(text).toContain('Total $165.00')
  })

  it("carries the studio's title and the signature's time as the document's dates", async () => {
    const raw = (await renderSignedPdf(signed())).toString('latin1')
    expect(raw).toContain('Peony Studio: signed agreement and quote, version 3')
    expect(raw).toContain('D:20261102183000Z')
    expect(raw).toContain('/MediaBox [0 0 612 792]')
  })
})

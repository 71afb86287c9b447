// The signed copy as the client reads it, written from the mutation run's survivors (issue 32): the characters at the
// edges of what the standard fonts show, the rows that appear only when there is an amount, the add-ons chosen, and the
// document's own title and date.
import { describe, expect, it } from 'vitest'
import { quoteTotals, type QuoteLine } from '../pricing/money'
import type { QuoteRecord } from './quote.schema'
import { renderSignedPdf } from './signed-pdf'
import { pdfTextLines, pdfTextRuns } from './testing-pdf'

function signed(
  options: {
    name?: string
    lines?: QuoteLine[]
    addOns?: number[]
    deliveryFeeCents?: number
    discountCents?: number
    agreementText?: string
    agreementCommit?: string | null
  } = {},
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
      agreementCommit: options.agreementCommit === undefined ? 'c'.repeat(40) : options.agreementCommit,
      totals,
      shown: {
        studio: 'Peony Studio',
        clientName: name,
        eventDate: '2099-01-09',
        balanceDueDate: '2099-01-02',
        agreementText: options.agreementText ?? 'Terms.',
      },
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

describe('the whole copy', () => {
  const lines = [
    { description: 'Arch', quantity: 1, unitPriceCents: 10_000 },
    { description: 'Lights', quantity: 2, unitPriceCents: 1_500, optional: true },
  ]
  const copy = () =>
    signed({
      lines,
      addOns: [1],
      deliveryFeeCents: 4_500,
      discountCents: 1_000,
      agreementText: 'Terms:\nOne.\n\nTwo.',
      agreementCommit: null,
    })

  it('says every part in order: the studio, the client, the quote, the agreement, the signature record', async () => {
    expect(pdfTextLines(await renderSignedPdf(copy()))).toEqual([
      'Peony Studio',
      'Signed agreement and quote (version 3)',
      'Client: Jane Doe',
      'Event date: 2099-01-09',
      'Quote',
      'Arch (1 x $100.00)',
      '$100.00',
      'Add-on: Lights (2 x $15.00)',
      '$30.00',
      'Delivery and set-up',
      '$45.00',
      'Discount',
      '-$10.00',
      'Total',
      '$165.00',
      'Deposit (due now)',
      '$82.50',
      'Balance (due by 2099-01-02)',
      '$82.50',
      'Agreement',
      'Terms:',
      'One.',
      'Two.',
      'Signature',
      'Signed by typing the full name: Jane Doe',
      'Signed at: Mon, Nov 2, 2026, 10:30 AM PST (2026-11-02T18:30:00.000Z)',
      'SHA-256 of the agreement text above: ',
      'b'.repeat(64),
      "Agreement version (content commit): the studio's standard terms (no agreement file)",
    ])
  })

  it('line breaks in the agreement are kept and a tab is shown as spaces (not garbling its line), none counted as lost', async () => {
    const pdf = await renderSignedPdf(signed({ agreementText: 'Terms:\n\tOne.\nA\tB' }))
    const lines = pdfTextLines(pdf)
    expect(lines.slice(lines.indexOf('Agreement') + 1, lines.indexOf('Signature'))).toEqual(['Terms:', '    One.', 'A    B'])
    expect(lines.join(' ')).not.toContain('cannot be shown')
  })

  it('the studio, the headings and the total in bold, the other rows not; amounts right-aligned in their column', async () => {
    const runs = pdfTextRuns(await renderSignedPdf(copy()))
    const run = (text: string) => runs.find((r) => r.text === text)!
    for (const bold of ['Peony Studio', 'Quote', 'Agreement', 'Signature', 'Total', '$165.00'])
      expect(run(bold).font, bold).toBe('Helvetica-Bold')
    for (const plain of ['Client: Jane Doe', 'Arch (1 x $100.00)', '$100.00', 'Deposit (due now)', 'Discount', 'One.']) {
      expect(run(plain).font, plain).toBe('Helvetica')
    }
    expect([run('Peony Studio').size, run('Quote').size, run('Total').size]).toEqual([20, 13, 10.5])
    // Right-aligned at 558 points: a wider amount starts further left, every one right of the labels' column.
    expect(run('$100.00').x).toBeLessThan(run('$30.00').x)
    expect(run('-$10.00').x).toBeLessThan(run('$30.00').x)
    expect(run('$30.00').x).toBeGreaterThan(500)
    expect(run('Arch (1 x $100.00)').x).toBe(54)
    expect(run('$100.00').y).toBe(run('Arch (1 x $100.00)').y)
  })

  it('a long line wraps within its column, and the next row starts below it', async () => {
    const long = {
      description: 'Organic garland in blush, ivory and gold with eucalyptus, per foot of the arch',
      quantity: 1,
      unitPriceCents: 100,
    }
    const runs = pdfTextRuns(await renderSignedPdf(signed({ lines: [long, { description: 'Helium', quantity: 1, unitPriceCents: 900 }] })))
    const first = runs.findIndex((r) => r.text.startsWith('Organic garland'))
    const wrapped = runs.slice(
      first,
      runs.findIndex((r) => r.text === 'Helium (1 x $9.00)'),
    )
    const labels = wrapped.filter((r) => r.x === 54)
    expect(labels.length).toBe(2)
    expect(labels.map((r) => r.text.trim()).join(' ')).toBe(
      'Organic garland in blush, ivory and gold with eucalyptus, per foot of the arch (1 x $1.00)',
    )
    const helium = runs.find((r) => r.text === 'Helium (1 x $9.00)')!
    expect(helium.y).toBeLessThan(labels[1]!.y)
  })
})

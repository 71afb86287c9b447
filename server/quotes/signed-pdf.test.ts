// The signed copy's text: Windows-1252 as written (the standard fonts' range), anything else shown as "?" with a note.
import { describe, expect, it } from 'vitest'
import { quoteTotals } from '../pricing/money'
import type { QuoteRecord } from './quote.schema'
import { renderSignedPdf } from './signed-pdf'
import { pdfTextLines } from './testing-pdf'

const lines = [{ description: 'Globos “rosa” — 12 ft', quantity: 1, unitPriceCents: 12_345 }]
const signedBy = (name: string): Parameters<typeof renderSignedPdf>[0] => {
  const totals = quoteTotals({ lines, deposit: { percent: 50 } })
  const base: QuoteRecord = {
    id: 'q-0123456789abcdef',
    token: 't'.repeat(22),
    inquiryId: 'i',
    version: 2,
    createdAt: '2026-11-01T10:00:00Z',
    validUntil: '2026-11-15',
    lines,
    deliveryFeeCents: 0,
    discountCents: 0,
    deposit: { percent: 50 },
  }
  const shown = {
    studio: 'Peony & Pine',
    clientName: name,
    eventDate: '2099-01-09',
    balanceDueDate: '2099-01-02',
    agreementText: `${name} agrees.`,
  }
  return {
    ...base,
    signature: { name, at: '2026-11-02T18:30:00Z', addOns: [], textSha256: 'a'.repeat(64), agreementCommit: null, totals, shown },
  }
}
const textOf = async (name: string) =>
  pdfTextLines(await renderSignedPdf(signedBy(name)))
    .join(' ')
    .replace(/\s+/g, ' ')

describe('the signed PDF', () => {
  it('writes Latin-1 and typographic marks as they are, with the signed totals (50% of $123.45 rounds half up)', async () => {
    const text = await textOf('Zoë Ångström')
    expect(text).toContain('Signed by typing the full name: Zoë Ångström')
    expect(text).toContain('Globos “rosa” — 12 ft (1 x $123.45)')
    expect(text).toContain('Deposit (due now) $61.73')
    expect(text).toContain('$61.72')
    expect(text).toContain("Agreement version (content commit): the studio's standard terms (no agreement file)")
    expect(text).not.toContain('cannot be shown')
  })

  it('shows other scripts as "?" and says so, pointing to the exact text kept', async () => {
    const text = await textOf('Łukasz 李')
    expect(text).toContain('Signed by typing the full name: ?ukasz ?')
    expect(text).toContain(
      'Some characters cannot be shown in this PDF\'s font and appear as "?". The studio keeps the exact text signed; its SHA-256 is above.',
    )
  })
})

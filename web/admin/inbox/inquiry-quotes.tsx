// An inquiry's quotes in the inbox: each version with its state and the client's link, and a builder for a new one from
// the price list (or free lines), the delivery fee filled from the inquiry's ZIP zone.
import { useEffect, useState } from 'react'
import type { Pricing } from '../../../server/pricing/pricing.schema'
import { serverMessage } from '../admin-api'
import { getPricing } from '../pricing-api'
import { notifySuccess } from '../ui/notify'
import type { InquiryRecord } from './inbox-api'
import { lineFrom, newQuoteDraft, quoteRequest, type QuoteDraft } from './quote-draft'
import { createQuote, listQuotes, type QuoteSummary } from './quotes-api'
import { QuoteDetails } from './quote-signature'
import {
  deliveryFeeLabel,
  priceListChoices,
  quoteMadeNotice,
  quoteStanding,
  startLabel,
  withLine,
  withoutLine,
  withPicked,
} from './quote-card'

export function InquiryQuotes({ record, onQuoted }: { record: InquiryRecord; onQuoted: () => void }) {
  const [quotes, setQuotes] = useState<QuoteSummary[]>([])
  const [pricing, setPricing] = useState<Pricing | null>(null)
  const [draft, setDraft] = useState<QuoteDraft | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const refresh = () => listQuotes(record.id).then(setQuotes, () => undefined)
  useEffect(() => {
    void refresh()
    getPricing().then(
      ({ version: _v, ...p }) => setPricing(p),
      () => undefined,
    )
  }, [record.id])

  const start = () => pricing && setDraft(newQuoteDraft(pricing, record.inquiry.zipcode))
  const set = (patch: Partial<QuoteDraft>) => draft && setDraft({ ...draft, ...patch })
  const setLine = (key: number, patch: Partial<QuoteDraft['lines'][number]>) => draft && setDraft(withLine(draft, key, patch))
  const pick = (value: string) => {
    const picked = draft && pricing && withPicked(draft, pricing, value)
    if (picked) setDraft(picked)
  }
  const send = async () => {
    if (!draft) return
    setBusy(true)
    setError(null)
    try {
      const made = await createQuote(record.id, quoteRequest(draft))
      const notice = quoteMadeNotice(made)
      notifySuccess(notice.title, notice.detail)
      setDraft(null)
      await refresh()
      onQuoted()
    } catch (err) {
      setError(serverMessage(err) ?? 'The quote could not be made. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-inquiry__section admin-quotes" aria-label="Quotes">
      <h3 className="admin-inquiry__section-title">Quotes</h3>
      {quotes.length > 0 && (
        <ul className="admin-quotes__list">
          {quotes.map((q) => (
            <li key={q.id}>
              <strong>Version {q.version}</strong>: {quoteStanding(q)}{' '}
              <a href={q.url} target="_blank" rel="noopener noreferrer">
                The client&rsquo;s link (version {q.version})
              </a>
              <QuoteDetails quote={q} />
            </li>
          ))}
        </ul>
      )}
      {!draft ? (
        <button type="button" className="admin-button admin-button--outline" onClick={start} disabled={!pricing}>
          {startLabel(quotes)}
        </button>
      ) : (
        <div className="admin-quotes__builder">
          <label className="admin-quotes__field">
            <span>Add from the price list</span>
            <select className="admin-input" value="" onChange={(e) => pick(e.target.value)}>
              <option value="">Choose an item or add-on…</option>
              {priceListChoices(pricing).map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <ul className="admin-quotes__lines">
            {draft.lines.map((l, n) => (
              <li key={l.key}>
                <input
                  className="admin-input"
                  aria-label={`Line ${n + 1}: description`}
                  value={l.description}
                  onChange={(e) => setLine(l.key, { description: e.target.value })}
                />
                <input
                  className="admin-input admin-quotes__num"
                  aria-label={`Line ${n + 1}: quantity`}
                  inputMode="decimal"
                  value={l.quantity}
                  onChange={(e) => setLine(l.key, { quantity: e.target.value })}
                />
                <input
                  className="admin-input admin-quotes__num"
                  aria-label={`Line ${n + 1}: unit price in dollars`}
                  inputMode="decimal"
                  value={l.unitPrice}
                  onChange={(e) => setLine(l.key, { unitPrice: e.target.value })}
                />
                <label className="admin-quotes__check">
                  <input type="checkbox" checked={l.optional} onChange={(e) => setLine(l.key, { optional: e.target.checked })} /> Optional
                </label>
                <button type="button" className="admin-button admin-button--ghost" onClick={() => setDraft(withoutLine(draft, l.key))}>
                  Remove line {n + 1}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={() => set({ lines: [...draft.lines, lineFrom(null)] })}
          >
            Add a line of my own
          </button>
          <div className="admin-quotes__row">
            <label className="admin-quotes__field">
              <span>{deliveryFeeLabel(draft)}</span>
              <input
                className="admin-input"
                inputMode="decimal"
                value={draft.deliveryFee}
                onChange={(e) => set({ deliveryFee: e.target.value })}
              />
            </label>
            <label className="admin-quotes__field">
              <span>Discount ($)</span>
              <input
                className="admin-input"
                inputMode="decimal"
                value={draft.discount}
                onChange={(e) => set({ discount: e.target.value })}
              />
            </label>
            <label className="admin-quotes__field">
              <span>Deposit (%)</span>
              <input
                className="admin-input"
                inputMode="decimal"
                value={draft.depositPercent}
                onChange={(e) => set({ depositPercent: e.target.value })}
              />
            </label>
          </div>
          {error && (
            <p className="admin-error-text" role="alert">
              {error}
            </p>
          )}
          <div className="admin-quotes__row">
            <button type="button" className="admin-button admin-button--primary" onClick={() => void send()} disabled={busy}>
              {busy ? 'Sending the quote…' : 'Create and e-mail to the client'}
            </button>
            <button type="button" className="admin-button admin-button--ghost" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  )
}

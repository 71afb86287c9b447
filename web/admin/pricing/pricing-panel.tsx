// Pricing tab: the price list the quote builder picks from (items, add-ons), delivery fees by ZIP zone, and the deposit,
// balance and quote-validity policy. Save writes content/pricing.yaml as one commit.
import { PRICE_UNIT_LABELS, PRICE_UNITS, PRICING_FIELD_LABELS } from '../../../server/pricing/pricing.schema'
import { Loading } from '../ui/loading'
import { notifySuccess } from '../ui/notify'
import { TrashIcon } from '../ui/icons'
import { compareRows } from '../ui/stale-compare'
import { StaleEditDialog } from '../ui/stale-edit-dialog'
import { splitVersion, useVersionedEditor } from '../ui/use-versioned-editor'
import { LoadFailed } from '../ui/load-failed'
import { SaveBar } from '../ui/save-bar'
import {
  blankPrice,
  blankZone,
  depositLabel,
  fromDraft,
  listHeadingId,
  pricingInWords,
  removeRow,
  toDraft,
  updateRow,
  type PriceDraft,
  type PricingDraft,
  type ZoneDraft,
} from './pricing-form'
import { getPricing, savePricing } from '../pricing-api'
import './pricing-panel.css'

export function PricingPanel() {
  const editor = useVersionedEditor({
    name: 'pricing',
    load: async () => splitVersion(await getPricing()),
    toDraft,
    save: async (draft, baseVersion) => splitVersion(await savePricing(fromDraft(draft), baseVersion)),
    onSaved: () => notifySuccess('Price list saved'),
    saveError: (server) => server ?? 'Failed to save the price list. Please try again.',
  })
  const { draft, conflict } = editor

  if (editor.phase === 'load-failed') return <LoadFailed message="Failed to load the price list." onRetry={editor.retry} />
  if (!draft) return <Loading label="Loading the price list..." />

  const set = (patch: Partial<PricingDraft>) => editor.edit((current) => ({ ...current, ...patch }))

  return (
    <div className="admin-pricing">
      <PriceList
        title="Items"
        hint="What a quote is built from. A per-foot price is multiplied by the length."
        entries={draft.items}
        onChange={(items) => set({ items })}
        addLabel="Add item"
      />
      <PriceList
        title="Add-ons"
        hint="Extras the client can tick on the quote page."
        entries={draft.addOns}
        onChange={(addOns) => set({ addOns })}
        addLabel="Add add-on"
      />
      <Zones zones={draft.zones} onChange={(zones) => set({ zones })} />
      <section className="admin-card" aria-labelledby="pricing-policy-heading">
        <h2 className="admin-card__title" id="pricing-policy-heading">
          Deposit and dates
        </h2>
        <fieldset className="admin-pricing__deposit">
          <legend className="admin-field__label">Deposit</legend>
          <label className="admin-pricing__choice">
            <input
              type="radio"
              name="deposit-kind"
              checked={draft.depositKind === 'percent'}
              onChange={() => set({ depositKind: 'percent' })}
            />{' '}
            Percent of the total
          </label>
          <label className="admin-pricing__choice">
            <input
              type="radio"
              name="deposit-kind"
              checked={draft.depositKind === 'fixed'}
              onChange={() => set({ depositKind: 'fixed' })}
            />{' '}
            Fixed amount
          </label>
          <label className="admin-pricing__inline">
            <span>{depositLabel(draft.depositKind)}</span>
            <input className="admin-input" inputMode="decimal" value={draft.deposit} onChange={(e) => set({ deposit: e.target.value })} />
          </label>
        </fieldset>
        <div className="admin-pricing__row">
          <label className="admin-pricing__inline">
            <span>Balance due (days before the event)</span>
            <input
              className="admin-input"
              inputMode="numeric"
              value={draft.balanceDueDays}
              onChange={(e) => set({ balanceDueDays: e.target.value })}
            />
          </label>
          <label className="admin-pricing__inline">
            <span>Quote valid for (days)</span>
            <input
              className="admin-input"
              inputMode="numeric"
              value={draft.quoteValidDays}
              onChange={(e) => set({ quoteValidDays: e.target.value })}
            />
          </label>
        </div>
        <label className="admin-pricing__inline admin-pricing__name">
          <span>How to pay without a card (shown on a signed quote when card payments are not set up)</span>
          <textarea
            className="admin-input"
            rows={3}
            value={draft.paymentInstructions}
            onChange={(e) => set({ paymentInstructions: e.target.value })}
            placeholder="Venmo @studio, Zelle hello@studio.com, or cash at the studio"
          />
        </label>
      </section>
      <SaveBar
        saving={editor.saving}
        changed={editor.changed}
        error={editor.error}
        onDiscard={editor.discard}
        onSave={() => void editor.save()}
      />
      <StaleEditDialog
        {...editor.conflictDialog}
        rows={conflict ? compareRows(pricingInWords(fromDraft(draft)), pricingInWords(conflict.current), PRICING_FIELD_LABELS) : []}
      />
    </div>
  )
}

function PriceList({
  title,
  hint,
  entries,
  onChange,
  addLabel,
}: {
  title: string
  hint: string
  entries: PriceDraft[]
  onChange: (e: PriceDraft[]) => void
  addLabel: string
}) {
  const headingId = listHeadingId(title)
  const update = (key: string, patch: Partial<PriceDraft>) => onChange(updateRow(entries, key, patch))
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 className="admin-card__title" id={headingId}>
        {title}
      </h2>
      <p className="admin-card__hint">{hint}</p>
      <ul className="admin-pricing__list">
        {entries.map((e, i) => (
          <li key={e.key} className="admin-pricing__entry">
            <label className="admin-pricing__inline admin-pricing__name">
              <span>Name</span>
              <input
                className="admin-input"
                value={e.name}
                onChange={(ev) => update(e.key, { name: ev.target.value })}
                aria-label={`${title} ${i + 1}: name`}
              />
            </label>
            <label className="admin-pricing__inline">
              <span>Unit</span>
              <select
                className="admin-input"
                value={e.unit}
                onChange={(ev) => update(e.key, { unit: ev.target.value as PriceDraft['unit'] })}
                aria-label={`${title} ${i + 1}: unit`}
              >
                {PRICE_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {PRICE_UNIT_LABELS[u]}
                  </option>
                ))}
              </select>
            </label>
            <label className="admin-pricing__inline">
              <span>Price ($)</span>
              <input
                className="admin-input"
                inputMode="decimal"
                value={e.price}
                onChange={(ev) => update(e.key, { price: ev.target.value })}
                aria-label={`${title} ${i + 1}: price in dollars`}
              />
            </label>
            <button
              type="button"
              className="admin-button admin-button--ghost admin-pricing__remove"
              onClick={() => onChange(removeRow(entries, e.key))}
              aria-label={`Remove ${e.name || `${title.toLowerCase()} ${i + 1}`}`}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="admin-button admin-button--outline" onClick={() => onChange([...entries, blankPrice()])}>
        {addLabel}
      </button>
    </section>
  )
}

function Zones({ zones, onChange }: { zones: ZoneDraft[]; onChange: (z: ZoneDraft[]) => void }) {
  const update = (key: string, patch: Partial<ZoneDraft>) => onChange(updateRow(zones, key, patch))
  return (
    <section className="admin-card" aria-labelledby="pricing-zones-heading">
      <h2 className="admin-card__title" id="pricing-zones-heading">
        Delivery zones
      </h2>
      <p className="admin-card__hint">
        ZIP codes or their first digits (972 covers every code starting 972). Outside every zone, the quote says &ldquo;ask us&rdquo;.
      </p>
      <ul className="admin-pricing__list">
        {zones.map((z, i) => (
          <li key={z.key} className="admin-pricing__entry">
            <label className="admin-pricing__inline">
              <span>Zone</span>
              <input
                className="admin-input"
                value={z.name}
                onChange={(e) => update(z.key, { name: e.target.value })}
                aria-label={`Zone ${i + 1}: name`}
              />
            </label>
            <label className="admin-pricing__inline admin-pricing__name">
              <span>ZIP codes</span>
              <input
                className="admin-input"
                value={z.zips}
                onChange={(e) => update(z.key, { zips: e.target.value })}
                aria-label={`Zone ${i + 1}: ZIP codes`}
              />
            </label>
            <label className="admin-pricing__inline">
              <span>Fee ($)</span>
              <input
                className="admin-input"
                inputMode="decimal"
                value={z.fee}
                onChange={(e) => update(z.key, { fee: e.target.value })}
                aria-label={`Zone ${i + 1}: fee in dollars`}
              />
            </label>
            <button
              type="button"
              className="admin-button admin-button--ghost admin-pricing__remove"
              onClick={() => onChange(removeRow(zones, z.key))}
              aria-label={`Remove ${z.name || `zone ${i + 1}`}`}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="admin-button admin-button--outline" onClick={() => onChange([...zones, blankZone()])}>
        Add zone
      </button>
    </section>
  )
}

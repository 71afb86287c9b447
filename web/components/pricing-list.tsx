// Pricing text as a list: each line an item, 'Label: value' lines shown as a label with its value.
import { parsePricingLines } from '../../server/services/pricing-lines'

export function PricingList({ pricingInfo }: { pricingInfo: string }) {
  const lines = parsePricingLines(pricingInfo)
  if (lines.length === 0) return <p className="pricing__empty">Contact us for pricing.</p>
  return (
    <ul className="pricing">
      {lines.map((line, i) =>
        'label' in line && !line.value ? (
          <li key={i} className="pricing__item pricing__item--heading">
            {line.label}
          </li>
        ) : 'label' in line ? (
          <li key={i} className="pricing__item pricing__item--pair">
            <span className="pricing__label">{line.label}</span>
            <span className="pricing__value">{line.value}</span>
          </li>
        ) : (
          <li key={i} className="pricing__item">
            {line.text}
          </li>
        ),
      )}
    </ul>
  )
}

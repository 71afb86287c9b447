// The price list as a content kind: content/pricing.yaml, edited in the dashboard's Pricing tab.
import { defineKind } from '../lib/content-kind'
import { PRICING_FIELD_LABELS, PricingSchema } from './pricing.schema'

export const PRICING_KIND = defineKind({
  item: 'pricing',
  file: 'content/pricing.yaml',
  schema: PricingSchema,
  label: 'Price list',
  inSentence: 'the price list',
  restoreName: 'the price list',
  historyKind: 'pages',
  diff: {
    style: 'record',
    fieldLabels: PRICING_FIELD_LABELS,
  },
  publicReads: /^\/api\/pricing$/,
  restorable: true,
})

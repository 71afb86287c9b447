// The Delivery & Installation page as a content kind: one markdown file.
import { defineKind } from '../lib/content-kind'
import { DeliveryContentSchema } from './delivery.schema'

export const DELIVERY_KIND = defineKind({
  item: 'delivery-installation',
  file: 'content/delivery-installation.md',
  schema: DeliveryContentSchema,
  markdownKey: 'markdownContent',
  label: 'Delivery & Installation page',
  inSentence: 'the Delivery & Installation page',
  restoreName: 'the delivery & installation page',
  historyKind: 'pages',
  diff: { style: 'markdown', fieldLabel: 'Page text' },
  publicReads: /^\/api\/delivery-installation-content$/,
  restorable: true,
})

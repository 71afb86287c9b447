// Services as content kinds: one file per service, and the order they are shown in.
import { defineKind } from '../lib/content-kind'
import { ServiceOrderSchema, ServiceSchema } from './services.schema'

export const SERVICES_KIND = defineKind({
  item: 'services',
  file: 'content/services/{id}.yaml',
  schema: ServiceSchema,
  label: 'Services',
  inSentence: 'the services',
  restoreName: 'the services',
  historyKind: 'services',
  diff: { style: 'service' },
  publicReads: /^\/api\/(services(\/[a-z0-9-]+)?|service-content\/[a-z0-9-]+)$/,
  restorable: true,
})

export const SERVICE_ORDER_KIND = defineKind({
  item: 'service-order',
  file: 'content/service-order.yaml',
  schema: ServiceOrderSchema,
  label: 'Service order',
  inSentence: 'the order of the services',
  restoreName: 'the service order',
  historyKind: 'services',
  diff: { style: 'value', fieldLabel: 'Order', changedPhrase: 'Reordered the services' },
  publicReads: /^\/api\/service-order$/,
  restorable: true,
})

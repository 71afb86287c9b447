// The FAQ as a content kind: content/faq.yaml, questions in page order.
import { defineKind } from '../lib/content-kind'
import { FaqListSchema } from './faq.schema'

export const FAQ_KIND = defineKind({
  item: 'faq',
  file: 'content/faq.yaml',
  schema: FaqListSchema,
  label: 'FAQ',
  inSentence: 'the FAQ',
  restoreName: 'the FAQ',
  historyKind: 'faq',
  diff: {
    style: 'entries',
    entryLabel: (e) => `Question "${String(e.question ?? e.id)}"`,
    fieldLabels: { question: 'Question', answer: 'Answer' },
    pictureFields: [],
    entriesNoun: 'FAQ questions',
  },
  publicReads: /^\/api\/faq$/,
  restorable: true,
})

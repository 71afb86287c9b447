// The agreement a client signs with a quote, as a content kind: content/agreement.md (markdown with placeholders).
import { z } from 'zod'
import { defineKind } from '../lib/content-kind'
import { bodyWithin, textBlock } from '../lib/text'

export const AgreementSchema = z.object({
  text: textBlock('The agreement').refine(bodyWithin(50_000), 'The agreement is 50,000 characters at most'),
})

export const AGREEMENT_KIND = defineKind({
  item: 'agreement',
  file: 'content/agreement.md',
  schema: AgreementSchema,
  markdownKey: 'text',
  label: 'Agreement',
  inSentence: 'the agreement',
  restoreName: 'the agreement',
  historyKind: 'pages',
  diff: { style: 'markdown', fieldLabel: 'Agreement text' },
  // Read only through a client's quote, which is personal: never kept by the public read cache.
  publicReads: null,
  restorable: true,
})

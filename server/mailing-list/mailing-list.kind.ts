// The mailing-list interests (segments) as a content kind: content/mailing-list-segments.yaml, edited in git.
import { defineKind } from '../lib/content-kind'
import { SegmentListSchema } from './mailing-list.schema'

export const SEGMENTS_KIND = defineKind({
  item: 'mailing-list-segments',
  file: 'content/mailing-list-segments.yaml',
  schema: SegmentListSchema,
  label: 'Mailing-list interests',
  inSentence: 'the mailing-list interests',
  restoreName: 'mailing-list interests',
  historyKind: 'pages',
  diff: { style: 'entries', entryLabel: (e) => `Interest "${String(e.name ?? e.id)}"`, fieldLabels: { name: 'Name' }, pictureFields: [] },
  // With a Flodesk key the interests come from Flodesk, not the file: never kept by the read cache.
  publicReads: null,
  restorable: false,
})

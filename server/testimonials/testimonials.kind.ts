// Testimonials as a content kind: content/testimonials.yaml, a list of quotes by id.
import { defineKind } from '../lib/content-kind'
import { TESTIMONIAL_FIELD_LABELS, TestimonialListSchema } from './testimonials.schema'

export const TESTIMONIALS_KIND = defineKind({
  item: 'testimonials',
  file: 'content/testimonials.yaml',
  schema: TestimonialListSchema,
  label: 'Testimonials',
  inSentence: 'the testimonials',
  restoreName: 'testimonials',
  historyKind: 'testimonials',
  diff: {
    style: 'entries',
    entryLabel: (e) => `Testimonial by "${String(e.author ?? e.id)}"`,
    fieldLabels: TESTIMONIAL_FIELD_LABELS,
    pictureFields: ['imageSrc', 'photo'],
    entriesNoun: 'testimonials',
    compareAsRead: true,
  },
  publicReads: /^\/api\/testimonials$/,
  restorable: true,
})

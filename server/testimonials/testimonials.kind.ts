// Testimonials as a content kind: content/testimonials.yaml, a list of quotes by id.
import { defineKind } from '../lib/content-kind'
import { TestimonialListSchema } from './testimonials.schema'

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
    fieldLabels: { quote: 'Quote', author: 'Customer', position: 'Company/Role', imageSrc: 'Photo', photo: 'Photo', photoAlt: 'Photo description', featured: 'Featured' },
    pictureFields: ['imageSrc', 'photo'],
    entriesNoun: 'testimonials',
    compareAsRead: true,
  },
  publicReads: /^\/api\/testimonials$/,
  restorable: true,
})

// The shape of a testimonial and of the admin's add and edit requests.
import { z } from 'zod'
import { textBlock, textLine } from '../lib/text'
import { isUploadUrl } from '../lib/upload-url'

const REQUIRED = 'Quote and Customer are required.'

/** A testimonial's fields in the owner's words: History's field changes and the dashboard's stale-edit compare. */
export const TESTIMONIAL_FIELD_LABELS: Record<string, string> = {
  quote: 'Quote',
  author: 'Customer',
  position: 'Company/Role',
  imageSrc: 'Photo',
  photo: 'Photo',
  photoAlt: 'Photo description',
  featured: 'Featured',
}

export const TestimonialInputSchema = z.object({
  quote: textBlock('Quote', REQUIRED).trim().min(1, REQUIRED).max(2000),
  author: textLine('Customer', REQUIRED).min(1, REQUIRED).max(120),
  position: textLine('Company/Role').max(120).optional().default(''),
  imageSrc: textLine('Image').max(500).optional().default(''),
  /** The customer's face, cropped square in the dashboard; shown beside the quote. */
  photo: textLine('Photo')
    .max(300)
    .refine((v) => v === '' || isUploadUrl(v), 'Photo must be an uploaded picture (/uploads/...)')
    .optional(),
  photoAlt: textLine('Photo description').max(200, 'Photo description is too long (200 characters at most)').optional(),
  /** Always among the testimonials the home page shows. */
  featured: z.boolean({ error: 'Featured must be true or false' }).optional(),
})
export type TestimonialInput = z.output<typeof TestimonialInputSchema>

const TestimonialSchema = TestimonialInputSchema.extend({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Testimonial ids are lowercase letters, digits and hyphens'),
})
export type Testimonial = z.output<typeof TestimonialSchema>

export const TestimonialListSchema = z.array(TestimonialSchema)

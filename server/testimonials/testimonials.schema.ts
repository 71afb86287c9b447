// The shape of a testimonial and of the admin's add and edit requests.
import { z } from 'zod'

export const TestimonialInputSchema = z.object({
  quote: z.string().trim().min(1, 'Quote and Customer are required.').max(2000),
  author: z.string().trim().min(1, 'Quote and Customer are required.').max(120),
  position: z.string().trim().max(120).optional().default(''),
  imageSrc: z.string().trim().max(500).optional().default(''),
})
export type TestimonialInput = z.output<typeof TestimonialInputSchema>

export const TestimonialSchema = TestimonialInputSchema.extend({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Testimonial ids are lowercase letters, digits and hyphens'),
})
export type Testimonial = z.output<typeof TestimonialSchema>

export const TestimonialListSchema = z.array(TestimonialSchema)

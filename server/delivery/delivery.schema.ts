// The delivery and installation page: one markdown document.
import { z } from 'zod'

export const DeliveryContentSchema = z.object({
  markdownContent: z.string().max(100_000, 'The page is too long (100,000 characters at most)'),
})
export type DeliveryContent = z.infer<typeof DeliveryContentSchema>

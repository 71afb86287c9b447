// The delivery and installation page: one markdown document.
import { z } from 'zod'
import { textBlock } from '../lib/text'

export const DeliveryContentSchema = z.object({
  markdownContent: textBlock('The page text').max(100_000, 'The page is too long (100,000 characters at most)'),
})
export type DeliveryContent = z.infer<typeof DeliveryContentSchema>

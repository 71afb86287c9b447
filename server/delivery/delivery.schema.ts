// The delivery and installation page: one markdown document.
import { z } from 'zod'
import { hasForeignFrontMatter, YAML_FRONT_MATTER_ONLY } from '../lib/front-matter-marker'
import { bodyWithin, textBlock } from '../lib/text'

export const DeliveryContentSchema = z.object({
  markdownContent: textBlock('The page text')
    .refine(bodyWithin(100_000), 'The page is too long (100,000 characters at most)')
    // A body opening with `---js` would be read back as front matter in another language: refused, never run.
    .refine((text) => !hasForeignFrontMatter(text), YAML_FRONT_MATTER_ONLY),
})
export type DeliveryContent = z.infer<typeof DeliveryContentSchema>

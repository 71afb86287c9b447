// Whether a content file's text is valid content, and if not where and why, in words the owner can act on.
import type { z } from 'zod'
import { DeliveryContentSchema } from '../delivery/delivery.schema'
import { FaqListSchema } from '../faq/faq.schema'
import { parseFrontMatter, parseYaml } from '../lib/front-matter'
import { conflictMarkerLine } from '../lib/last-valid'
import { SegmentListSchema } from '../mailing-list/mailing-list.schema'
import { ServiceOrderSchema, ServiceSchema } from '../services/services.schema'
import { SiteSettingsSchema } from '../site/site.schema'
import { TestimonialListSchema } from '../testimonials/testimonials.schema'
import { isServiceItem, itemOfPath, serviceIdOf } from './items'

export interface FileProblem {
  message: string
  line?: number
  field?: string
}

const SCHEMAS: Record<string, z.ZodType> = {
  testimonials: TestimonialListSchema,
  site: SiteSettingsSchema,
  'service-order': ServiceOrderSchema,
  'mailing-list-segments': SegmentListSchema,
  faq: FaqListSchema,
}

interface YamlErrorLike {
  linePos?: { line: number }[]
  message: string
}

function schemaProblem(schema: z.ZodType, data: unknown): FileProblem | null {
  const result = schema.safeParse(data)
  if (result.success) return null
  const issue = result.error.issues[0]
  return issue?.path.length ? { field: issue.path.join('.'), message: issue.message } : { message: issue?.message ?? 'does not match its schema' }
}

/** Null when the text is valid content for its path (or not a content file this site reads). */
export function contentFileProblem(path: string, text: string): FileProblem | null {
  const item = itemOfPath(path)
  if (!item || path.startsWith('uploads/')) return null
  const markers = conflictMarkerLine(text)
  if (markers !== null) return { line: markers, message: 'The file still holds the conflict markers of an unfinished git merge' }
  if (path.endsWith('.md')) {
    try {
      const parsed = parseFrontMatter(text)
      return item === 'delivery-installation' ? schemaProblem(DeliveryContentSchema, { markdownContent: parsed.content }) : null
    } catch (err) {
      return { message: (err as Error).message.split('\n')[0] ?? 'The front matter cannot be read' }
    }
  }
  let data: unknown
  try {
    data = parseYaml(text)
  } catch (err) {
    const line = (err as YamlErrorLike).linePos?.[0]?.line
    const message = `The file is not valid YAML: ${(err as Error).message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`
    return line ? { line, message } : { message }
  }
  // Service files may leave out their id (the file name gives it).
  if (isServiceItem(item)) return schemaProblem(ServiceSchema, { id: serviceIdOf(item), ...(data as object) })
  return SCHEMAS[item] ? schemaProblem(SCHEMAS[item], data) : null
}

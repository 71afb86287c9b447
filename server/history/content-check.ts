// Whether a content file's text is valid content, and if not where and why, in words the owner can act on.
import type { z } from 'zod'
import { kindOfPath } from '../kinds/content-kinds'
import { parseFrontMatter, parserWords, parseYaml } from '../lib/front-matter'
import { conflictMarkerLine } from '../lib/last-valid'

export interface FileProblem {
  message: string
  line?: number
  field?: string
}

interface YamlErrorLike {
  linePos?: { line: number }[]
  message: string
}

function schemaProblem(schema: z.ZodType, data: unknown): FileProblem | null {
  const result = schema.safeParse(data)
  if (result.success) return null
  const issue = result.error.issues[0]
  return issue?.path.length
    ? { field: issue.path.join('.'), message: issue.message }
    : { message: issue?.message ?? 'does not match its schema' }
}

/** Null when the text is valid content for its path (or not a content file this site reads). */
export function contentFileProblem(path: string, text: string): FileProblem | null {
  const found = kindOfPath(path)
  if (!found) return null
  const { kind, item } = found
  const markers = conflictMarkerLine(text)
  if (markers !== null) return { line: markers, message: 'The file still holds the conflict markers of an unfinished git merge' }
  if (kind.markdownKey) {
    try {
      const parsed = parseFrontMatter(text)
      return schemaProblem(kind.schema, { ...parsed.data, [kind.markdownKey]: parsed.content.replace(/^\n+/, '') })
    } catch (err) {
      return { message: parserWords(err as Error) }
    }
  }
  let data: unknown
  try {
    data = parseYaml(text)
  } catch (err) {
    const line = (err as YamlErrorLike).linePos?.[0]?.line
    const message = `The file is not valid YAML: ${parserWords(err as Error).replace(/ at line \d+, column \d+$/, '')}`
    return line ? { line, message } : { message }
  }
  // A kind kept as one file per entry may leave out the entry's id (the file name gives it).
  const id = item.includes('/') ? item.slice(item.indexOf('/') + 1) : null
  return schemaProblem(kind.schema, id && data && typeof data === 'object' && !Array.isArray(data) ? { id, ...data } : data)
}

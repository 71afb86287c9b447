// Reads and writes the content files under the content root, validated by zod on every read and every write.
import { readdir, readFile } from 'node:fs/promises'
import matter from 'gray-matter'
import YAML from 'yaml'
import type { z } from 'zod'
import { ContentError } from './errors'
import { removeFile, resolveInside, writeFileAtomic } from './files'

type ReadOptions<M> = {
  /** Returned when the file does not exist; without it a missing file is a ContentError. */
  ifMissing?: () => M
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'does not match its schema'
  const field = issue.path.length ? issue.path.join('.') : '(whole file)'
  return `field "${field}": ${issue.message}`
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT'
}

/**
 * Files are read on every request (no cache), so a revert or hand edit made with plain git is what the next
 * request sees. The store never commits: ContentRepo.change() wraps the writes.
 */
export class ContentStore {
  constructor(readonly root: string) {}

  path(relPath: string): string {
    return resolveInside(this.root, relPath)
  }

  async readText(relPath: string): Promise<string | null> {
    try {
      return await readFile(this.path(relPath), 'utf8')
    } catch (err) {
      if (isMissing(err)) return null
      throw new ContentError(relPath, `could not be read (${(err as Error).message})`, { cause: err })
    }
  }

  async readYaml<S extends z.ZodType, M = never>(relPath: string, schema: S, options: ReadOptions<M> = {}): Promise<z.output<S> | M> {
    const text = await this.readText(relPath)
    if (text === null) {
      if (options.ifMissing) return options.ifMissing()
      throw new ContentError(relPath, 'file is missing')
    }
    let data: unknown
    try {
      data = YAML.parse(text)
    } catch (err) {
      throw new ContentError(relPath, `is not valid YAML (${(err as Error).message.split('\n')[0]})`, { cause: err })
    }
    return this.validate(relPath, schema, data)
  }

  /** A markdown file with optional front matter: `{ ...frontMatter, [bodyKey]: body }` validated by schema. */
  async readMarkdown<S extends z.ZodType, M = never>(
    relPath: string,
    schema: S,
    bodyKey: string,
    options: ReadOptions<M> = {},
  ): Promise<z.output<S> | M> {
    const text = await this.readText(relPath)
    if (text === null) {
      if (options.ifMissing) return options.ifMissing()
      throw new ContentError(relPath, 'file is missing')
    }
    let parsed: { data: Record<string, unknown>; content: string }
    try {
      parsed = matter(text)
    } catch (err) {
      throw new ContentError(relPath, `has invalid front matter (${(err as Error).message.split('\n')[0]})`, { cause: err })
    }
    return this.validate(relPath, schema, { ...parsed.data, [bodyKey]: parsed.content.replace(/^\n+/, '') })
  }

  /** Validates, then writes YAML atomically; returns the repo-relative path for ContentRepo.change(). */
  async writeYaml<S extends z.ZodType>(relPath: string, schema: S, value: z.input<S>): Promise<string> {
    const valid = this.validate(relPath, schema, value)
    await writeFileAtomic(this.path(relPath), YAML.stringify(valid, { lineWidth: 0 }))
    return relPath
  }

  /** Writes the markdown body; without new front matter the file's existing front matter is kept. */
  async writeMarkdown(relPath: string, body: string, frontMatter?: Record<string, unknown>): Promise<string> {
    let data = frontMatter
    if (!data) {
      const existing = await this.readText(relPath)
      data = existing ? { ...matter(existing).data } : {}
    }
    const text = Object.keys(data).length ? matter.stringify(body, data) : body
    await writeFileAtomic(this.path(relPath), text.endsWith('\n') ? text : `${text}\n`)
    return relPath
  }

  async remove(relPath: string): Promise<string> {
    await removeFile(this.path(relPath))
    return relPath
  }

  /** File names in a content directory (empty when it does not exist). */
  async list(relDir: string): Promise<string[]> {
    try {
      return (await readdir(this.path(relDir), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
    } catch (err) {
      if (isMissing(err)) return []
      throw err
    }
  }

  validate<S extends z.ZodType>(relPath: string, schema: S, data: unknown): z.output<S> {
    const result = schema.safeParse(data)
    if (!result.success) throw new ContentError(relPath, describeIssue(result.error), { cause: result.error })
    return result.data
  }
}

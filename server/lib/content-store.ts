// Reads and writes the content files under the content root, validated by zod on every read and every write.
import { readdir } from 'node:fs/promises'
import type { z } from 'zod'
import { ContentFileCache, type CachedFile } from '../cache/content-files'
import { ContentError } from './errors'
import { assertNoFolderLinkOut, FolderLinkError, removeFile, resolveInside, writeFileAtomic } from './files'
import { parseFrontMatter, parserWords, parseYaml, stringifyFrontMatter } from './front-matter'
import { conflictMarkerLine, lastValidVersion } from './last-valid'
import { stringifyKeepingLayout } from './yaml-layout'

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

/** No such file; a name too long for the file system, or a path through a file, names none either. */
function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code
  return code === 'ENOENT' || code === 'ENAMETOOLONG' || code === 'ENOTDIR'
}

const LINKED_FOLDER = 'a folder on its way is a symbolic link out of the site'

/** A link or a folder where the file should be is a broken file: readers get its last valid version. */
function unreadable(relPath: string, file: CachedFile): void {
  if (file.unreadable) throw new ContentError(relPath, `could not be read (${file.unreadable})`)
}

/** The file's front matter; front matter that cannot be read (another language, broken YAML) is not kept. */
function frontMatterOrNone(text: string): Record<string, unknown> {
  try {
    return parseFrontMatter(text).data
  } catch {
    return {}
  }
}

/**
 * Files are held in memory with their parsed and validated values (server/cache/content-files.ts): a revert, checkout
 * or hand edit made with plain git is what the next request sees, without re-parsing unchanged files on every request.
 * Readers get their own copy of a cached value. The store never commits: ContentRepo.change() wraps the writes.
 */
export class ContentStore {
  private readonly files: ContentFileCache

  constructor(readonly root: string) {
    this.files = new ContentFileCache(root)
  }

  private async load(relPath: string): Promise<CachedFile | null> {
    let path: string
    try {
      path = this.path(relPath)
    } catch (err) {
      // A folder on the way that links out of the root: a broken file (its last valid version), never read through.
      if (!(err instanceof FolderLinkError)) throw err
      return {
        stamp: '',
        text: '',
        unreadable: LINKED_FOLDER,
        validated: new WeakMap(),
        fallbacks: new WeakMap(),
      }
    }
    try {
      return await this.files.load(path)
    } catch (err) {
      if (isMissing(err)) return null
      throw new ContentError(relPath, `could not be read (${(err as Error).message})`, { cause: err })
    }
  }

  path(relPath: string): string {
    return resolveInside(this.root, relPath)
  }

  /** The text a save replaces; a folder on its way that links out of the root refuses the save (409) here. */
  async readText(relPath: string): Promise<string | null> {
    this.path(relPath)
    return (await this.load(relPath))?.text ?? null
  }

  async readYaml<S extends z.ZodType, M = never>(relPath: string, schema: S, options: ReadOptions<M> = {}): Promise<z.output<S> | M> {
    const file = await this.load(relPath)
    if (file === null) {
      if (options.ifMissing) return options.ifMissing()
      throw new ContentError(relPath, 'file is missing')
    }
    if (file.validated.has(schema)) return structuredClone(file.validated.get(schema)) as z.output<S>
    if (!file.yaml) {
      try {
        file.yaml = { value: parseYaml(file.text) }
      } catch (err) {
        file.yaml = { error: err as Error }
      }
    }
    try {
      unreadable(relPath, file)
      const markers = conflictMarkerLine(file.text)
      if (markers !== null) throw new ContentError(relPath, `has unresolved merge conflict markers (line ${markers})`)
      if ('error' in file.yaml) {
        const err = file.yaml.error
        throw new ContentError(relPath, `is not valid YAML (${parserWords(err)})`, { cause: err })
      }
      const value = this.validate(relPath, schema, structuredClone(file.yaml.value))
      file.validated.set(schema, value)
      return structuredClone(value)
    } catch (err) {
      return structuredClone(await this.lastValid(relPath, file, schema, err, (text) => this.validate(relPath, schema, parseYaml(text))))
    }
  }

  /** A markdown file with optional front matter: `{ ...frontMatter, [bodyKey]: body }` validated by schema. */
  async readMarkdown<S extends z.ZodType, M = never>(
    relPath: string,
    schema: S,
    bodyKey: string,
    options: ReadOptions<M> = {},
  ): Promise<z.output<S> | M> {
    const file = await this.load(relPath)
    if (file === null) {
      if (options.ifMissing) return options.ifMissing()
      throw new ContentError(relPath, 'file is missing')
    }
    const read = (text: string) => {
      const markers = conflictMarkerLine(text)
      if (markers !== null) throw new ContentError(relPath, `has unresolved merge conflict markers (line ${markers})`)
      let parsed: { data: Record<string, unknown>; content: string }
      try {
        parsed = parseFrontMatter(text)
      } catch (err) {
        throw new ContentError(relPath, `has invalid front matter (${parserWords(err as Error)})`, { cause: err })
      }
      return this.validate(relPath, schema, { ...parsed.data, [bodyKey]: parsed.content.replace(/^\n+/, '') })
    }
    try {
      unreadable(relPath, file)
      return read(file.text)
    } catch (err) {
      return structuredClone(await this.lastValid(relPath, file, schema, err, read))
    }
  }

  /**
   * A file that does not read as valid content costs only itself: readers get the newest committed version that
   * does (kept with the file's cache entry, so git is asked once per broken version). With none, the error stands.
   */
  private async lastValid<T>(relPath: string, file: CachedFile, schema: z.ZodType, err: unknown, read: (text: string) => T): Promise<T> {
    if (!(err instanceof ContentError)) throw err
    let found = file.fallbacks.get(schema) as { value: T } | null | undefined
    if (found === undefined) {
      const version = await lastValidVersion(this.root, relPath, (text) => {
        try {
          return read(text)
        } catch {
          return undefined
        }
      })
      found = version ? { value: version.value } : null
      file.fallbacks.set(schema, found)
      if (found) console.warn(`${err.message}; serving its last valid version (commit ${version!.commit.slice(0, 7)})`)
    }
    if (!found) throw err
    return found.value
  }

  /** Validates, then writes YAML atomically; returns the repo-relative path for ContentRepo.change(). */
  async writeYaml<S extends z.ZodType>(relPath: string, schema: S, value: z.input<S>): Promise<string> {
    const valid = this.validate(relPath, schema, value)
    await writeFileAtomic(this.path(relPath), stringifyKeepingLayout(valid, await this.readText(relPath)))
    return relPath
  }

  /** Writes the markdown body; without new front matter the file's existing front matter is kept. */
  async writeMarkdown(relPath: string, body: string, frontMatter?: Record<string, unknown>): Promise<string> {
    let data = frontMatter
    if (!data) {
      const existing = await this.readText(relPath)
      data = existing ? { ...frontMatterOrNone(existing) } : {}
    }
    const text = stringifyFrontMatter(body, data)
    await writeFileAtomic(this.path(relPath), text.endsWith('\n') ? text : `${text}\n`)
    return relPath
  }

  async remove(relPath: string): Promise<string> {
    await removeFile(this.path(relPath))
    return relPath
  }

  /** File names in a content directory (empty when it does not exist). */
  async list(relDir: string): Promise<string[]> {
    const dir = this.path(relDir)
    try {
      assertNoFolderLinkOut(this.root, dir, relDir)
      return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
    } catch (err) {
      if (isMissing(err)) return []
      if (err instanceof FolderLinkError) throw new ContentError(relDir, `could not be read (${LINKED_FOLDER})`, { cause: err })
      throw err
    }
  }

  validate<S extends z.ZodType>(relPath: string, schema: S, data: unknown): z.output<S> {
    const result = schema.safeParse(data)
    if (!result.success) throw new ContentError(relPath, describeIssue(result.error), { cause: result.error })
    return result.data
  }
}

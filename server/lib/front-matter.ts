// The one way content is parsed: front matter is YAML and only YAML, and YAML is plain data (no tags that build objects).
import matter from 'gray-matter'
import YAML from 'yaml'
import { hasForeignFrontMatter, YAML_FRONT_MATTER_ONLY } from './front-matter-marker'

/** Content whose front matter names another language (---js, ---coffee, ...) or cannot be read as YAML. */
export class FrontMatterError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'FrontMatterError'
  }
}

/**
 * YAML 1.2's core schema: strings, numbers, booleans, null, maps and lists. A tag it does not know (`!!js/function`,
 * `!!python/object`, a custom `!Thing`) is refused rather than read as a string, so a file means the same here as in
 * any other YAML reader. So are YAML 1.1's object tags (`!!set`, `!!omap`, `!!pairs`, `!!binary`, `!!timestamp`),
 * which the library resolves to a Set, Map, Buffer or Date unless told not to.
 */
export function parseYaml(text: string): unknown {
  const doc = YAML.parseDocument(text, { schema: 'core', customTags: [], merge: false, uniqueKeys: true, resolveKnownTags: false })
  const problem = doc.errors[0] ?? doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED')
  if (problem) throw problem
  return doc.toJS({ maxAliasCount: 100 })
}

function refuse(): never {
  throw new FrontMatterError(YAML_FRONT_MATTER_ONLY)
}

const YAML_ENGINE = { parse: (text: string) => parseYaml(text) ?? {}, stringify: (data: object) => YAML.stringify(data) }
// gray-matter 4 ships an `eval` engine for js/javascript and looks up coffee/cson/json by name: each refuses here.
const REFUSING = { parse: refuse, stringify: refuse }
const OPTIONS = {
  language: 'yaml',
  engines: {
    yaml: YAML_ENGINE,
    yml: YAML_ENGINE,
    js: REFUSING,
    javascript: REFUSING,
    coffee: REFUSING,
    coffeescript: REFUSING,
    cson: REFUSING,
    json: REFUSING,
    toml: REFUSING,
  },
} as unknown as Parameters<typeof matter>[1]

/** Splits a markdown file into its YAML front matter and its body; throws FrontMatterError for anything but YAML. */
export function parseFrontMatter(text: string): { data: Record<string, unknown>; content: string } {
  if (hasForeignFrontMatter(text)) refuse()
  let parsed: { data: unknown; content: string }
  try {
    // Options are always passed, so gray-matter's process-wide cache (filled by option-less calls) is never read.
    parsed = matter(text, OPTIONS)
  } catch (err) {
    if (err instanceof FrontMatterError) throw err
    throw new FrontMatterError((err as Error).message.split('\n')[0] ?? 'not valid YAML', { cause: err })
  }
  const data = parsed.data
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new FrontMatterError('The front matter must be a list of "name: value" lines')
  }
  return { data: data as Record<string, unknown>, content: parsed.content }
}

/** A markdown file's text: YAML front matter (when there is any data) above the body. */
export function stringifyFrontMatter(body: string, data: Record<string, unknown>): string {
  if (!Object.keys(data).length) return body
  return `---\n${YAML.stringify(data)}---\n${body}`
}

/** The parser's sentence without the excerpt of the file it prints below it (and the colon that leads to it). */
export function parserWords(err: Error): string {
  return err.message.split('\n')[0].replace(/:$/, '')
}

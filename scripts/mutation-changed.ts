// `npm run test:mutation -- --changed [base]`: the lines changed since base (committed or not), grouped by the slice
// whose modules hold them, as Stryker's line ranges; and the survivors of such a run, each with its file and line.
import type { MutationReport } from './mutation-report'

/** Changed line ranges per file, from `git diff --unified=0` (a hunk that only removes lines leaves no range). */
export function changedRanges(diff: string): Map<string, [number, number][]> {
  const files = new Map<string, [number, number][]>()
  let current: [number, number][] | null = null
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const path = line.slice(4)
      current = path === '/dev/null' ? null : []
      if (current) files.set(path.replace(/^b\//, ''), current)
      continue
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line)
    if (!hunk || !current) continue
    const start = Number(hunk[1])
    const count = hunk[2] === undefined ? 1 : Number(hunk[2])
    if (count > 0) current.push([start, start + count - 1])
  }
  for (const [path, ranges] of files) if (ranges.length === 0) files.delete(path)
  return files
}

/** A glob of the slices (`*` within a folder, `**` across folders) as a regular expression. */
function globPattern(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`)
}

/**
 * Whether a list of globs (later `!glob` entries leave files out) takes in a path. An entry limited to lines
 * (`file.tsx:12-45`, Stryker's syntax) takes in its whole file here: a change elsewhere in it is mutated too.
 */
export function matchesGlobs(path: string, globs: string[]): boolean {
  let taken = false
  for (const entry of globs) {
    const glob = entry.replace(/:\d+(:\d+)?-\d+(:\d+)?$/, '')
    if (glob.startsWith('!')) {
      if (globPattern(glob.slice(1)).test(path)) taken = false
    } else if (globPattern(glob).test(path)) taken = true
  }
  return taken
}

const TEST_FILE = /\.(test|e2e)\.tsx?$|\.fixture\.ts$|\/testing(-[^/]*)?(\/|\.ts$)/

/**
 * Each slice with changed modules, and the `file:from-to` ranges to mutate in it; a module in several slices goes to
 * the first. Changed files Stryker mutates in no slice (tests, components, scripts) are answered apart.
 */
export function planChangedRun(
  ranges: Map<string, [number, number][]>,
  slices: Record<string, { mutate: string[] }>,
  excluded: string[],
): { runs: { slice: string; mutate: string[] }[]; outside: string[] } {
  const runs = new Map<string, string[]>()
  const outside: string[] = []
  for (const [path, lines] of ranges) {
    if (!/\.tsx?$/.test(path)) continue
    const slice =
      TEST_FILE.test(path) ||
      matchesGlobs(
        path,
        excluded.map((g) => g.replace(/^!/, '')),
      )
        ? undefined
        : Object.keys(slices).find((name) => matchesGlobs(path, slices[name].mutate))
    if (!slice) {
      outside.push(path)
      continue
    }
    const list = runs.get(slice) ?? []
    list.push(...lines.map(([from, to]) => `${path}:${from}-${to}`))
    runs.set(slice, list)
  }
  return { runs: [...runs].map(([slice, mutate]) => ({ slice, mutate })), outside }
}

interface LocatedMutant {
  mutatorName: string
  replacement?: string
  status: string
  location: { start: { line: number; column: number } }
}

/** The mutants of a report no test noticed: survived or not covered, as `file:line:column`, in file and line order. */
export function survivorLines(report: MutationReport): string[] {
  const lines: { file: string; line: number; column: number; text: string }[] = []
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants as unknown as LocatedMutant[]) {
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue
      const { line, column } = m.location.start
      const what = m.replacement === undefined ? m.mutatorName : `${m.mutatorName} -> ${m.replacement.split('\n')[0].slice(0, 80)}`
      const status = m.status === 'NoCoverage' ? ' (no test reaches it)' : ''
      lines.push({ file, line, column, text: `${file}:${line}:${column}  ${what}${status}` })
    }
  }
  lines.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  return lines.map((l) => l.text)
}

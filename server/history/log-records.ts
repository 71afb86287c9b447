// Commits as `git log` gives them (subject, trailers, changed content files), before History describes them in words.
import { git } from './git-read'
import { itemOfPath, HISTORY_PATHS } from './items'

const FIELD = '\x1f'
const RECORD = '\x1e'
const TRAILER_SEP = '\x1d'
export const LOG_FORMAT = [
  `${RECORD}%H`,
  '%P',
  '%aI',
  '%an',
  '%s',
  `%(trailers:key=Content-Item,valueonly,separator=%x1d)`,
  '%(trailers:key=Restored-From,valueonly,separator=%x1d)',
  '%(trailers:key=Undoes,valueonly,separator=%x1d)',
  '%b',
  '',
].join('%x1f')

/** A commit as the log reads it, before it is described in words (see entry-words.ts). */
export interface LogRecord {
  hash: string
  shortHash: string
  parents: string[]
  date: string
  author: string
  summary: string
  items: string[]
  restoredFrom?: string
  undoes?: string
  /** True when the commit carries Content-Item trailers: the dashboard wrote it. */
  fromDashboard: boolean
  /** Paths changed under content/ and uploads/, with git's status letter when the log asked for it (A, M, D). */
  files: { path: string; status: string }[]
}

/** Parses `git log --format=LOG_FORMAT` with `--name-only` or `--name-status`. Exported for tests. */
export function parseLog(out: string): LogRecord[] {
  const entries: LogRecord[] = []
  for (const record of out.split(RECORD)) {
    if (!record.trim()) continue
    const parts = record.split(FIELD)
    if (parts.length < 10) continue
    const [hash, parents, date, author, summary, itemTrailers, restored, undone, body, names] = parts
    const trailerItems = itemTrailers
      .split(TRAILER_SEP)
      .map((s) => s.trim())
      .filter(Boolean)
    const files = names
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        // A merge's combined diff gives one letter per parent (`MM`): the first one is against the site's side.
        const status = /^([ACDMRTUX])[ACDMRTUX]*\d*\t(.*)$/.exec(line)
        return status ? { status: status[1], path: status[2] } : { status: '', path: line }
      })
    const derived = [...new Set(files.map((f) => itemOfPath(f.path)).filter((i): i is string => i !== null))]
    const restoredFrom = restored.split(TRAILER_SEP)[0]?.trim()
    // A developer's `git revert` says which commit it undoes in its body: told as an undo like the dashboard's.
    const undoes = undone.split(TRAILER_SEP)[0]?.trim() || (/^This reverts commit ([0-9a-f]{40})\b/m.exec(body) ?? [])[1]
    entries.push({
      hash,
      shortHash: hash.slice(0, 7),
      parents: parents.split(' ').filter(Boolean),
      date,
      author,
      summary,
      items: trailerItems.length ? [...new Set(trailerItems)] : derived,
      ...(restoredFrom ? { restoredFrom } : {}),
      ...(undoes ? { undoes } : {}),
      fromDashboard: trailerItems.length > 0,
      files,
    })
  }
  return entries
}

const inHistory = (path: string) => HISTORY_PATHS.some((dir) => path.startsWith(`${dir}/`))

/**
 * `git log` of the content, with every content file each commit changed (also those outside an item filter): `options`
 * such as `['-n', '31']`, from `revs`; with no `paths`, commits that touched no content are listed too.
 */
export async function logRecords(root: string, paths: string[], options: string[] = [], revs = ['HEAD']): Promise<LogRecord[]> {
  const out = await git(root, [
    'log',
    `--format=${LOG_FORMAT}`,
    '--name-status',
    '--full-diff',
    '--no-renames',
    // Every commit once, on both sides of a merge; a merge shows only what it changed itself (a conflict resolved
    // to something new), not a copy of the commits it joined. See withoutEmptyMerges.
    '--full-history',
    '--diff-merges=dense-combined',
    ...options,
    ...revs,
    '--',
    ...paths,
  ])
  return parseLog(out).map((r) => ({ ...r, files: r.files.filter((f) => inHistory(f.path)) }))
}

/** A merge that changed nothing itself (both sides applied cleanly, or a conflict resolved to one side) is no entry. */
export function withoutEmptyMerges(records: LogRecord[]): LogRecord[] {
  return records.filter((r) => r.parents.length < 2 || r.files.length > 0)
}

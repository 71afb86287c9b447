// The content commits as git's log lists them: newest first, optionally for one item; a commit found by its subject.
import { git, hasHead } from './git-read'
import { HistoryError } from './history-error'
import type { HistoryEntry, HistoryPage } from './history.types'
import { itemOfPath, pathOfItem, HISTORY_PATHS } from './items'

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
  '',
].join('%x1f')

/** Parses `git log --format=LOG_FORMAT --name-only` output. Exported for tests. */
export function parseLog(out: string): (HistoryEntry & { parents: string[] })[] {
  const entries: (HistoryEntry & { parents: string[] })[] = []
  for (const record of out.split(RECORD)) {
    if (!record.trim()) continue
    const parts = record.split(FIELD)
    if (parts.length < 8) continue
    const [hash, parents, date, author, summary, itemTrailers, restored, files] = parts
    const trailerItems = itemTrailers
      .split(TRAILER_SEP)
      .map((s) => s.trim())
      .filter(Boolean)
    const paths = files.split('\n').map((s) => s.trim()).filter(Boolean)
    const derived = [...new Set(paths.map((p) => itemOfPath(p)).filter((i): i is string => i !== null))]
    const restoredFrom = restored.split(TRAILER_SEP)[0]?.trim()
    entries.push({
      hash,
      shortHash: hash.slice(0, 7),
      parents: parents.split(' ').filter(Boolean),
      date,
      author,
      summary,
      items: trailerItems.length ? [...new Set(trailerItems)] : derived,
      ...(restoredFrom ? { restoredFrom } : {}),
    })
  }
  return entries
}

interface ListOptions {
  item?: string
  limit?: number
  offset?: number
}

/** Content commits newest first; with `item`, only commits that touched that item's file (works for plain-git commits). */
export async function listHistory(root: string, options: ListOptions = {}): Promise<HistoryPage> {
  const limit = Math.min(Math.max(options.limit ?? 30, 1), 200)
  const offset = Math.max(options.offset ?? 0, 0)
  let paths = HISTORY_PATHS
  if (options.item && options.item !== 'all') {
    const path = pathOfItem(options.item)
    if (!path) throw new HistoryError(400, `Unknown content item: ${options.item}`)
    paths = [path]
  }
  if (!(await hasHead(root))) return { entries: [], hasMore: false }
  const out = await git(root, [
    'log',
    `--format=${LOG_FORMAT}`,
    '--name-only',
    '--no-renames',
    '--diff-merges=first-parent',
    `--skip=${offset}`,
    `-n`,
    String(limit + 1),
    'HEAD',
    '--',
    ...paths,
  ])
  const entries = parseLog(out).map(({ parents: _parents, ...entry }) => entry)
  return { entries: entries.slice(0, limit), hasMore: entries.length > limit }
}

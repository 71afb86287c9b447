// The content commits as git's log lists them: newest first, optionally for one item or one kind, in words.
import { hasHead } from './git-read'
import { HistoryError } from './history-error'
import { describeEntries } from './entry-words'
import type { HistoryKind, HistoryPage } from './history.types'
import { pathOfItem, HISTORY_PATHS } from './items'
import { logRecords, withoutEmptyMerges } from './log-records'

interface ListOptions {
  item?: string
  kind?: HistoryKind
  limit?: number
  offset?: number
}

/**
 * Content commits newest first, each described in words; with `item`, only commits that touched that item's file
 * (works for plain-git commits); with `kind`, only changes of that kind (services, pictures, ...). Commits that
 * touched no content (code changes) are not listed.
 */
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
  if (!options.kind) {
    // --skip counts commits as git lists them (merges too), so pages stay contiguous when an empty merge is left out.
    const records = await logRecords(root, paths, [`--skip=${offset}`, '-n', String(limit + 1)])
    return { entries: await describeEntries(root, withoutEmptyMerges(records.slice(0, limit))), hasMore: records.length > limit }
  }
  // A kind is known only once a change is described (a picture reordered touches only a service's file), so every
  // content commit is described (kept in memory by commit) and the page cut from those of that kind.
  const kind = options.kind
  const all = (await describeEntries(root, withoutEmptyMerges(await logRecords(root, paths)))).filter((e) => e.kinds.includes(kind))
  return { entries: all.slice(offset, offset + limit), hasMore: all.length > offset + limit }
}

// Commits described for the owner: what changed in words, who (dashboard or a developer's git commit), the kinds of
// change, and the site's first content named as such. A commit never changes, so its words are kept by hash.
import { describeChanges, describeFirstContent, FIRST_CONTENT_TITLE } from './change-words'
import { contentFileProblem } from './content-check'
import { diffContentFile } from './field-diff'
import { blobsAt, git } from './git-read'
import type { HistoryEntry, HistoryKind, ItemChange } from './history.types'
import { isUploadPath, itemLabel, itemOfPath } from './items'
import { logRecords, type LogRecord } from './log-records'

interface Words {
  title: string
  kinds: HistoryKind[]
  first?: true
  held?: string
}

const KEEP = 5000
const kept = new Map<string, Words>()

function keep(hash: string, words: Words): void {
  if (kept.size >= KEEP) kept.delete(kept.keys().next().value!)
  kept.set(hash, words)
}

/** The commit that brought the site's first text: the oldest with files under content/ (pictures may come before). */
async function firstContentCommit(root: string): Promise<string | null> {
  const out = await git(root, ['rev-list', '--reverse', 'HEAD', '--', 'content'])
  return out.slice(0, out.indexOf('\n')).trim() || null
}

/** Each record's content changes, field by field, read through one `git cat-file` for the whole batch. */
async function changesOf(root: string, records: LogRecord[]): Promise<ItemChange[][]> {
  return (await readChanges(root, records)).map((r) => r.changes)
}

/** The changes, and the files each commit left unreadable as content that were fine before it (`Broke …`). */
async function readChanges(root: string, records: LogRecord[]): Promise<{ changes: ItemChange[]; broke: string[] }[]> {
  const specs: string[] = []
  const reads = records.map((r) =>
    r.files.map(({ path, status }) => {
      if (isUploadPath(path)) return null
      const parent = r.parents[0]
      const before = parent && status !== 'A' ? specs.push(`${parent}:${path}`) - 1 : -1
      const after = status !== 'D' ? specs.push(`${r.hash}:${path}`) - 1 : -1
      return { before, after }
    }),
  )
  const blobs = await blobsAt(root, specs)
  const text = (i: number) => (i < 0 ? null : (blobs[i]?.toString('utf8') ?? null))
  return records.map((r, ri) => {
    const broke: string[] = []
    const changes = r.files
      .map(({ path, status }, fi) => {
        const read = reads[ri][fi]
        if (!read) return diffContentFile(path, status === 'A' ? null : '', status === 'D' ? null : '')
        const [before, after] = [text(read.before), text(read.after)]
        const problem = after === null ? null : contentFileProblem(path, after)
        if (problem && (before === null || !contentFileProblem(path, before))) {
          const item = itemOfPath(path)
          const where = problem.line ? `line ${problem.line}: ` : problem.field ? `field "${problem.field}": ` : ''
          broke.push(`${item ? itemLabel(item) : path} (${where}${problem.message})`)
        }
        return diffContentFile(path, before, after)
      })
      .filter((c): c is ItemChange => c !== null)
    return { changes, broke }
  })
}

/**
 * The restore commit's subject, `Restore service "Bouquets" to 3f2a1bc (Nov 22, 2026, 10:04 AM)`, in words. The name
 * is read up to the last ` to <hash>`: a title may hold one (`Road to cafe123`), the date never does.
 */
function restoreTitle(summary: string): string | null {
  const m = /^Restore (.+) to ([0-9a-f]{7})(?: \((.+?)\))?/.exec(summary)
  if (!m) return null
  const what = m[1] === 'whole site' ? 'the whole site' : (/^service "(.*)"$/.exec(m[1])?.[1] ?? m[1])
  return `Restored ${what} as it was ${m[3] ? `on ${m[3]}` : `at ${m[2]}`}`
}

async function describeNew(root: string, records: LogRecord[], first: string | null): Promise<void> {
  const todo = records.filter((r) => !kept.has(r.hash))
  if (todo.length === 0) return
  const firsts = todo.filter((r) => r.hash === first)
  const rest = todo.filter((r) => r.hash !== first)
  for (const r of firsts) keep(r.hash, firstWords(r))
  const changes = await readChanges(root, rest)
  rest.forEach((r, i) => {
    const { title, kinds } = describeChanges(changes[i].changes)
    const restored = r.restoredFrom ? restoreTitle(r.summary) : null
    const undo = r.undoes || r.restoredFrom ? (['undo'] as HistoryKind[]) : []
    // A commit that left a file unreadable says so first: the site shows that file's last valid version meanwhile.
    const broke = changes[i].broke.length ? `Broke ${changes[i].broke.join(', ')}` : null
    keep(r.hash, { title: broke ?? restored ?? title, kinds: [...kinds, ...undo] })
  })
  // An undo is named for the change it undid: `Undid “Changed the price of Bouquets”`.
  const undone = rest.filter((r) => r.undoes)
  if (undone.length === 0) return
  const targets = await logRecords(root, [], ['--no-walk=unsorted'], [...new Set(undone.map((r) => r.undoes!))])
  const fresh = targets.filter((t) => !kept.has(t.hash))
  const targetChanges = await changesOf(root, fresh)
  fresh.forEach((t, i) => keep(t.hash, t.hash === first ? firstWords(t) : describeChanges(targetChanges[i])))
  for (const r of undone) {
    const target = kept.get(r.undoes!)
    const own = kept.get(r.hash)!
    if (target && !own.title.startsWith('Broke ')) keep(r.hash, { ...own, title: `Undid “${target.title}”` })
  }
}

/** The first content is named for what it is and what it held, not compared field by field. */
function firstWords(r: LogRecord): Words {
  const stubs = r.files.map(({ path, status }) => stubChange(path, status))
  return { title: FIRST_CONTENT_TITLE, kinds: describeChanges(stubs).kinds, first: true, held: describeFirstContent(stubs) }
}

/** An item change known only by its path (the first content is named, not compared field by field). */
function stubChange(path: string, status: string): ItemChange {
  const item = itemOfPath(path) ?? path
  return { item, label: itemLabel(item), path, change: status === 'D' ? 'removed' : status === 'A' ? 'added' : 'changed', fields: [] }
}

/** The records as History lists them: each with its words, who made it and its kinds. */
export async function describeEntries(root: string, records: LogRecord[]): Promise<HistoryEntry[]> {
  if (records.length === 0) return []
  await describeNew(root, records, await firstContentCommit(root))
  return records.map((r) => {
    const words = kept.get(r.hash)!
    return {
      hash: r.hash,
      shortHash: r.shortHash,
      date: r.date,
      author: r.author,
      summary: r.summary,
      title: words.title,
      source: r.fromDashboard ? 'dashboard' : 'git',
      kinds: words.kinds,
      ...(words.first ? { first: true as const, held: words.held } : {}),
      items: r.items,
      ...(r.restoredFrom ? { restoredFrom: r.restoredFrom } : {}),
    }
  })
}

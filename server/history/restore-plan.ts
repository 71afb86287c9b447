// What restoring an item (or the whole site) to a commit would write: validated files, order and images, and the message.
import YAML from 'yaml'
import { parseYaml } from '../lib/front-matter'
import { studioDateTime } from '../lib/studio-time'
import { blobAt, filesAt, git, textAt } from './git-read'
import { kindOfItem } from '../kinds/content-kinds'
import { contentFileProblem } from './content-check'
import { HistoryError } from './history-error'
import { requireCommit } from './commit-detail'
import {
  CONTENT_DIR,
  SINGLE_FILE_ITEMS,
  isKnownItem,
  isRestorableItem,
  isServiceItem,
  isUploadPath,
  itemLabel,
  itemOfPath,
  pathOfItem,
  referencedUploads,
  serviceIdOf,
} from './items'
import { readDisk } from './uncommitted'

const ORDER_PATH = SINGLE_FILE_ITEMS['service-order']

interface FileWrite {
  path: string
  /** null deletes the file. */
  bytes: Buffer | null
}

export interface RestorePlan {
  hash: string
  item: string
  writes: FileWrite[]
  items: string[]
  message: string
  restoredImages: string[]
}

/** A restored file must still be valid content today; otherwise the restore is refused before anything is written. */
export function validateRestored(path: string, text: string, at: string): void {
  const problem = contentFileProblem(path, text)
  if (!problem) return
  const why = problem.field ? `field "${problem.field}": ${problem.message}` : problem.message
  throw new HistoryError(422, `${path} as it was at ${at.slice(0, 7)} is not valid content today (${why}); restore it with git instead.`)
}

export function serviceTitle(text: string | null): string | undefined {
  if (!text) return undefined
  try {
    const data = parseYaml(text) as { title?: unknown } | null
    return typeof data?.title === 'string' ? data.title : undefined
  } catch {
    return undefined
  }
}

function parseOrder(text: string | null): string[] | null {
  if (text === null) return null
  try {
    const data = parseYaml(text)
    return Array.isArray(data) ? data.map(String) : null
  } catch {
    return null
  }
}

/** Where a re-appearing service goes: after the id that preceded it then, else at the end. */
function insertInOrder(order: string[], id: string, orderThen: string[] | null): string[] {
  const then = orderThen ?? []
  const at = then.indexOf(id)
  for (let i = at - 1; i >= 0; i--) {
    const idx = order.indexOf(then[i])
    if (idx >= 0) return [...order.slice(0, idx + 1), id, ...order.slice(idx + 1)]
  }
  if (at === 0) return [id, ...order]
  return [...order, id]
}

async function trackedFiles(root: string, dir: string): Promise<string[]> {
  return (await git(root, ['ls-files', '-z', '--', dir])).split('\0').filter(Boolean)
}

/** An image's bytes: from the chosen commit, else from the last commit that still had it. */
export async function findUpload(root: string, hash: string, path: string): Promise<Buffer | null> {
  const atHash = await blobAt(root, hash, path)
  if (atHash) return atHash
  const last = (await git(root, ['rev-list', '-n', '1', '--all', '--', path]).catch(() => '')).trim()
  if (!last) return null
  return (await blobAt(root, last, path)) ?? (await blobAt(root, `${last}^`, path))
}

/** The message of a restore commit, e.g. `Restore service "Bouquets" to 3f2a1bc (Nov 22, 2025, 10:04 AM)`. */
function restoreMessage(what: string, hash: string, date: string, removed = false): string {
  const when = date ? ` (${studioDateTime(date)})` : ''
  return `Restore ${what} to ${hash.slice(0, 7)}${when}${removed ? ' (removed: it did not exist then)' : ''}`
}

/**
 * Works out which files a restore writes, reading the chosen commit and the files on disk now. Runs inside the
 * write queue, so what it compares against cannot change under it.
 */
export async function planRestore(root: string, rev: string, item: string): Promise<RestorePlan> {
  const hash = await requireCommit(root, rev)
  const date = (await git(root, ['log', '-n', '1', '--format=%aI', hash])).trim()
  const writes = new Map<string, Buffer | null>()
  const plan = (path: string, bytes: Buffer | null) => writes.set(path, bytes)
  let message: string
  let removed = false

  if (item === 'all') {
    const then = new Set(await filesAt(root, hash, [CONTENT_DIR]))
    if (then.size === 0) throw new HistoryError(422, `Commit ${hash.slice(0, 7)} has no content to restore`)
    for (const path of then) plan(path, await blobAt(root, hash, path))
    for (const path of await trackedFiles(root, CONTENT_DIR)) if (!then.has(path)) plan(path, null)
    message = restoreMessage('whole site', hash, date)
  } else if (isServiceItem(item)) {
    const path = pathOfItem(item)!
    const id = serviceIdOf(item)!
    const bytes = await blobAt(root, hash, path)
    plan(path, bytes)
    removed = bytes === null
    const currentTitle = serviceTitle((await readDisk(root, path))?.toString('utf8') ?? null)
    const thenTitle = serviceTitle(bytes?.toString('utf8') ?? null)
    message = restoreMessage(`service "${thenTitle ?? currentTitle ?? id}"`, hash, date, removed)
    // Keep the order in step: a service coming back takes its old place, a removed one leaves the order.
    const orderNowText = (await readDisk(root, ORDER_PATH))?.toString('utf8') ?? null
    const orderNow = parseOrder(orderNowText)
    if (orderNow) {
      let next = orderNow
      if (!removed && !orderNow.includes(id)) next = insertInOrder(orderNow, id, parseOrder(await textAt(root, hash, ORDER_PATH)))
      if (removed && orderNow.includes(id)) next = orderNow.filter((x) => x !== id)
      if (next !== orderNow) plan(ORDER_PATH, Buffer.from(YAML.stringify(next)))
    }
  } else if (isKnownItem(item)) {
    // The History tab offers no Restore for what is edited in git only (the mailing-list interests): nor does the API.
    if (!isRestorableItem(item)) throw new HistoryError(400, `${itemLabel(item)} are edited in git, not restored from History`)
    const path = pathOfItem(item)!
    const bytes = await blobAt(root, hash, path)
    if (bytes === null) throw new HistoryError(422, `${itemLabel(item)} did not exist at ${hash.slice(0, 7)}`)
    plan(path, bytes)
    message = restoreMessage(kindOfItem(item)?.restoreName ?? item, hash, date)
  } else {
    throw new HistoryError(400, `Unknown content item: ${item}`)
  }

  // Drop writes that change nothing, and check what is left is valid content today.
  for (const [path, bytes] of [...writes]) {
    const now = await readDisk(root, path)
    if ((now === null && bytes === null) || (now && bytes && now.equals(bytes))) writes.delete(path)
    else if (bytes) validateRestored(path, bytes.toString('utf8'), hash)
  }

  // Images the restored content references come back if they are gone.
  const restoredImages: string[] = []
  const wanted = new Set<string>()
  // Everything the item (or, for `all`, the whole content tree) held then, even parts already as they were.
  const sources = item === 'all' ? await filesAt(root, hash, [CONTENT_DIR]) : [...writes.keys(), pathOfItem(item)!]
  for (const path of new Set(sources)) {
    if (isUploadPath(path)) continue
    const text = writes.get(path)?.toString('utf8') ?? (await textAt(root, hash, path))
    if (text) for (const u of referencedUploads(text)) wanted.add(u)
  }
  for (const upload of [...wanted].sort()) {
    if (!isUploadPath(upload) || (await readDisk(root, upload)) !== null) continue
    const bytes = await findUpload(root, hash, upload)
    if (!bytes) continue
    writes.set(upload, bytes)
    restoredImages.push(upload)
  }

  const items = [...new Set([...writes.keys()].map((p) => itemOfPath(p)).filter((i): i is string => i !== null))]
  return {
    hash,
    item,
    writes: [...writes].map(([path, bytes]) => ({ path, bytes })),
    items,
    message,
    restoredImages,
  }
}

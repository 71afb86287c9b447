// Content history read from git (list, field-level detail, files at a commit) and the restore plan.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import matter from 'gray-matter'
import YAML from 'yaml'
import type { z } from 'zod'
import { DeliveryContentSchema } from '../delivery/delivery.schema'
import { SegmentListSchema } from '../mailing-list/mailing-list.schema'
import { ServiceOrderSchema, ServiceSchema } from '../services/services.schema'
import { SiteSettingsSchema } from '../site/site.schema'
import { TestimonialListSchema } from '../testimonials/testimonials.schema'
import { diffContentFile } from './field-diff'
import { blobAt, filesAt, git, GitCommandError, hasHead, resolveCommit, textAt } from './git-read'
import type { CommitDetail, HistoryEntry, HistoryPage, ItemChange, UncommittedFile } from './history.types'
import {
  CONTENT_DIR,
  isKnownItem,
  isServiceItem,
  isUploadPath,
  itemLabel,
  itemOfPath,
  pathOfItem,
  referencedUploads,
  serviceIdOf,
  SINGLE_FILE_ITEMS,
  UPLOADS_DIR,
} from './items'
import { resolveInside } from '../lib/files'

export const HISTORY_PATHS = [CONTENT_DIR, UPLOADS_DIR]
export const STUDIO_TIME_ZONE = 'America/Los_Angeles'
const ORDER_PATH = SINGLE_FILE_ITEMS['service-order']

/** A request that names something history does not have; routes answer 404 or 400 with the message. */
export class HistoryError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
  ) {
    super(message)
    this.name = 'HistoryError'
  }
}

const FIELD = '\x1f'
const RECORD = '\x1e'
const TRAILER_SEP = '\x1d'
const LOG_FORMAT = [
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

/** "Nov 22, 10:04 AM" in the studio's time zone. */
export function studioDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: STUDIO_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso))
}

/** The git blob id of bytes, as `git hash-object` computes it. */
export function blobId(bytes: Buffer | string): string {
  const buf = typeof bytes === 'string' ? Buffer.from(bytes) : bytes
  return createHash('sha1').update(`blob ${buf.length}\0`).update(buf).digest('hex')
}

export const ABSENT_VERSION = 'absent'

async function readDisk(root: string, path: string): Promise<Buffer | null> {
  try {
    return await readFile(resolveInside(root, path))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

/**
 * An item's version: the git blob id of its file as it is on disk now (or `absent`). It changes with every save,
 * restore, developer commit or even an uncommitted hand edit, and costs one file read.
 */
export async function itemVersion(root: string, item: string): Promise<string> {
  const path = pathOfItem(item)
  if (!path) throw new HistoryError(400, `Unknown content item: ${item}`)
  const bytes = await readDisk(root, path)
  return bytes === null ? ABSENT_VERSION : blobId(bytes)
}

export interface ListOptions {
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

async function requireCommit(root: string, rev: string): Promise<string> {
  const full = await resolveCommit(root, rev)
  if (!full) throw new HistoryError(404, `No commit ${rev} in the content history`)
  return full
}

/** One commit with every content file it changed, as field-level before/after. */
export async function commitDetail(root: string, rev: string): Promise<CommitDetail> {
  const hash = await requireCommit(root, rev)
  const out = await git(root, ['log', '-n', '1', `--format=${LOG_FORMAT}`, '--name-only', '--no-renames', '--diff-merges=first-parent', hash, '--', ...HISTORY_PATHS])
  const [head] = parseLog(out)
  const parent = (await resolveCommit(root, `${hash}^1`)) ?? null
  // The log above is empty for a commit that touched no content; describe it anyway.
  const meta =
    head ??
    parseLog(await git(root, ['log', '-n', '1', `--format=${LOG_FORMAT}`, hash]))[0] ??
    ({ hash, shortHash: hash.slice(0, 7), date: '', author: '', summary: '', items: [], parents: [] } as HistoryEntry & { parents: string[] })
  const diffArgs = parent
    ? ['diff-tree', '-r', '-z', '--name-only', '--no-renames', parent, hash, '--', ...HISTORY_PATHS]
    : ['diff-tree', '-r', '-z', '--name-only', '--no-renames', '--root', hash, '--', ...HISTORY_PATHS]
  const paths = (await git(root, diffArgs)).split('\0').filter(Boolean).filter((p) => p !== hash)
  const changes: ItemChange[] = []
  for (const path of paths) {
    if (isUploadPath(path)) {
      const before = parent ? (await blobAt(root, parent, path)) !== null : false
      const after = (await blobAt(root, hash, path)) !== null
      const change = diffContentFile(path, before ? '' : null, after ? '' : null)
      if (change) changes.push({ ...change, imageUrl: fileUrl(after ? hash : parent!, path) })
      continue
    }
    const before = parent ? await textAt(root, parent, path) : null
    const after = await textAt(root, hash, path)
    const change = diffContentFile(path, before, after)
    if (change) changes.push(change)
  }
  // Images after the content that uses them.
  changes.sort((a, b) => Number(isUploadPath(a.path)) - Number(isUploadPath(b.path)))
  const { parents: _parents, ...entry } = meta
  return { ...entry, parent, changes }
}

/** The URL that serves a file as it was at a commit (see history.routes.ts). */
export function fileUrl(hash: string, path: string): string {
  return `/api/admin/history/commits/${hash}/file?path=${encodeURIComponent(path)}`
}

/** An image (or any content file) as it was at a commit; null when that commit does not have it. */
export async function fileAtCommit(root: string, rev: string, path: string): Promise<Buffer | null> {
  if (!/^(content|uploads)\/[A-Za-z0-9._/-]+$/.test(path) || path.split('/').includes('..')) {
    throw new HistoryError(400, 'Only files under content/ and uploads/ can be shown')
  }
  const hash = await requireCommit(root, rev)
  return blobAt(root, hash, path)
}

/** Content files with uncommitted edits (hand edits not yet committed), as `git status` sees them. */
export async function uncommittedFiles(root: string, paths: string[] = HISTORY_PATHS): Promise<UncommittedFile[]> {
  const out = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...paths])
  const files: UncommittedFile[] = []
  for (const entry of out.split('\0')) {
    if (entry.length < 4) continue
    const xy = entry.slice(0, 2)
    const path = entry.slice(3)
    // writeFileAtomic's temp files exist only for the moment of a save.
    if (/\.tmp-write$/.test(path)) continue
    files.push({ path, state: describeStatus(xy) })
  }
  return files
}

function describeStatus(xy: string): string {
  if (xy === '??') return 'untracked'
  const code = xy.trim()[0] ?? 'M'
  return { M: 'modified', A: 'added', D: 'deleted', R: 'renamed', C: 'copied', U: 'conflicted', T: 'type changed' }[code] ?? 'modified'
}

// ---------------------------------------------------------------------------------------------------------------
// Restore

export interface FileWrite {
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

const SCHEMAS: Record<string, z.ZodType> = {
  testimonials: TestimonialListSchema,
  site: SiteSettingsSchema,
  'service-order': ServiceOrderSchema,
  'mailing-list-segments': SegmentListSchema,
}

/** A restored file must still be valid content today; otherwise the restore is refused before anything is written. */
function validateRestored(path: string, text: string, at: string): void {
  const item = itemOfPath(path)
  if (!item) return
  try {
    if (path.endsWith('.md')) {
      const parsed = matter(text)
      if (item === 'delivery-installation') DeliveryContentSchema.parse({ markdownContent: parsed.content })
      return
    }
    const data = YAML.parse(text)
    // Service files may leave out their id (the file name gives it).
    if (isServiceItem(item)) ServiceSchema.parse({ id: serviceIdOf(item), ...data })
    else if (SCHEMAS[item]) SCHEMAS[item].parse(data)
  } catch (err) {
    const detail = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0]
    const why = detail ? `field "${detail.path.join('.')}": ${detail.message}` : (err as Error).message.split('\n')[0]
    throw new HistoryError(422, `${path} as it was at ${at.slice(0, 7)} is not valid content today (${why}); restore it with git instead.`)
  }
}

function serviceTitle(text: string | null): string | undefined {
  if (!text) return undefined
  try {
    const data = YAML.parse(text)
    return typeof data?.title === 'string' ? data.title : undefined
  } catch {
    return undefined
  }
}

function parseOrder(text: string | null): string[] | null {
  if (text === null) return null
  try {
    const data = YAML.parse(text)
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
async function findUpload(root: string, hash: string, path: string): Promise<Buffer | null> {
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
    const path = pathOfItem(item)!
    const bytes = await blobAt(root, hash, path)
    if (bytes === null) throw new HistoryError(422, `${itemLabel(item)} did not exist at ${hash.slice(0, 7)}`)
    plan(path, bytes)
    const what: Record<string, string> = {
      testimonials: 'testimonials',
      'delivery-installation': 'the delivery & installation page',
      site: 'site settings',
      'service-order': 'the service order',
      'mailing-list-segments': 'mailing-list interests',
    }
    message = restoreMessage(what[item] ?? item, hash, date)
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

/** The newest commit whose subject is `message` among the last few (the restore's own commit). */
export async function findCommitBySubject(root: string, message: string): Promise<string | null> {
  try {
    const out = await git(root, ['log', '-n', '20', '--format=%H%x1f%s', 'HEAD'])
    for (const line of out.split('\n')) {
      const [hash, subject] = line.split(FIELD)
      if (subject === message) return hash
    }
  } catch (err) {
    if (!(err instanceof GitCommandError)) throw err
  }
  return null
}

/** Services that exist now or ever existed in history, for the History filter. */
export async function historyItems(root: string): Promise<{ item: string; label: string; current: boolean }[]> {
  const current = new Map<string, string | undefined>()
  for (const path of await servicesOnDisk(root)) {
    const item = itemOfPath(path)
    if (item && isServiceItem(item)) current.set(item, serviceTitle((await readDisk(root, path))?.toString('utf8') ?? null))
  }
  const past = new Set<string>()
  if (await hasHead(root)) {
    const out = await git(root, ['log', '--format=', '--name-only', '--no-renames', 'HEAD', '--', 'content/services'])
    for (const p of out.split('\n')) {
      const item = itemOfPath(p.trim())
      if (item && isServiceItem(item) && !current.has(item)) past.add(item)
    }
  }
  const services = [...current].map(([item, title]) => ({ item, label: title ?? serviceIdOf(item)!, current: true }))
  services.sort((a, b) => a.label.localeCompare(b.label))
  const gone = [...past].sort().map((item) => ({ item, label: `${serviceIdOf(item)} (deleted)`, current: false }))
  return [
    ...services,
    ...gone,
    { item: 'testimonials', label: 'Testimonials', current: true },
    { item: 'delivery-installation', label: 'Delivery & Installation page', current: true },
    { item: 'site', label: 'Site settings', current: true },
    { item: 'service-order', label: 'Service order', current: true },
  ]
}

async function servicesOnDisk(root: string): Promise<string[]> {
  try {
    return (await readdir(resolveInside(root, 'content/services'))).map((f) => `content/services/${f}`)
  } catch {
    return []
  }
}

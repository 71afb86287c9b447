// A fingerprint of everything under content/ plus git's HEAD, taken again only after file-system events announce a change.
import { lstatSync, readdirSync, readFileSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'

/** The entry's own stamp: a symbolic link is stamped as itself (the content store never reads through one). */
function stampOf(path: string): string {
  const s = lstatSync(path, { throwIfNoEntry: false })
  return s ? `${s.size}:${s.mtimeMs}:${s.ino}` : '-'
}

function loopSafeStat(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') return undefined
    throw err
  }
}

/** A directory's entries as last listed, reused while the directory's own stamp holds. */
interface Listing {
  stamp: string
  files: string[]
  dirs: string[]
}

/** A directory changed this recently is listed again even when its stamp looks the same (coarse file-system clocks). */
const RACY_MS = 2000

/** Even with no event, the files are stat'ed again once the last check is this old: a missed event lasts no longer. */
const RECHECK_MS = 1000

/** HEAD's text, read again only when its stamp changed or it changed in the last RACY_MS (git renames it in). */
let headCache: { path: string; stamp: string; text: string } | null = null

function readHead(path: string): string | null {
  const s = statSync(path, { throwIfNoEntry: false })
  if (!s) return null
  const stamp = `${s.size}:${s.mtimeMs}:${s.ino}`
  if (headCache?.path === path && headCache.stamp === stamp && Date.now() - s.mtimeMs >= RACY_MS) return headCache.text
  try {
    headCache = { path, stamp, text: readFileSync(path, 'utf8').trim() }
  } catch {
    return null
  }
  return headCache.text
}

/** Directories to watch, by path: the inode watched and the entry names that matter (null: all of them). */
type WatchPlan = Map<string, { ino: number; names: Set<string> | null }>

function plan(watches: WatchPlan, dir: string, name: string | null, ino?: number): void {
  const s = ino === undefined ? statSync(dir, { throwIfNoEntry: false }) : { ino, isDirectory: () => true }
  if (!s?.isDirectory()) return
  const known = watches.get(dir)
  if (!known) watches.set(dir, { ino: s.ino, names: name === null ? null : new Set([name]) })
  else if (name === null) known.names = null
  else known.names?.add(name)
}

/** HEAD's text and the stamps of the branch's ref and packed-refs; the directories git replaces them in, to `watches`. */
function headStamp(root: string, watches: WatchPlan): string {
  const gitDir = join(root, '.git')
  const head = readHead(join(gitDir, 'HEAD'))
  if (head === null) return '-'
  plan(watches, gitDir, 'HEAD')
  plan(watches, gitDir, 'packed-refs')
  const ref = /^ref:\s*(\S+)/.exec(head)?.[1]
  if (!ref || ref.includes('..')) return head
  // The nearest existing directory on the ref's path: the ref (or the directory holding it) appears there.
  let dir = dirname(join(gitDir, ref))
  let name = basename(ref)
  while (dir.length > gitDir.length && !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    name = basename(dir)
    dir = dirname(dir)
  }
  plan(watches, dir, name)
  return `${head}|${stampOf(join(gitDir, ref))}|${stampOf(join(gitDir, 'packed-refs'))}`
}

interface Batch {
  promise: Promise<void>
  resolve: () => void
}
/** Callers since the last check phase; callers waiting for the next poll phase to end. */
let gathering: Batch | null = null
let passing: Batch | null = null
let scheduled = false

/**
 * Resolves once a poll phase of the event loop that began after the call has ended. The kernel queues a file-system
 * event before the write that caused it returns, and Node delivers queued events in the poll phase, so by then every
 * event of a write made before the call has reached its watcher. One setImmediate is not enough: a write made in a
 * poll-phase callback (an I/O completion) and a check in that turn's check phase would see no event yet. Callers
 * arriving together share one promise, and under load each batch waits one extra turn of the loop.
 */
function afterPendingEvents(): Promise<void> {
  if (!gathering) {
    let resolve!: () => void
    gathering = { promise: new Promise<void>((r) => (resolve = r)), resolve }
    if (!scheduled) {
      scheduled = true
      setImmediate(turn)
    }
  }
  return gathering.promise
}

/** Callers of the same turn waiting for its check phase (see `current(fromSocket)`). */
let thisTurn: Batch | null = null

function afterThisPoll(): Promise<void> {
  if (!thisTurn) {
    let resolve!: () => void
    thisTurn = { promise: new Promise<void>((r) => (resolve = r)), resolve }
    setImmediate(() => {
      const batch = thisTurn
      thisTurn = null
      batch?.resolve()
    })
  }
  return thisTurn.promise
}

function turn(): void {
  const ready = passing
  passing = gathering
  gathering = null
  ready?.resolve()
  if (passing) setImmediate(turn)
  else scheduled = false
}

interface Watched {
  watcher: FSWatcher
  ino: number
  names: Set<string> | null
}

const live = new Set<ContentGeneration>()

/** Closes the watchers of every ContentGeneration on `root` (test apps, before their directory goes). */
export function closeContentWatchers(root: string): void {
  for (const g of live) if (resolve(g.root) === resolve(root)) g.close()
}

/**
 * `current()` answers with a fingerprint that reflects every change made with plain git (or by hand) before the call.
 * Each directory under content/, the content root (for content/ itself) and git's HEAD, branch ref and packed-refs
 * (by their directories: git and editors replace files by renaming into them) are watched; a relevant event marks the
 * fingerprint dirty, and the next call takes it again after the pending events have been delivered. While nothing
 * changes, a call costs no file-system access; the files are still stat'ed once RECHECK_MS after the last check.
 *
 * Taking the fingerprint: every file is stat'ed (an in-place edit changes only the file); a directory is listed
 * again only when its own stamp changed or it changed in the last RACY_MS. Watchers follow the directories found:
 * one appearing is watched (and checked once more, for what was written into it before the watch began), one gone
 * or replaced is let go. Where watching fails (no inotify watches left, a file system without events, a change that
 * came without an event), this root falls back for good to the check on every turn of the event loop.
 */
export class ContentGeneration {
  private value = ''
  private checkedAt = -Infinity
  private listings = new Map<string, Listing>()
  private mode: 'watch' | 'stat' = 'watch'
  private dirty = true
  /** Relevant events delivered so far: tells a change that came with an event from one that did not. */
  private events = 0
  private watchers = new Map<string, Watched>()
  private taken = 0

  /** `dirs`: the directories under root whose files count (content/ by default; uploads/ for image hashes). */
  constructor(
    readonly root: string,
    private dirs: string[] = ['content'],
  ) {}

  /** Whether file-system events are being used (false after a fallback or close()). */
  get watching(): boolean {
    return this.mode === 'watch'
  }

  /** How many times the fingerprint was taken (the files stat'ed). */
  get checks(): number {
    return this.taken
  }

  /** Adds `dir`'s stamps to `out` and its listing to `listed` (the listings of the directories found this check). */
  private stamps(dir: string, out: string[], now: number, watches: WatchPlan, listed: Map<string, Listing>): void {
    // A folder that is a link looping to itself (git can commit one) is no folder: ELOOP would fail every request.
    const s = loopSafeStat(dir)
    if (!s?.isDirectory()) {
      out.push(`${dir}/:-`)
      return
    }
    plan(watches, dir, null, s.ino)
    const stamp = `${s.mtimeMs}:${s.ino}`
    let listing = this.listings.get(dir)
    if (!listing || listing.stamp !== stamp || now - s.mtimeMs < RACY_MS) {
      const entries = readdirSync(dir, { withFileTypes: true })
      listing = {
        stamp,
        files: entries.filter((e) => !e.isDirectory()).map((e) => join(dir, e.name)),
        dirs: entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name)),
      }
    }
    listed.set(dir, listing)
    out.push(`${dir}/:${stamp}`)
    for (const file of listing.files) out.push(`${file}:${stampOf(file)}`)
    for (const sub of listing.dirs) this.stamps(sub, out, now, watches, listed)
  }

  private check(): void {
    const watches: WatchPlan = new Map()
    const out: string[] = []
    // Only the directories found now keep a listing: one that went away may come back with the same stamp but other
    // entries (moved back after files were added and its time reset, as a restore that keeps times does).
    const listed = new Map<string, Listing>()
    for (const dir of this.dirs) {
      const path = join(this.root, dir)
      plan(watches, dirname(path), basename(path))
      this.stamps(path, out, Date.now(), watches, listed)
    }
    this.listings = listed
    plan(watches, this.root, '.git')
    this.value = `${headStamp(this.root, watches)}\n${out.join('\n')}`
    this.checkedAt = performance.now()
    this.taken++
    if (this.mode === 'watch') this.follow(watches)
  }

  /** Watches what `watches` names and lets go of the rest. */
  private follow(watches: WatchPlan): void {
    for (const [path, w] of this.watchers) {
      const wanted = watches.get(path)
      if (wanted?.ino === w.ino) w.names = wanted.names
      else this.unwatch(path)
    }
    for (const [path, { ino, names }] of watches) {
      if (this.watchers.has(path)) continue
      let watcher: FSWatcher
      try {
        watcher = watch(path, { persistent: false })
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code
        // Gone since it was listed: a change under way, seen by the next check.
        if (code === 'ENOENT' || code === 'ENOTDIR') this.dirty = true
        else return this.fallBack(err)
        continue
      }
      const watched: Watched = { watcher, ino, names }
      watcher.on('change', (event, name) => this.onEvent(path, watched, event, name))
      watcher.on('error', (err) => this.fallBack(err))
      this.watchers.set(path, watched)
      this.dirty = true
    }
  }

  private onEvent(path: string, watched: Watched, event: string, name: string | Buffer | null): void {
    if (this.watchers.get(path) !== watched) return
    const entry = name === null ? null : String(name)
    if (entry !== null && watched.names && !watched.names.has(entry)) return
    this.events++
    this.dirty = true
    // An entry created, removed or renamed: if it is a watched directory, that watch may be on a directory now gone.
    if (entry !== null && event === 'rename') this.unwatch(join(path, entry))
  }

  private unwatch(path: string): void {
    this.watchers.get(path)?.watcher.close()
    this.watchers.delete(path)
  }

  private fallBack(err: unknown): void {
    if (this.mode !== 'watch') return
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message
    console.warn(`Content under ${this.root} is no longer watched (${reason}): its files are checked on every turn instead`)
    this.close()
  }

  /** Stops watching; later calls check the files on every turn of the event loop. */
  close(): void {
    this.mode = 'stat'
    for (const path of [...this.watchers.keys()]) this.unwatch(path)
    live.delete(this)
  }

  /**
   * The fingerprint without waiting, for a caller in the check phase that follows the poll phase its request was read
   * in (what `current(true)` waits for): the value while nothing announced a change and the last check is recent, or
   * undefined when the files must be checked (then `current(true)`).
   */
  currentInCheckPhase(): string | undefined {
    if (this.mode !== 'watch' || this.dirty || performance.now() - this.checkedAt >= RECHECK_MS) return undefined
    return this.value
  }

  /**
   * `fromSocket`: the call is for a request just read from a socket. Such a request was sent after any write it
   * must see had returned, so its first bytes arrived after that write's event was queued: the poll phase that read
   * it had the event ready too, and delivers it before this turn's check phase. One setImmediate is then enough,
   * which saves a turn of the loop per batch under load. (Not so for a request made in-process, `app.request`,
   * right after a write in the same callback, nor for HTTP pipelining, which browsers do not use.)
   */
  async current(fromSocket = false): Promise<string> {
    const arrived = performance.now()
    await (fromSocket ? afterThisPoll() : afterPendingEvents())
    if (this.mode === 'stat') {
      if (this.checkedAt < arrived) this.check()
      return this.value
    }
    if (!this.dirty && performance.now() - this.checkedAt < RECHECK_MS) return this.value
    live.add(this)
    const announced = this.dirty
    const before = this.value
    const events = this.events
    this.dirty = false
    this.check()
    if (!announced && this.value !== before) {
      // A write seen by the check had its event queued before the check: one more poll phase must deliver it.
      await afterPendingEvents()
      if (this.events === events) this.fallBack(new Error('a change came without a file-system event'))
    }
    return this.value
  }
}

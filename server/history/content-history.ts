// The history feature's running part: restores through the write queue, the uncommitted-edits guard, start-up checks, remote sync.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { conflict } from '../lib/errors'
import { readRepoState, stateProblem, unsafeStateMessage } from '../lib/git-state'
import { removeFile, resolveInside, writeFileAtomic } from '../lib/files'
import type { ChangeOptions } from '../lib/git'
import { git, hasHead } from './git-read'
import { describeEntries } from './entry-words'
import { logRecords } from './log-records'
import { planRestore, type RestorePlan } from './restore-plan'
import { planUndo, type UndoPlan } from './undo-plan'
import { previewWrites } from './write-preview'
import { uncommittedFiles } from './uncommitted'
import type { HistoryStatus, RestoreResult, UncommittedFile, UndoPreview } from './history.types'
import { pathOfItem } from './items'
import { ContentProblems } from './content-problems'
import { RemoteSync } from './remote-sync'

const UNCOMMITTED_MESSAGE = 'This item has uncommitted changes on the server; a developer must commit or discard them first.'
const SNAPSHOT_REF_PREFIX = 'refs/uncommitted/'
/** A sync failing for longer than this is a problem for monitoring, not a hiccup. */
const SYNC_FAILING_MS = 10 * 60_000

/** The part of ContentRepo history needs: the serialised change queue (and its hooks, when it has them). */
interface ChangeQueue {
  change<T>(opts: ChangeOptions<T>): Promise<T>
  exclusive?<T>(work: () => Promise<T>): Promise<T>
}

interface ContentHistoryOptions {
  root: string
  repo: ChangeQueue
  remote?: string
  /** The branch saves belong on: GIT_BRANCH, else the branch checked out at start-up (null: none known). */
  branch?: string | null
  author?: { name: string; email: string }
  /** GIT_SYNC_SECONDS in ms; null = no periodic fetch. */
  syncIntervalMs?: number | null
  retry?: { initialDelayMs?: number; maxDelayMs?: number }
  log?: (message: string) => void
}

export class ContentHistory {
  readonly root: string
  readonly sync: RemoteSync
  /** Content files that do not read as valid content, and the commit each can be put back to. */
  readonly problems: ContentProblems
  private readonly log: (message: string) => void

  constructor(private readonly options: ContentHistoryOptions) {
    this.root = options.root
    this.problems = new ContentProblems(options.root)
    this.log = options.log ?? ((m) => console.warn(m))
    const exclusive = options.repo.exclusive?.bind(options.repo)
    this.sync = new RemoteSync({
      root: options.root,
      remote: options.remote,
      branch: options.branch,
      author: options.author,
      exclusive: exclusive ? (work) => exclusive(work) : undefined,
      intervalMs: options.syncIntervalMs,
      unsafe: () => this.unsafeState(),
      initialDelayMs: options.retry?.initialDelayMs,
      maxDelayMs: options.retry?.maxDelayMs,
      log: this.log,
    })
  }

  /** The branch saves belong on. */
  get branch(): string | null {
    return this.options.branch ?? null
  }

  /** Why no commit may be made now (a merge in progress, a detached HEAD, another branch), or null. */
  async unsafeState(): Promise<string | null> {
    return unsafeStateMessage(await readRepoState(this.root), this.branch)
  }

  /** For monitoring (/healthz): git mid-operation or off the branch, a sync conflict or long failure, broken files. */
  async warnings(): Promise<string[]> {
    const out: string[] = []
    const state = await readRepoState(this.root)
    const problem = stateProblem(state, this.branch)
    if (problem) out.push(`content repository: ${problem}`)
    const sync = await this.sync.status()
    if (sync.state === 'conflict') out.push(`sync conflict with ${sync.remote}/${sync.branch}: ${(sync.conflictFiles ?? []).join(', ')}`)
    const failing = this.sync.failingFor()
    if (failing !== null && failing > SYNC_FAILING_MS)
      out.push(`sync with ${sync.remote} failing for ${Math.round(failing / 60_000)} minutes`)
    for (const p of await this.problems.list()) out.push(`${p.file}: not valid content`)
    return out
  }

  /** Refuses every write (409, nothing written) while git is mid-operation or off the branch: see server/lib/git-state.ts. */
  async guardState(): Promise<void> {
    const message = await this.unsafeState()
    if (message) throw conflict(message)
  }

  /**
   * Refuses a change to items whose files have uncommitted edits: saving over them would lose a developer's hand
   * edit, and committing them would put it under the owner's name. Runs inside the write queue, before apply.
   */
  async guard(items: string[]): Promise<void> {
    const paths = items.map((i) => pathOfItem(i)).filter((p): p is string => p !== null)
    if (paths.length === 0) return
    const dirty = await uncommittedFiles(this.root, paths)
    if (dirty.length) throw conflict(UNCOMMITTED_MESSAGE)
  }

  /** After each content commit: push in the background (a failure never reaches the save). */
  afterCommit(): void {
    this.sync.notify()
  }

  /** Restores one item or the whole site to how it was at a commit, as one new commit. */
  async restore(hash: string, item: string): Promise<RestoreResult> {
    const plan = await this.options.repo.change<RestorePlan>({
      message: `Restore ${item}`,
      items: [],
      apply: async () => {
        const planned = await planRestore(this.root, hash, item)
        const paths = planned.writes.map((w) => w.path)
        if (paths.length && (await uncommittedFiles(this.root, paths)).length) throw conflict(UNCOMMITTED_MESSAGE)
        for (const w of planned.writes) {
          const full = resolveInside(this.root, w.path)
          if (w.bytes) await writeFileAtomic(full, w.bytes)
          else await removeFile(full)
        }
        // The trailers are written here, in one block, so Restored-From sits beside the Content-Item lines.
        const trailers = [...planned.items.map((i) => `Content-Item: ${i}`), `Restored-From: ${planned.hash}`]
        return { paths, result: planned, message: `${planned.message}\n\n${trailers.join('\n')}`, items: [] }
      },
    })
    if (plan.writes.length === 0) {
      return nothingDone('Nothing to restore: it is already as it was then.')
    }
    const head = (await git(this.root, ['log', '-n', '1', '--format=%H%x1f%s', `--grep=^Restored-From: ${plan.hash}$`, 'HEAD'])).trim()
    const [committed] = head.split('\x1f')
    return {
      hash: committed || null,
      summary: plan.message,
      title: await this.titleOf(committed, plan.message),
      items: plan.items,
      restoredImages: plan.restoredImages,
    }
  }

  /** What undoing a change would write, field by field; nothing is written (the confirmation shows it). */
  async previewUndo(hash: string): Promise<UndoPreview> {
    const plan = await planUndo(this.root, hash)
    return {
      summary: plan.message,
      items: plan.items,
      changes: await previewWrites(this.root, plan.writes, plan.parent),
      restoredImages: plan.restoredImages,
      imagesFrom: plan.parent,
    }
  }

  /** What restoring an item (or `all`) to a commit would change, listed before it runs; nothing is written. */
  async previewRestore(hash: string, item: string): Promise<UndoPreview> {
    const plan = await planRestore(this.root, hash, item)
    return {
      summary: plan.message,
      items: plan.items,
      changes: await previewWrites(this.root, plan.writes, plan.hash),
      restoredImages: plan.restoredImages,
      imagesFrom: plan.hash,
    }
  }

  /**
   * Undoes one change as a new commit: its effect on the content is reversed, later changes to other lines stay.
   * A later change to the same lines refuses it (UndoConflict, 409, naming that change); nothing is written then.
   */
  async undo(hash: string): Promise<RestoreResult> {
    const plan = await this.options.repo.change<UndoPlan>({
      message: `Undo ${hash}`,
      items: [],
      apply: async () => {
        const planned = await planUndo(this.root, hash)
        const paths = planned.writes.map((w) => w.path)
        if (paths.length && (await uncommittedFiles(this.root, paths)).length) throw conflict(UNCOMMITTED_MESSAGE)
        for (const w of planned.writes) {
          const full = resolveInside(this.root, w.path)
          if (w.bytes) await writeFileAtomic(full, w.bytes)
          else await removeFile(full)
        }
        const trailers = [...planned.items.map((i) => `Content-Item: ${i}`), `Undoes: ${planned.hash}`]
        return { paths, result: planned, message: `${planned.message}\n\n${trailers.join('\n')}`, items: [] }
      },
    })
    if (plan.writes.length === 0) {
      return nothingDone('Nothing to undo: the content is already as it was before this change.')
    }
    const committed = (await git(this.root, ['log', '-n', '1', '--format=%H', `--grep=^Undoes: ${plan.hash}$`, 'HEAD'])).trim()
    return {
      hash: committed || null,
      summary: plan.message,
      title: await this.titleOf(committed, plan.message),
      items: plan.items,
      restoredImages: plan.restoredImages,
    }
  }

  /** A new undo or restore in the words History lists it with (`Undid “Changed the price of Bouquets”`). */
  private async titleOf(hash: string | undefined, message: string): Promise<string> {
    if (!hash) return message
    const [entry] = await describeEntries(this.root, await logRecords(this.root, [], ['-n', '1'], [hash]))
    return entry?.title ?? message
  }

  async status(): Promise<HistoryStatus> {
    const [sync, uncommitted] = await Promise.all([this.sync.status(), uncommittedFiles(this.root)])
    return { sync, uncommitted }
  }

  /**
   * Start-up: uncommitted edits under content/ and uploads/ are served as they are, never committed or discarded.
   * They are reported, kept as a snapshot commit under refs/uncommitted/ (outside every branch) in case someone
   * discards them by mistake, and saves that would overwrite them are refused (see guard). Then any commits the
   * remote does not have yet are pushed.
   */
  async startup(): Promise<{ uncommitted: UncommittedFile[]; snapshotRef: string | null }> {
    const uncommitted = await uncommittedFiles(this.root)
    let snapshotRef: string | null = null
    if (uncommitted.length) {
      snapshotRef = await snapshotUncommitted(this.root, uncommitted).catch((err) => {
        this.log(`Could not snapshot the uncommitted edits: ${(err as Error).message}`)
        return null
      })
      this.log(
        [
          `Uncommitted changes found under content/ or uploads/ in ${this.root}:`,
          ...uncommitted.map((f) => `  ${f.state.padEnd(10)} ${f.path}`),
          'The site serves them as they are. They were NOT committed and NOT discarded.',
          'Saves from the dashboard that would overwrite them are refused until a developer commits them',
          '(git add <file> && git commit) or discards them (git restore <file>).',
          ...(snapshotRef ? [`A copy is kept at ${snapshotRef} (git show ${snapshotRef} --stat).`] : []),
        ].join('\n'),
      )
    }
    this.sync.start()
    return { uncommitted, snapshotRef }
  }

  stop(): void {
    this.sync.stop()
  }
}

/**
 * Records the work tree's content/ and uploads/ as a commit on a side ref, using a temporary index so the real
 * index, the branch and the files are untouched. Returns the ref, or the previous one if nothing changed since.
 */
async function snapshotUncommitted(root: string, files: UncommittedFile[]): Promise<string | null> {
  if (!(await hasHead(root))) return null
  const gitDir = (await git(root, ['rev-parse', '--absolute-git-dir'])).trim()
  const index = join(gitDir, `history-snapshot-index-${process.pid}`)
  const env = {
    GIT_INDEX_FILE: index,
    GIT_AUTHOR_NAME: 'Site server',
    GIT_AUTHOR_EMAIL: 'site-server@localhost',
    GIT_COMMITTER_NAME: 'Site server',
    GIT_COMMITTER_EMAIL: 'site-server@localhost',
    // The names are files git status listed, not patterns.
    GIT_LITERAL_PATHSPECS: '1',
  }
  try {
    await git(root, ['read-tree', 'HEAD'], { env })
    // Exactly the files found (a path names its removal too); nothing else in the work tree is staged.
    await git(root, ['add', '--', ...files.map((f) => f.path)], { env })
    const tree = (await git(root, ['write-tree'], { env })).trim()
    const last = (
      await git(root, ['for-each-ref', '--sort=-refname', '--count=1', '--format=%(refname) %(objectname)', SNAPSHOT_REF_PREFIX])
    ).trim()
    if (last) {
      const [ref, commit] = last.split(' ')
      if ((await git(root, ['rev-parse', `${commit}^{tree}`])).trim() === tree) return ref
    }
    const message = [
      'Uncommitted edits found at start-up (snapshot, not on any branch)',
      '',
      ...files.map((f) => `${f.state}: ${f.path}`),
    ].join('\n')
    const commit = (await git(root, ['commit-tree', tree, '-p', 'HEAD', '-m', message], { env })).trim()
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')
    const ref = `${SNAPSHOT_REF_PREFIX}${stamp}`
    await git(root, ['update-ref', ref, commit])
    return ref
  } finally {
    await rm(index, { force: true })
  }
}

const nothingDone = (words: string): RestoreResult => ({ hash: null, summary: words, title: words, items: [], restoredImages: [] })

// The content repository: one serialised queue for write + add + commit, path-scoped commits, rollback on failure.
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleGit, type SimpleGit } from 'simple-git'
import { removeLeftoverTempFiles, resolveInside } from './files'
import { oneLineForLog } from './text'

export interface GitAuthor {
  name: string
  email: string
}

export interface ChangeOptions<T> {
  /** First line of the commit, e.g. `Update service "Bouquets": pricing, visibility`. */
  message: string
  /** What the change touched, written as `Content-Item:` trailers (e.g. `services/bouquets`). */
  items: string[]
  /**
   * Writes the files (writeFileAtomic / removeFile) and names the repo-relative paths it changed. It may return a
   * message and items worked out from what it read (e.g. which fields really changed); they replace the ones above.
   */
  apply: () => Promise<{ paths: string[]; result: T; message?: string; items?: string[] }>
}

const LOCK_RETRIES = 20

/**
 * A commit message as git and `git log` can take it, whatever text it was built from: each line without control or
 * text-direction characters (git refuses a NUL outright), no blank lines at the ends. The schemas already refuse such
 * characters in the fields that reach a message (server/lib/text.ts); this is the second line of defence.
 */
export function commitText(message: string): string {
  return (
    message
      .split(/\r?\n/)
      .map(oneLineForLog)
      .join('\n')
      .replace(/^\n+|\n+$/g, '') || 'Update content'
  )
}

export class ContentRepo {
  readonly git: SimpleGit
  private queue: Promise<unknown> = Promise.resolve()
  private guards: ((items: string[]) => Promise<void>)[] = []
  private commitListeners: ((info: { message: string; items: string[] }) => void)[] = []
  private companions: ((paths: string[]) => Promise<{ paths: string[]; items: string[] }>)[] = []

  constructor(
    readonly root: string,
    readonly author: GitAuthor,
  ) {
    // Only what git needs from the environment: no editor, pager or askpass hooks from the host shell.
    const inherited = Object.fromEntries(
      ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'SYSTEMROOT'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
    )
    const identity = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
      GIT_TERMINAL_PROMPT: '0',
    }
    this.git = simpleGit({ baseDir: root, maxConcurrentProcesses: 4, allowEnvironment: Object.keys(identity) }).env({
      ...inherited,
      ...identity,
    })
  }

  /**
   * Runs one content change as one commit. Changes run one at a time, so `apply` may read, modify and write
   * without losing a concurrent update. If staging or committing fails, the paths apply named go back to HEAD
   * (index and work tree). `apply` itself should do its reads and checks before its first write.
   */
  change<T>(opts: ChangeOptions<T>): Promise<T> {
    const run = this.queue.then(() => this.runChange(opts))
    this.queue = run.catch(() => undefined)
    return run
  }

  /** Runs work inside the write queue without committing (the remote sync's fast-forward or merge), so no save interleaves. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work)
    this.queue = run.catch(() => undefined)
    return run
  }

  /**
   * A check run inside the queue before each change's apply; throwing cancels the change with nothing written
   * (the history feature refuses saves over uncommitted hand edits this way).
   */
  beforeChange(guard: (items: string[]) => Promise<void>): void {
    this.guards.push(guard)
  }

  /**
   * Files that join a change because of what it wrote, run inside the queue after apply and before staging (an
   * upload kept pending until a content file refers to it is copied into uploads/ here). Their paths are committed
   * with the change and rolled back with it if it fails.
   */
  addCompanionFiles(hook: (paths: string[]) => Promise<{ paths: string[]; items: string[] }>): void {
    this.companions.push(hook)
  }

  /** Called after each commit (the history feature pushes to a remote in the background); errors are only logged. */
  onCommit(listener: (info: { message: string; items: string[] }) => void): void {
    this.commitListeners.push(listener)
  }

  private async runChange<T>({ message, items, apply }: ChangeOptions<T>): Promise<T> {
    for (const guard of this.guards) await guard(items)
    let paths: string[] = []
    try {
      const applied = await apply()
      for (const p of applied.paths) resolveInside(this.root, p)
      paths = [...new Set(applied.paths)]
      if (paths.length === 0) return applied.result
      const companionItems: string[] = []
      for (const hook of this.companions) {
        const extra = await hook([...paths])
        for (const p of extra.paths) resolveInside(this.root, p)
        paths = [...new Set([...paths, ...extra.paths])]
        companionItems.push(...extra.items)
      }
      await this.stage(paths)
      const staged = await this.stagedAmong(paths)
      if (staged.length === 0) return applied.result
      const subject = commitText(applied.message ?? message)
      const allItems = [...new Set([...(applied.items ?? items), ...companionItems])]
      const trailers = allItems.map((item) => `Content-Item: ${oneLineForLog(item)}`)
      const body = [subject, '', ...trailers].join('\n')
      await this.commit(staged, body)
      this.notifyCommitted(subject, allItems)
      return applied.result
    } catch (err) {
      await this.restore(paths).catch((restoreErr) => console.error('Could not roll back content change:', restoreErr))
      throw err
    }
  }

  private notifyCommitted(message: string, items: string[]): void {
    for (const listener of this.commitListeners) {
      try {
        listener({ message, items })
      } catch (err) {
        console.error('A commit listener failed:', err)
      }
    }
  }

  /**
   * Commits only these paths (`--only`), leaving anything else a developer staged alone. Not `--quiet`: simple-git
   * waits an extra 50 ms after any git command that printed nothing, so the save path keeps git talking.
   */
  protected async commit(paths: string[], body: string): Promise<void> {
    await this.withLockRetry(() =>
      this.git.raw([
        '-c',
        'commit.gpgsign=false',
        '-c',
        `user.name=${this.author.name}`,
        '-c',
        `user.email=${this.author.email}`,
        'commit',
        '--no-verify',
        '-m',
        body,
        '--only',
        '--',
        ...paths,
      ]),
    )
  }

  private async stage(paths: string[]): Promise<void> {
    const present = paths.filter((p) => existsSync(join(this.root, p)))
    const gone = paths.filter((p) => !present.includes(p))
    // --verbose for the same reason as in commit(): silent commands cost 50 ms more through simple-git.
    if (present.length) await this.withLockRetry(() => this.git.raw(['add', '--verbose', '--', ...present]))
    if (gone.length) {
      await this.withLockRetry(() => this.git.raw(['rm', '--cached', '--ignore-unmatch', '--', ...gone]))
    }
  }

  /** The given paths that differ between index and HEAD (a no-op save makes no commit). */
  private async stagedAmong(paths: string[]): Promise<string[]> {
    const out = await this.withLockRetry(() =>
      this.git.raw(['-c', 'core.quotePath=false', 'diff', '--cached', '--name-only', '--no-renames', '--relative', '--', ...paths]),
    )
    return out.split('\n').filter(Boolean)
  }

  /** Puts paths back as HEAD has them; paths HEAD does not know are removed from index and disk. */
  private async restore(paths: string[]): Promise<void> {
    for (const p of paths) {
      const inHead = await this.git
        .raw(['cat-file', '-e', `HEAD:${p}`])
        .then(() => true)
        .catch(() => false)
      if (inHead) {
        await this.withLockRetry(() => this.git.raw(['checkout', 'HEAD', '--', p]))
      } else {
        await this.withLockRetry(() => this.git.raw(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', p]))
        await rm(join(this.root, p), { force: true })
      }
    }
  }

  /** A developer's git command may hold index.lock for a moment; wait for it rather than fail the request. */
  private async withLockRetry<R>(fn: () => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn()
      } catch (err) {
        if (attempt >= LOCK_RETRIES || !String((err as Error)?.message).includes('index.lock')) throw err
        await new Promise((r) => setTimeout(r, 50 + attempt * 25))
      }
    }
  }

  /**
   * Start-up housekeeping: a crash may leave .git/index.lock and temp files behind. Only safe before this
   * process starts writing, and while no other git command runs in this repository.
   */
  async recover(dirs: string[] = ['content', 'uploads']): Promise<{ removedLock: boolean; removedTemp: string[] }> {
    const gitDir = (await this.git.raw(['rev-parse', '--absolute-git-dir'])).trim()
    const lock = join(gitDir, 'index.lock')
    const removedLock = existsSync(lock)
    if (removedLock) await rm(lock, { force: true })
    const removedTemp = await removeLeftoverTempFiles(dirs.map((d) => join(this.root, d)))
    return { removedLock, removedTemp }
  }

  /** Makes sure the content root is a git work tree; a fresh directory gets `git init`. */
  async ensureRepository(): Promise<void> {
    const inside = await this.git
      .raw(['rev-parse', '--is-inside-work-tree'])
      .then((out) => out.trim() === 'true')
      .catch(() => false)
    if (!inside) await this.git.init()
  }
}

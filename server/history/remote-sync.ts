// Two-way sync with the content remote, in the background: fetch, take in what a developer pushed, push the site's commits.
import { git, gitExit, GitCommandError } from './git-read'
import type { SyncStatus } from './history.types'

/** Runs work inside the content write queue, so no save interleaves with a fast-forward or a merge. */
type Exclusive = <T>(work: () => Promise<T>) => Promise<T>

interface RemoteSyncOptions {
  root: string
  /** A remote name that exists in the content repository (e.g. `origin`); unset means no syncing. */
  remote?: string
  /** The branch saves belong on (GIT_BRANCH, else the one checked out at start-up). */
  branch?: string | null
  exclusive?: Exclusive
  /** Who signs the merge commit that takes in a developer's changes beside the site's own. */
  author?: { name: string; email: string }
  /** How often to fetch (GIT_SYNC_SECONDS); null or 0 turns the timer off. */
  intervalMs?: number | null
  /** First retry delay after a failure; doubles up to maxDelayMs. */
  initialDelayMs?: number
  maxDelayMs?: number
  /** Per network command. */
  timeoutMs?: number
  /** Why the work tree must not be touched now (a merge in progress, a detached HEAD), or null. */
  unsafe?: () => Promise<string | null>
  log?: (message: string) => void
  now?: () => Date
}

interface Conflict {
  files: string[]
  sideBranch: string
}

const runDirectly: Exclusive = (work) => work()

export class RemoteSync {
  readonly remote: string | null
  private readonly branch: string | null
  private running: Promise<void> | null = null
  private again = false
  private retryTimer: NodeJS.Timeout | null = null
  private interval: NodeJS.Timeout | null = null
  private delay: number
  private lastError: string | undefined
  private failingSince: Date | undefined
  private lastPushedAt: string | undefined
  private lastFetchAt: string | undefined
  private nextRetryAt: string | undefined
  private conflict: Conflict | null = null
  private pushingNow = false
  private stopped = false

  constructor(private readonly options: RemoteSyncOptions) {
    this.remote = options.remote ?? null
    this.branch = options.branch ?? null
    this.delay = options.initialDelayMs ?? 2_000
  }

  get enabled(): boolean {
    return this.remote !== null && this.branch !== null
  }

  /** Starts the periodic fetch (GIT_SYNC_SECONDS) and a first sync. */
  start(): void {
    if (!this.enabled || this.stopped) return
    const every = this.options.intervalMs
    if (every && !this.interval) {
      this.interval = setInterval(() => this.notify(), every)
      this.interval.unref?.()
    }
    this.notify()
  }

  /** After every content commit, a webhook or the owner's "Get changes now": sync soon, in the background. Never throws. */
  notify(): void {
    void this.syncNow()
  }

  /** Syncs now (or right after the sync in progress); resolves when done. Never rejects. */
  syncNow(): Promise<void> {
    if (!this.enabled || this.stopped) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running.then(() => this.running ?? undefined)
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer)
      this.retryTimer = null
      this.nextRetryAt = undefined
    }
    this.running = this.syncOnce().finally(() => {
      this.running = null
      if (this.again && !this.stopped) {
        this.again = false
        this.notify()
      }
    })
    return this.running
  }

  /** Resolves when the sync in progress (if any) has finished; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  stop(): void {
    this.stopped = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.interval) clearInterval(this.interval)
    this.retryTimer = null
    this.interval = null
  }

  private get tracking(): string {
    return `refs/remotes/${this.remote}/${this.branch}`
  }

  private network(args: string[]): Promise<string> {
    return git(this.options.root, args, {
      timeoutMs: this.options.timeoutMs ?? 60_000,
      env: { GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes' },
    })
  }

  private async syncOnce(): Promise<void> {
    try {
      const remoteHas = await this.fetch()
      const unsafe = (await this.options.unsafe?.()) ?? null
      if (unsafe) throw new Error(`Waiting: ${unsafe}`)
      // A branch gone from the remote leaves nothing to conflict with: the site's branch is pushed as it is.
      if (remoteHas) await this.takeIn()
      else this.conflict = null
      await this.push(remoteHas)
      this.lastError = undefined
      this.failingSince = undefined
      this.delay = this.options.initialDelayMs ?? 2_000
      this.nextRetryAt = undefined
    } catch (err) {
      this.lastError = describeError(err)
      this.failingSince ??= this.now()
      this.options.log?.(`Sync with ${this.remote} failed (will retry): ${this.lastError}`)
      this.scheduleRetry()
    }
  }

  /** Fetches the branch into its remote-tracking ref; false when the remote does not have the branch yet. */
  private async fetch(): Promise<boolean> {
    try {
      await this.network(['fetch', '--quiet', '--no-tags', this.remote!, `+refs/heads/${this.branch}:${this.tracking}`])
      this.lastFetchAt = this.now().toISOString()
      return true
    } catch (err) {
      const text = err instanceof GitCommandError ? err.stderr : ''
      if (/couldn't find remote ref/i.test(text)) {
        this.lastFetchAt = this.now().toISOString()
        await git(this.options.root, ['update-ref', '-d', this.tracking]).catch(() => undefined)
        return false
      }
      throw err
    }
  }

  /**
   * Takes in the remote's new commits: a fast-forward when the site has none of its own, else a merge commit when
   * both sides apply cleanly (checked with merge-tree first, so the served files never hold conflict markers). A
   * real conflict leaves the branch as it is and parks the site's commits on a side branch of the remote.
   */
  private async takeIn(): Promise<void> {
    const behind = await this.count(`HEAD..${this.tracking}`)
    if (behind === 0) {
      this.conflict = null
      return
    }
    const ahead = await this.count(`${this.tracking}..HEAD`)
    const exclusive = this.options.exclusive ?? runDirectly
    if (ahead === 0) {
      await exclusive(() => git(this.options.root, ['merge', '--ff-only', '--quiet', this.tracking]))
      this.conflict = null
      return
    }
    const merged = await gitExit(this.options.root, ['merge-tree', '--write-tree', '--name-only', '--no-messages', 'HEAD', this.tracking])
    if (merged.code > 1) throw new GitCommandError(['merge-tree'], merged.stderr, merged.code)
    const [tree = '', ...conflicted] = merged.stdout.split('\n').filter(Boolean)
    if (merged.code === 1) {
      const files = conflicted
      const sideBranch = `${this.branch}-site-${this.now().toISOString().slice(0, 10)}`
      await this.network(['push', '--quiet', '--force', this.remote!, `HEAD:refs/heads/${sideBranch}`])
      this.conflict = { files, sideBranch }
      this.options.log?.(
        `The site's commits and ${this.remote}/${this.branch} change the same lines (${files.join(', ')}); the site's are on ${sideBranch}.`,
      )
      return
    }
    await exclusive(async () => {
      const author = this.options.author ?? { name: 'Site server', email: 'site-server@localhost' }
      const env = {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: author.name,
        GIT_COMMITTER_EMAIL: author.email,
      }
      const message = `Take in changes from ${this.remote}/${this.branch}`
      const commit = (await git(this.options.root, ['commit-tree', tree, '-p', 'HEAD', '-p', this.tracking, '-m', message], { env })).trim()
      await git(this.options.root, ['merge', '--ff-only', '--quiet', commit])
    })
    this.conflict = null
  }

  /** Pushes the branch when the remote lacks commits of the site's (a save, or a commit made by hand on the server). */
  private async push(remoteHas: boolean): Promise<void> {
    if (this.conflict) return
    const ahead = remoteHas ? await this.count(`${this.tracking}..HEAD`) : 1
    if (ahead === 0) return
    this.pushingNow = true
    try {
      await this.network(['push', '--quiet', this.remote!, `HEAD:refs/heads/${this.branch}`])
    } finally {
      this.pushingNow = false
    }
    await git(this.options.root, ['update-ref', this.tracking, 'HEAD']).catch(() => undefined)
    // The upstream, so that a developer's plain `git pull` or `git status` on the server knows where the branch goes.
    await git(this.options.root, ['config', `branch.${this.branch}.remote`, this.remote!]).catch(() => undefined)
    await git(this.options.root, ['config', `branch.${this.branch}.merge`, `refs/heads/${this.branch}`]).catch(() => undefined)
    this.lastPushedAt = this.now().toISOString()
  }

  private async count(range: string): Promise<number> {
    const known = await git(this.options.root, ['rev-parse', '--verify', '--quiet', this.tracking]).then(
      () => true,
      () => false,
    )
    const args = known ? [range] : range.startsWith('HEAD..') ? [] : ['HEAD']
    if (!args.length) return 0
    const out = await git(this.options.root, ['rev-list', '--count', ...args]).catch(() => '0')
    return Number(out.trim()) || 0
  }

  private scheduleRetry(): void {
    if (this.stopped) return
    const wait = this.delay
    this.delay = Math.min(this.delay * 2, this.options.maxDelayMs ?? 5 * 60_000)
    this.nextRetryAt = new Date(this.now().getTime() + wait).toISOString()
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.notify()
    }, wait)
    this.retryTimer.unref?.()
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))()
  }

  /** Since when syncing has failed without a success in between (for monitoring), or null. */
  failingFor(): number | null {
    return this.failingSince ? this.now().getTime() - this.failingSince.getTime() : null
  }

  /** Where the site stands against the remote as last fetched; reads refs only (no network). */
  async status(): Promise<SyncStatus> {
    if (!this.enabled) return { remote: this.remote, branch: this.branch, state: 'no-remote', ahead: 0, behind: 0 }
    const [ahead, behind] = await Promise.all([this.count(`${this.tracking}..HEAD`), this.count(`HEAD..${this.tracking}`)])
    const state = this.pushingNow
      ? 'pushing'
      : this.conflict
        ? 'conflict'
        : this.lastError
          ? 'error'
          : behind > 0
            ? 'behind'
            : ahead > 0
              ? 'ahead'
              : 'in-sync'
    return {
      remote: this.remote,
      branch: this.branch,
      state,
      ahead,
      behind,
      ...(this.conflict ? { conflictFiles: this.conflict.files, sideBranch: this.conflict.sideBranch } : {}),
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(this.lastFetchAt ? { lastFetchAt: this.lastFetchAt } : {}),
      ...(this.lastPushedAt ? { lastPushedAt: this.lastPushedAt } : {}),
      ...(this.nextRetryAt && (ahead > 0 || this.lastError) ? { nextRetryAt: this.nextRetryAt } : {}),
    }
  }
}

function describeError(err: unknown): string {
  const text = err instanceof GitCommandError ? err.stderr : String((err as Error)?.message ?? err)
  // Git's own refusal of a push that would drop the remote's commits; a refusal by one of the remote's hooks (pre-receive,
  // update, a host's protected branch) reads "[remote rejected] ... (... hook declined)": the hook's words are shown.
  if (/non-fast-forward|fetch first|\[rejected\]/.test(text) && !/hook declined/.test(text)) {
    return 'The remote moved while the site was pushing; the next sync takes its changes in.'
  }
  if (/would be overwritten|untracked working tree files/.test(text)) {
    return "Uncommitted edits on the server are in the way of the remote's changes: commit or discard them (git status shows them)."
  }
  const line = text
    .split('\n')
    .map((l) => l.replace(/^(remote:|error:|fatal:)\s*/, '').trim())
    .filter(Boolean)
  return line.slice(0, 3).join(' ') || 'Sync failed'
}

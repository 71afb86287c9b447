// Pushes content commits to a configured git remote in the background, retrying with backoff; a save never waits on it.
import { git, GitCommandError } from './git-read'
import type { SyncStatus } from './history.types'

interface RemoteSyncOptions {
  root: string
  /** A remote name that exists in the content repository (e.g. `origin`); unset means no syncing. */
  remote?: string
  /** The branch on the remote; default: the branch checked out in the content root. */
  branch?: string
  /** First retry delay; doubles up to maxDelayMs. */
  initialDelayMs?: number
  maxDelayMs?: number
  /** Per push attempt. */
  timeoutMs?: number
  log?: (message: string) => void
}

export class RemoteSync {
  readonly remote: string | null
  private branch: string | null
  private pushing: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private delay: number
  private lastError: string | undefined
  private lastPushedAt: string | undefined
  private nextRetryAt: string | undefined
  private stopped = false

  constructor(private readonly options: RemoteSyncOptions) {
    this.remote = options.remote ?? null
    this.branch = options.branch ?? null
    this.delay = options.initialDelayMs ?? 2_000
  }

  get enabled(): boolean {
    return this.remote !== null
  }

  /** Called after every content commit (and at start-up): push soon, in the background. Never throws. */
  notify(): void {
    if (!this.enabled || this.stopped) return
    if (this.pushing) {
      this.again = true
      return
    }
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
      this.nextRetryAt = undefined
    }
    this.pushing = this.pushOnce().finally(() => {
      this.pushing = null
      if (this.again) {
        this.again = false
        this.notify()
      }
    })
  }

  /** Resolves when the push in progress (if any) has finished; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.pushing) await this.pushing
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private async resolveBranch(): Promise<string> {
    if (!this.branch) this.branch = (await git(this.options.root, ['symbolic-ref', '--short', 'HEAD'])).trim()
    return this.branch
  }

  private async pushOnce(): Promise<void> {
    try {
      const branch = await this.resolveBranch()
      // A plain push: if the remote has commits this server lacks it is refused, and a developer pulls on the server.
      await git(this.options.root, ['push', '--quiet', this.remote!, `HEAD:refs/heads/${branch}`], {
        timeoutMs: this.options.timeoutMs ?? 60_000,
        env: { GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes' },
      })
      // Keep the remote-tracking ref in step even when the remote has no fetch refspec.
      await git(this.options.root, ['update-ref', `refs/remotes/${this.remote}/${branch}`, 'HEAD']).catch(() => undefined)
      this.lastError = undefined
      this.lastPushedAt = new Date().toISOString()
      this.delay = this.options.initialDelayMs ?? 2_000
      this.nextRetryAt = undefined
    } catch (err) {
      this.lastError = describePushError(err)
      this.options.log?.(`Push to ${this.remote} failed (will retry): ${this.lastError}`)
      this.scheduleRetry()
    }
  }

  private scheduleRetry(): void {
    if (this.stopped) return
    const wait = this.delay
    this.delay = Math.min(this.delay * 2, this.options.maxDelayMs ?? 5 * 60_000)
    this.nextRetryAt = new Date(Date.now() + wait).toISOString()
    this.timer = setTimeout(() => {
      this.timer = null
      this.notify()
    }, wait)
    this.timer.unref?.()
  }

  /** Where the site stands against the remote; reads refs only (no network). */
  async status(): Promise<SyncStatus> {
    if (!this.enabled) return { remote: null, branch: null, state: 'no-remote', ahead: 0 }
    const branch = await this.resolveBranch().catch(() => null)
    const ahead = branch ? await this.aheadCount(branch) : 0
    const state = this.pushing ? 'pushing' : ahead === 0 ? 'in-sync' : this.lastError ? 'error' : 'ahead'
    return {
      remote: this.remote,
      branch,
      state,
      ahead,
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(this.lastPushedAt ? { lastPushedAt: this.lastPushedAt } : {}),
      ...(this.nextRetryAt && ahead > 0 ? { nextRetryAt: this.nextRetryAt } : {}),
    }
  }

  private async aheadCount(branch: string): Promise<number> {
    const tracking = `refs/remotes/${this.remote}/${branch}`
    const known = await git(this.options.root, ['rev-parse', '--verify', '--quiet', tracking]).then(
      () => true,
      () => false,
    )
    const range = known ? [`${tracking}..HEAD`] : ['HEAD']
    const out = await git(this.options.root, ['rev-list', '--count', ...range]).catch(() => '0')
    return Number(out.trim()) || 0
  }
}

function describePushError(err: unknown): string {
  const text = err instanceof GitCommandError ? err.stderr : String((err as Error)?.message ?? err)
  if (/non-fast-forward|fetch first|rejected/.test(text) && !/pre-receive hook declined/.test(text)) {
    return 'The remote has commits this server does not have; a developer needs to run git pull in the content folder on the server.'
  }
  const line = text
    .split('\n')
    .map((l) => l.replace(/^(remote:|error:|fatal:)\s*/, '').trim())
    .filter(Boolean)
  return line.slice(0, 3).join(' ') || 'Push failed'
}

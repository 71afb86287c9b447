// Which state a developer's git work left the content repository in, and the sentence that tells how to end it.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

export type GitOperation = 'merge' | 'rebase' | 'cherry-pick' | 'revert' | 'am'

export interface RepoState {
  /** The branch checked out, or null on a detached HEAD. */
  branch: string | null
  /** The commit HEAD points at (short), for a detached HEAD's message. */
  head: string | null
  operation: GitOperation | null
  /** Files with unresolved conflicts (unmerged in the index). */
  conflicts: string[]
}

function run(root: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      { cwd: root, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    )
  })
}

async function gitDirOf(root: string): Promise<string> {
  return (await run(root, ['rev-parse', '--absolute-git-dir'])).trim()
}

/** The operation git is in the middle of, read from the marker files it keeps in .git. */
function operationIn(gitDir: string): GitOperation | null {
  if (existsSync(join(gitDir, 'rebase-merge'))) return 'rebase'
  if (existsSync(join(gitDir, 'rebase-apply'))) return existsSync(join(gitDir, 'rebase-apply', 'applying')) ? 'am' : 'rebase'
  if (existsSync(join(gitDir, 'MERGE_HEAD'))) return 'merge'
  if (existsSync(join(gitDir, 'CHERRY_PICK_HEAD'))) return 'cherry-pick'
  if (existsSync(join(gitDir, 'REVERT_HEAD'))) return 'revert'
  return null
}

export async function readRepoState(root: string): Promise<RepoState> {
  const gitDir = await gitDirOf(root)
  const headText = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim()
  const ref = /^ref:\s*refs\/heads\/(\S+)$/.exec(headText)?.[1] ?? null
  const head = ref ? null : /^[0-9a-f]{7,64}$/.test(headText) ? headText.slice(0, 7) : null
  const unmerged = await run(root, ['diff', '--name-only', '--diff-filter=U']).catch(() => '')
  return { branch: ref, head, operation: operationIn(gitDir), conflicts: [...new Set(unmerged.split('\n').filter(Boolean))] }
}

const FINISH: Record<GitOperation, { what: string; finish: string; cancel: string }> = {
  merge: { what: 'a merge', finish: 'git commit', cancel: 'git merge --abort' },
  rebase: { what: 'a rebase', finish: 'git rebase --continue', cancel: 'git rebase --abort' },
  'cherry-pick': { what: 'a cherry-pick', finish: 'git cherry-pick --continue', cancel: 'git cherry-pick --abort' },
  revert: { what: 'a revert', finish: 'git revert --continue', cancel: 'git revert --abort' },
  am: { what: 'applying patches (git am)', finish: 'git am --continue', cancel: 'git am --abort' },
}

function listed(files: string[]): string {
  const shown = files.slice(0, 3).join(', ')
  return files.length > 3 ? `${shown} and ${files.length - 3} more` : shown
}

/**
 * Why the server must not commit in this state, in one sentence naming the git command that ends it; null when a
 * save may go ahead. `branch` is the branch saves belong on.
 */
export function unsafeStateMessage(state: RepoState, branch: string | null): string | null {
  if (state.operation) {
    const { what, finish, cancel } = FINISH[state.operation]
    const files = state.conflicts.length ? ` (${listed(state.conflicts)} ${state.conflicts.length === 1 ? 'conflicts' : 'conflict'})` : ''
    return `The content is in the middle of ${what}${files}: finish it with ${finish}, or cancel it with ${cancel}`
  }
  if (state.conflicts.length) {
    return `The content has unresolved conflicts in ${listed(state.conflicts)}: resolve them and git add them, or put them back with git checkout HEAD -- <file>`
  }
  if (state.branch === null) {
    const at = state.head ? ` at ${state.head}` : ''
    return `The content is not on a branch (an older version is checked out${at}): go back with git checkout ${branch ?? 'main'}`
  }
  if (branch && state.branch !== branch) {
    return `The content is on branch ${state.branch}, not ${branch}: go back with git checkout ${branch}`
  }
  return null
}

/** The state's problem for monitoring, in a few words (no paths beyond content file names). */
export function stateProblem(state: RepoState, branch: string | null): string | null {
  if (state.operation) return `${FINISH[state.operation].what} in progress`
  if (state.conflicts.length) return 'unresolved conflicts'
  if (state.branch === null) return 'detached HEAD'
  if (branch && state.branch !== branch) return `on branch ${state.branch}, not ${branch}`
  return null
}

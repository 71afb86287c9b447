// The newest committed version of a content file that still reads as valid content: what visitors get while it is broken.
import { execFile } from 'node:child_process'

/** How far back to look: a file broken for longer than this many of its own commits is an error, not a fallback. */
const MAX_VERSIONS = 30

function git(root: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  )
}

/**
 * Walks the file's versions on HEAD, newest first (the index's staged text is not looked at), and returns the first
 * that `accept` takes with the commit it came from, or null when none does (or the repository cannot be read).
 */
export async function lastValidVersion<T>(
  root: string,
  relPath: string,
  accept: (text: string) => T | undefined,
): Promise<{ commit: string; value: T } | null> {
  const commits = await git(root, ['log', `-n${MAX_VERSIONS}`, '--format=%H', 'HEAD', '--', relPath]).catch(() => '')
  for (const commit of commits.split('\n').filter(Boolean)) {
    const text = await git(root, ['cat-file', 'blob', `${commit}:${relPath}`]).catch(() => null)
    if (text === null) continue
    const value = accept(text)
    if (value !== undefined) return { commit, value }
  }
  return null
}

/** A git merge's opening and closing conflict markers, at the start of a line (`=======` alone is a markdown heading rule). */
const OURS = /^<{7}(?: .*)?\r?$/m
const THEIRS = /^>{7}(?: .*)?\r?$/m

/** The 1-based line of the first conflict marker when the text holds a conflict, or null. */
export function conflictMarkerLine(text: string): number | null {
  const match = OURS.exec(text)
  if (!match || !THEIRS.test(text.slice(match.index))) return null
  return text.slice(0, match.index).split('\n').length
}

// Keeps the data and backup folders out of the content repository's history, however that repository was made.
import { appendFile, mkdir, readFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { execFile } from 'node:child_process'
import { relativeInside } from './path-inside'

function gitDir(root: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('git', ['rev-parse', '--absolute-git-dir'], { cwd: root }, (err, out) => (err ? reject(err) : resolve(out.trim()))),
  )
}

/** The folder as a pattern anchored at the work tree's top (`/data/`), or null when it lies outside the work tree. */
export function excludePattern(root: string, dir: string): string | null {
  const rel = relativeInside(root, dir)
  if (!rel) return null
  return `/${rel.split(sep).join('/')}/`
}

/**
 * Adds each folder inside the work tree to `.git/info/exclude` (git's own ignore list, kept out of every commit), so
 * a developer's `git add -A` there never stages sessions, inquiries or backups. Returns the patterns it added.
 */
export async function excludeFromContent(root: string, dirs: string[]): Promise<string[]> {
  const patterns = dirs.map((d) => excludePattern(root, d)).filter((p): p is string => p !== null)
  if (!patterns.length) return []
  const file = join(await gitDir(root), 'info', 'exclude')
  const existing = await readFile(file, 'utf8').catch(() => '')
  const lines = new Set(existing.split('\n').map((l) => l.trim()))
  const missing = [...new Set(patterns)].filter((p) => !lines.has(p))
  if (!missing.length) return []
  await mkdir(dirname(file), { recursive: true })
  const lead = existing && !existing.endsWith('\n') ? '\n' : ''
  await appendFile(
    file,
    `${lead}# Private data of the site server (sessions, inquiries, backups): never committed\n${missing.join('\n')}\n`,
  )
  return missing
}

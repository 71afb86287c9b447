// Test fixture: a throwaway content root (content/ + uploads/ copied from this repo) with its own git repository.
import { cpSync, mkdtempSync, mkdirSync, rmSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { execFileSync } from 'node:child_process'

export const REPO_ROOT = resolve(import.meta.dirname, '../..')

export interface TempContentRoot {
  /** The git work tree holding content/ and uploads/ (CONTENT_ROOT). */
  root: string
  /** Untracked data directory (DATA_DIR) for sessions, inquiries, subscribers. */
  dataDir: string
  git: (...args: string[]) => string
  cleanup: () => void
}

/**
 * Copies the seeded content (or starts empty) into a temp dir, adds `files` (repo-relative path → contents) and
 * commits it all, so tests never touch this repo.
 */
export function makeTempContentRoot(options: { seed?: boolean; files?: Record<string, string | Uint8Array> } = {}): TempContentRoot {
  const base = mkdtempSync(join(tmpdir(), 'balloon-site-'))
  const root = join(base, 'site')
  const dataDir = join(base, 'data')
  mkdirSync(root, { recursive: true })
  mkdirSync(dataDir, { recursive: true })
  if (options.seed !== false) {
    for (const dir of ['content', 'uploads']) {
      const from = join(REPO_ROOT, dir)
      if (existsSync(from)) cpSync(from, join(root, dir), { recursive: true })
    }
  }
  mkdirSync(join(root, 'content'), { recursive: true })
  mkdirSync(join(root, 'uploads'), { recursive: true })
  for (const [rel, data] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(root, rel)), { recursive: true })
    writeFileSync(join(root, rel), data)
  }
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test Developer',
        GIT_AUTHOR_EMAIL: 'dev@example.test',
        GIT_COMMITTER_NAME: 'Test Developer',
        GIT_COMMITTER_EMAIL: 'dev@example.test',
      },
    })
  git('init', '-q', '-b', 'main')
  git('add', '--', 'content', 'uploads')
  git('commit', '-q', '--allow-empty', '-m', 'Seed content')
  return { root, dataDir, git, cleanup: () => rmSync(base, { recursive: true, force: true }) }
}

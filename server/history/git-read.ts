// Read-only git for history: its own child processes, never the index lock, so reads never wait on the write queue.
import { execFile, spawn } from 'node:child_process'

const READ_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  LC_ALL: 'C',
}

export class GitCommandError extends Error {
  constructor(
    readonly args: string[],
    readonly stderr: string,
    readonly code: number | null,
  ) {
    super(`git ${args.join(' ')} failed: ${stderr.trim() || `exit ${code}`}`)
    this.name = 'GitCommandError'
  }
}

interface GitRunOptions {
  env?: Record<string, string>
  timeoutMs?: number
}

function gitBuffer(root: string, args: string[], options: GitRunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      {
        cwd: root,
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 60_000,
        env: { ...process.env, ...READ_ENV, ...options.env },
      },
      (err, stdout, stderr) => {
        if (err) reject(new GitCommandError(args, stderr.toString('utf8'), typeof err.code === 'number' ? err.code : null))
        else resolve(stdout)
      },
    )
  })
}

/** A git command whose exit code is an answer (merge-tree: 1 = conflicts): its code and output, never a rejection for a non-zero exit. */
export function gitExit(root: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...READ_ENV } },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') reject(err)
        else resolve({ code: err ? (err.code as number) : 0, stdout, stderr })
      },
    )
  })
}

export async function git(root: string, args: string[], options: GitRunOptions = {}): Promise<string> {
  return (await gitBuffer(root, args, options)).toString('utf8')
}

/** A file's bytes at a commit, or null when the commit does not have it. */
export async function blobAt(root: string, rev: string, path: string): Promise<Buffer | null> {
  try {
    return await gitBuffer(root, ['cat-file', 'blob', `${rev}:${path}`])
  } catch (err) {
    if (err instanceof GitCommandError) return null
    throw err
  }
}

/**
 * Many files at once (`<rev>:<path>` each), through one `git cat-file --batch`: null for those that do not exist.
 * History describes a page of changes with it instead of two processes per file.
 */
export function blobsAt(root: string, specs: string[]): Promise<(Buffer | null)[]> {
  if (specs.length === 0) return Promise.resolve([])
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], {
      cwd: root,
      env: { ...process.env, ...READ_ENV },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => chunks.push(d))
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new GitCommandError(['cat-file', '--batch'], stderr, code))
      const out = Buffer.concat(chunks)
      const blobs: (Buffer | null)[] = []
      let at = 0
      for (let i = 0; i < specs.length; i++) {
        const eol = out.indexOf(0x0a, at)
        const header = out.subarray(at, eol).toString('utf8')
        at = eol + 1
        const m = / (blob|tree|commit|tag) (\d+)$/.exec(header)
        if (!m) {
          blobs.push(null)
          continue
        }
        const size = Number(m[2])
        blobs.push(m[1] === 'blob' ? out.subarray(at, at + size) : null)
        at += size + 1
      }
      resolve(blobs)
    })
    // Paths with a newline cannot be asked for; they are not content files anyway.
    child.stdin.end(specs.map((s) => (s.includes('\n') ? 'missing' : s)).join('\n') + '\n')
  })
}

export async function textAt(root: string, rev: string, path: string): Promise<string | null> {
  const blob = await blobAt(root, rev, path)
  return blob === null ? null : blob.toString('utf8')
}

/** Full hash of a commit-ish, or null when it does not name a commit of this repository. */
export async function resolveCommit(root: string, rev: string): Promise<string | null> {
  if (!/^([0-9a-fA-F]{4,64}|HEAD)(\^[12]?|~\d{1,4})?$/.test(rev)) return null
  try {
    return (await git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`])).trim() || null
  } catch {
    return null
  }
}

/** Paths under the given directories in a commit's tree. */
export async function filesAt(root: string, rev: string, dirs: string[]): Promise<string[]> {
  const out = await git(root, ['ls-tree', '-r', '-z', '--name-only', rev, '--', ...dirs])
  return out.split('\0').filter(Boolean)
}

export async function hasHead(root: string): Promise<boolean> {
  return (await resolveCommit(root, 'HEAD')) !== null
}

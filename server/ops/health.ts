// GET /healthz for a load balancer or uptime monitor: file-system checks, the repository state, no personal data.
import { randomBytes } from 'node:crypto'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BackupStatus } from './backup-schedule'

export interface HealthSources {
  contentRoot: string
  dataDir: string
  /** E-mails waiting in the outbox. */
  mailDepth: () => number
  backup: () => Promise<BackupStatus>
  /** What keeps the site from being fully well while it still serves: git mid-merge, a sync conflict, a broken file. */
  contentWarnings?: () => Promise<string[]>
  now?: () => Date
}

interface Check {
  ok: boolean
  error?: string
}

export interface Health {
  /** degraded: the site serves, but something needs a developer (listed in problems); the answer stays 200. */
  status: 'ok' | 'degraded' | 'failing'
  /** The parts that fail (the answer is then 503). */
  failing: string[]
  problems: string[]
  content: Check & { head?: string }
  data: Check
  mail: { pending: number }
  backup: { ageSeconds: number | null; failed: boolean; warning: string | null }
}

/** Error codes only: a message would carry the server's paths. */
const reason = (err: unknown) => (err as NodeJS.ErrnoException).code ?? 'unreadable'

/** The commit HEAD points at, read from the files git keeps (loose ref or packed-refs). */
async function contentHead(root: string): Promise<string> {
  await readdir(join(root, 'content'))
  const gitDir = join(root, '.git')
  const head = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim()
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1]
  if (!ref) return head
  if (ref.includes('..')) throw Object.assign(new Error('bad ref'), { code: 'EBADREF' })
  const loose = await readFile(join(gitDir, ref), 'utf8').catch(() => null)
  if (loose) return loose.trim()
  const packed = await readFile(join(gitDir, 'packed-refs'), 'utf8').catch(() => '')
  const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`))
  if (!line) throw Object.assign(new Error('no commit'), { code: 'ENOHEAD' })
  return line.split(' ')[0]
}

/** Writes and removes a small file, as the inquiry and session writes would. */
async function probeWritable(dataDir: string): Promise<void> {
  // Named like writeFileDurable's temp files, so a backup running at the same moment leaves it out.
  const probe = join(dataDir, `.healthz.${randomBytes(4).toString('hex')}.tmp`)
  try {
    await writeFile(probe, 'ok')
  } finally {
    await rm(probe, { force: true }).catch(() => undefined)
  }
}

export async function checkHealth(sources: HealthSources): Promise<Health> {
  const now = (sources.now ?? (() => new Date()))()
  const [content, data, backup, problems] = await Promise.all([
    contentHead(sources.contentRoot).then(
      (head): Health['content'] => ({ ok: /^[0-9a-f]{40,64}$/.test(head), head: head.slice(0, 12) }),
      (err): Health['content'] => ({ ok: false, error: `content repository not readable (${reason(err)})` }),
    ),
    probeWritable(sources.dataDir).then(
      (): Check => ({ ok: true }),
      (err): Check => ({ ok: false, error: `data directory not writable (${reason(err)})` }),
    ),
    sources.backup(),
    (sources.contentWarnings?.() ?? Promise.resolve([])).catch(() => ['content repository state could not be read']),
  ])
  if (!content.ok && !content.error) content.error = 'content repository has no commit'
  const failing = [...(content.ok ? [] : ['content']), ...(data.ok ? [] : ['data'])]
  return {
    status: failing.length ? 'failing' : problems.length ? 'degraded' : 'ok',
    failing,
    problems,
    content,
    data,
    mail: { pending: sources.mailDepth() },
    backup: {
      ageSeconds: backup.last ? Math.round((now.getTime() - Date.parse(backup.last.at)) / 1000) : null,
      failed: Boolean(backup.lastError),
      warning: backup.warning,
    },
  }
}

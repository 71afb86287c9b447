// `npm run doctor`: checks a deployed site's set-up (content repository, remote, folders, mail, backups, disk, build)
// and says what to fix, naming the variable to change.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, stat, statfs, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import nodemailer from 'nodemailer'
import { checkBuild } from '../lib/build-stamp'
import type { Config } from '../lib/config'
import { isInside } from '../lib/path-inside'
import { listBackups } from './backup'

const run = promisify(execFile)

export interface Finding {
  level: 'ok' | 'warn' | 'fail'
  /** What was checked, e.g. `content repository`. */
  what: string
  /** What was found; for warn and fail, what to do about it. */
  detail: string
}

export interface DoctorOptions {
  /** Seconds before a remote or mail server that does not answer counts as unreachable. */
  timeoutSeconds?: number
  /** Below this much free space (bytes) a folder's disk is a problem. */
  minFreeBytes?: number
  now?: Date
  /** Where the build stamp's source paths are relative to (the checkout; tests use their own). */
  projectRoot?: string
}

const ok = (what: string, detail: string): Finding => ({ level: 'ok', what, detail })
const warn = (what: string, detail: string): Finding => ({ level: 'warn', what, detail })
const fail = (what: string, detail: string): Finding => ({ level: 'fail', what, detail })

/** git with a clean environment: no prompt can hang the check, no ssh question about an unknown host. */
async function git(root: string, args: string[], timeoutMs = 30_000): Promise<string> {
  const { stdout } = await run('git', ['-C', root, ...args], {
    timeout: timeoutMs,
    env: {
      ...process.env,
      GIT_TERMINAL_PROMPT: '0',
      GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? `ssh -o BatchMode=yes -o ConnectTimeout=${Math.ceil(timeoutMs / 1000)}`,
      LANG: 'C',
    },
  })
  // trimEnd: `git status --porcelain` lines start with a space that is part of the status.
  return stdout.trimEnd()
}

/** git's first line of complaint (`fatal: ... does not appear to be a git repository`), not its closing advice. */
const firstLine = (err: unknown) => ((err as { stderr?: string }).stderr || (err as Error).message).trim().split('\n')[0]!

async function contentRepository(config: Config): Promise<Finding[]> {
  const what = 'content repository'
  const root = config.contentRoot
  const top = await git(root, ['rev-parse', '--show-toplevel']).catch(() => null)
  if (top === null) return [fail(what, `CONTENT_ROOT=${root} is not a git repository: make one with \`npm run content:init -- ${root}\``)]
  const findings: Finding[] = []
  const branch = await git(root, ['branch', '--show-current'])
  const expected = config.gitBranch
  if (!branch) findings.push(fail(what, `HEAD is detached in ${root}: \`git -C ${root} switch ${expected ?? 'main'}\``))
  else if (expected && branch !== expected)
    findings.push(
      fail(what, `on branch ${branch}, GIT_BRANCH=${expected}: switch (\`git -C ${root} switch ${expected}\`) or change GIT_BRANCH`),
    )
  const dirty = (await git(root, ['status', '--porcelain'])).split('\n').filter(Boolean)
  if (dirty.length) {
    const shown = dirty
      .slice(0, 5)
      .map((l) => l.slice(3))
      .join(', ')
    findings.push(
      fail(
        what,
        `${dirty.length} uncommitted change(s) in ${root} (${shown}${dirty.length > 5 ? ', …' : ''}): commit or discard them (git -C ${root} status)`,
      ),
    )
  }
  if (findings.length === 0) findings.push(ok(what, `${root}: clean, on ${branch}`))
  return findings
}

async function remote(config: Config, timeoutMs: number): Promise<Finding> {
  const what = 'content remote'
  if (!config.gitRemote) return warn(what, 'GIT_REMOTE is not set: the content history lives only on this machine (and in its backups)')
  const url = await git(config.contentRoot, ['remote', 'get-url', config.gitRemote]).catch(() => null)
  if (url === null)
    return fail(
      what,
      `GIT_REMOTE=${config.gitRemote} is not a remote of ${config.contentRoot}: \`git -C ${config.contentRoot} remote add ${config.gitRemote} <url>\``,
    )
  try {
    await git(config.contentRoot, ['ls-remote', '--heads', config.gitRemote], timeoutMs)
    return ok(what, `${config.gitRemote} (${url}) answers`)
  } catch (err) {
    const reason = (err as { killed?: boolean }).killed ? `no answer in ${timeoutMs / 1000} s` : firstLine(err)
    return fail(
      what,
      `GIT_REMOTE=${config.gitRemote} (${url}) cannot be reached: ${reason}. Check the URL, the deploy key (GIT_SSH_COMMAND) and the network`,
    )
  }
}

async function folder(config: Config, name: 'DATA_DIR' | 'BACKUP_DIR', path: string): Promise<Finding[]> {
  const what = name === 'DATA_DIR' ? 'data folder' : 'backup folder'
  const findings: Finding[] = []
  try {
    await mkdir(path, { recursive: true, mode: 0o700 })
    const probe = join(path, `.doctor-${randomBytes(4).toString('hex')}`)
    await writeFile(probe, 'ok')
    await rm(probe)
  } catch (err) {
    return [
      fail(
        what,
        `${name}=${path} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): fix its owner (the site's user) or set ${name}`,
      ),
    ]
  }
  if (isInside(path, config.contentRoot)) {
    const rel = relative(config.contentRoot, path) || '.'
    const tracked = await git(config.contentRoot, ['ls-files', '--', rel]).catch(() => '')
    const ignored = await git(config.contentRoot, ['check-ignore', '-q', '--', `${rel}/`]).then(
      () => true,
      () => false,
    )
    if (tracked || !ignored) {
      findings.push(
        fail(
          what,
          `${name}=${path} is inside the content repository and ${tracked ? 'has tracked files' : 'not ignored'}: private data could be committed and pushed. Set ${name} outside CONTENT_ROOT (e.g. ${join(config.contentRoot, '..', rel)})`,
        ),
      )
    } else findings.push(warn(what, `${name}=${path} is inside CONTENT_ROOT (ignored by its .gitignore); a folder beside it is safer`))
  }
  const mode = (await stat(path)).mode & 0o777
  if (mode & 0o077) findings.push(warn(what, `${path} is readable by others (mode ${mode.toString(8)}): chmod 700 ${path}`))
  if (findings.every((f) => f.level !== 'fail')) findings.unshift(ok(what, `${path}: writable`))
  return findings
}

async function mail(config: Config, timeoutMs: number): Promise<Finding> {
  const what = 'mail'
  if (!config.smtpUrl) return warn(what, 'SMTP_URL is not set: inquiries are stored but not e-mailed to the studio')
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  const host = (() => {
    try {
      const u = new URL(config.smtpUrl!)
      return `${u.hostname}:${u.port || (u.protocol === 'smtps:' ? 465 : 587)}`
    } catch {
      return 'the SMTP server'
    }
  })()
  try {
    await transport.verify()
    return ok(what, `${host} answers${config.mailTo ? `; inquiries go to ${config.mailTo}` : ''}`)
  } catch (err) {
    return fail(what, `SMTP_URL (${host}) does not answer: ${(err as Error).message}. Check the host, port and password in SMTP_URL`)
  } finally {
    transport.close()
  }
}

async function backups(config: Config, now: Date): Promise<Finding> {
  const what = 'backups'
  const all = await listBackups(config.backupDir).catch(() => [])
  const newest = all.at(-1)
  if (!newest)
    return fail(
      what,
      `no backup in BACKUP_DIR=${config.backupDir} yet: run \`npm run backup\` (the running site makes one daily unless BACKUP_INTERVAL_HOURS=off)`,
    )
  const hours = (now.getTime() - Date.parse(newest.at)) / 3_600_000
  const limit = Math.max(48, 2 * (config.backupIntervalHours || 24))
  const age = hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`
  if (hours > limit)
    return fail(
      what,
      `the newest backup, ${newest.name}, is ${age} old: is the site running? Run \`npm run backup\`, or a cron job when BACKUP_INTERVAL_HOURS=off`,
    )
  const offsite = config.backupS3
    ? `, copied to s3://${config.backupS3.bucket}${config.backupS3.recipients ? ' encrypted' : ' UNENCRYPTED (BACKUP_S3_UNENCRYPTED=1)'}`
    : '; not copied off the machine (set BACKUP_S3_BUCKET or copy BACKUP_DIR elsewhere)'
  return (config.backupS3 ? ok : warn)(what, `newest ${newest.name} (${age} old, ${all.length} kept)${offsite}`)
}

async function disk(config: Config, minFree: number): Promise<Finding[]> {
  const seen = new Set<string>()
  const findings: Finding[] = []
  for (const [name, path] of [
    ['CONTENT_ROOT', config.contentRoot],
    ['DATA_DIR', config.dataDir],
    ['BACKUP_DIR', config.backupDir],
  ] as const) {
    const info = await statfs(path).catch(() => null)
    if (!info) continue
    const key = `${info.type}:${info.blocks}:${info.bfree}`
    if (seen.has(key)) continue
    seen.add(key)
    const free = info.bavail * info.bsize
    const share = info.bavail / info.blocks
    const text = `${(free / 1024 ** 3).toFixed(1)} GiB free (${Math.round(share * 100)}%) where ${name} is`
    findings.push(
      free < minFree || share < 0.05 ? fail('disk space', `only ${text}: free some space or move ${name}`) : ok('disk space', text),
    )
  }
  return findings
}

/** Every check, in the order a person would fix them. */
export async function runDoctor(config: Config, options: DoctorOptions = {}): Promise<Finding[]> {
  const timeoutMs = (options.timeoutSeconds ?? 10) * 1000
  const build = options.projectRoot ? checkBuild(config.clientDir, options.projectRoot) : checkBuild(config.clientDir)
  const findings: Finding[] = [
    ...(await contentRepository(config)),
    await remote(config, timeoutMs),
    ...(await folder(config, 'DATA_DIR', config.dataDir)),
    ...(await folder(config, 'BACKUP_DIR', config.backupDir)),
    await mail(config, timeoutMs),
    await backups(config, options.now ?? new Date()),
    ...(await disk(config, options.minFreeBytes ?? 1024 ** 3)),
    build.state === 'ok' ? ok('web app build', build.message) : fail('web app build', build.message),
  ]
  return findings
}

export function formatFindings(findings: Finding[]): string {
  const mark = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' }
  const lines = findings.map((f) => `${mark[f.level]}  ${f.what}: ${f.detail}`)
  const failed = findings.filter((f) => f.level === 'fail').length
  lines.push(failed ? `${failed} problem(s) to fix.` : 'No problems found.')
  return lines.join('\n')
}

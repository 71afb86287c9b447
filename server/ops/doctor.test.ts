// npm run doctor on a good set-up (nothing to fix) and a broken one (each problem named with the variable to change).
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { writeBuildStamp } from '../lib/build-stamp'
import { loadConfig } from '../lib/config'
import { startTestSmtp, type TestSmtp } from '../inquiries/testing-smtp'
import { makeTempContentRoot, REPO_ROOT, type TempContentRoot } from '../testing/temp-content'
import { createBackup } from './backup'
import { formatFindings, runDoctor, type Finding } from './doctor'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

interface SetUp {
  content: TempContentRoot
  base: string
  env: Record<string, string>
  smtp: TestSmtp
  /** Source of the fake web build; change it to make the build stale. */
  source: string
}

/** A deployed site as the README's Deploy steps leave it: content with a pushed remote, folders beside, a backup, mail, a build. */
async function goodSetUp(): Promise<SetUp> {
  const content = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'brand: {}\n' } })
  cleanups.push(() => content.cleanup())
  const base = mkdtempSync(join(tmpdir(), 'balloon-doctor-'))
  cleanups.push(() => rmSync(base, { recursive: true, force: true }))
  execFileSync('git', ['init', '-q', '--bare', join(base, 'remote.git')])
  content.git('remote', 'add', 'origin', join(base, 'remote.git'))
  content.git('push', '-q', 'origin', 'main')
  const smtp = await startTestSmtp()
  cleanups.push(() => smtp.stop())
  // A build of its own: an index.html, a renderer, and a stamp of one source file.
  const source = join(base, 'src', 'page.tsx')
  mkdirSync(join(base, 'src'))
  writeFileSync(source, 'export {}\n')
  mkdirSync(join(base, 'dist/client'), { recursive: true })
  mkdirSync(join(base, 'dist/server'))
  writeFileSync(join(base, 'dist/client/index.html'), '<!doctype html>')
  writeFileSync(join(base, 'dist/server/entry-server.js'), '')
  for (const part of ['client', 'server'] as const) writeBuildStamp(join(base, 'dist/client'), part, [source], base)
  const env = {
    NODE_ENV: 'production',
    CONTENT_ROOT: content.root,
    DATA_DIR: join(base, 'data'),
    BACKUP_DIR: join(base, 'backups'),
    CLIENT_DIR: join(base, 'dist/client'),
    GIT_REMOTE: 'origin',
    GIT_BRANCH: 'main',
    SMTP_URL: smtp.url,
    BACKUP_S3_BUCKET: 'studio-backups',
    BACKUP_ENCRYPTION_KEY: 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p',
  }
  mkdirSync(env.DATA_DIR, { mode: 0o700 })
  await createBackup({ dataDir: env.DATA_DIR, contentRoot: content.root, backupDir: env.BACKUP_DIR, keep: 3 })
  return { content, base, env, smtp, source }
}

const doctor = (s: SetUp, env: Record<string, string> = {}) =>
  runDoctor(loadConfig({ ...s.env, ...env }), { timeoutSeconds: 5, projectRoot: s.base, minFreeBytes: 1 })
const failures = (findings: Finding[]) => findings.filter((f) => f.level === 'fail').map((f) => `${f.what}: ${f.detail}`)

describe('npm run doctor', () => {
  it('finds nothing to fix on a good set-up', async () => {
    const s = await goodSetUp()
    const findings = await doctor(s)
    expect(failures(findings)).toEqual([])
    expect(findings.filter((f) => f.level === 'warn')).toEqual([])
    expect(findings.map((f) => f.what)).toEqual(
      expect.arrayContaining([
        'content repository',
        'content remote',
        'data folder',
        'backup folder',
        'mail',
        'backups',
        'disk space',
        'web app build',
      ]),
    )
    expect(formatFindings(findings)).toMatch(/No problems found\.$/)
  })

  it('names each problem of a broken set-up with the variable or command that fixes it', async () => {
    const s = await goodSetUp()
    writeFileSync(join(s.content.root, 'content/site.yaml'), 'brand: {name: hand edit}\n')
    writeFileSync(join(s.base, 'not-a-folder'), '')
    writeFileSync(s.source, 'export const changed = 1\n')
    await s.smtp.stop()
    const found = failures(
      await doctor(s, {
        GIT_BRANCH: 'live',
        GIT_REMOTE: 'upstream',
        DATA_DIR: join(s.content.root, 'data'),
        BACKUP_DIR: join(s.base, 'not-a-folder', 'backups'),
      }),
    )
    const expected = [
      /^content repository: on branch main, GIT_BRANCH=live/,
      /^content repository: 1 uncommitted change\(s\) .*content\/site\.yaml/,
      /^content remote: GIT_REMOTE=upstream is not a remote of /,
      /^data folder: DATA_DIR=.* is inside the content repository and not ignored/,
      /^backup folder: BACKUP_DIR=.* is not writable \(ENOTDIR\)/,
      /^mail: SMTP_URL \(127\.0\.0\.1:\d+\) does not answer/,
      /^backups: no backup in BACKUP_DIR=/,
      /^web app build: .*src\/page\.tsx changed since the build.*npm run build/,
    ]
    expect(found).toHaveLength(expected.length)
    expected.forEach((pattern, i) => expect(found[i]).toMatch(pattern))
  })

  it('a remote that does not answer and an old backup are problems too', async () => {
    const s = await goodSetUp()
    s.content.git('remote', 'set-url', 'origin', join(s.base, 'gone.git'))
    const later = new Date(Date.now() + 3 * 24 * 3_600_000)
    const found = failures(await runDoctor(loadConfig(s.env), { timeoutSeconds: 5, projectRoot: s.base, minFreeBytes: 1, now: later }))
    expect(found).toEqual([
      expect.stringMatching(/^content remote: GIT_REMOTE=origin \(.*gone\.git\) cannot be reached: .*Check the URL/),
      expect.stringMatching(/^backups: the newest backup, backup-.*, is 3\.0 days old/),
    ])
  })

  it('the script reads ENV_FILE, prints the folders, and exits 1 on a problem and 0 without', async () => {
    const s = await goodSetUp()
    // The script checks a build against the checkout's sources: a stamp of none stands for a fresh build.
    for (const part of ['client', 'server'] as const) writeBuildStamp(s.env.CLIENT_DIR, part, [])
    const envFile = join(s.base, 'site.env')
    writeFileSync(
      envFile,
      `${Object.entries(s.env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n`,
    )
    // Run asynchronously: the test's SMTP server answers from this process.
    const script = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/doctor.ts'), '--timeout', '5'], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, ENV_FILE: envFile },
      }).then(
        ({ stdout }) => ({ stdout, status: 0 }),
        (err: { stdout: string; code: number }) => ({ stdout: err.stdout, status: err.code }),
      )
    const good = await script()
    expect(good.stdout).toContain(`Settings: ${envFile}\nContent: ${s.content.root}`)
    expect(good.stdout).toMatch(/No problems found\.\n$/)
    expect(good.status).toBe(0)
    await s.smtp.stop()
    const broken = await script()
    expect(broken.stdout).toMatch(/^FAIL {2}mail: SMTP_URL \(127\.0\.0\.1:\d+\) does not answer/m)
    expect(broken.stdout).toMatch(/1 problem\(s\) to fix\.\n$/)
    expect(broken.status).toBe(1)
  }, 60_000)
})

// npm run doctor's findings word for word: the sentence a developer reads for each condition, ok, warning or problem.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeBuildStamp } from '../lib/build-stamp'
import { loadConfig } from '../lib/config'
import { startTestSmtp } from '../inquiries/testing-smtp'
import { makeTempContentRoot } from '../testing/temp-content'
import { archiveName } from './backup'
import { formatFindings, runDoctor, type Finding } from './doctor'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const KEY = 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p'
const NOW = new Date('2026-06-10T12:00:00.000Z')
const HOUR = 3_600_000

/** A set-up with a clean content repository, owner-only folders beside it, a backup `ageHours` old and a fresh build. */
function setUp(ageHours: number | null = 1) {
  const content = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'brand: {}\n' } })
  cleanups.push(() => content.cleanup())
  const base = mkdtempSync(join(tmpdir(), 'balloon-doctor-mutants-'))
  cleanups.push(() => rmSync(base, { recursive: true, force: true }))
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    CONTENT_ROOT: content.root,
    DATA_DIR: join(base, 'data'),
    BACKUP_DIR: join(base, 'backups'),
    CLIENT_DIR: join(base, 'dist/client'),
  }
  mkdirSync(env.DATA_DIR, { mode: 0o700 })
  mkdirSync(env.BACKUP_DIR, { mode: 0o700 })
  if (ageHours !== null) writeFileSync(join(env.BACKUP_DIR, archiveName(new Date(NOW.getTime() - ageHours * HOUR))), 'archive')
  mkdirSync(join(base, 'dist/client'), { recursive: true })
  mkdirSync(join(base, 'dist/server'))
  writeFileSync(join(base, 'dist/client/index.html'), '<!doctype html>')
  writeFileSync(join(base, 'dist/server/entry-server.js'), '')
  for (const part of ['client', 'server'] as const) writeBuildStamp(join(base, 'dist/client'), part, [], base)
  const doctor = (extra: Record<string, string> = {}, options: { timeoutSeconds?: number; minFreeBytes?: number } = {}) =>
    runDoctor(loadConfig({ ...env, ...extra }), { timeoutSeconds: 5, projectRoot: base, minFreeBytes: 1, now: NOW, ...options })
  return { content, base, env, doctor }
}

const find = (findings: Finding[], what: string) => findings.filter((f) => f.what === what)

/**
 * The disk line for the folder's disk: its free GiB and share as statfs gives them now (others write to the shared
 * disk meanwhile, so the figures may move).
 */
function diskLine(path: string): RegExp {
  const info = statfsSync(path)
  const gib = (info.bavail * info.bsize) / 1024 ** 3
  const share = Math.round((info.bavail / info.blocks) * 100)
  // Within a GiB either way: builds and test runs beside this one write and remove that much in a moment.
  const near = Array.from({ length: 21 }, (_, i) => (gib - 1 + i / 10).toFixed(1).replace('.', '\\.')).join('|')
  return new RegExp(`^(${near}) GiB free \\((${[share - 1, share, share + 1].join('|')})%\\) where CONTENT_ROOT is$`)
}

describe('npm run doctor, finding by finding', () => {
  it('a set-up without remote, mail or off-site copy: every finding as the developer reads it', async () => {
    const s = setUp(1.5)
    const findings = await s.doctor()
    const backup = archiveName(new Date(NOW.getTime() - 1.5 * HOUR))
    expect(findings).toEqual([
      { level: 'ok', what: 'content repository', detail: `${s.content.root}: clean, on main` },
      {
        level: 'warn',
        what: 'content remote',
        detail: 'GIT_REMOTE is not set: the content history lives only on this machine (and in its backups)',
      },
      { level: 'ok', what: 'data folder', detail: `${s.env.DATA_DIR}: writable` },
      { level: 'ok', what: 'backup folder', detail: `${s.env.BACKUP_DIR}: writable` },
      { level: 'warn', what: 'mail', detail: 'SMTP_URL is not set: inquiries are stored but not e-mailed to the studio' },
      {
        level: 'warn',
        what: 'backups',
        detail: `newest ${backup} (1.5 h old, 1 kept); not copied off the machine (set BACKUP_S3_BUCKET or copy BACKUP_DIR elsewhere)`,
      },
      // One line per disk: the three folders share /tmp's.
      { level: 'ok', what: 'disk space', detail: expect.stringMatching(diskLine(s.content.root)) },
      { level: 'ok', what: 'web app build', detail: 'The web app build matches its sources.' },
    ])
    expect(formatFindings(findings).split('\n')).toEqual([
      `ok    content repository: ${s.content.root}: clean, on main`,
      'WARN  content remote: GIT_REMOTE is not set: the content history lives only on this machine (and in its backups)',
      `ok    data folder: ${s.env.DATA_DIR}: writable`,
      `ok    backup folder: ${s.env.BACKUP_DIR}: writable`,
      'WARN  mail: SMTP_URL is not set: inquiries are stored but not e-mailed to the studio',
      expect.stringMatching(/^WARN {2}backups: newest /),
      expect.stringMatching(/^ok {4}disk space: /),
      'ok    web app build: The web app build matches its sources.',
      'No problems found.',
    ])
  })

  it('a remote that answers, mail that answers with its address, and encrypted or unencrypted off-site copies', async () => {
    const s = setUp(50)
    const remote = join(s.base, 'remote.git')
    execFileSync('git', ['init', '-q', '--bare', remote])
    s.content.git('remote', 'add', 'origin', remote)
    const smtp = await startTestSmtp()
    cleanups.push(() => smtp.stop())
    const port = new URL(smtp.url).port
    const findings = await s.doctor({
      GIT_REMOTE: 'origin',
      GIT_BRANCH: 'main',
      SMTP_URL: smtp.url,
      MAIL_TO: 'studio@example.com',
      BACKUP_S3_BUCKET: 'studio-backups',
      BACKUP_ENCRYPTION_KEY: KEY,
      BACKUP_INTERVAL_HOURS: '48',
    })
    expect(find(findings, 'content remote')).toEqual([{ level: 'ok', what: 'content remote', detail: `origin (${remote}) answers` }])
    expect(find(findings, 'mail')).toEqual([
      { level: 'ok', what: 'mail', detail: `127.0.0.1:${port} answers; inquiries go to studio@example.com` },
    ])
    // 50 hours is within twice a 48-hour interval: said in days, not a problem.
    const name = archiveName(new Date(NOW.getTime() - 50 * HOUR))
    expect(find(findings, 'backups')).toEqual([
      { level: 'ok', what: 'backups', detail: `newest ${name} (2.1 days old, 1 kept), copied to s3://studio-backups encrypted` },
    ])
    const plain = await s.doctor({
      SMTP_URL: smtp.url,
      BACKUP_S3_BUCKET: 'studio-backups',
      BACKUP_S3_UNENCRYPTED: '1',
      BACKUP_INTERVAL_HOURS: '48',
    })
    expect(find(plain, 'mail')).toEqual([{ level: 'ok', what: 'mail', detail: `127.0.0.1:${port} answers` }])
    expect(find(plain, 'backups')[0].detail).toMatch(/, copied to s3:\/\/studio-backups UNENCRYPTED \(BACKUP_S3_UNENCRYPTED=1\)$/)
  })

  it('a backup older than two days (or twice the interval) is a problem, said in hours below two days', async () => {
    const s = setUp(47.5)
    const name = (h: number) => archiveName(new Date(NOW.getTime() - h * HOUR))
    expect(find(await s.doctor(), 'backups')[0]).toEqual({
      level: 'warn',
      what: 'backups',
      detail: `newest ${name(47.5)} (47.5 h old, 1 kept); not copied off the machine (set BACKUP_S3_BUCKET or copy BACKUP_DIR elsewhere)`,
    })
    writeFileSync(join(s.env.BACKUP_DIR, name(48.5)), 'older')
    expect(find(await s.doctor(), 'backups')[0].detail).toMatch(/\(47\.5 h old, 2 kept\)/)
    const t = setUp(48.5)
    for (const interval of ['off', '12', '24']) {
      expect(find(await t.doctor({ BACKUP_INTERVAL_HOURS: interval }), 'backups')).toEqual([
        {
          level: 'fail',
          what: 'backups',
          detail: `the newest backup, ${name(48.5)}, is 2.0 days old: is the site running? Run \`npm run backup\`, or a cron job when BACKUP_INTERVAL_HOURS=off`,
        },
      ])
    }
    // Exactly at the limit: not yet a problem.
    const u = setUp(48)
    expect(find(await u.doctor(), 'backups')[0].level).toBe('warn')
    expect(find(await u.doctor(), 'backups')[0].detail).toContain('(2.0 days old, 1 kept)')
    const v = setUp(null)
    expect(find(await v.doctor(), 'backups')).toEqual([
      {
        level: 'fail',
        what: 'backups',
        detail: `no backup in BACKUP_DIR=${v.env.BACKUP_DIR} yet: run \`npm run backup\` (the running site makes one daily unless BACKUP_INTERVAL_HOURS=off)`,
      },
    ])
  })

  it('a detached HEAD, and more than five uncommitted changes, named with the commands that fix them', async () => {
    const s = setUp()
    s.content.git('checkout', '-q', '--detach', 'HEAD')
    expect(find(await s.doctor({ GIT_BRANCH: 'live' }), 'content repository')).toEqual([
      {
        level: 'fail',
        what: 'content repository',
        detail: `HEAD is detached in ${s.content.root}: \`git -C ${s.content.root} switch live\``,
      },
    ])
    expect(find(await s.doctor(), 'content repository')[0].detail).toBe(
      `HEAD is detached in ${s.content.root}: \`git -C ${s.content.root} switch main\``,
    )
    s.content.git('checkout', '-q', 'main')
    for (const n of [1, 2, 3, 4, 5, 6]) writeFileSync(join(s.content.root, 'content', `new-${n}.yaml`), 'a: 1\n')
    const [dirty] = find(await s.doctor({ GIT_BRANCH: 'main' }), 'content repository')
    expect(dirty).toEqual({
      level: 'fail',
      what: 'content repository',
      detail: `6 uncommitted change(s) in ${s.content.root} (content/new-1.yaml, content/new-2.yaml, content/new-3.yaml, content/new-4.yaml, content/new-5.yaml, …): commit or discard them (git -C ${s.content.root} status)`,
    })
    rmSync(join(s.content.root, 'content', 'new-6.yaml'))
    const [five] = find(await s.doctor(), 'content repository')
    expect(five.detail).toContain('(content/new-1.yaml, content/new-2.yaml, content/new-3.yaml, content/new-4.yaml, content/new-5.yaml): ')
    // A modified tracked file keeps its whole name (the status's leading space is part of it).
    for (const n of [1, 2, 3, 4, 5]) rmSync(join(s.content.root, 'content', `new-${n}.yaml`))
    writeFileSync(join(s.content.root, 'content/site.yaml'), 'brand: {name: x}\n')
    expect(find(await s.doctor(), 'content repository')[0].detail).toBe(
      `1 uncommitted change(s) in ${s.content.root} (content/site.yaml): commit or discard them (git -C ${s.content.root} status)`,
    )
  })

  it('a content root that is no git repository names the command that makes one', async () => {
    const s = setUp()
    const bare = join(s.base, 'plain')
    mkdirSync(bare)
    const findings = await s.doctor({ CONTENT_ROOT: bare, DATA_DIR: join(s.base, 'data'), ALLOW_CHECKOUT_CONTENT: '1' })
    expect(find(findings, 'content repository')).toEqual([
      {
        level: 'fail',
        what: 'content repository',
        detail: `CONTENT_ROOT=${bare} is not a git repository: make one with \`npm run content:init -- ${bare}\``,
      },
    ])
  })

  it('a remote that does not answer in time is said so, with the seconds waited', async () => {
    const s = setUp()
    s.content.git('remote', 'add', 'origin', 'ssh://git@example.invalid/site.git')
    const saved = process.env.GIT_SSH_COMMAND
    process.env.GIT_SSH_COMMAND = 'sleep 30 #'
    try {
      const [found] = find(await s.doctor({ GIT_REMOTE: 'origin' }, { timeoutSeconds: 1 }), 'content remote')
      expect(found).toEqual({
        level: 'fail',
        what: 'content remote',
        detail:
          'GIT_REMOTE=origin (ssh://git@example.invalid/site.git) cannot be reached: no answer in 1 s. Check the URL, the deploy key (GIT_SSH_COMMAND) and the network',
      })
    } finally {
      if (saved === undefined) delete process.env.GIT_SSH_COMMAND
      else process.env.GIT_SSH_COMMAND = saved
    }
  }, 30_000)

  it('a remote that refuses says git’s last line', async () => {
    const s = setUp()
    s.content.git('remote', 'add', 'origin', join(s.base, 'gone.git'))
    const [found] = find(await s.doctor({ GIT_REMOTE: 'origin' }), 'content remote')
    expect(found.level).toBe('fail')
    expect(found.detail).toMatch(
      new RegExp(
        `^GIT_REMOTE=origin \\(.*gone\\.git\\) cannot be reached: fatal: '.*gone\\.git' does not appear to be a git repository\\. Check the URL`,
      ),
    )
    expect(found.detail).not.toContain('\n')
  })

  it('folders inside the content repository: ignored is a warning, tracked or not ignored a problem; an open folder a warning', async () => {
    const s = setUp()
    writeFileSync(join(s.content.root, '.gitignore'), '/private/\n')
    s.content.git('add', '.gitignore')
    s.content.git('commit', '-qm', 'ignore')
    const inside = join(s.content.root, 'private')
    const ignored = await s.doctor({ DATA_DIR: inside })
    expect(find(ignored, 'data folder')).toEqual(
      [
        { level: 'ok', what: 'data folder', detail: `${inside}: writable` },
        {
          level: 'warn',
          what: 'data folder',
          detail: `DATA_DIR=${inside} is inside CONTENT_ROOT (ignored by its .gitignore); a folder beside it is safer`,
        },
        { level: 'warn', what: 'data folder', detail: `${inside} is readable by others (mode 755): chmod 700 ${inside}` },
      ].slice(0, find(ignored, 'data folder').length),
    )
    chmodSync(inside, 0o700)
    expect(find(await s.doctor({ DATA_DIR: inside }), 'data folder')).toEqual([
      { level: 'ok', what: 'data folder', detail: `${inside}: writable` },
      {
        level: 'warn',
        what: 'data folder',
        detail: `DATA_DIR=${inside} is inside CONTENT_ROOT (ignored by its .gitignore); a folder beside it is safer`,
      },
    ])
    const tracked = join(s.content.root, 'content')
    expect(find(await s.doctor({ BACKUP_DIR: tracked }), 'backup folder')[0]).toEqual({
      level: 'fail',
      what: 'backup folder',
      detail: `BACKUP_DIR=${tracked} is inside the content repository and has tracked files: private data could be committed and pushed. Set BACKUP_DIR outside CONTENT_ROOT (e.g. ${join(s.content.root, '..', 'content')})`,
    })
    // The content root itself.
    const [top] = find(await s.doctor({ BACKUP_DIR: s.content.root }), 'backup folder')
    expect(top.detail).toBe(
      `BACKUP_DIR=${s.content.root} is inside the content repository and has tracked files: private data could be committed and pushed. Set BACKUP_DIR outside CONTENT_ROOT (e.g. ${join(s.content.root, '..', '.')})`,
    )
    // A folder beside the content root whose name starts like it is outside.
    const beside = `${s.content.root}-data`
    mkdirSync(beside, { mode: 0o700 })
    chmodSync(beside, 0o700)
    cleanups.push(() => rmSync(beside, { recursive: true, force: true }))
    expect(find(await s.doctor({ DATA_DIR: beside }), 'data folder')).toEqual([
      { level: 'ok', what: 'data folder', detail: `${beside}: writable` },
    ])
    chmodSync(s.env.DATA_DIR, 0o750)
    expect(find(await s.doctor(), 'data folder')).toEqual([
      { level: 'ok', what: 'data folder', detail: `${s.env.DATA_DIR}: writable` },
      { level: 'warn', what: 'data folder', detail: `${s.env.DATA_DIR} is readable by others (mode 750): chmod 700 ${s.env.DATA_DIR}` },
    ])
    chmodSync(s.env.DATA_DIR, 0o701)
    expect(find(await s.doctor(), 'data folder')[1].detail).toContain('(mode 701)')
  })

  it('a folder that cannot be made names the error code and the variable; one that did not exist is made owner-only', async () => {
    const s = setUp()
    writeFileSync(join(s.base, 'file'), '')
    const under = join(s.base, 'file', 'data')
    expect(find(await s.doctor({ DATA_DIR: under }), 'data folder')).toEqual([
      {
        level: 'fail',
        what: 'data folder',
        detail: `DATA_DIR=${under} is not writable (ENOTDIR): fix its owner (the site's user) or set DATA_DIR`,
      },
    ])
    const fresh = join(s.base, 'fresh', 'backups')
    expect(find(await s.doctor({ BACKUP_DIR: fresh }), 'backup folder')).toEqual([
      { level: 'ok', what: 'backup folder', detail: `${fresh}: writable` },
    ])
  })

  it('mail that does not answer names the host and the default port of its scheme', async () => {
    const s = setUp()
    const closed = async (url: string) => find(await s.doctor({ SMTP_URL: url }, { timeoutSeconds: 2 }), 'mail')[0]
    const smtps = await closed('smtps://user:pw@127.0.0.1')
    expect(smtps.level).toBe('fail')
    expect(smtps.detail).toMatch(/^SMTP_URL \(127\.0\.0\.1:465\) does not answer: .+\. Check the host, port and password in SMTP_URL$/)
    expect((await closed('smtp://127.0.0.1')).detail).toMatch(/^SMTP_URL \(127\.0\.0\.1:587\) does not answer: /)
    expect((await closed('smtp://127.0.0.1:9')).detail).toMatch(/^SMTP_URL \(127\.0\.0\.1:9\) does not answer: /)
    expect((await closed('not a url')).detail).toMatch(/^SMTP_URL \(the SMTP server\) does not answer: /)
  }, 30_000)

  it('too little free space is a problem naming the folder to move; a stale build names the command', async () => {
    const s = setUp()
    const findings = await s.doctor({}, { minFreeBytes: Number.MAX_SAFE_INTEGER })
    expect(find(findings, 'disk space')).toEqual([
      {
        level: 'fail',
        what: 'disk space',
        detail: expect.stringMatching(
          new RegExp(`^only ${diskLine(s.content.root).source.slice(1, -1)}: free some space or move CONTENT_ROOT$`),
        ),
      },
    ])
    rmSync(join(s.base, 'dist/server/entry-server.js'))
    const [build] = find(await s.doctor(), 'web app build')
    expect(build.level).toBe('fail')
    expect(build.detail).toMatch(/^The web app is not built/)
    expect(
      formatFindings(await s.doctor())
        .split('\n')
        .slice(-2),
    ).toEqual([expect.stringMatching(/^FAIL {2}web app build: /), '1 problem(s) to fix.'])
  })
  it('a branch other than GIT_BRANCH, a remote name that is not one, a folder inside the content not ignored, no backup folder', async () => {
    const s = setUp()
    const inside = join(s.content.root, 'private')
    writeFileSync(join(s.base, 'file'), '')
    const findings = await s.doctor({ GIT_BRANCH: 'live', GIT_REMOTE: 'upstream', DATA_DIR: inside, BACKUP_DIR: join(s.base, 'file', 'b') })
    const root = s.content.root
    expect(findings.filter((f) => f.level === 'fail')).toEqual([
      {
        level: 'fail',
        what: 'content repository',
        detail: `on branch main, GIT_BRANCH=live: switch (\`git -C ${root} switch live\`) or change GIT_BRANCH`,
      },
      {
        level: 'fail',
        what: 'content remote',
        detail: `GIT_REMOTE=upstream is not a remote of ${root}: \`git -C ${root} remote add upstream <url>\``,
      },
      {
        level: 'fail',
        what: 'data folder',
        detail: `DATA_DIR=${inside} is inside the content repository and not ignored: private data could be committed and pushed. Set DATA_DIR outside CONTENT_ROOT (e.g. ${join(root, '..', 'private')})`,
      },
      {
        level: 'fail',
        what: 'backup folder',
        detail: `BACKUP_DIR=${join(s.base, 'file', 'b')} is not writable (ENOTDIR): fix its owner (the site's user) or set BACKUP_DIR`,
      },
      {
        level: 'fail',
        what: 'backups',
        detail: `no backup in BACKUP_DIR=${join(s.base, 'file', 'b')} yet: run \`npm run backup\` (the running site makes one daily unless BACKUP_INTERVAL_HOURS=off)`,
      },
    ])
    expect(formatFindings(findings)).toMatch(/\n5 problem\(s\) to fix\.$/)
  })

  it.runIf(existsSync('/dev/shm'))('one disk-space line per disk, naming the first folder on each', async () => {
    const s = setUp()
    const shm = mkdtempSync('/dev/shm/balloon-doctor-')
    cleanups.push(() => rmSync(shm, { recursive: true, force: true }))
    chmodSync(shm, 0o700)
    const lines = find(await s.doctor({ DATA_DIR: shm }), 'disk space').map((f) => f.detail)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/ where CONTENT_ROOT is$/)
    expect(lines[1]).toMatch(/ where DATA_DIR is$/)
  })
})

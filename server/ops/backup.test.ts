// Backups taken while inquiries pour in, restored into fresh directories and compared; restore's refusals; pruning.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isMainThread } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createAppDeps, stopAppDeps } from '../app-deps'
import { hashPassword } from '../auth/password'
import { GARLANDS_SERVICE, sampleInquiry } from '../inquiries/testing-inquiry'
import { loadConfig } from '../lib/config'
import { REPO_ROOT } from '../testing/temp-content'
import { createTestApp, fixtureFiles, makeJpeg, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '../testing/test-app'
import * as tar from 'tar'
import { createBackup, listBackups, restoreBackup, RestoreRefused } from './backup'

/** Tests that spawn the scripts or keep four senders busy; much slower on a busy two-core machine. */
const SLOW = 120_000
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function siteApp(): Promise<TestApp> {
  const files = { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE }
  const t = await createTestApp({ files, env: { TRUST_PROXY: '1' } })
  cleanups.push(() => t.cleanup())
  return t
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-restore-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

let client = 0
const postInquiry = (t: TestApp, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/contact', { json: sampleInquiry(extra), headers: { 'X-Forwarded-For': `10.1.${++client >> 8}.${client & 255}` } })

/** Every file under dir, relative path -> bytes. */
function tree(dir: string, prefix = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = join(prefix, entry.name)
    if (entry.isDirectory()) for (const [k, v] of tree(dir, rel)) out.set(k, v)
    else out.set(rel, readFileSync(join(dir, rel)))
  }
  return out
}

describe('a backup of a live site', () => {
  it(
    'taken while inquiries are being posted restores into fresh directories with every inquiry, status and subscriber',
    async () => {
      const t = await siteApp()
      const cookie = await t.login()
      // Before: inquiries with a changed status, and subscribers.
      const early: string[] = []
      for (let i = 0; i < 5; i++) early.push(((await (await postInquiry(t, { firstName: `Early${i}` })).json()) as { id: string }).id)
      // One lead moved on in the pipeline, with a quote.
      const moved = await t.call('PATCH', `/api/admin/inquiries/${early[0]}`, { cookie, json: { status: 'quoted', quotedAmount: 640 } })
      expect(moved.status).toBe(200)
      const note = await t.call('POST', `/api/admin/inquiries/${early[1]}/notes`, { cookie, json: { text: 'Called back, wants a quote' } })
      expect(note.status).toBe(201)
      for (const n of [1, 2, 3]) {
        const res = await t.call('POST', '/api/subscribe', {
          json: { email: `guest${n}@example.com`, firstName: `Guest${n}`, lastName: 'Lee', segment_ids: ['weddings'] },
          headers: { 'X-Forwarded-For': `10.2.0.${n}` },
        })
        expect(res.status).toBe(200)
      }
      // A write interrupted earlier leaves its temp file: never part of a backup.
      writeFileSync(join(t.dataDir, 'inquiries', '.2026-01-01T00-00-00-000Z-abcdef.json.1234abcd.tmp'), '{"half')

      // Load: four senders post inquiries without pause while the backup runs.
      const acked: { id: string; at: number }[] = []
      let sending = true
      const sender = async (n: number) => {
        while (sending) {
          const res = await postInquiry(t, { firstName: `Load${n}`, eventDetails: `Sent by sender ${n}` })
          if (res.status === 200) acked.push({ id: ((await res.json()) as { id: string }).id, at: Date.now() })
        }
      }
      const senders = [1, 2, 3, 4].map(sender)
      while (acked.length < 10) await new Promise((r) => setTimeout(r, 5))
      // Taken as the backup starts (not by time: an answer within the same millisecond would count on either side).
      const ackedBefore = acked.map((a) => a.id)
      const backup = await t.deps.backups.runNow()
      const doneAt = Date.now()
      await new Promise((r) => setTimeout(r, 50))
      sending = false
      await Promise.all(senders)
      expect(ackedBefore.length).toBeGreaterThanOrEqual(10)
      expect(acked.some((a) => a.at > doneAt)).toBe(true) // inquiries kept arriving to the end

      const target = tempDir()
      const result = await restoreBackup({ archive: backup.file, dataDir: join(target, 'data'), contentRoot: join(target, 'site') })
      expect(result.movedAside).toBeUndefined()

      // Every inquiry acknowledged before the backup began is in it, and every restored file is whole and identical.
      const restored = tree(join(target, 'data'))
      const restoredIds = [...restored.keys()]
        .filter((k) => k.startsWith('inquiries/'))
        .map((k) => k.slice('inquiries/'.length, -'.json'.length))
      for (const id of [...early, ...ackedBefore]) expect(restoredIds).toContain(id)
      expect([...restored.keys()].filter((k) => k.endsWith('.tmp'))).toEqual([])
      expect([...restored.keys()].some((k) => k.startsWith('image-cache'))).toBe(false)
      for (const [rel, bytes] of restored) {
        if (rel.startsWith('insights/') || rel === 'sessions.json') continue // counts and session touches move on
        expect(bytes.equals(readFileSync(join(t.dataDir, rel))), rel).toBe(true)
        if (rel.endsWith('.json')) expect(() => JSON.parse(bytes.toString('utf8')), rel).not.toThrow()
      }
      // The content repository comes back at the same commit, with no change pending.
      expect(execFileSync('git', ['-C', join(target, 'site'), 'rev-parse', 'HEAD'], { encoding: 'utf8' })).toBe(t.git('rev-parse', 'HEAD'))
      expect(execFileSync('git', ['-C', join(target, 'site'), 'status', '--porcelain'], { encoding: 'utf8' })).toBe('')

      // The restored site shows the same inbox and mailing list as the live one did (for the inquiries in the backup).
      const config = loadConfig({
        CONTENT_ROOT: join(target, 'site'),
        DATA_DIR: join(target, 'data'),
        ADMIN_USERNAME: TEST_ADMIN.username,
        PUBLIC_ORIGIN: TEST_ORIGIN,
        CLIENT_DIR: join(target, 'no-client-build'),
      })
      const deps = await createAppDeps(config, { passwordHash: await hashPassword(TEST_ADMIN.password) })
      cleanups.push(() => stopAppDeps(deps))
      const copy = createApp(deps)
      const login = await copy.request(`${TEST_ORIGIN}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
        body: JSON.stringify(TEST_ADMIN),
      })
      const copyCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
      const read = async (app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, path: string, c: string) =>
        (await app.request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: c } })).text()
      // The inbox answers a page at a time: every page, for the whole list.
      const wholeInbox = async (app: Parameters<typeof read>[0], c: string) => {
        const all: { id: string }[] = []
        for (;;) {
          const page = JSON.parse(await read(app, `/api/admin/inquiries?status=all&limit=200&offset=${all.length}`, c)) as { id: string }[]
          all.push(...page)
          if (page.length < 200) return all
        }
      }
      const liveInbox = await wholeInbox(t.app, cookie)
      const copyInbox = await wholeInbox(copy, copyCookie)
      expect(copyInbox.length).toBe(restoredIds.length)
      expect(copyInbox).toEqual(liveInbox.filter((r) => restoredIds.includes(r.id)))
      expect(copyInbox.find((r) => r.id === early[0])).toMatchObject({
        status: 'quoted',
        quotedAmount: 640,
        history: [{ from: 'new', to: 'quoted' }],
      })
      expect(JSON.stringify(copyInbox.find((r) => r.id === early[1]))).toContain('Called back, wants a quote')
      const subscribers = await read(copy, '/api/admin/subscribers.csv', copyCookie)
      expect(subscribers).toBe(await read(t.app, '/api/admin/subscribers.csv', cookie))
      for (const n of [1, 2, 3]) expect(subscribers).toContain(`guest${n}@example.com`)
    },
    SLOW,
  )
})

describe('secrets and backups', () => {
  it('an archive holds no password hash, device key or calendar feed secret; restoring an older one that does drops them', async () => {
    const t = await siteApp()
    writeFileSync(join(t.dataDir, 'admin-password-hash'), `${await hashPassword('generated-one')}\n`)
    mkdirSync(join(t.dataDir, 'calendar'), { recursive: true })
    writeFileSync(join(t.dataDir, 'calendar', 'feed.json'), '{"token":"secret-feed-token","createdAt":"2026-01-01T00:00:00.000Z"}')
    writeFileSync(join(t.dataDir, 'calendar', 'blocked.json'), '[]')
    expect(existsSync(join(t.dataDir, 'device-key'))).toBe(true)
    await postInquiry(t)
    const backup = await createBackup({ dataDir: t.dataDir, contentRoot: t.root, backupDir: join(t.dataDir, '../backups'), keep: 5 })
    const entries: string[] = []
    await tar.t({ file: backup.file, onReadEntry: (e) => entries.push(e.path) })
    for (const secret of ['data/admin-password-hash', 'data/device-key', 'data/calendar/feed.json']) expect(entries).not.toContain(secret)
    expect(entries).toContain('data/calendar/blocked.json')
    expect(entries.some((e) => e.startsWith('data/inquiries/'))).toBe(true)

    // An archive made by an older version, secrets included: restored without them, so they are made anew.
    const staging = tempDir()
    mkdirSync(join(staging, 'data', 'calendar'), { recursive: true })
    writeFileSync(join(staging, 'data', 'admin-password-hash'), 'scrypt$1$1$1$c2FsdA==$a2V5\n')
    writeFileSync(join(staging, 'data', 'device-key'), 'x\n')
    writeFileSync(join(staging, 'data', 'calendar', 'feed.json'), '{}')
    writeFileSync(join(staging, 'data', 'calendar', 'blocked.json'), '[]')
    const old = join(staging, 'old.tar.gz')
    await tar.c({ gzip: true, cwd: staging, file: old }, ['data'])
    const target = tempDir()
    await restoreBackup({ archive: old, dataDir: join(target, 'data') })
    expect(readdirSync(join(target, 'data')).sort()).toEqual(['calendar'])
    expect(readdirSync(join(target, 'data', 'calendar'))).toEqual(['blocked.json'])
  })
})

describe('restore', () => {
  async function backupOf(t: TestApp) {
    await postInquiry(t)
    return createBackup({ dataDir: t.dataDir, contentRoot: t.root, backupDir: join(t.dataDir, '../backups'), keep: 5 })
  }

  it('refuses a data directory that is not empty, and with --force moves its files aside, never deleting them', async () => {
    const t = await siteApp()
    const backup = await backupOf(t)
    const dataDir = join(tempDir(), 'data')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'subscribers.json'), '{"keep":"me"}')
    await expect(restoreBackup({ archive: backup.file, dataDir })).rejects.toThrow(RestoreRefused)
    await expect(restoreBackup({ archive: backup.file, dataDir })).rejects.toThrow(/is not empty; .*--force/)
    expect(readdirSync(dataDir)).toEqual(['subscribers.json'])

    const forced = await restoreBackup({ archive: backup.file, dataDir, force: true })
    expect(readdirSync(join(dataDir, 'inquiries'))).toHaveLength(1)
    expect(existsSync(join(dataDir, 'subscribers.json'))).toBe(false)
    expect(readFileSync(join(forced.movedAside!, 'subscribers.json'), 'utf8')).toBe('{"keep":"me"}')
  })

  it(
    'npm run restore refuses a non-empty directory without --force, names the flag, and restores with it',
    async () => {
      const t = await siteApp()
      const backup = await backupOf(t)
      const script = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/restore.ts'), ...args], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        })
      const dataDir = join(tempDir(), 'data')
      const first = script(backup.file, '--data-dir', dataDir)
      expect(first.stderr).toBe('')
      expect(first.status).toBe(0)
      expect(first.stdout).toContain(`into ${dataDir}`)
      const again = script(backup.file, '--data-dir', dataDir)
      expect(again.status).toBe(1)
      expect(again.stderr).toMatch(/^Restore failed: .* is not empty; .*--force/)
      const forced = script(backup.file, '--data-dir', dataDir, '--force')
      expect(forced.status).toBe(0)
      expect(forced.stdout).toMatch(/The files that were there are in .*before-restore-/)
    },
    SLOW,
  )

  it('refuses to restore the content into a directory that holds something, and an archive that is not a backup', async () => {
    const t = await siteApp()
    const backup = await backupOf(t)
    const dir = tempDir()
    mkdirSync(join(dir, 'site'))
    writeFileSync(join(dir, 'site', 'README'), 'mine')
    await expect(restoreBackup({ archive: backup.file, dataDir: join(dir, 'data'), contentRoot: join(dir, 'site') })).rejects.toThrow(
      /site is not empty/,
    )
    expect(existsSync(join(dir, 'data'))).toBe(false)
    const notBackup = join(dir, 'other.tar.gz')
    execFileSync('tar', ['-czf', notBackup, '-C', dir, 'site'])
    await expect(restoreBackup({ archive: notBackup, dataDir: join(dir, 'data') })).rejects.toThrow(/not a backup of this site/)
  })
})

describe('npm run backup', () => {
  it(
    'writes an archive named by its time and keeps only the newest BACKUP_KEEP',
    async () => {
      const t = await siteApp()
      const backupDir = join(tempDir(), 'backups')
      const names: string[] = []
      for (let i = 0; i < 3; i++) {
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', join(REPO_ROOT, 'scripts/backup.ts'), '--dir', backupDir, '--keep', '2'],
          {
            cwd: REPO_ROOT,
            encoding: 'utf8',
            env: { PATH: process.env.PATH, CONTENT_ROOT: t.root, DATA_DIR: t.dataDir },
          },
        )
        expect(run.stderr).toBe('')
        expect(run.status).toBe(0)
        names.push(/backup-[^/\s]+\.tar\.gz/.exec(run.stdout)![0])
      }
      const kept = await listBackups(backupDir)
      expect(kept.map((b) => b.name)).toEqual(names.slice(1))
      for (const b of kept) expect(statSync(b.file).size).toBe(b.size)
      expect(readdirSync(backupDir).filter((n) => n.startsWith('.'))).toEqual([])
    },
    SLOW,
  )
})

describe('backup permissions', () => {
  it('archives are readable by their owner only (0600) in an owner-only folder (0700), also one made open earlier', async () => {
    const t = await siteApp()
    await postInquiry(t)
    const backupDir = join(tempDir(), 'backups')
    mkdirSync(backupDir, { mode: 0o755 })
    // An archive left by an older version, world-readable.
    const old = join(backupDir, 'backup-2020-01-01T00-00-00-000Z.tar.gz')
    writeFileSync(old, 'old archive', { mode: 0o644 })
    // Worker threads (Stryker's vitest runner) cannot set the umask: there the process's own (022 here) is used.
    const previous = isMainThread ? process.umask(0o022) : undefined
    try {
      const info = await createBackup({ dataDir: t.dataDir, contentRoot: t.root, backupDir, keep: 5 })
      expect(statSync(info.file).mode & 0o777).toBe(0o600)
      expect(statSync(backupDir).mode & 0o777).toBe(0o700)
      expect(statSync(old).mode & 0o777).toBe(0o600)
    } finally {
      if (previous !== undefined) process.umask(previous)
    }
  })
})

describe('npm run backup and restore with the settings file', () => {
  it(
    'act on the folders of ENV_FILE, name them first, and refuse the code checkout in production',
    async () => {
      const t = await siteApp()
      await postInquiry(t)
      const dir = tempDir()
      const envFile = join(dir, 'site.env')
      writeFileSync(envFile, `NODE_ENV=production\nCONTENT_ROOT=${t.root}\nDATA_DIR=${t.dataDir}\nBACKUP_DIR=${join(dir, 'backups')}\n`)
      const script = (name: string, env: Record<string, string>, ...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', name), ...args], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          env: { PATH: process.env.PATH, ...env },
        })
      const backup = script('backup.ts', { ENV_FILE: envFile })
      expect(backup.stderr).toBe('')
      expect(backup.stdout).toContain(`Settings: ${envFile}\nContent: ${t.root}\nData:    ${t.dataDir}\nBackups: ${join(dir, 'backups')}`)
      const [archive] = await listBackups(join(dir, 'backups'))
      expect(statSync(archive.file).mode & 0o777).toBe(0o600)

      const restored = script('restore.ts', { ENV_FILE: envFile, DATA_DIR: join(dir, 'restored') }, archive.file)
      expect(restored.status).toBe(0)
      expect(restored.stdout).toContain(`Data:    ${join(dir, 'restored')}`)
      expect(readdirSync(join(dir, 'restored', 'inquiries'))).toHaveLength(1)

      // Without the file, in production: the checkout would be the content root; nothing is written.
      const refused = script('backup.ts', { NODE_ENV: 'production', BACKUP_DIR: join(dir, 'checkout-backups') })
      expect(refused.status).toBe(1)
      expect(refused.stderr).toMatch(/CONTENT_ROOT is the code checkout .*ALLOW_CHECKOUT_CONTENT=1/)
      expect(existsSync(join(dir, 'checkout-backups'))).toBe(false)
    },
    SLOW,
  )
})

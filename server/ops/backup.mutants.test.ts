// What the owner sees of a backup and a restore, checked on small hand-made data folders: which files an archive
// holds, its name and time, how many are kept, and the sentence each refusal says.
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as tar from 'tar'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeTempContentRoot } from '../testing/temp-content'
import { ARCHIVE_NAME, archiveName, createBackup, listBackups, restoreBackup, RestoreRefused } from './backup'
import { decryptArchive, isEncryptedArchive, readIdentityFile, restoreArchive } from './backup-encryption'
import { parseS3Uri } from './backup-offsite'
import { BackupSchedule } from './backup-schedule'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-backup-mutants-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A content repository and a data folder holding `files` (relative path -> text). */
function site(files: Record<string, string>) {
  const content = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'brand: {}\n' } })
  cleanups.push(() => content.cleanup())
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(content.dataDir, rel, '..'), { recursive: true })
    writeFileSync(join(content.dataDir, rel), text)
  }
  return content
}

async function entriesOf(file: string): Promise<string[]> {
  const entries: string[] = []
  await tar.t({ file, onReadEntry: (e) => entries.push(e.path) })
  return entries
}

describe('what an archive holds', () => {
  it('leaves out the top-level image cache, photos held for unsent forms, writes in progress and secrets, nothing else', async () => {
    const s = site({
      'inquiries/a.json': '{"a":1}',
      'image-cache/x.webp': 'derived',
      'photo-holding/p.jpg': 'held',
      'inquiries/image-cache/kept.txt': 'a folder of that name below the top is data',
      'inquiries/photo-holding': 'a file of that name is data',
      '.subscribers.json.123.tmp': 'half written',
      'notes.tmp': 'a file ending in .tmp without the leading dot is data',
      'report.v2.tmp': 'a dot inside the name is no temp file either',
      '.cache.tmp.json': 'nor a name that only holds .tmp',
      '.hidden': 'a dot file that is no temp file is data',
      'calendar/feed.json': '{"token":"secret"}',
      'other/feed.json': 'not the secret one',
      'passkeys.json': '[]',
      'photo-link-key': 'k',
      'inquiries/device-key': 'only the top-level device key is a secret',
    })
    const backupDir = join(tempDir(), 'backups')
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir, keep: 5 })
    const files = (await entriesOf(info.file)).filter((e) => !e.endsWith('/')).sort()
    expect(files).toEqual(
      [
        'content.bundle',
        'data/.cache.tmp.json',
        'data/.hidden',
        'data/inquiries/a.json',
        'data/inquiries/device-key',
        'data/inquiries/image-cache/kept.txt',
        'data/inquiries/photo-holding',
        'data/notes.tmp',
        'data/other/feed.json',
        'data/report.v2.tmp',
      ].sort(),
    )
    // Nothing is left behind in the backup folder but the archive.
    expect(readdirSync(backupDir)).toEqual([info.name])
  })

  it('keeps each file mode and restores the same bytes', async () => {
    const s = site({ 'inquiries/a.json': '{"name":"Philippa"}' })
    chmodSync(join(s.dataDir, 'inquiries/a.json'), 0o640)
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: join(tempDir(), 'b'), keep: 5 })
    const target = join(tempDir(), 'data')
    const result = await restoreBackup({ archive: info.file, dataDir: target })
    expect(result).toEqual({ files: 1, movedAside: undefined, contentRoot: undefined })
    expect(readFileSync(join(target, 'inquiries/a.json'), 'utf8')).toBe('{"name":"Philippa"}')
    expect(statSync(join(target, 'inquiries/a.json')).mode & 0o777).toBe(0o640)
  })

  it('a data folder that does not exist yet is backed up as an empty one', async () => {
    const s = site({})
    rmSync(s.dataDir, { recursive: true })
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: join(tempDir(), 'b'), keep: 5 })
    expect((await entriesOf(info.file)).sort()).toEqual(['content.bundle', 'data/'])
  })

  it('answers the archive by its name, time and size', async () => {
    const s = site({ 'a.json': '{}' })
    const backupDir = join(tempDir(), 'b')
    const now = new Date('2026-03-04T05:06:07.089Z')
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir, keep: 5, now })
    expect(info).toEqual({
      file: join(backupDir, 'backup-2026-03-04T05-06-07-089Z.tar.gz'),
      name: 'backup-2026-03-04T05-06-07-089Z.tar.gz',
      at: '2026-03-04T05:06:07.089Z',
      size: statSync(info.file).size,
    })
    expect(info.size).toBeGreaterThan(0)
  })

  it('keeps the newest `keep` archives, this one included, and removes the older ones', async () => {
    const s = site({ 'a.json': '{}' })
    const backupDir = join(tempDir(), 'b')
    const times = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z']
    for (const at of times) await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir, keep: 2, now: new Date(at) })
    expect((await listBackups(backupDir)).map((b) => b.at)).toEqual(times.slice(1))
    await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir, keep: 1, now: new Date('2026-01-04T00:00:00.000Z') })
    expect((await listBackups(backupDir)).map((b) => b.at)).toEqual(['2026-01-04T00:00:00.000Z'])
  })

  it('archives are owner-only (0600) in an owner-only folder (0700), older archives and a folder made open earlier closed too', async () => {
    const s = site({ 'a.json': '{}' })
    const backupDir = join(tempDir(), 'b')
    mkdirSync(backupDir, { mode: 0o755 })
    chmodSync(backupDir, 0o755)
    const old = join(backupDir, 'backup-2020-01-01T00-00-00-000Z.tar.gz')
    writeFileSync(old, 'old archive')
    chmodSync(old, 0o644)
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir, keep: 5 })
    expect(statSync(info.file).mode & 0o777).toBe(0o600)
    expect(statSync(backupDir).mode & 0o777).toBe(0o700)
    expect(statSync(old).mode & 0o777).toBe(0o600)
    const fresh = join(tempDir(), 'new', 'backups')
    await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: fresh, keep: 5 })
    expect(statSync(fresh).mode & 0o777).toBe(0o700)
  })
})

describe('listing the archives', () => {
  it('lists only archives named by their time, oldest first, with their time and size', async () => {
    const dir = tempDir()
    const names = ['backup-2026-02-01T10-20-30-400Z.tar.gz', 'backup-2025-12-31T23-59-59-999Z.tar.gz']
    for (const n of names) writeFileSync(join(dir, n), 'abc')
    for (const other of [
      'backup-2026-02-01T10-20-30-400Z.tar.gz.partial',
      '.backup-2026-02-01T10-20-30-400Z.tar.gz.partial',
      'xbackup-2026-02-01T10-20-30-400Z.tar.gz',
      'backup-2026-02-01T10-20-30Z.tar.gz',
      'backup-2026-02-01.tar.gz',
      'notes.txt',
    ])
      writeFileSync(join(dir, other), 'x')
    mkdirSync(join(dir, 'backup-2026-03-01T00-00-00-000Z.tar.gz'))
    expect(await listBackups(dir)).toEqual([
      { file: join(dir, names[1]), name: names[1], at: '2025-12-31T23:59:59.999Z', size: 3 },
      { file: join(dir, names[0]), name: names[0], at: '2026-02-01T10:20:30.400Z', size: 3 },
      // A folder with an archive's name has a size too (listed, as the file system says).
      expect.objectContaining({ name: 'backup-2026-03-01T00-00-00-000Z.tar.gz', at: '2026-03-01T00:00:00.000Z' }),
    ])
  })

  it('a missing folder has none; a folder that is a file is an error', async () => {
    const dir = tempDir()
    expect(await listBackups(join(dir, 'none'))).toEqual([])
    writeFileSync(join(dir, 'file'), '')
    await expect(listBackups(join(dir, 'file'))).rejects.toMatchObject({ code: 'ENOTDIR' })
  })

  it('names match the archive pattern', () => {
    expect(archiveName(new Date('2026-07-08T09:10:11.012Z'))).toBe('backup-2026-07-08T09-10-11-012Z.tar.gz')
    expect(ARCHIVE_NAME.test(archiveName(new Date()))).toBe(true)
  })
})

describe('restore refusals', () => {
  it('says what is wrong with the archive and the folders, word for word', async () => {
    const dir = tempDir()
    const staging = join(dir, 'staging')
    mkdirSync(join(staging, 'data'), { recursive: true })
    writeFileSync(join(staging, 'data', 'a.json'), '{}')
    const noBundle = join(dir, 'no-bundle.tar.gz')
    await tar.c({ gzip: true, cwd: staging, file: noBundle }, ['data'])
    const dataDir = join(dir, 'data')
    await expect(restoreBackup({ archive: noBundle, dataDir, contentRoot: join(dir, 'site') })).rejects.toThrow(
      new RestoreRefused(`${noBundle} holds no content.bundle to restore the content from`),
    )
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'x'), 'mine')
    await expect(restoreBackup({ archive: noBundle, dataDir })).rejects.toThrow(
      new RestoreRefused(`${dataDir} is not empty; restore into an empty directory, or add --force to move its files aside first`),
    )
    mkdirSync(join(dir, 'site'))
    writeFileSync(join(dir, 'site', 'y'), '')
    await expect(restoreBackup({ archive: noBundle, dataDir, contentRoot: join(dir, 'site'), force: true })).rejects.toThrow(
      new RestoreRefused(`${noBundle} holds no content.bundle to restore the content from`),
    )
    const other = join(dir, 'other.tar.gz')
    await tar.c({ gzip: true, cwd: dir, file: other }, ['site'])
    await expect(restoreBackup({ archive: other, dataDir: join(dir, 'fresh') })).rejects.toThrow(
      new RestoreRefused(`${other} is not a backup of this site (no data/ inside)`),
    )
    expect(readdirSync(dataDir)).toEqual(['x'])
  })

  it('an archive whose data folder holds only folders is still a backup; an empty data folder is restored as empty', async () => {
    const dir = tempDir()
    const staging = join(dir, 'staging')
    mkdirSync(join(staging, 'data', 'inquiries'), { recursive: true })
    const archive = join(dir, 'a.tar.gz')
    await tar.c({ gzip: true, cwd: staging, file: archive }, ['data'])
    const dataDir = join(dir, 'restored')
    mkdirSync(dataDir)
    expect(await restoreBackup({ archive, dataDir })).toEqual({ files: 0, movedAside: undefined, contentRoot: undefined })
    expect(readdirSync(dataDir)).toEqual(['inquiries'])
    // No scratch folder is left beside it.
    expect(readdirSync(dir).sort()).toEqual(['a.tar.gz', 'restored', 'staging'])
  })

  it('a restore with --force names where the files went, with the time in the name', async () => {
    const s = site({ 'a.json': '{"new":1}' })
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: join(tempDir(), 'b'), keep: 5 })
    const dir = tempDir()
    const dataDir = join(dir, 'data')
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, 'old.json'), 'old')
    const before = Date.now()
    const result = await restoreBackup({ archive: info.file, dataDir, contentRoot: join(dir, 'site'), force: true })
    expect(result.movedAside).toMatch(new RegExp(`^${dataDir}\\.before-restore-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z$`))
    const stamp = result.movedAside!.slice(`${dataDir}.before-restore-`.length)
    const [d, t] = stamp.split('T')
    const [h, m, sec, ms] = t.slice(0, -1).split('-')
    expect(Date.parse(`${d}T${h}:${m}:${sec}.${ms}Z`)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000)
    expect(readFileSync(join(result.movedAside!, 'old.json'), 'utf8')).toBe('old')
    expect(result.contentRoot).toBe(join(dir, 'site'))
    expect(result.files).toBe(1)
    expect(readFileSync(join(dir, 'site', 'content', 'site.yaml'), 'utf8')).toBe('brand: {}\n')
  })

  it('the content comes back on its branch with every other branch and kept side ref, and no remote', async () => {
    const s = site({ 'a.json': '{}' })
    const main = s.git('rev-parse', 'HEAD').trim()
    s.git('branch', 'draft')
    s.git('update-ref', 'refs/uncommitted/2026-01-01', main)
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: join(tempDir(), 'b'), keep: 5 })
    const dir = tempDir()
    await restoreBackup({ archive: info.file, dataDir: join(dir, 'data'), contentRoot: join(dir, 'site') })
    const git = (...args: string[]) => execFileSync('git', ['-C', join(dir, 'site'), ...args], { encoding: 'utf8' }).trim()
    expect(git('branch', '--show-current')).toBe('main')
    expect(git('for-each-ref', '--format=%(refname)').split('\n').sort()).toEqual([
      'refs/heads/draft',
      'refs/heads/main',
      'refs/uncommitted/2026-01-01',
    ])
    expect(git('remote')).toBe('')
    expect(git('rev-parse', 'HEAD')).toBe(main)
    expect(git('status', '--porcelain')).toBe('')
  })

  it('an archive made by an older version with secrets in it is restored without them', async () => {
    const dir = tempDir()
    const staging = join(dir, 'staging')
    mkdirSync(join(staging, 'data', 'calendar'), { recursive: true })
    for (const secret of ['admin-password-hash', 'device-key', 'calendar/feed.json', 'passkeys.json', 'photo-link-key'])
      writeFileSync(join(staging, 'data', secret), 'secret')
    writeFileSync(join(staging, 'data', 'calendar', 'blocked.json'), '[]')
    const archive = join(dir, 'old.tar.gz')
    await tar.c({ gzip: true, cwd: staging, file: archive }, ['data'])
    const dataDir = join(dir, 'restored')
    // Counted as in the archive; only the secrets are dropped.
    expect((await restoreBackup({ archive, dataDir })).files).toBe(6)
    expect(readdirSync(dataDir)).toEqual(['calendar'])
    expect(readdirSync(join(dataDir, 'calendar'))).toEqual(['blocked.json'])
  })
})

describe('restore, the edges', () => {
  it('refuses content into a folder that holds something (or is a file) before touching the data folder', async () => {
    const s = site({ 'a.json': '{}' })
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: join(tempDir(), 'b'), keep: 5 })
    const dir = tempDir()
    mkdirSync(join(dir, 'site'))
    writeFileSync(join(dir, 'site', 'README'), 'mine')
    await expect(restoreBackup({ archive: info.file, dataDir: join(dir, 'data'), contentRoot: join(dir, 'site') })).rejects.toThrow(
      new RestoreRefused(`${join(dir, 'site')} is not empty; the content is restored only into an empty or new directory`),
    )
    writeFileSync(join(dir, 'file'), '')
    await expect(restoreBackup({ archive: info.file, dataDir: join(dir, 'data'), contentRoot: join(dir, 'file') })).rejects.toMatchObject({
      code: 'ENOTDIR',
    })
    expect(readdirSync(dir).sort()).toEqual(['file', 'site'])
  })

  it('an entry that climbs out of the archive is not written outside the data folder', async () => {
    const dir = tempDir()
    const staging = join(dir, 'staging', 'inner')
    mkdirSync(join(staging, 'data'), { recursive: true })
    writeFileSync(join(staging, 'data', 'a.json'), '{}')
    writeFileSync(join(dir, 'staging', 'evil.txt'), 'outside')
    const archive = join(dir, 'evil.tar.gz')
    await tar.c({ gzip: true, cwd: staging, file: archive, preservePaths: true }, ['data', '../evil.txt'])
    expect(await entriesOf(archive)).toContain('../evil.txt')
    const target = join(dir, 'target')
    mkdirSync(target)
    await restoreBackup({ archive, dataDir: join(target, 'data') }).catch(() => undefined)
    expect(existsSync(join(dir, 'evil.txt'))).toBe(false)
    expect(readdirSync(target)).toEqual(['data'])
  })

  it('archives hold no account names and keep the data folders owner-only', async () => {
    const s = site({ 'inquiries/a.json': '{}' })
    const info = await createBackup({ dataDir: s.dataDir, contentRoot: s.root, backupDir: join(tempDir(), 'b'), keep: 5 })
    const headers: { path: string; uname?: string; mode?: number }[] = []
    await tar.t({ file: info.file, onReadEntry: (e) => headers.push({ path: e.path, uname: e.header.uname, mode: e.header.mode }) })
    for (const h of headers) expect(h.uname ?? '', h.path).toBe('')
    expect(headers.find((h) => h.path === 'data/inquiries/')!.mode! & 0o777).toBe(0o700)
  })

  it('lists archives oldest first whatever order the folder gives, and skips a name that points nowhere', async () => {
    const dir = tempDir()
    const times = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)))
    for (const t of [...times].reverse()) writeFileSync(join(dir, archiveName(t)), 'x')
    symlinkSync(join(dir, 'nowhere'), join(dir, archiveName(new Date(Date.UTC(2027, 0, 1)))))
    expect((await listBackups(dir)).map((b) => b.at)).toEqual(times.map((t) => t.toISOString()))
  })
})

describe('encrypted copies', () => {
  it('an identity file must hold secret keys only, comments and blank lines aside', async () => {
    const dir = tempDir()
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text)
      return join(dir, name)
    }
    expect(await readIdentityFile(file('good', '# created: today\n\n  AGE-SECRET-KEY-1ABC  \n#x\nAGE-SECRET-KEY-1DEF\n'))).toEqual([
      'AGE-SECRET-KEY-1ABC',
      'AGE-SECRET-KEY-1DEF',
    ])
    const notIdentity = (path: string) =>
      new RestoreRefused(`${path} is not an age identity file (lines of AGE-SECRET-KEY-1…, as npm run backup:keygen prints)`)
    const comments = file('comments', '# only a comment\n\n')
    await expect(readIdentityFile(comments)).rejects.toThrow(notIdentity(comments))
    const mixed = file('mixed', 'AGE-SECRET-KEY-1ABC\nage1publickey\n')
    await expect(readIdentityFile(mixed)).rejects.toThrow(notIdentity(mixed))
    const missing = join(dir, 'missing')
    await expect(readIdentityFile(missing)).rejects.toThrow(RestoreRefused)
    await expect(readIdentityFile(missing)).rejects.toThrow(`cannot read the backup key file ${missing}: ENOENT`)
  })

  it('tells an encrypted copy by its first line only', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'age'), 'age-encryption.org/v1\n-> X25519 abc\n')
    writeFileSync(join(dir, 'short'), 'age-encryption.org/v1')
    writeFileSync(join(dir, 'other'), 'age-encryption.org/v2\n')
    writeFileSync(join(dir, 'empty'), '')
    expect(await isEncryptedArchive(join(dir, 'age'))).toBe(true)
    expect(await isEncryptedArchive(join(dir, 'short'))).toBe(false)
    expect(await isEncryptedArchive(join(dir, 'other'))).toBe(false)
    expect(await isEncryptedArchive(join(dir, 'empty'))).toBe(false)
  })

  it('refuses a copy without a key, with a key that is not one, and a damaged copy, leaving nothing behind', async () => {
    const dir = tempDir()
    const copy = join(dir, 'backup.tar.gz.age')
    writeFileSync(copy, 'age-encryption.org/v1\nnot really\n')
    const to = join(dir, 'plain')
    await expect(decryptArchive(copy, to, [])).rejects.toThrow(
      new RestoreRefused(`${copy} is encrypted: give the secret key's file with --key FILE (or BACKUP_DECRYPTION_KEY_FILE)`),
    )
    await expect(decryptArchive(copy, to, ['AGE-SECRET-KEY-1NOTAKEY'])).rejects.toThrow(/^the backup key is not a valid age secret key: /)
    await expect(decryptArchive(copy, to, ['AGE-SECRET-KEY-1NOTAKEY'])).rejects.toThrow(RestoreRefused)
    const { generateIdentity } = await import('age-encryption')
    const key = await generateIdentity()
    await expect(decryptArchive(copy, to, [key])).rejects.toThrow(
      new RegExp(`^${copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} could not be decrypted \\(damaged or not a backup copy\\): `),
    )
    expect(existsSync(to)).toBe(false)
    // restoreArchive on that copy leaves no scratch folder beside the data folder, and no data folder.
    await expect(restoreArchive({ archive: copy, dataDir: join(dir, 'data'), identities: [key] })).rejects.toThrow(RestoreRefused)
    expect(readdirSync(dir).sort()).toEqual(['backup.tar.gz.age'])
  })
})

describe('S3 addresses', () => {
  it('splits s3://bucket/key and refuses anything else', () => {
    expect(parseS3Uri('s3://site-backups/studio/backup.tar.gz.age')).toEqual({ bucket: 'site-backups', key: 'studio/backup.tar.gz.age' })
    for (const bad of ['s3://bucket', 's3://bucket/', 's3:///key', 'S3://b/k', 'https://b/k', 'xs3://b/k', ' s3://b/k']) {
      expect(parseS3Uri(bad)).toBeNull()
    }
  })
})

describe('the server’s own backups, as the dashboard shows them', () => {
  const HOUR = 3_600_000

  function schedule(
    s: ReturnType<typeof site>,
    backupDir: string,
    extra: Partial<ConstructorParameters<typeof BackupSchedule>[0]> = {},
    now = () => new Date(),
  ) {
    const lines: string[] = []
    const b = new BackupSchedule(
      { dataDir: s.dataDir, contentRoot: s.root, backupDir, backupKeep: 3, backupIntervalHours: 24, ...extra },
      { now, log: (line) => lines.push(line) },
    )
    cleanups.push(() => void b.stop())
    return { b, lines }
  }

  it('says what it is set to, the last archive, and logs each one written', async () => {
    const s = site({ 'a.json': '{}' })
    const backupDir = join(tempDir(), 'b')
    const at = new Date('2026-05-01T08:00:00.000Z')
    let now = at
    const { b, lines } = schedule(
      s,
      backupDir,
      { backupS3: { bucket: 'studio-backups', prefix: 'site/', region: 'auto', recipients: null } as never, backupIntervalHours: 12 },
      () => now,
    )
    expect(await b.status()).toEqual({
      scheduled: true,
      intervalHours: 12,
      keep: 3,
      last: null,
      lastError: null,
      offsite: 's3://studio-backups/site/',
      running: false,
      warning: 'No backup has been made yet.',
    })
    const { b: plain } = schedule(s, join(tempDir(), 'plain'), { backupIntervalHours: 0 })
    expect(await plain.status()).toMatchObject({ scheduled: false, intervalHours: 0, offsite: null })
    const running = plain.runNow()
    expect(plain.runNow()).toBe(running)
    expect((await plain.status()).running).toBe(true)
    await running
    expect((await plain.status()).running).toBe(false)
    const { b: local, lines: localLines } = schedule(s, backupDir, {}, () => now)
    const info = await local.runNow()
    expect(localLines).toEqual([`Backup ${info.name} written (${info.size} bytes)`])
    now = new Date(at.getTime() + 48 * HOUR)
    expect(await local.status()).toMatchObject({ last: { name: info.name, at: info.at, size: info.size }, warning: null })
    now = new Date(at.getTime() + 48 * HOUR + 1)
    expect((await local.status()).warning).toBe('The last backup is more than two days old.')
    expect(lines).toEqual([])
  })

  it('a failed backup shows its first line until a newer archive exists', async () => {
    const s = site({ 'a.json': '{}' })
    const dir = tempDir()
    writeFileSync(join(dir, 'file'), '')
    let now = new Date('2026-05-01T08:00:00.000Z')
    const { b } = schedule(s, join(dir, 'file', 'b'), {}, () => now)
    const errors: unknown[][] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      await expect(b.runNow()).rejects.toThrow(/ENOTDIR/)
    } finally {
      console.error = original
    }
    expect(errors[0][0]).toBe('Backup failed:')
    const status = await b.status()
    expect(status.lastError).toEqual({ at: '2026-05-01T08:00:00.000Z', message: expect.stringMatching(/^ENOTDIR/) })
    expect(status.lastError!.message).not.toContain('\n')
    expect(status.warning).toBe(`The last backup failed: ${status.lastError!.message}`)
    // An archive made later (by npm run backup) outdates the failure; one made at the same moment does not.
    const other = schedule(s, join(dir, 'ok'), {}, () => now)
    console.error = () => undefined
    try {
      const failing = new BackupSchedule(
        { dataDir: join(dir, 'file', 'data'), contentRoot: s.root, backupDir: join(dir, 'ok'), backupKeep: 3, backupIntervalHours: 24 },
        { now: () => now, log: () => undefined },
      )
      await other.b.runNow()
      await expect(failing.runNow()).rejects.toThrow()
      expect((await failing.status()).lastError).not.toBeNull()
      now = new Date(now.getTime() + 1000)
      await other.b.runNow()
      expect(await failing.status()).toMatchObject({ lastError: null, warning: null })
    } finally {
      console.error = original
    }
  })

  it('takes none at start when its interval is off or it was stopped, and never one early for a very long interval', async () => {
    const s = site({ 'a.json': '{}' })
    const backupDir = join(tempDir(), 'b')
    mkdirSync(backupDir)
    writeFileSync(join(backupDir, archiveName(new Date(Date.now() - HOUR))), 'x')
    const { b: long } = schedule(s, backupDir, { backupIntervalHours: 100_000 })
    await long.start()
    const { b: stopped } = schedule(s, backupDir, { backupIntervalHours: 0.0001 })
    await stopped.stop()
    await stopped.start()
    await new Promise((r) => setTimeout(r, 300))
    expect(readdirSync(backupDir)).toHaveLength(1)
  })
})

describe('when the server’s own backups run', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  /** Lets the backup's own file and git work finish between timer steps. */
  const settle = async (attempts: () => number, expected: number) => {
    const deadline = Date.now() + 10_000
    while (attempts() < expected && Date.now() < deadline) await new Promise((r) => setImmediate(r))
  }

  it('after a failure it tries again an hour later (or after the interval, if shorter), not a day later', async () => {
    const s = site({ 'a.json': '{}' })
    const dir = tempDir()
    writeFileSync(join(dir, 'file'), '')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const attempts = () => errors.mock.calls.filter((c) => c[0] === 'Backup failed:').length
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (const [hours, retryMinutes] of [
      [24, 60],
      [0.5, 30],
    ] as const) {
      errors.mockClear()
      const b = new BackupSchedule(
        { dataDir: s.dataDir, contentRoot: s.root, backupDir: join(dir, 'file', 'b'), backupKeep: 3, backupIntervalHours: hours },
        { log: () => undefined },
      )
      await b.start()
      await vi.advanceTimersByTimeAsync(0)
      await settle(attempts, 1)
      expect(attempts()).toBe(1)
      await vi.advanceTimersByTimeAsync((retryMinutes - 1) * 60_000)
      expect(attempts()).toBe(1)
      await vi.advanceTimersByTimeAsync(60_000)
      await settle(attempts, 2)
      expect(attempts()).toBe(2)
      await b.stop()
    }
  })
})

// Backups: one .tar.gz per run holding the data directory (data/) and a git bundle of the content repository
// (content.bundle), named by its time; the last N are kept. Restoring puts them back into empty directories.
import { execFile } from 'node:child_process'
import { chmod, lstat, mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import * as tar from 'tar'

const run = promisify(execFile)

export const ARCHIVE_NAME = /^backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.tar\.gz$/
/**
 * Derived files (image copies) are made again on demand; they would only make the archive large. Photos held for a
 * form not sent yet are not the studio's until the inquiry arrives (then they are under inquiry-photos/, kept).
 */
const SKIPPED_DIRS = new Set(['image-cache', 'photo-holding'])
/**
 * Secrets stay out of archives (an archive may leave the machine): the generated admin password's hash, the device
 * cookies' signing key, the calendar feed's secret link, the passkeys (with their recovery codes) and the key of the
 * e-mailed photo links. After a restore they are made anew (passkeys are added again): a new generated password
 * printed at the next start (unless ADMIN_PASSWORD is set), known devices sign in again, a new feed link, photo links
 * already e-mailed stop working (the inbox shows the photos).
 * Restoring an older archive that holds them drops them, with the same effect.
 */
export const SECRET_FILES = ['admin-password-hash', 'device-key', 'calendar/feed.json', 'passkeys.json', 'photo-link-key']
/** writeFileDurable's temp files are writes in progress; the finished file appears by rename. */
const WRITE_IN_PROGRESS = /^\..+\.tmp$/

export interface BackupInfo {
  /** The archive's full path. */
  file: string
  name: string
  /** When it was taken (ISO). */
  at: string
  size: number
}

export interface BackupOptions {
  dataDir: string
  contentRoot: string
  backupDir: string
  /** How many archives to keep, this one included. */
  keep: number
  now?: Date
}

export function archiveName(at: Date): string {
  return `backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`
}

function archiveTime(name: string): string | null {
  const m = ARCHIVE_NAME.exec(name)
  if (!m) return null
  const [date, time] = m[1].split('T')
  const [h, min, s, ms] = time.slice(0, -1).split('-')
  return `${date}T${h}:${min}:${s}.${ms}Z`
}

/** The archives in the backup folder, oldest first. */
export async function listBackups(backupDir: string): Promise<BackupInfo[]> {
  let names: string[]
  try {
    names = await readdir(backupDir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const found = await Promise.all(
    names.sort().map(async (name) => {
      const at = archiveTime(name)
      if (!at) return null
      const file = join(backupDir, name)
      const size = await stat(file).then(
        (s) => s.size,
        () => null,
      )
      return size === null ? null : { file, name, at, size }
    }),
  )
  return found.filter((b): b is BackupInfo => b !== null)
}

/** Archives hold inquiries and the password hash: readable by the site's own user only, whatever the umask. */
const ARCHIVE_MODE = 0o600
const FOLDER_MODE = 0o700

/**
 * Takes a backup while the site runs. Every file of the data directory is read whole into a staging folder first:
 * data files are only ever replaced by rename (writeFileDurable), so each copy is one complete version, and temp
 * files of writes still in progress are left out. The archive is written under a temp name and renamed when done.
 */
export async function createBackup(options: BackupOptions): Promise<BackupInfo> {
  const { dataDir, contentRoot, backupDir, keep, now = new Date() } = options
  await mkdir(backupDir, { recursive: true, mode: FOLDER_MODE })
  // mkdir's mode applies only to a folder it makes; one made earlier (or by hand) is closed too.
  await chmod(backupDir, FOLDER_MODE)
  const staging = await mkdtemp(join(backupDir, '.staging-'))
  const name = archiveName(now)
  const file = join(backupDir, name)
  const partial = join(backupDir, `.${name}.partial`)
  try {
    await copyConsistent(dataDir, join(staging, 'data'), true)
    await run('git', ['-C', contentRoot, 'bundle', 'create', '--quiet', join(staging, 'content.bundle'), '--all'])
    // Made owner-only before a byte is written; tar writes into it and keeps the mode.
    await (await open(partial, 'w', ARCHIVE_MODE)).close()
    await tar.c({ gzip: true, portable: true, cwd: staging, file: partial }, ['data', 'content.bundle'])
    await chmod(partial, ARCHIVE_MODE)
    await syncFile(partial)
    await rename(partial, file)
  } finally {
    await rm(staging, { recursive: true, force: true })
    await rm(partial, { force: true })
  }
  await prune(backupDir, keep)
  // Archives written by an older version were world-readable (0644): the kept ones are closed as well.
  for (const kept of await listBackups(backupDir)) await chmod(kept.file, ARCHIVE_MODE).catch(() => undefined)
  return { file, name, at: now.toISOString(), size: (await stat(file)).size }
}

async function copyConsistent(from: string, to: string, top: boolean, root = from): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 })
  let entries
  try {
    entries = await readdir(from, { withFileTypes: true })
  } catch (err) {
    if (top && (err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  for (const entry of entries) {
    const source = join(from, entry.name)
    if (entry.isDirectory()) {
      if (!(top && SKIPPED_DIRS.has(entry.name))) await copyConsistent(source, join(to, entry.name), false, root)
    } else if (entry.isFile() && !WRITE_IN_PROGRESS.test(entry.name) && !SECRET_FILES.includes(relative(root, source))) {
      let data: Buffer
      let mode: number
      try {
        ;[data, mode] = await Promise.all([readFile(source), lstat(source).then((s) => s.mode & 0o777)])
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue // removed since the listing
        throw err
      }
      await writeFile(join(to, entry.name), data, { mode })
    }
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function prune(backupDir: string, keep: number): Promise<void> {
  const all = await listBackups(backupDir)
  for (const old of all.slice(0, Math.max(0, all.length - keep))) await rm(old.file, { force: true })
}

/** A restore that would overwrite something: the message says what and how to go ahead. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  archive: string
  dataDir: string
  /** Also make the content repository here from the archive's bundle (an empty or new directory). */
  contentRoot?: string
  /** Replace a non-empty data directory; its files are moved aside, never deleted. */
  force?: boolean
}

export interface RestoreResult {
  files: number
  /** Where a non-empty data directory was moved (with force). */
  movedAside?: string
  contentRoot?: string
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true
    throw err
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { archive, dataDir, contentRoot, force = false } = options
  const entries: string[] = []
  await tar.t({ file: archive, onReadEntry: (e) => entries.push(e.path) })
  const dataFiles = entries.filter((p) => p.startsWith('data/') && !p.endsWith('/'))
  if (!entries.some((p) => p.startsWith('data/'))) throw new RestoreRefused(`${archive} is not a backup of this site (no data/ inside)`)
  if (contentRoot && !entries.includes('content.bundle'))
    throw new RestoreRefused(`${archive} holds no content.bundle to restore the content from`)
  const dataEmpty = await isEmptyOrMissing(dataDir)
  if (!dataEmpty && !force)
    throw new RestoreRefused(`${dataDir} is not empty; restore into an empty directory, or add --force to move its files aside first`)
  if (contentRoot && !(await isEmptyOrMissing(contentRoot)))
    throw new RestoreRefused(`${contentRoot} is not empty; the content is restored only into an empty or new directory`)

  const parent = dirname(dataDir)
  await mkdir(parent, { recursive: true })
  const unpack = await mkdtemp(join(parent, `.${basename(dataDir)}.restore-`))
  try {
    await tar.x({ file: archive, cwd: unpack, preservePaths: false })
    await mkdir(join(unpack, 'data'), { recursive: true })
    for (const secret of SECRET_FILES) await rm(join(unpack, 'data', secret), { force: true })
    let movedAside: string | undefined
    if (!dataEmpty) {
      movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      await rename(dataDir, movedAside)
    } else {
      await rmdir(dataDir).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
      })
    }
    await rename(join(unpack, 'data'), dataDir)
    if (contentRoot) await cloneBundle(join(unpack, 'content.bundle'), contentRoot)
    return { files: dataFiles.length, movedAside, contentRoot }
  } finally {
    await rm(unpack, { recursive: true, force: true })
  }
}

/** A work tree on the bundle's checked-out branch, with every branch and kept side ref, and no remote. */
async function cloneBundle(bundle: string, dir: string): Promise<void> {
  await run('git', ['clone', '--quiet', bundle, dir])
  await run('git', [
    '-C',
    dir,
    'fetch',
    '--quiet',
    '--update-head-ok',
    bundle,
    '+refs/heads/*:refs/heads/*',
    '+refs/uncommitted/*:refs/uncommitted/*',
  ])
  await run('git', ['-C', dir, 'remote', 'remove', 'origin'])
}

// File primitives for the content root: atomic writes, removal, and resolving repo-relative paths safely.
import { randomBytes } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { HTTPException } from 'hono/http-exception'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

const TEMP_SUFFIX = '.tmp-write'

/** Writes via a temp file in the same directory and a rename, so readers see the old or the new file, never half. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`)
  try {
    await writeFile(temp, data)
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true })
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/** Resolves a repo-relative path under root; refuses absolute paths and anything escaping root. */
export function resolveInside(root: string, relPath: string): string {
  if (isAbsolute(relPath) || relPath.split(/[\\/]/).includes('..')) {
    throw new Error(`Refusing path outside the content root: ${relPath}`)
  }
  const full = resolve(root, relPath)
  const rel = relative(root, full)
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`Refusing path outside the content root: ${relPath}`)
  assertNoFolderLinkOut(root, dirname(full), relPath)
  return full
}

/**
 * Refuses `dir` (or its nearest folder that exists) when it resolves outside root: git keeps symbolic links, so a
 * pushed commit can make `content/services` a link to any folder on the server, which every read and save would then
 * go through. The last part of a path is left to its reader (lib/plain-file.ts), so a save can replace a linked file.
 */
export function assertNoFolderLinkOut(root: string, dir: string, relPath: string): void {
  let realRoot: string
  try {
    realRoot = realpathSync.native(root)
  } catch {
    return // no root yet: nothing to lead out of it
  }
  for (let at = dir; ; at = dirname(at)) {
    let real: string
    try {
      real = realpathSync.native(at)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if ((code === 'ENOENT' || code === 'ENOTDIR') && at !== dirname(at)) continue
      // A folder linked to itself (a loop) leads nowhere inside the root: refused like one that leads out.
      if (code !== 'ELOOP') throw err
      real = ''
    }
    if (real === realRoot || real.startsWith(realRoot + sep)) return
    throw new FolderLinkError(`Refusing path outside the content root: ${relPath} (a folder on its way is a symbolic link out of it)`)
  }
}

/** A path whose folders lead out of the content root through a symbolic link: a save answers 409 with these words. */
export class FolderLinkError extends HTTPException {
  readonly code = 'EFOLDERLINK'
  constructor(message: string) {
    super(409, { message })
  }
}

/** Every file below dir (none when dir does not exist). */
export async function* walkFiles(dir: string): AsyncGenerator<string> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) yield* walkFiles(full)
    else if (entry.isFile()) yield full
  }
}

/** Removes temp files a crash left behind (writeFileAtomic's naming only) under the given directories. */
export async function removeLeftoverTempFiles(dirs: string[]): Promise<string[]> {
  const removed: string[] = []
  for (const dir of dirs) {
    for await (const full of walkFiles(dir)) {
      const name = basename(full)
      if (name.startsWith('.') && name.endsWith(TEMP_SUFFIX)) {
        await rm(full, { force: true })
        removed.push(full)
      }
    }
  }
  return removed
}

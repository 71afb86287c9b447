// The build stamp: which sources each `npm run build` was made from, written by vite.config.ts, so a start can say the
// served build is missing or older than the code without rebuilding anything.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'

/** The web app (client), its server renderer (server) and the bundled server itself (app, dist/app/index.mjs). */
/**
 * The checkout (two folders up, from server/lib and from the bundle in dist/app alike). Not config.ts's PROJECT_ROOT:
 * vite.config.ts imports this module, and should load no more of the server than it.
 */
const PROJECT_ROOT = resolve(import.meta.dirname, '../..')

export type BuildPart = 'client' | 'server' | 'app'

interface Stamp {
  builtAt: number
  /** Project-relative path -> sha256 of the file the build read. */
  files: Record<string, string>
}

export interface BuildCheck {
  state: 'ok' | 'missing' | 'stale'
  message: string
}

/** Outside the served folder (dist/client), so the list of sources is never public. */
export function stampPath(clientDir: string, part: BuildPart): string {
  return resolve(clientDir, '..', `build-stamp.${part}.json`)
}

const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** Called by the build with the files it bundled (module ids); anything outside the project or in node_modules is left out. */
export function writeBuildStamp(clientDir: string, part: BuildPart, files: Iterable<string>, root = PROJECT_ROOT): void {
  const stamp: Stamp = { builtAt: Date.now(), files: {} }
  for (const file of [...files].sort()) {
    const rel = relative(root, file)
    if (rel.startsWith('..') || rel.includes('node_modules') || !existsSync(file) || !statSync(file).isFile()) continue
    stamp.files[rel] = hashOf(file)
  }
  writeFileSync(stampPath(clientDir, part), `${JSON.stringify(stamp, null, 1)}\n`)
}

/**
 * Cheap enough for every start (a stat per source, ~300 files): only a file modified after the build is hashed, so a
 * checkout that touched files without changing them is not called stale.
 */
export function checkBuild(clientDir: string, root = PROJECT_ROOT, parts: BuildPart[] = ['client', 'server']): BuildCheck {
  const where = relative(root, clientDir).startsWith('..') ? clientDir : relative(root, clientDir)
  const entry = resolve(clientDir, '../server/entry-server.js')
  if (!existsSync(resolve(clientDir, 'index.html')) || !existsSync(entry)) {
    return {
      state: 'missing',
      message: `The web app is not built (${where}/index.html or its server renderer is missing): run \`npm run build\`, then start again.`,
    }
  }
  const changed: string[] = []
  for (const part of parts) {
    let stamp: Stamp
    try {
      stamp = JSON.parse(readFileSync(stampPath(clientDir, part), 'utf8')) as Stamp
    } catch {
      return {
        state: 'stale',
        message: `The web app in ${where} has no build stamp (built by an older version): run \`npm run build\` and restart.`,
      }
    }
    for (const [rel, hash] of Object.entries(stamp.files)) {
      const file = resolve(root, rel)
      const info = existsSync(file) ? statSync(file) : null
      if (!info) changed.push(rel)
      else if (info.mtimeMs > stamp.builtAt && hashOf(file) !== hash) changed.push(rel)
    }
  }
  if (changed.length === 0) return { state: 'ok', message: 'The web app build matches its sources.' }
  const unique = [...new Set(changed)]
  const named = unique.slice(0, 3).join(', ') + (unique.length > 3 ? ` and ${unique.length - 3} more` : '')
  return {
    state: 'stale',
    message: `The web app in ${where} is older than its sources (${named} changed since the build): run \`npm run build\` and restart.`,
  }
}

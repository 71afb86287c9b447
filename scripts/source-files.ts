// The project's own source files, for the rules the suite checks by reading them (front matter, git staging).
import { readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

export const PROJECT_ROOT = resolve(import.meta.dirname, '..')
// What git ignores: the install, the build, the data, the reports and Stryker's sandboxes (copies of this tree).
const SKIP = new Set(['node_modules', 'dist', '.git', 'content', 'uploads', 'data', 'backups', 'reports', '.stryker-tmp'])

/** Paths relative to the project root of the files under it whose names match `name`. */
export function sourceFiles(name: RegExp, dir = PROJECT_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(name, path)
    return name.test(entry.name) ? [relative(PROJECT_ROOT, path)] : []
  })
}

// Content files that do not read as valid content (a developer's commit, a conflicted merge): found, described, put back.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { lastValidVersion } from '../lib/last-valid'
import { contentFileProblem } from './content-check'
import type { ContentProblem } from './history.types'
import { CONTENT_DIR } from './items'

async function contentFiles(root: string): Promise<string[]> {
  const list = async (dir: string) =>
    (await readdir(join(root, dir), { withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile() && /\.(ya?ml|md)$/.test(e.name))
      .map((e) => `${dir}/${e.name}`)
  return [...(await list(CONTENT_DIR)), ...(await list(`${CONTENT_DIR}/services`))].sort()
}

/** Scans every content file; the answer is kept until a file's size, mtime or inode changes. */
export class ContentProblems {
  private last: { key: string; problems: ContentProblem[] } | null = null
  private scanning: Promise<ContentProblem[]> | null = null

  constructor(private readonly root: string) {}

  async list(): Promise<ContentProblem[]> {
    this.scanning ??= this.scan().finally(() => (this.scanning = null))
    return this.scanning
  }

  private async scan(): Promise<ContentProblem[]> {
    const files = await contentFiles(this.root)
    const stamps = await Promise.all(
      files.map((f) =>
        stat(join(this.root, f)).then(
          (s) => `${f}:${s.size}:${s.mtimeMs}:${s.ino}`,
          () => `${f}:-`,
        ),
      ),
    )
    const key = stamps.join('|')
    if (this.last?.key === key) return this.last.problems
    const problems: ContentProblem[] = []
    for (const file of files) {
      const text = await readFile(join(this.root, file), 'utf8').catch(() => null)
      if (text === null) continue
      const problem = contentFileProblem(file, text)
      if (!problem) continue
      const valid = await lastValidVersion(this.root, file, (old) => (contentFileProblem(file, old) ? undefined : true))
      problems.push({ file, ...problem, lastValidCommit: valid?.commit ?? null })
    }
    this.last = { key, problems }
    return problems
  }
}

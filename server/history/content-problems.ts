// Content files that do not read as valid content (a developer's commit, a conflicted merge): found, described, put back.
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { kindOfPath } from '../kinds/content-kinds'
import { lastValidVersion } from '../lib/last-valid'
import { notPlainReason, readPlainFile } from '../lib/plain-file'
import { contentFileProblem, type FileProblem } from './content-check'
import type { ContentProblem } from './history.types'
import { CONTENT_DIR } from './items'

async function contentFiles(root: string): Promise<string[]> {
  const list = async (dir: string) =>
    (await readdir(join(root, dir), { withFileTypes: true }).catch(() => []))
      // By name: a link or a folder under a content file's name is a problem too (the site will not read it).
      .filter((e) => /\.(ya?ml|md)$/.test(e.name))
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
        lstat(join(this.root, f)).then(
          (s) => `${f}:${s.size}:${s.mtimeMs}:${s.ino}`,
          () => `${f}:-`,
        ),
      ),
    )
    const key = stamps.join('|')
    if (this.last?.key === key) return this.last.problems
    const problems: ContentProblem[] = []
    for (const file of files) {
      const problem = await this.problemOf(file)
      if (!problem) continue
      const valid = await lastValidVersion(this.root, file, (old) => (contentFileProblem(file, old) ? undefined : true))
      problems.push({ file, ...problem, lastValidCommit: valid?.commit ?? null })
    }
    this.last = { key, problems }
    return problems
  }

  private async problemOf(file: string): Promise<FileProblem | null> {
    const path = join(this.root, file)
    const info = await lstat(path).catch(() => null)
    if (!info || !kindOfPath(file)) return null
    const reason = notPlainReason(info)
    if (reason) return { message: `The file ${reason.replace(/^it /, '')}` }
    const text = await readPlainFile(path).then(
      (data) => data.toString('utf8'),
      () => null,
    )
    return text === null ? null : contentFileProblem(file, text)
  }
}

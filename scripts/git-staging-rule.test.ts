// A commit stages only the paths it changed: no code or test here stages everything (`git add -A`, `git add .`,
// `git commit -a`), which would sweep a developer's other edits, or a test's stray files, into the commit.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT as ROOT, sourceFiles } from './source-files'

const SELF = 'scripts/git-staging-rule.test.ts'

const STAGE_ALL = [
  // Argument lists: git('add', '-A'), run('commit', '-qam', …), ['commit', '-q', '-a', …]
  /['"]add['"],\s*['"](-A|--all|\.|-u)['"]/,
  /['"]commit['"],(\s*['"]-\w+['"],)*\s*['"]-q?a\w*['"]/,
  // Command lines: execSync('git add -A'), `git commit -am …`, a shell script's git add .
  /git\s+add\s+(-A|--all|\.|-u)(\s|['"`]|$)/,
  /git\s+commit\s+(-\w+\s+)*-q?a\w*(\s|['"`]|$)/,
]

/** The lines of a source text that stage everything (comments, which may name the habit, are left out). */
export function stagingEverything(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*|#)/.test(line))
    .filter((line) => STAGE_ALL.some((p) => p.test(line)))
}

describe('commits stage only their own paths', () => {
  it('no file stages everything', () => {
    const offenders = sourceFiles(/\.(c|m)?(j|t)sx?$|\.sh$/)
      .filter((path) => path !== SELF)
      .flatMap((path) => stagingEverything(readFileSync(join(ROOT, path), 'utf8')).map((line) => `${path}: ${line.trim()}`))
    expect(offenders).toEqual([])
  })

  it('finds each way of staging everything, and passes staging by name', () => {
    for (const line of [
      "t.git('add', '-A')",
      "git('add', '.')",
      "run('commit', '-qam', 'x')",
      "t.git('commit', '-q', '-am', 'x')",
      "execSync('git add --all')",
      'git commit -am "x"',
      'git add .',
    ]) {
      expect(stagingEverything(line), line).toEqual([line])
    }
    for (const line of [
      "t.git('add', '--', 'content/faq.yaml')",
      "t.git('commit', '-qm', 'x', '--', 'content/faq.yaml')",
      "git('commit', '--amend', '--no-edit')",
      "spawnSync('ls', ['-A', dir])",
      "// a developer's `git add -A` would take it in",
      'git add -- content/site.yaml',
    ]) {
      expect(stagingEverything(line), line).toEqual([])
    }
  })
})

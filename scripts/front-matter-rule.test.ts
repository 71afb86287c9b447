// Every front-matter parse goes through server/lib/front-matter.ts (YAML only): no other file may load gray-matter.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT as ROOT, sourceFiles } from './source-files'

const HELPER = 'server/lib/front-matter.ts'

/** Ways code can reach gray-matter's parser: importing or requiring the package, or calling a `matter(`. */
export function frontMatterBypasses(text: string): string[] {
  const patterns = [
    /from\s+['"]gray-matter['"]/,
    /(require|import)\s*\(\s*['"]gray-matter['"]\s*\)/,
    /(^|[^\w.])matter\(/m,
    /(^|[^\w.])matter\.\w+\(/m,
  ]
  return patterns.filter((p) => p.test(text)).map(String)
}

describe('front matter is parsed in one place', () => {
  it('no file but the helper loads gray-matter or calls matter()', () => {
    const offenders = sourceFiles(/\.(c|m)?(j|t)sx?$/)
      .filter((path) => path !== HELPER && path !== 'scripts/front-matter-rule.test.ts')
      .filter((path) => frontMatterBypasses(readFileSync(join(ROOT, path), 'utf8')).length)
    expect(offenders).toEqual([])
  })

  it('the helper is where gray-matter is used', () => {
    expect(frontMatterBypasses(readFileSync(join(ROOT, HELPER), 'utf8')).length).toBeGreaterThan(0)
  })

  it('catches each way of reaching it', () => {
    expect(frontMatterBypasses("import matter from 'gray-matter'\n")).not.toEqual([])
    expect(frontMatterBypasses("const m = require('gray-matter')\n")).not.toEqual([])
    expect(frontMatterBypasses("const m = await import( 'gray-matter')\n")).not.toEqual([])
    expect(frontMatterBypasses('const { data } = matter(text)\n')).not.toEqual([])
    expect(frontMatterBypasses("const text = matter.stringify(body, { title: 'x' })\n")).not.toEqual([])
    expect(frontMatterBypasses('const { data } = parseFrontMatter(text)\n')).toEqual([])
    expect(frontMatterBypasses('// the names that matter (all of them)\n')).toEqual([])
  })
})

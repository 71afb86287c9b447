// The quick mutation run of a change: which lines of which modules it mutates, in which slice, and how it names the
// mutants no test noticed.
import { describe, expect, it } from 'vitest'
import { EXCLUDED, SLICES } from '../stryker.slices.mjs'
import { changedRanges, matchesGlobs, planChangedRun, survivorLines } from './mutation-changed'
import type { MutationReport } from './mutation-report'

const diff = [
  'diff --git a/server/faq/faq.store.ts b/server/faq/faq.store.ts',
  '--- a/server/faq/faq.store.ts',
  '+++ b/server/faq/faq.store.ts',
  '@@ -10,0 +11,3 @@ export function x() {',
  '+a',
  '+b',
  '+c',
  '@@ -40 +43 @@',
  '-old',
  '+new',
  '@@ -60,2 +62,0 @@',
  '-gone',
  '-gone too',
  'diff --git a/server/ops/gone.ts b/server/ops/gone.ts',
  '--- a/server/ops/gone.ts',
  '+++ /dev/null',
  '@@ -1,3 +0,0 @@',
  '-x',
  '-y',
  '-z',
  'diff --git a/server/seo/seo.routes.ts b/server/seo/seo.routes.ts',
  '--- a/server/seo/seo.routes.ts',
  '+++ b/server/seo/seo.routes.ts',
  '@@ -5,2 +5,0 @@',
  '-removed only',
].join('\n')

describe('changed lines', () => {
  it('answers each added or changed line range, one-line hunks included, and leaves out pure removals and deleted files', () => {
    expect([...changedRanges(diff)]).toEqual([
      [
        'server/faq/faq.store.ts',
        [
          [11, 13],
          [43, 43],
        ],
      ],
    ])
  })
})

describe('globs', () => {
  it('matches * within one folder and **/ across folders, and a later ! leaves a file out', () => {
    expect(matchesGlobs('server/faq/faq.store.ts', ['server/faq/*.ts'])).toBe(true)
    expect(matchesGlobs('server/faq/deep/faq.store.ts', ['server/faq/*.ts'])).toBe(false)
    expect(matchesGlobs('server/auth/deep/x.ts', ['server/auth/**/*.ts'])).toBe(true)
    expect(matchesGlobs('server/auth/x.ts', ['server/auth/**/*.ts'])).toBe(true)
    expect(matchesGlobs('server/faq/faq.store.ts', ['server/faq/*.ts', '!server/faq/faq.store.ts'])).toBe(false)
    expect(matchesGlobs('server/faqxstore.ts', ['server/faq.store.ts'])).toBe(false)
    expect(matchesGlobs('web/admin/ui/schedule-fields.tsx', ['web/admin/ui/schedule-fields.tsx:12-45'])).toBe(true)
  })
})

describe('the plan of a changed run', () => {
  it('puts every changed module in the slice that mutates it, with Stryker line ranges', () => {
    const ranges = new Map<string, [number, number][]>([
      [
        'server/faq/faq.store.ts',
        [
          [11, 13],
          [43, 43],
        ],
      ],
      ['server/lib/security.ts', [[7, 9]]],
      ['server/inquiries/inbox.routes.ts', [[1, 2]]],
      ['web/lib/api-client.ts', [[3, 3]]],
    ])
    expect(planChangedRun(ranges, SLICES, EXCLUDED)).toEqual({
      runs: [
        { slice: 'faq', mutate: ['server/faq/faq.store.ts:11-13', 'server/faq/faq.store.ts:43-43'] },
        { slice: 'lib-guards', mutate: ['server/lib/security.ts:7-9'] },
        { slice: 'inquiries-more', mutate: ['server/inquiries/inbox.routes.ts:1-2'] },
        { slice: 'web', mutate: ['web/lib/api-client.ts:3-3'] },
      ],
      outside: [],
    })
  })

  it('mutates no test, test helper, left-out module or component, and names them apart', () => {
    const ranges = new Map<string, [number, number][]>([
      ['server/faq/faq.routes.test.ts', [[1, 1]]],
      ['server/quotes/testing-stripe.ts', [[1, 1]]],
      ['server/lib/static.ts', [[1, 1]]],
      ['web/components/site-header.tsx', [[1, 1]]],
      ['web/admin/admin.css', [[1, 1]]],
    ])
    expect(planChangedRun(ranges, SLICES, EXCLUDED)).toEqual({
      runs: [],
      outside: [
        'server/faq/faq.routes.test.ts',
        'server/quotes/testing-stripe.ts',
        'server/lib/static.ts',
        'web/components/site-header.tsx',
      ],
    })
  })

  it('every server module is in a slice', async () => {
    const { readdirSync } = await import('node:fs')
    const modules = readdirSync('server', { recursive: true, encoding: 'utf8' })
      .map((p) => `server/${p}`)
      .filter((p) => p.endsWith('.ts') && !p.endsWith('.types.ts') && p !== 'server/index.ts')
    const { outside } = planChangedRun(new Map(modules.map((p) => [p, [[1, 1]]])), SLICES, EXCLUDED)
    const helpersAndServing = outside.filter(
      (p) => !/\.test\.ts$|\/testing|\.fixture\.ts$|server\/lib\/(static|transfer|yaml-layout|git-head)\.ts$/.test(p),
    )
    expect(helpersAndServing).toEqual([])
  })
})

describe('survivors', () => {
  it('lists survived and uncovered mutants by file and line, with what was changed, and nothing killed', () => {
    const mutant = (status: string, line: number, column: number, replacement?: string) => ({
      id: String(line),
      mutatorName: 'EqualityOperator',
      replacement,
      status,
      location: { start: { line, column }, end: { line, column: column + 1 } },
    })
    const report = {
      schemaVersion: '2',
      thresholds: { high: 90, low: 80 },
      files: {
        'server/b.ts': { language: 'typescript', source: '', mutants: [mutant('Survived', 9, 3, 'a <= b'), mutant('Killed', 2, 1, 'x')] },
        'server/a.ts': { language: 'typescript', source: '', mutants: [mutant('NoCoverage', 4, 7, 'true\nmore'), mutant('Timeout', 5, 1)] },
      },
    } as unknown as MutationReport
    expect(survivorLines(report)).toEqual([
      'server/a.ts:4:7  EqualityOperator -> true (no test reaches it)',
      'server/b.ts:9:3  EqualityOperator -> a <= b',
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { mergeReports, scoreOf, sliceReport, type MutationReport } from './mutation-report'

const report = (files: MutationReport['files'], testFiles: MutationReport['testFiles']): MutationReport => ({
  schemaVersion: '1.0',
  thresholds: { high: 90, low: 80 },
  files,
  testFiles,
})
const file = (...mutants: { status: string; killedBy?: string[] }[]) => ({ language: 'typescript', source: '', mutants })

describe('the whole mutation report', () => {
  it('scores as Stryker does: killed and timed out over everything but errors and ignored mutants', () => {
    const r = report(
      {
        'a.ts': file(
          { status: 'Killed' },
          { status: 'Killed' },
          { status: 'Timeout' },
          { status: 'Survived' },
          { status: 'NoCoverage' },
          { status: 'CompileError' },
          { status: 'Ignored' },
        ),
      },
      {},
    )
    expect(scoreOf(r)).toEqual({ killed: 2, timeout: 1, survived: 1, noCoverage: 1, score: 60 })
  })

  it("holds every slice's modules, with each slice's test ids kept apart", () => {
    const auth = report(
      { 'server/auth/a.ts': file({ status: 'Killed', killedBy: ['0'] }) },
      { 'server/auth/a.test.ts': { tests: [{ id: '0' }] } },
    )
    const lib = report(
      { 'server/lib/b.ts': file({ status: 'Survived' }, { status: 'Killed', killedBy: ['0'] }) },
      { 'server/auth/a.test.ts': { tests: [{ id: '0' }] }, 'server/lib/b.test.ts': { tests: [{ id: '1' }] } },
    )
    const merged = mergeReports([
      { name: 'auth', report: auth },
      { name: 'lib', report: lib },
    ])
    expect(Object.keys(merged.files)).toEqual(['server/auth/a.ts', 'server/lib/b.ts'])
    expect(merged.files['server/lib/b.ts'].mutants[1].killedBy).toEqual(['lib:0'])
    expect(merged.testFiles!['server/auth/a.test.ts'].tests.map((t) => t.id)).toEqual(['auth:0', 'lib:0'])
    expect(scoreOf(merged).score).toBeCloseTo((2 / 3) * 100)
  })

  it("makes a slice's report of its runs by modules, each module from the newest run that mutated it", () => {
    const whole = report(
      { 'a.ts': file({ status: 'Survived' }), 'b.ts': file({ status: 'Survived' }) },
      { 'a.test.ts': { tests: [{ id: '0' }] } },
    )
    const partA = report({ 'a.ts': file({ status: 'Killed', killedBy: ['0'] }) }, { 'a.test.ts': { tests: [{ id: '0' }] } })
    const olderB = report({ 'b.ts': file({ status: 'NoCoverage' }) }, {})
    const slice = sliceReport('s', [
      { part: 'a', time: 3, report: partA },
      { time: 2, report: whole },
      { part: 'b', time: 1, report: olderB },
    ])
    expect(slice.files['a.ts'].mutants).toEqual([{ status: 'Killed', killedBy: ['s/a:0'] }])
    expect(slice.files['b.ts'].mutants[0].status).toBe('Survived')
    expect(scoreOf(slice).score).toBe(50)
  })

  it('refuses to make a report of no slice', () => {
    expect(() => mergeReports([])).toThrow(/run a slice first/)
  })
})

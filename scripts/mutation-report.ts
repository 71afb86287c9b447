// Stryker's JSON reports (mutation-testing-report-schema) of several slices as one, and a report's score.

interface Mutant {
  status: string
  killedBy?: string[]
  coveredBy?: string[]
}

export interface MutationReport {
  schemaVersion: string
  thresholds: { high: number; low: number }
  files: Record<string, { language: string; source: string; mutants: Mutant[] }>
  testFiles?: Record<string, { tests: { id: string }[]; source?: string }>
  projectRoot?: string
  [key: string]: unknown
}

/**
 * One report holding every slice's modules (a module mutated in two slices keeps the later slice's results). Test ids
 * are numbered per run, so each slice's are prefixed with its name, and a test file run by two slices lists both.
 */
export function mergeReports(reports: { name: string; report: MutationReport }[]): MutationReport {
  if (reports.length === 0) throw new Error('No mutation report to merge: run a slice first')
  const files: MutationReport['files'] = {}
  const testFiles: NonNullable<MutationReport['testFiles']> = {}
  for (const { name, report } of reports) {
    const id = (test: string) => `${name}:${test}`
    for (const [path, file] of Object.entries(report.files)) {
      files[path] = {
        ...file,
        mutants: file.mutants.map((m) => ({ ...m, killedBy: m.killedBy?.map(id), coveredBy: m.coveredBy?.map(id) })),
      }
    }
    for (const [path, file] of Object.entries(report.testFiles ?? {})) {
      const tests = file.tests.map((t) => ({ ...t, id: id(t.id) }))
      testFiles[path] = { ...file, tests: [...(testFiles[path]?.tests ?? []), ...tests] }
    }
  }
  return { ...reports[0].report, files, testFiles }
}

/**
 * A slice's report from its whole run and its parts (runs of some of its modules, `MUTATION_OUT=<slice folder>/parts/
 * <name>`), oldest first: a module keeps the result of the newest run that mutated it.
 */
export function sliceReport(slice: string, runs: { part?: string; time: number; report: MutationReport }[]): MutationReport {
  const oldestFirst = [...runs].sort((a, b) => a.time - b.time)
  return mergeReports(oldestFirst.map((r) => ({ name: r.part ? `${slice}/${r.part}` : slice, report: r.report })))
}

/** As Stryker scores: (killed + timeout) / (killed + timeout + survived + no coverage), in percent. */
export function scoreOf(report: MutationReport) {
  const count = { killed: 0, timeout: 0, survived: 0, noCoverage: 0 }
  for (const file of Object.values(report.files)) {
    for (const { status } of file.mutants) {
      if (status === 'Killed') count.killed++
      else if (status === 'Timeout') count.timeout++
      else if (status === 'Survived') count.survived++
      else if (status === 'NoCoverage') count.noCoverage++
    }
  }
  const detected = count.killed + count.timeout
  const valid = detected + count.survived + count.noCoverage
  return { ...count, score: valid === 0 ? NaN : (detected / valid) * 100 }
}

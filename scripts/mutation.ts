// npm run test:mutation: every slice of stryker.slices.mjs in turn (or those MUTATE names, comma-separated), each
// against the tests that exercise it, then one report for all of them: reports/mutation/index.html and mutation.json,
// and the score per slice and in total printed. Each slice keeps its own incremental file, so a rerun after a small
// change retests only the mutants it touches. Arguments go to each `stryker run` (`-- --force`, `-- --concurrency 1`).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SLICES } from '../stryker.slices.mjs'
import { mergeReports, scoreOf, type MutationReport } from './mutation-report'

const OUT = 'reports/mutation'
const requested = process.env.MUTATE?.split(',').filter(Boolean) ?? Object.keys(SLICES)
const unknown = requested.filter((name) => !(name in SLICES))
if (unknown.length) throw new Error(`MUTATE: no slice named ${unknown.join(', ')} (${Object.keys(SLICES).join(', ')})`)

/** `-- --report-only`: no run, only the whole report and the scores from the slices measured last. */
const reportOnly = process.argv.includes('--report-only')
for (const name of reportOnly ? [] : requested) {
  console.log(`\n== Mutation slice ${name} (${requested.indexOf(name) + 1} of ${requested.length})`)
  const run = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, MUTATE: name } })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

// Every slice measured so far, the ones just run included: the whole report stays whole after a run of one slice.
const reports = Object.keys(SLICES)
  .filter((name) => existsSync(join(OUT, name, 'mutation.json')))
  .map((name) => ({ name, report: JSON.parse(readFileSync(join(OUT, name, 'mutation.json'), 'utf8')) as MutationReport }))
const merged = mergeReports(reports)
mkdirSync(OUT, { recursive: true })
writeFileSync(join(OUT, 'mutation.json'), JSON.stringify(merged))
// The slices' HTML is one page with its report inlined: the same page with the merged report shows them all.
const page = readFileSync(join(OUT, reports[0].name, 'index.html'), 'utf8')
writeFileSync(join(OUT, 'index.html'), page.replace(/(app\.report = ).*;\n/, (_, head: string) => `${head}${JSON.stringify(merged).replace(/</g, '\\u003c')};\n`))

const rows = [...reports.map((r) => ({ name: r.name, ...scoreOf(r.report) })), { name: 'all', ...scoreOf(merged) }]
const cells = [['slice', 'killed', 'timeout', 'survived', 'no coverage', 'score'], ...rows.map((r) => [r.name, r.killed, r.timeout, r.survived, r.noCoverage, `${r.score.toFixed(1)}%`].map(String))]
const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)))
console.log('')
for (const row of cells) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
const missing = Object.keys(SLICES).filter((name) => !reports.some((r) => r.name === name))
if (missing.length) console.log(`\nNot measured yet: ${missing.join(', ')}`)
console.log(`\nReport: ${join(OUT, 'index.html')} (JSON: ${join(OUT, 'mutation.json')})`)

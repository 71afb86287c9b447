// npm run test:mutation: every slice of stryker.slices.mjs in turn (or those MUTATE names, comma-separated), each
// against the tests that exercise it, then one report for all of them: reports/mutation/index.html and mutation.json,
// and the score per slice and in total printed. Each slice keeps its own incremental file, so a rerun after a small
// change retests only the mutants it touches. Arguments go to each `stryker run` (`-- --force`, `-- --concurrency 1`).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { EXCLUDED, SLICES } from '../stryker.slices.mjs'
import { changedRanges, planChangedRun, survivorLines } from './mutation-changed'
import { mergeReports, scoreOf, sliceReport, type MutationReport } from './mutation-report'

const OUT = 'reports/mutation'

/** The build's client folder, for the tests that render pages (the sandbox leaves dist out): an absolute CLIENT_DIR. */
function buildEnv(): Record<string, string> {
  const client = resolve('dist/client')
  return process.env.CLIENT_DIR || !existsSync(client) ? {} : { CLIENT_DIR: client }
}
const changedAt = process.argv.indexOf('--changed')
if (changedAt !== -1) process.exit(runChanged(process.argv[changedAt + 1]?.startsWith('-') ? undefined : process.argv[changedAt + 1]))

/**
 * `-- --changed [base]`: only the lines changed since base (the commits after it and what is not committed yet), each
 * against its slice's tests; prints every mutant no test noticed with its file and line. Without base: on a branch,
 * where it left main (everything the branch changes); on main, HEAD~1 (git holds no record of what CI passed).
 */
function runChanged(base: string | undefined): number {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' })
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD').stdout.trim()
  const from = base ?? (branch === 'main' ? 'HEAD~1' : git('merge-base', 'HEAD', 'main').stdout.trim() || 'HEAD~1')
  const diff = git('diff', '--unified=0', '--no-renames', '--no-color', from, '--', 'server', 'web')
  if (diff.status !== 0) throw new Error(`git diff ${from}: ${diff.stderr.trim()}`)
  const { runs, outside } = planChangedRun(changedRanges(diff.stdout), SLICES, EXCLUDED)
  console.log(
    `Lines changed since ${from}${base ? '' : ` (${branch === 'main' ? 'HEAD~1' : 'where this branch left main'})`}, committed or not.`,
  )
  if (outside.length) console.log(`Not mutated (tests, components and modules in no slice): ${outside.join(', ')}`)
  if (runs.length === 0) {
    console.log('No changed line in a mutated module.')
    return 0
  }
  const extra = process.argv.slice(2).filter((a, i, all) => a !== '--changed' && all[i - 1] !== '--changed')
  const survivors: string[] = []
  for (const { slice, mutate } of runs) {
    const out = join(OUT, 'changed', slice)
    console.log(`\n== Slice ${slice}: ${mutate.join(' ')}`)
    const args = ['stryker', 'run', '--mutate', mutate.join(','), '--reporters', 'json,clear-text', ...extra]
    const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...buildEnv(), MUTATE: slice, MUTATION_OUT: out } })
    if (run.status !== 0) return run.status ?? 1
    survivors.push(...survivorLines(JSON.parse(readFileSync(join(out, 'mutation.json'), 'utf8')) as MutationReport))
  }
  console.log(
    survivors.length
      ? `\nNo test noticed ${survivors.length} mutant(s) on the changed lines:`
      : '\nEvery mutant on the changed lines was noticed.',
  )
  for (const line of survivors) console.log(`  ${line}`)
  return 0
}

const requested = process.env.MUTATE?.split(',').filter(Boolean) ?? Object.keys(SLICES)
const unknown = requested.filter((name) => !(name in SLICES))
if (unknown.length) throw new Error(`MUTATE: no slice named ${unknown.join(', ')} (${Object.keys(SLICES).join(', ')})`)

/** `-- --report-only`: no run, only the whole report and the scores from the slices measured last. */
const reportOnly = process.argv.includes('--report-only')
for (const name of reportOnly ? [] : requested) {
  console.log(`\n== Mutation slice ${name} (${requested.indexOf(name) + 1} of ${requested.length})`)
  const run = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...buildEnv(), MUTATE: name },
  })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

/** A slice's last whole run and its parts (`MUTATION_OUT=reports/mutation/<slice>/parts/<name>`: runs of some modules). */
function sliceRuns(name: string) {
  const folders = [{ folder: join(OUT, name) }]
  const parts = join(OUT, name, 'parts')
  if (existsSync(parts)) folders.push(...readdirSync(parts).map((part) => ({ part, folder: join(parts, part) })))
  return folders
    .map((f) => ({ ...f, file: join(f.folder, 'mutation.json') }))
    .filter((f) => existsSync(f.file))
    .map((f) => ({ ...f, time: statSync(f.file).mtimeMs, report: JSON.parse(readFileSync(f.file, 'utf8')) as MutationReport }))
}

// Every slice measured so far, the ones just run included: the whole report stays whole after a run of one slice.
const reports = Object.keys(SLICES)
  .map((name) => ({ name, runs: sliceRuns(name) }))
  .filter((s) => s.runs.length > 0)
  .map((s) => ({ name: s.name, folders: s.runs.map((r) => r.folder), report: sliceReport(s.name, s.runs) }))
const merged = mergeReports(reports)
mkdirSync(OUT, { recursive: true })
writeFileSync(join(OUT, 'mutation.json'), JSON.stringify(merged))
// The slices' HTML is one page with its report inlined: the same page with the merged report shows them all.
const pageFile = reports
  .flatMap((r) => r.folders)
  .map((f) => join(f, 'index.html'))
  .find((f) => existsSync(f))
if (!pageFile) throw new Error(`No slice's index.html in ${OUT}: run a slice with the html reporter`)
const page = readFileSync(pageFile, 'utf8')
writeFileSync(
  join(OUT, 'index.html'),
  page.replace(/(app\.report = ).*;\n/, (_, head: string) => `${head}${JSON.stringify(merged).replace(/</g, '\\u003c')};\n`),
)

const rows = [...reports.map((r) => ({ name: r.name, ...scoreOf(r.report) })), { name: 'all', ...scoreOf(merged) }]
const cells = [
  ['slice', 'killed', 'timeout', 'survived', 'no coverage', 'score'],
  ...rows.map((r) => [r.name, r.killed, r.timeout, r.survived, r.noCoverage, `${r.score.toFixed(1)}%`].map(String)),
]
const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)))
console.log('')
for (const row of cells) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
const missing = Object.keys(SLICES).filter((name) => !reports.some((r) => r.name === name))
if (missing.length) console.log(`\nNot measured yet: ${missing.join(', ')}`)
console.log(`\nReport: ${join(OUT, 'index.html')} (JSON: ${join(OUT, 'mutation.json')})`)

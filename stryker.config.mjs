// Mutation testing (npm run test:mutation) of the modules where a silent defect loses data or lets someone in.
// Incremental: a rerun after a small change only tests the mutants it touches. Reports in reports/mutation/ (git-ignored).
// MUTATE=<slice> (stryker.slices.mjs) mutates one group against only the tests that exercise it, with its own
// incremental file and report in reports/mutation/<slice>/.
import { EXCLUDED as excluded, SLICES, selectedSlice } from './stryker.slices.mjs'

const slice = selectedSlice()
// MUTATION_OUT: another folder for the report and incremental file (the quick run of changed lines, scripts/mutation.ts).
const out = process.env.MUTATION_OUT ?? (slice ? `reports/mutation/${slice.name}` : 'reports/mutation')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // A slice names its tests (vitest.mutation.config.ts), so vitest need not look for related ones.
  vitest: { configFile: 'vitest.mutation.config.ts', related: !slice },
  coverageAnalysis: 'perTest',
  // Points at no file on purpose: Stryker's tsconfig rewriting fails with TypeScript 7 (and the TypeScript checker
  // needs a compiler API TypeScript 7 does not have, so mutants that do not compile count as killed by the tests).
  tsconfigFile: 'stryker-no-tsconfig.json',
  // Without MUTATE: every slice's modules against every server test (vitest related: true).
  mutate: slice ? [...slice.mutate, ...excluded] : [...Object.values(SLICES).flatMap((s) => s.mutate), ...excluded],
  incremental: true,
  incrementalFile: `${out}/stryker-incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  // The score table and each survivor, not every test's name.
  clearTextReporter: { reportTests: false },
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // The build is not needed by the server tests, and a dist that is a link (a build kept elsewhere) breaks the sandbox copy;
  // .cache holds the deploy check's unpacked nginx, whose dangling links break the copy too.
  ignorePatterns: ['dist', '.cache'],
  cleanTempDir: 'always',
}

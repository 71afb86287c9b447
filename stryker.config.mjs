// Mutation testing (npm run test:mutation) of the modules where a silent defect loses data or lets someone in.
// Incremental: a rerun after a small change only tests the mutants it touches. Reports in reports/mutation/ (git-ignored).
// MUTATE=<slice> (stryker.slices.mjs) mutates one group against only the tests that exercise it, with its own
// incremental file and report in reports/mutation/<slice>/.
import { selectedSlice } from './stryker.slices.mjs'

const slice = selectedSlice()
const out = slice ? `reports/mutation/${slice.name}` : 'reports/mutation'
const excluded = [
  '!server/**/*.test.ts',
  // Caches and file serving: a defect there shows as a stale or missing page, not lost data or a way in.
  '!server/lib/read-cache.ts',
  '!server/lib/content-generation.ts',
  '!server/lib/static.ts',
  '!server/lib/transfer.ts',
  '!server/lib/yaml-layout.ts',
  '!server/lib/git-head.ts',
]

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // A slice names its tests (vitest.mutation.config.ts), so vitest need not look for related ones.
  vitest: { configFile: 'vitest.mutation.config.ts', related: !slice },
  coverageAnalysis: 'perTest',
  // Points at no file on purpose: Stryker's tsconfig rewriting fails with TypeScript 7 (and the TypeScript checker
  // needs a compiler API TypeScript 7 does not have, so mutants that do not compile count as killed by the tests).
  tsconfigFile: 'stryker-no-tsconfig.json',
  mutate: slice ? [...slice.mutate, ...excluded] : [
    'server/lib/**/*.ts',
    'server/auth/**/*.ts',
    'server/inquiries/inquiries.store.ts',
    'server/inquiries/inquiries.routes.ts',
    'server/mailing-list/subscribers.store.ts',
    'server/mailing-list/mailing-list.routes.ts',
    'server/history/content-history.ts',
    'server/history/restore-plan.ts',
    'server/history/history.routes.ts',
    'server/services/services.store.ts',
    'server/services/services.routes.ts',
    ...excluded,
  ],
  incremental: true,
  incrementalFile: `${out}/stryker-incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // The build is not needed by the server tests, and a dist that is a link (a build kept elsewhere) breaks the sandbox copy.
  ignorePatterns: ['dist'],
  cleanTempDir: 'always',
}

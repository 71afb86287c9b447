// The unit and integration tests Stryker runs against each mutant (npm run test:mutation): no browser tests.
import { defineConfig } from 'vitest/config'
import { selectedSlice } from './stryker.slices.mjs'

const slice = selectedSlice()
/** MUTATION_TESTS: a comma-separated subset of the slice's tests (a quick run; its score is a lower bound of the slice's). */
const subset = process.env.MUTATION_TESTS?.split(',').filter(Boolean)

export default defineConfig({
  test: {
    include: subset?.length ? subset : slice ? slice.tests : ['server/**/*.test.ts'],
    // Not the renderer's tests, the fuzzer, or tests whose server runs in a child process (a mutant lives in this one).
    // A slice lists its own tests (the renderer's read CLIENT_DIR, set by scripts/mutation.ts).
    exclude: slice
      ? ['node_modules/**']
      : ['server/render/**', 'server/fuzz.test.ts', 'server/ops/ops.process.test.ts', 'server/index.test.ts', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
})

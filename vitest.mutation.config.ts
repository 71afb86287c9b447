// The unit and integration tests Stryker runs against each mutant (npm run test:mutation): no browser tests.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts'],
    exclude: ['server/render/**', 'server/fuzz.test.ts', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
})

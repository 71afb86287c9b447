// Slices of the mutation run (together they cover every module stryker.config.mjs mutates) (MUTATE=<slice> npm run test:mutation): each names the modules it mutates and the test
// files that exercise them, so one slice takes minutes on a 2-core machine. Without MUTATE, every slice's modules are
// mutated against every server test (stryker.config.mjs, vitest.mutation.config.ts).
// Tests that start the server as a child process (ops.process, index) cannot see a mutant and are left out.

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
export const SLICES = {
  auth: {
    mutate: ['server/auth/**/*.ts'],
    tests: ['server/auth/*.test.ts', 'server/admin-session.test.ts'],
  },
  'lib-files': {
    mutate: ['server/lib/durable-file.ts', 'server/lib/files.ts', 'server/lib/git.ts'],
    tests: ['server/lib/durable-file.test.ts', 'server/lib/files.test.ts', 'server/lib/git.test.ts'],
  },
  'lib-content': {
    mutate: ['server/lib/content-store.ts', 'server/lib/stale-edit.ts'],
    // content-store is reached through every store's routes; tests needing a build (site-pages, schedule) are left out.
    tests: [
      'server/lib/stale-edit.test.ts', 'server/lib/content-store.test.ts', 'server/services/services.routes.test.ts', 'server/services/service-files.test.ts',
      'server/delivery/delivery.routes.test.ts', 'server/faq/faq.routes.test.ts', 'server/site/site.routes.test.ts',
      'server/testimonials/testimonials.routes.test.ts', 'server/uploads/uploads.routes.test.ts',
    ],
  },
  'lib-guards': {
    mutate: ['server/lib/rate-limit.ts', 'server/lib/security.ts', 'server/lib/http.ts', 'server/lib/errors.ts', 'server/lib/public-form.ts'],
    tests: [
      'server/lib/rate-limit.test.ts', 'server/lib/security.test.ts', 'server/lib/errors.test.ts', 'server/app.test.ts', 'server/auth/client-address.test.ts',
      'server/inquiries/inquiries.routes.test.ts', 'server/mailing-list/mailing-list.routes.test.ts',
    ],
  },
  'lib-text': {
    mutate: [
      'server/lib/text.ts', 'server/lib/csv.ts', 'server/lib/config.ts', 'server/lib/studio-time.ts', 'server/lib/studio-wall-clock.ts',
      'server/lib/clock.ts', 'server/lib/schedule.ts', 'server/lib/logger.ts', 'server/lib/content-deps.ts',
    ],
    tests: [
      'server/lib/text.test.ts', 'server/lib/csv.test.ts', 'server/lib/config.test.ts', 'server/lib/studio-time.test.ts', 'server/lib/logger.test.ts',
      'server/lib/schedule.test.ts', 'server/lib/clock.test.ts', 'server/text-fields.test.ts',
    ],
  },
  inquiries: {
    mutate: ['server/inquiries/inquiries.store.ts', 'server/inquiries/inquiries.routes.ts'],
    tests: [
      'server/inquiries/inquiries.store.test.ts', 'server/inquiries/inquiries.routes.test.ts', 'server/inquiries/inbox.routes.test.ts', 'server/inquiries/pipeline-crash.test.ts',
      'server/inquiries/mail-outbox.test.ts', 'server/insights/insights.routes.test.ts',
    ],
  },
  'mailing-list': {
    mutate: ['server/mailing-list/subscribers.store.ts', 'server/mailing-list/mailing-list.routes.ts'],
    tests: ['server/mailing-list/*.test.ts', 'server/insights/insights.routes.test.ts'],
  },
  history: {
    mutate: ['server/history/content-history.ts', 'server/history/restore-plan.ts', 'server/history/history.routes.ts'],
    tests: ['server/history/*.test.ts'],
  },
  services: {
    mutate: ['server/services/services.store.ts', 'server/services/services.routes.ts'],
    tests: ['server/services/*.test.ts'],
  },
}

/** The slice named by MUTATE, or undefined for the whole run; an unknown name is an error, not a silent full run. */
export function selectedSlice(name = process.env.MUTATE) {
  if (!name) return undefined
  const slice = SLICES[name]
  if (!slice) throw new Error(`MUTATE=${name}: no such slice (${Object.keys(SLICES).join(', ')})`)
  return { name, ...slice }
}

// Slices of the mutation run (together they cover every module stryker.config.mjs mutates) (MUTATE=<slice> npm run test:mutation): each names the modules it mutates and the test
// files that exercise them, so one slice takes minutes on a 2-core machine. Without MUTATE, every slice's modules are
// mutated against every server test (stryker.config.mjs, vitest.mutation.config.ts).
// Tests that start the server as a child process (ops.process, index) cannot see a mutant and are left out.

/** Left out of every slice and of the whole run (stryker.config.mjs). */
export const EXCLUDED = [
  '!server/**/*.test.ts',
  '!web/**/*.test.ts',
  // Test helpers (fake Stripe, SMTP, agents, fixtures): not product code.
  '!server/testing/**',
  '!server/**/testing-*.ts',
  '!server/**/*.fixture.ts',
  // File serving: a defect there shows as a missing page, not lost data or a way in (the read cache has its own slice).
  '!server/lib/static.ts',
  '!server/lib/transfer.ts',
  '!server/lib/yaml-layout.ts',
  '!server/lib/git-head.ts',
]

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
export const SLICES = {
  auth: {
    mutate: ['server/auth/**/*.ts'],
    tests: ['server/auth/*.test.ts', 'server/admin-session.test.ts'],
  },
  'lib-files': {
    mutate: ['server/lib/durable-file.ts', 'server/lib/files.ts', 'server/lib/git.ts', 'server/lib/plain-file.ts'],
    tests: [
      'server/lib/durable-file.test.ts',
      'server/lib/files.test.ts',
      'server/lib/files.near-miss.test.ts',
      'server/lib/git.test.ts',
      'server/lib/plain-file.test.ts',
      // History's disk reads refuse a link (plain-file's `link` flag).
      'server/history/history-reads.mutants.test.ts',
    ],
  },
  'lib-content': {
    mutate: ['server/lib/content-store.ts', 'server/lib/stale-edit.ts'],
    // content-store is reached through every store's routes; tests needing a build (site-pages, schedule) are left out.
    tests: [
      'server/lib/stale-edit.test.ts',
      'server/lib/content-store.test.ts',
      'server/lib/plain-file.test.ts',
      'server/services/services.routes.test.ts',
      'server/services/service-files.test.ts',
      'server/delivery/delivery.routes.test.ts',
      'server/faq/faq.routes.test.ts',
      'server/site/site.routes.test.ts',
      'server/testimonials/testimonials.routes.test.ts',
      'server/uploads/uploads.routes.test.ts',
    ],
  },
  'lib-guards': {
    mutate: [
      'server/lib/rate-limit.ts',
      'server/lib/security.ts',
      'server/lib/http.ts',
      'server/lib/errors.ts',
      'server/lib/public-form.ts',
    ],
    tests: [
      'server/lib/rate-limit.test.ts',
      'server/lib/security.test.ts',
      'server/lib/security.near-miss.test.ts',
      'server/lib/permissions-policy.test.ts',
      'server/lib/rate-limit.near-miss.test.ts',
      'server/lib/http.near-miss.test.ts',
      'server/lib/public-form.near-miss.test.ts',
      'server/lib/errors.test.ts',
      'server/app.test.ts',
      'server/auth/client-address.test.ts',
      'server/inquiries/inquiries.routes.test.ts',
      'server/mailing-list/mailing-list.routes.test.ts',
    ],
  },
  'lib-text': {
    mutate: [
      'server/lib/text.ts',
      'server/lib/csv.ts',
      'server/lib/config.ts',
      'server/lib/studio-time.ts',
      'server/lib/studio-wall-clock.ts',
      'server/lib/clock.ts',
      'server/lib/schedule.ts',
      'server/lib/logger.ts',
      'server/lib/content-deps.ts',
      'server/lib/upload-url.ts',
    ],
    tests: [
      'server/lib/text.test.ts',
      'server/lib/text.near-miss.test.ts',
      'server/lib/upload-url.near-miss.test.ts',
      'server/lib/csv.test.ts',
      'server/lib/config.test.ts',
      'server/lib/studio-time.test.ts',
      'server/lib/logger.test.ts',
      'server/lib/logger.mutants.test.ts',
      'server/lib/schedule.test.ts',
      'server/lib/clock.test.ts',
      'server/lib/lib-text.load.mutants.test.ts',
      'server/text-fields.test.ts',
    ],
  },
  inquiries: {
    mutate: ['server/inquiries/inquiries.store.ts', 'server/inquiries/inquiries.routes.ts'],
    tests: [
      'server/inquiries/inquiries.store.test.ts',
      'server/inquiries/inquiries.mutants.test.ts',
      'server/inquiries/inquiries.routes.test.ts',
      'server/inquiries/inbox.routes.test.ts',
      'server/inquiries/pipeline-crash.test.ts',
      'server/inquiries/mail-outbox.test.ts',
      'server/insights/insights.routes.test.ts',
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

// Slices added with issue 32: every other server module, and the web app's modules with rules in them. Tests that
// need the build (renderer, schedule, site pages, SEO) read CLIENT_DIR, which scripts/mutation.ts points at dist/client.
const HISTORY_WORDS = [
  'server/history/change-words.ts',
  'server/history/field-diff.ts',
  'server/history/field-labels.ts',
  'server/history/items.ts',
]
const INQUIRY_RULES = [
  'server/inquiries/balloon-colors.ts',
  'server/inquiries/byte-budget.ts',
  'server/inquiries/inquiry-fields.ts',
  'server/inquiries/inquiry-format.ts',
  'server/inquiries/inquiry-pipeline.ts',
  'server/inquiries/inquiry-record.schema.ts',
  'server/inquiries/photo-links.ts',
  'server/inquiries/photo-rules.ts',
  'server/inquiries/reply-templates.schema.ts',
]
const folder = (name, extraTests = []) => ({ mutate: [`server/${name}/*.ts`], tests: [`server/${name}/*.test.ts`, ...extraTests] })
Object.assign(SLICES, {
  uploads: folder('uploads', ['server/history/restore-order-images.test.ts']),
  // The kind's descriptor is read by the kinds test (public reads) and History's field changes.
  testimonials: folder('testimonials', ['server/kinds/content-kinds.test.ts', 'server/history/field-diff.test.ts']),
  faq: folder('faq', ['server/kinds/content-kinds.test.ts']),
  // The kind descriptors (labels, history kind, public read path) are read by the kinds registry and History
  // (delivery.mutants.test.ts and faq.kind.test.ts check them through History's answers).
  delivery: folder('delivery', ['server/kinds/content-kinds.test.ts']),
  site: { mutate: ['server/site/*.ts'], tests: ['server/site/*.test.ts'] },
  calendar: folder('calendar'),
  // Not kill.test.ts: its server runs in a child process (and needs the build), which a mutant cannot reach.
  insights: {
    mutate: ['server/insights/*.ts'],
    tests: [
      'server/insights/beacon-intake.mutants.test.ts',
      'server/insights/beacon.near-miss.test.ts',
      'server/insights/collect-shortcut.test.ts',
      'server/insights/collect-shortcut.mutants.test.ts',
      'server/insights/collector.test.ts',
      'server/insights/collector.mutants.test.ts',
      'server/insights/daily-salt.test.ts',
      'server/insights/daily-salt.mutants.test.ts',
      'server/insights/insights-csv.test.ts',
      'server/insights/insights-report.mutants.test.ts',
      'server/insights/insights.routes.test.ts',
      'server/insights/insights.routes.mutants.test.ts',
      'server/insights/insights.store.mutants.test.ts',
      'server/insights/traffic-source.test.ts',
      'server/insights/user-agent.test.ts',
      'server/insights/user-agent.mutants.test.ts',
    ],
  },
  'ops-backup': {
    mutate: ['server/ops/backup*.ts'],
    // backup.test.ts (script runs in child processes, which a mutant cannot reach, and a whole site per test) and
    // ops.routes.test.ts (the ops-web slice's) made a run of this slice take hours on a busy 2-core machine;
    // backup.mutants.test.ts checks the same archives, refusals and modes in-process; backup-offsite.mutants.test.ts the
    // S3 copy, the download and the encrypted restore against an in-process s3rver.
    tests: [
      'server/ops/backup.mutants.test.ts',
      'server/ops/backup-offsite.test.ts',
      'server/ops/backup-offsite.mutants.test.ts',
      'server/ops/backup-schedule.test.ts',
    ],
  },
  'ops-web': {
    mutate: ['server/ops/cdn-cache.ts', 'server/ops/health.ts', 'server/ops/ops.routes.ts'],
    tests: [
      'server/ops/ops.routes.test.ts',
      'server/ops/health.test.ts',
      'server/ops/*.near-miss.test.ts',
      'server/history/git-states.test.ts',
      'server/render/page-shortcut.test.ts',
    ],
  },
  // `npm run doctor`, the deployed set-up's check (a developer's tool: nothing a visitor reaches).
  // doctor.test.ts runs the script in a child process (unseen by a mutant) and builds a whole site per test;
  // doctor.mutants.test.ts checks every finding word for word in-process.
  'ops-doctor': { mutate: ['server/ops/doctor.ts'], tests: ['server/ops/doctor.mutants.test.ts'] },
  render: {
    mutate: ['server/render/*.ts', 'server/cache/*.ts'],
    tests: ['server/render/*.test.ts', 'server/cache/*.test.ts', 'server/delivery/front-matter-attack.test.ts'],
  },
  schedule: { mutate: ['server/schedule/*.ts'], tests: ['server/schedule/*.test.ts'] },
  seo: folder('seo'),
  images: folder('images'),
  pricing: folder('pricing'),
  quotes: folder('quotes'),
  // Not booking-mail.process.test.ts: its server runs in a child process, which a mutant cannot reach.
  'booking-mail': {
    mutate: ['server/booking-mail/*.ts'],
    tests: [
      'server/booking-mail/booking-mail-plan.test.ts',
      'server/booking-mail/booking-mail-scheduler.test.ts',
      'server/booking-mail/booking-mail.routes.test.ts',
      'server/booking-mail/*.mutants.test.ts',
    ],
  },
  // History's words (pure: a change to a file, in the owner's words) against their unit tests, in seconds; the rest
  // of the folder (git reads, remote sync, undo, the webhook) against the folder's app tests.
  'history-words': {
    mutate: HISTORY_WORDS,
    tests: [
      'server/history/change-words.test.ts',
      'server/history/field-diff.test.ts',
      'server/history/items.near-miss.test.ts',
      'server/history/*.mutants.test.ts',
    ],
  },
  'history-more': {
    mutate: [
      'server/history/*.ts',
      '!server/history/content-history.ts',
      '!server/history/restore-plan.ts',
      '!server/history/history.routes.ts',
      ...HISTORY_WORDS.map((f) => `!${f}`),
    ],
    tests: ['server/history/*.test.ts'],
  },
  // The inquiry's rules (pure: schemas, formats, photo rules, colours) against their unit tests; mail, the outbox,
  // the photo store and the inbox routes against the folder's tests.
  'inquiries-rules': {
    mutate: INQUIRY_RULES,
    tests: [
      'server/inquiries/byte-budget.test.ts',
      'server/inquiries/inquiry-format.test.ts',
      'server/inquiries/inquiry-pipeline.test.ts',
      'server/inquiries/photo-rules.test.ts',
      'server/inquiries/photo-guards.near-miss.test.ts',
      'server/inquiries/photo-links.test.ts',
      'server/inquiries/*.mutants.test.ts',
    ],
  },
  'inquiries-more': {
    mutate: [
      'server/inquiries/*.ts',
      '!server/inquiries/inquiries.store.ts',
      '!server/inquiries/inquiries.routes.ts',
      ...INQUIRY_RULES.map((f) => `!${f}`),
    ],
    tests: ['server/inquiries/*.test.ts'],
  },
  'services-more': {
    mutate: ['server/services/*.ts', '!server/services/services.store.ts', '!server/services/services.routes.ts'],
    // Half the mutants are static (the schemas' messages and limits, built when the module loads): Stryker runs every
    // test of the slice against each, so the slice runs the fast unit tests of these modules, not the routes' tests.
    tests: ['server/services/form-rules.test.ts', 'server/services/*.mutants.test.ts'],
  },
  'mailing-list-more': {
    mutate: ['server/mailing-list/*.ts', '!server/mailing-list/subscribers.store.ts', '!server/mailing-list/mailing-list.routes.ts'],
    // The client, the schema and the kind descriptor, against their unit tests (most mutants are static: every test
    // of the slice runs against each, so the routes' app tests are left to the mailing-list slice).
    tests: ['server/mailing-list/flodesk.client.test.ts', 'server/mailing-list/*.mutants.test.ts'],
  },
  'lib-more': {
    mutate: [
      'server/lib/build-stamp.ts',
      'server/lib/client-address.ts',
      'server/lib/content-kind.ts',
      'server/lib/content-root.ts',
      'server/lib/env-file.ts',
      'server/lib/env-file-startup.ts',
      'server/lib/front-matter.ts',
      'server/lib/front-matter-marker.ts',
      'server/lib/git-exclude.ts',
      'server/lib/git-state.ts',
      'server/lib/last-valid.ts',
      'server/lib/site-folders.ts',
      'server/lib/path-inside.ts',
      'server/kinds/*.ts',
      'server/app.ts',
      'server/app-deps.ts',
      'server/app-pages.ts',
    ],
    // build-stamp.test.ts is left out: it starts dist/app/index.mjs, which the sandbox leaves out (the dry run fails);
    // lib-more.mutants.test.ts checks the stamp in-process.
    tests: [
      'server/lib/client-address.test.ts',
      'server/lib/client-address.near-miss.test.ts',
      'server/lib/front-matter.test.ts',
      'server/lib/site-folders.test.ts',
      'server/lib/path-inside.test.ts',
      'server/lib/lib-more.mutants.test.ts',
      'server/lib/client-address.mutants.test.ts',
      'server/lib/front-matter.mutants.test.ts',
      'server/lib/site-folders.mutants.test.ts',
      'server/app-pages.mutants.test.ts',
      'server/kinds/*.test.ts',
      'server/app.test.ts',
      'server/app.mutants.test.ts',
      'server/app.near-miss.test.ts',
      'server/app-deps.test.ts',
      'server/app-deps.mutants.test.ts',
      'server/admin-session.test.ts',
      'server/auth/client-address.test.ts',
    ],
  },
  web: {
    mutate: [
      'web/admin/calendar/month-days.ts',
      'web/admin/content-problems/problem-words.ts',
      'web/admin/history/sync-words.ts',
      'web/admin/history/word-diff.ts',
      'web/admin/inbox/quote-draft.ts',
      'web/admin/inbox/amount.ts',
      'web/admin/insights/period.ts',
      'web/admin/pricing/pricing-form.ts',
      'web/admin/services/editor-values.ts',
      'web/admin/inbox/booking-mail-form.ts',
      'web/admin/ui/versioned-editor-state.ts',
      'web/admin/ui/stale-compare.ts',
      'web/admin/faq/faq-form.ts',
      'web/pages/service/inquiry-form-model.ts',
      'web/app/seo-head.ts',
      // The schedule fields' rules (lines 12-45; the rest of the file is React components, reached by browser tests).
      'web/admin/ui/schedule-fields.tsx:12-45',
      'web/app/opening-hours.ts',
      'web/lib/api-client.ts',
      'web/lib/image-urls.ts',
      'web/lib/public-api.ts',
      'web/pages/home/home-loader.ts',
      // Added in the fourth turn: the API calls, the page loaders, and rules moved out of components and hooks.
      'web/admin/inbox/pipeline-change.ts',
      'web/admin/admin-api.ts',
      'web/admin/history/history-api.ts',
      'web/admin/inbox/inbox-api.ts',
      'web/admin/ui/versioned-save.ts',
      'web/lib/api-upload.ts',
      'web/pages/service/photo-upload-rules.ts',
      'web/pages/service/inquiry-actions.ts',
      'web/pages/service/service-loader.ts',
      'web/pages/about/about-loader.ts',
      'web/pages/delivery/delivery-loader.ts',
      'web/pages/faq/faq-loader.ts',
      'web/app/public-routes.ts',
      'web/app/root-loader.ts',
      'web/components/social-links.ts',
      'web/admin/testimonials/home-page-rule.ts',
      'web/admin/ui/upload-figures.ts',
      'web/admin/inbox/new-count-title.ts',
      'web/admin/account/account-api.ts',
      'web/admin/backup/backup-api.ts',
      'web/admin/calendar/calendar-api.ts',
      'web/admin/content-problems-api.ts',
      'web/admin/inbox/booking-mail-api.ts',
      'web/admin/inbox/quotes-api.ts',
      'web/admin/insights/insights-api.ts',
      'web/admin/passkeys-api.ts',
      'web/admin/pricing-api.ts',
      'web/quote/quote-api.ts',
      // The texts' loader and what a card shows once they are in (lines 10-29; the rest is a React hook, reached by browser tests).
      'web/components/service-texts.ts:10-29',
      // Added in the fifth turn: rules moved out of the remaining components and hooks, and small modules with logic.
      'web/admin/inbox/inbox-list.ts',
      'web/pages/service/photo-items.ts',
      'web/quote/quote-model.ts',
      'web/admin/services/show-when-rules.ts',
      'web/admin/services/services-list-rules.ts',
      'web/admin/services/custom-fields-rules.ts',
      'web/admin/testimonials/testimonial-form.ts',
      'web/admin/site/site-form.ts',
      'web/admin/insights/insights-figures.ts',
      'web/admin/ui/crop-image.ts',
      // The focus handlers and the drag rules (the React hooks, reached by browser tests, are the lines left out).
      'web/admin/ui/return-focus.ts:12-26',
      'web/admin/ui/sortable-sensors.ts:1-62',
      'web/lib/paths.ts',
      'web/app/titles.ts',
      'web/lib/not-found-response.ts',
      // Added in the sixth turn: the rules and words left in the service editor, its pictures and inquiry form card, the
      // quote form's photos question, and the inbox's row, pipeline card, quotes card and reply templates.
      'web/admin/services/service-image-rules.ts',
      'web/admin/services/service-editor-rules.ts',
      'web/admin/services/inquiry-form-options.ts',
      'web/pages/service/photo-field-words.ts',
      'web/admin/inbox/inquiry-row-words.ts',
      'web/admin/inbox/pipeline-card.ts',
      'web/admin/inbox/quote-card.ts',
      'web/admin/inbox/reply-templates-draft.ts',
      // And the booking e-mails' rules moved out of Coming up and the per-lead switch.
      'web/admin/inbox/coming-up-rules.ts',
      'web/admin/inbox/lead-mail-switch.ts',
    ],
    tests: ['web/**/*.test.ts'],
  },
})

/** The slice named by MUTATE, or undefined for the whole run; an unknown name is an error, not a silent full run. */
export function selectedSlice(name = process.env.MUTATE) {
  if (!name) return undefined
  const slice = SLICES[name]
  if (!slice) throw new Error(`MUTATE=${name}: no such slice (${Object.keys(SLICES).join(', ')})`)
  return { name, ...slice }
}

// Server configuration: the environment parsed with zod, with the defaults documented in README.md.
import { resolve } from 'node:path'
import { Encrypter } from 'age-encryption'
import { z } from 'zod'
import { LOOPBACK_PROXIES, parseProxyEntry } from './client-address'
import { scheduleInstant } from './schedule'

/** The project checkout; the default content root and the home of dist/client. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../..')

export interface BackupS3Config {
  bucket: string
  /** Key prefix, e.g. `site/` (BACKUP_S3_PREFIX). */
  prefix: string
  /** An S3-compatible service's address (AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL); unset: AWS itself. */
  endpoint?: string
  region: string
  /**
   * The age public keys (`age1…`) each copy is encrypted to before it leaves (BACKUP_ENCRYPTION_KEY); null only when
   * the owner chose BACKUP_S3_UNENCRYPTED=1.
   */
  recipients: string[] | null
}

export interface Config {
  port: number
  host: string
  /** Git work tree holding content/ and uploads/. */
  contentRoot: string
  /** Untracked: sessions, admin password hash, inquiries, subscribers. */
  dataDir: string
  /** Origin the site is reached at (scheme://host[:port]); decides Secure cookies, HSTS and the CSRF check. */
  publicOrigin: string
  adminUsername: string
  adminPassword?: string
  adminPasswordHash?: string
  gitAuthor: { name: string; email: string }
  /** A remote of the content repo (e.g. `origin`) that each content commit is pushed to in the background. */
  gitRemote?: string
  /** The branch on that remote; default: the branch checked out in the content root. */
  gitBranch?: string
  /** How often the content remote is fetched (GIT_SYNC_SECONDS, default 60); null = off. */
  gitSyncMs: number | null
  /** Shared secret of the push webhook (POST /api/git/webhook); unset = the webhook answers 404. */
  gitWebhookSecret?: string
  smtpUrl?: string
  mailTo?: string
  mailFrom?: string
  /** Also send the visitor a short confirmation of their inquiry when SMTP is set (MAIL_CONFIRM_VISITOR, default on). */
  mailConfirmVisitor: boolean
  flodeskApiKey?: string
  /** Flodesk's API base; tests point it at a local server speaking the same contract. */
  /** Card payments of deposits and balances (Stripe Checkout), when both the key and the webhook secret are set. */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string }
  flodeskApiUrl: string
  /** Waits between inquiry e-mail attempts; the last one repeats (MAIL_RETRY_DELAYS, seconds). */
  mailRetryDelaysMs: number[]
  /** Minutes between the booking e-mail runs (reminders, follow-ups; BOOKING_MAIL_MINUTES, default 15); 0 = off. */
  bookingMailMinutes: number
  /**
   * The reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed (TRUST_PROXY; `1` = loopback);
   * empty: the socket peer is the client.
   */
  trustProxy: string[]
  /** Built web app served as static files. */
  clientDir: string
  /** Make missing image copies in the background at start-up (IMAGE_WARMUP, default on; the browser tests turn it off). */
  imageWarmUp: boolean
  /** Where `npm run backup` and the daily backup write their archives (BACKUP_DIR, default `<DATA_DIR>/../backups`). */
  backupDir: string
  /** How many archives to keep (BACKUP_KEEP, default 14). */
  backupKeep: number
  /** Hours between the running server's own backups; 0 = off (BACKUP_INTERVAL_HOURS, default 24, `off` turns it off). */
  backupIntervalHours: number
  /** Copy each backup to S3-compatible storage (BACKUP_S3_BUCKET; keys from the AWS SDK's usual variables). */
  backupS3?: BackupS3Config
  /** Lets a CDN keep public pages and reads this many seconds (PUBLIC_CACHE_SECONDS; unset: browsers revalidate each time). */
  publicCacheSeconds?: number
  /** How long a SIGTERM waits for requests in flight before closing their connections (SHUTDOWN_TIMEOUT, seconds, default 10). */
  shutdownTimeoutMs: number
  isProduction: boolean
  /**
   * FAKE_NOW (outside production only): the instant (ms) the server's clock starts at, for previewing and testing
   * content schedules; the clock runs on from there (server/lib/clock.ts).
   */
  fakeNow?: number
}

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  CONTENT_ROOT: optional,
  DATA_DIR: optional,
  PUBLIC_ORIGIN: optional.pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_ORIGIN must be an http(s) URL' }).optional()),
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  ADMIN_PASSWORD_HASH: optional,
  GIT_AUTHOR_NAME: optional,
  GIT_AUTHOR_EMAIL: optional,
  GIT_REMOTE: optional.pipe(
    z
      .string()
      // Not starting with a dash (git would read it as an option) or a dot.
      .regex(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/, 'GIT_REMOTE must be a remote name such as origin')
      .optional(),
  ),
  GIT_BRANCH: optional.pipe(
    z
      .string()
      // git's own rules for a branch (git check-ref-format): no part starting with a dot, no "..", no empty part, no
      // part ending in ".lock", not ending in a dot; and no part starting with a dash, which git would read as an option.
      .regex(
        /^(?!.*\.\.)(?!.*\.$)(?!.*\.lock(?:\/|$))(?:[A-Za-z0-9_][A-Za-z0-9._-]*)(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/,
        'GIT_BRANCH must be a branch name',
      )
      .optional(),
  ),
  GIT_SYNC_SECONDS: optional
    .transform((v) => (v && ['off', 'false', 'no', '0'].includes(v.toLowerCase()) ? 'off' : v))
    .pipe(
      z
        .string()
        .regex(/^(off|\d+(\.\d+)?)$/, 'GIT_SYNC_SECONDS must be seconds (e.g. 60) or off')
        .refine((v) => v === 'off' || Number.isInteger(Number(v)), 'GIT_SYNC_SECONDS must be whole seconds')
        .refine((v) => v === 'off' || Number(v) <= 86_400, 'GIT_SYNC_SECONDS must be a day (86400) or less')
        .optional(),
    ),
  GIT_WEBHOOK_SECRET: optional.pipe(z.string().min(16, 'GIT_WEBHOOK_SECRET must be at least 16 characters').optional()),
  SMTP_URL: optional,
  MAIL_TO: optional,
  MAIL_FROM: optional,
  MAIL_CONFIRM_VISITOR: optional
    .transform((v) => v?.toLowerCase())
    .pipe(
      z
        .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'MAIL_CONFIRM_VISITOR must be on or off (1/0, true/false)' })
        .optional(),
    ),
  FLODESK_API_KEY: optional,
  FLODESK_API_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'FLODESK_API_URL must be an http(s) URL' }).optional()),
  STRIPE_SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be an http(s) URL' }).optional()),
  MAIL_RETRY_DELAYS: optional.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*$/, 'MAIL_RETRY_DELAYS must be seconds separated by commas, e.g. 5,30,120,600,1800')
      .optional(),
  ),
  BOOKING_MAIL_MINUTES: optional
    .transform((v) => (v && ['off', 'false', 'no'].includes(v.toLowerCase()) ? '0' : v))
    .pipe(
      z.coerce
        .number<string>({ error: 'BOOKING_MAIL_MINUTES must be minutes (e.g. 15) or off' })
        .min(0)
        .max(24 * 60)
        .optional(),
    ),
  TRUST_PROXY: optional.transform((v, ctx) => {
    if (!v || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return []
    if (['1', 'true', 'on', 'yes'].includes(v.toLowerCase())) return LOOPBACK_PROXIES
    const entries = v.split(',').map((e) => e.trim())
    if (entries.every((e) => parseProxyEntry(e))) return entries
    ctx.addIssue({
      code: 'custom',
      message: "TRUST_PROXY must be 1 (a proxy on this machine) or the proxies' addresses, e.g. 127.0.0.1,10.0.0.0/8",
    })
    return z.NEVER
  }),
  CLIENT_DIR: optional,
  IMAGE_WARMUP: optional,
  BACKUP_DIR: optional,
  BACKUP_KEEP: optional.pipe(
    z.coerce.number<string>({ error: 'BACKUP_KEEP must be a whole number of archives' }).int().min(1).max(10_000).optional(),
  ),
  BACKUP_INTERVAL_HOURS: optional
    .transform((v) => (v && ['off', 'false', 'no'].includes(v.toLowerCase()) ? '0' : v))
    .pipe(
      z.coerce
        .number<string>({ error: 'BACKUP_INTERVAL_HOURS must be hours (e.g. 24) or off' })
        .min(0)
        .max(24 * 366)
        .optional(),
    ),
  PUBLIC_CACHE_SECONDS: optional.pipe(
    z.coerce.number<string>({ error: 'PUBLIC_CACHE_SECONDS must be a whole number of seconds' }).int().min(1).max(31_536_000).optional(),
  ),
  BACKUP_S3_BUCKET: optional,
  BACKUP_S3_PREFIX: optional,
  BACKUP_ENCRYPTION_KEY: optional.transform((v, ctx) => {
    if (!v) return undefined
    const keys = v.split(/[\s,]+/).filter(Boolean)
    for (const key of keys) {
      if (/^AGE-SECRET-KEY-/i.test(key)) {
        ctx.addIssue({
          code: 'custom',
          message: 'BACKUP_ENCRYPTION_KEY must be the public key (age1…); the secret key (AGE-SECRET-KEY-1…) belongs off the server',
        })
        return z.NEVER
      }
      try {
        new Encrypter().addRecipient(key)
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'BACKUP_ENCRYPTION_KEY must be age public keys (age1…, from npm run backup:keygen), separated by commas',
        })
        return z.NEVER
      }
    }
    return keys
  }),
  BACKUP_S3_UNENCRYPTED: optional
    .transform((v) => v?.toLowerCase())
    .pipe(
      z
        .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
          error: 'BACKUP_S3_UNENCRYPTED must be 1 (copy archives unencrypted) or unset',
        })
        .optional(),
    ),
  AWS_ENDPOINT_URL_S3: optional.pipe(z.url({ protocol: /^https?$/, error: 'AWS_ENDPOINT_URL_S3 must be an http(s) URL' }).optional()),
  AWS_ENDPOINT_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'AWS_ENDPOINT_URL must be an http(s) URL' }).optional()),
  AWS_REGION: optional,
  SHUTDOWN_TIMEOUT: optional.pipe(z.coerce.number<string>({ error: 'SHUTDOWN_TIMEOUT must be seconds' }).min(0).max(3600).optional()),
  NODE_ENV: optional,
  FAKE_NOW: optional.pipe(
    z
      .string()
      .refine((v) => !Number.isNaN(scheduleInstant(v)), 'FAKE_NOW must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00-08:00')
      .optional(),
  ),
})

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`)
  }
  const e = parsed.data
  if (e.FAKE_NOW && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: FAKE_NOW moves the clock for previews and tests; it is not allowed with NODE_ENV=production')
  }
  const s3Unencrypted = ['1', 'true', 'on', 'yes'].includes(e.BACKUP_S3_UNENCRYPTED ?? '')
  // The archives hold every inquiry (names, e-mails, addresses): they leave the machine only encrypted, unless the
  // owner says in so many words that the bucket may hold them readable.
  if (e.BACKUP_S3_BUCKET && !e.BACKUP_ENCRYPTION_KEY && !s3Unencrypted) {
    throw new Error(
      'Invalid configuration: BACKUP_S3_BUCKET copies customer data off the machine: set BACKUP_ENCRYPTION_KEY to an age public key ' +
        '(npm run backup:keygen makes a key pair) so each copy is encrypted, or BACKUP_S3_UNENCRYPTED=1 to copy it unencrypted',
    )
  }
  const contentRoot = resolve(e.CONTENT_ROOT ?? PROJECT_ROOT)
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin
  const dataDir = resolve(e.DATA_DIR ?? resolve(contentRoot, 'data'))
  return {
    port: e.PORT,
    host: e.HOST,
    contentRoot,
    dataDir,
    publicOrigin,
    adminUsername: e.ADMIN_USERNAME ?? 'admin',
    adminPassword: e.ADMIN_PASSWORD,
    adminPasswordHash: e.ADMIN_PASSWORD_HASH,
    gitAuthor: {
      name: e.GIT_AUTHOR_NAME ?? 'Studio Admin',
      email: e.GIT_AUTHOR_EMAIL ?? `admin@${new URL(publicOrigin).hostname}`,
    },
    gitRemote: e.GIT_REMOTE,
    gitBranch: e.GIT_BRANCH,
    gitSyncMs: e.GIT_SYNC_SECONDS === 'off' ? null : Number(e.GIT_SYNC_SECONDS ?? 60) * 1000,
    gitWebhookSecret: e.GIT_WEBHOOK_SECRET,
    smtpUrl: e.SMTP_URL,
    mailTo: e.MAIL_TO,
    mailFrom: e.MAIL_FROM,
    mailConfirmVisitor: !['0', 'false', 'off', 'no'].includes(e.MAIL_CONFIRM_VISITOR ?? '1'),
    flodeskApiKey: e.FLODESK_API_KEY,
    flodeskApiUrl: e.FLODESK_API_URL ?? 'https://api.flodesk.com/v1',
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    mailRetryDelaysMs: (e.MAIL_RETRY_DELAYS ?? '5,30,120,600,1800').split(',').map((s) => Math.round(Number(s) * 1000)),
    bookingMailMinutes: e.BOOKING_MAIL_MINUTES ?? 15,
    trustProxy: e.TRUST_PROXY,
    clientDir: resolve(e.CLIENT_DIR ?? resolve(PROJECT_ROOT, 'dist/client')),
    imageWarmUp: !['0', 'false', 'off', 'no'].includes((e.IMAGE_WARMUP ?? 'on').toLowerCase()),
    backupDir: resolve(e.BACKUP_DIR ?? resolve(dataDir, '..', 'backups')),
    backupKeep: e.BACKUP_KEEP ?? 14,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS ?? 24,
    backupS3: e.BACKUP_S3_BUCKET
      ? {
          bucket: e.BACKUP_S3_BUCKET,
          prefix: e.BACKUP_S3_PREFIX ?? '',
          endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
          region: e.AWS_REGION ?? 'us-east-1',
          recipients: e.BACKUP_ENCRYPTION_KEY ?? null,
        }
      : undefined,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    shutdownTimeoutMs: (e.SHUTDOWN_TIMEOUT ?? 10) * 1000,
    isProduction: e.NODE_ENV === 'production',
    fakeNow: e.FAKE_NOW ? scheduleInstant(e.FAKE_NOW) : undefined,
  }
}

export function isHttps(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin.startsWith('https:')
}

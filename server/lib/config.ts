// Server configuration: the environment parsed with zod, with the defaults documented in README.md.
import { resolve } from 'node:path'
import { z } from 'zod'

/** The project checkout; the default content root and the home of dist/client. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../..')

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
  smtpUrl?: string
  mailTo?: string
  mailFrom?: string
  /** Also send the visitor a short confirmation of their inquiry when SMTP is set (MAIL_CONFIRM_VISITOR, default on). */
  mailConfirmVisitor: boolean
  flodeskApiKey?: string
  /** Flodesk's API base; tests point it at a local server speaking the same contract. */
  flodeskApiUrl: string
  /** Waits between inquiry e-mail attempts; the last one repeats (MAIL_RETRY_DELAYS, seconds). */
  mailRetryDelaysMs: number[]
  /** Use the last X-Forwarded-For address as the client address (only behind a reverse proxy). */
  trustProxy: boolean
  /** Built web app served as static files. */
  clientDir: string
  /** Make missing image copies in the background at start-up (IMAGE_WARMUP, default on; the browser tests turn it off). */
  imageWarmUp: boolean
  isProduction: boolean
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
  GIT_REMOTE: optional.pipe(z.string().regex(/^[A-Za-z0-9._-]+$/, 'GIT_REMOTE must be a remote name such as origin').optional()),
  GIT_BRANCH: optional.pipe(z.string().regex(/^[A-Za-z0-9._/-]+$/, 'GIT_BRANCH must be a branch name').optional()),
  SMTP_URL: optional,
  MAIL_TO: optional,
  MAIL_FROM: optional,
  MAIL_CONFIRM_VISITOR: optional.transform((v) => v?.toLowerCase()).pipe(
    z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'MAIL_CONFIRM_VISITOR must be on or off (1/0, true/false)' }).optional(),
  ),
  FLODESK_API_KEY: optional,
  FLODESK_API_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'FLODESK_API_URL must be an http(s) URL' }).optional()),
  MAIL_RETRY_DELAYS: optional.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*$/, 'MAIL_RETRY_DELAYS must be seconds separated by commas, e.g. 5,30,120,600,1800')
      .optional(),
  ),
  TRUST_PROXY: optional,
  CLIENT_DIR: optional,
  IMAGE_WARMUP: optional,
  NODE_ENV: optional,
})

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`)
  }
  const e = parsed.data
  const contentRoot = resolve(e.CONTENT_ROOT ?? PROJECT_ROOT)
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).origin
  return {
    port: e.PORT,
    host: e.HOST,
    contentRoot,
    dataDir: resolve(e.DATA_DIR ?? resolve(contentRoot, 'data')),
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
    smtpUrl: e.SMTP_URL,
    mailTo: e.MAIL_TO,
    mailFrom: e.MAIL_FROM,
    mailConfirmVisitor: !['0', 'false', 'off', 'no'].includes(e.MAIL_CONFIRM_VISITOR ?? '1'),
    flodeskApiKey: e.FLODESK_API_KEY,
    flodeskApiUrl: e.FLODESK_API_URL ?? 'https://api.flodesk.com/v1',
    mailRetryDelaysMs: (e.MAIL_RETRY_DELAYS ?? '5,30,120,600,1800').split(',').map((s) => Math.round(Number(s) * 1000)),
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    clientDir: resolve(e.CLIENT_DIR ?? resolve(PROJECT_ROOT, 'dist/client')),
    imageWarmUp: !['0', 'false', 'off', 'no'].includes((e.IMAGE_WARMUP ?? 'on').toLowerCase()),
    isProduction: e.NODE_ENV === 'production',
  }
}

export function isHttps(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin.startsWith('https:')
}

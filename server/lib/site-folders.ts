// Which folders a process acts on (printed by the server and the scripts) and the guard that keeps a production site's
// content out of the code checkout.
import { realpathSync } from 'node:fs'
import { applyEnvFile } from './env-file'
import { isInside } from './path-inside'
import { loadConfig, PROJECT_ROOT, type Config } from './config'

const YES = ['1', 'true', 'yes', 'on']
const NO = ['', '0', 'false', 'no', 'off']

function real(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

function isInsideReal(child: string, parent: string): boolean {
  return isInside(real(child), real(parent))
}

/** True when the content root is the code checkout (or a folder in it). */
export function isCheckoutContent(contentRoot: string, projectRoot = PROJECT_ROOT): boolean {
  return isInsideReal(contentRoot, projectRoot)
}

/**
 * With NODE_ENV=production the content must live in its own repository: in the checkout, the owner's saves become
 * commits of the code repository and GIT_REMOTE would push the code. ALLOW_CHECKOUT_CONTENT=1 lets a one-box demo do it.
 */
export function requireOwnContentRoot(
  config: Pick<Config, 'contentRoot' | 'isProduction'>,
  env: Record<string, string | undefined> = process.env,
  projectRoot = PROJECT_ROOT,
): void {
  const allow = (env.ALLOW_CHECKOUT_CONTENT ?? '').trim().toLowerCase()
  if (!YES.includes(allow) && !NO.includes(allow)) {
    throw new Error('Invalid configuration: ALLOW_CHECKOUT_CONTENT must be 1 (allow content in the code checkout) or unset')
  }
  if (!config.isProduction || YES.includes(allow) || !isCheckoutContent(config.contentRoot, projectRoot)) return
  throw new Error(
    `CONTENT_ROOT is the code checkout (${config.contentRoot}) and NODE_ENV=production: the owner's saves would be commits of the code ` +
      'repository. Make a content repository with `npm run content:init -- /srv/balloon-site/site` and set CONTENT_ROOT to it ' +
      '(in the ENV_FILE), or set ALLOW_CHECKOUT_CONTENT=1 for a one-box demo.',
  )
}

/** The lines every process prints before it acts, so a wrong folder shows at once. */
export function describeFolders(config: Pick<Config, 'contentRoot' | 'dataDir' | 'backupDir'>, envFile?: string): string {
  return [
    `Settings: ${envFile ?? 'environment only (no ENV_FILE)'}`,
    `Content: ${config.contentRoot}`,
    `Data:    ${config.dataDir}`,
    `Backups: ${config.backupDir}`,
  ].join('\n')
}

export interface SiteConfig {
  config: Config
  /** The settings file read (ENV_FILE), if any. */
  envFile?: string
}

/** ENV_FILE applied, the environment parsed and the content-root guard passed: what the server and the scripts start from. */
export function loadSiteConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Record<string, string | undefined> = {},
): SiteConfig {
  const envFile = applyEnvFile(env)
  const config = loadConfig({ ...env, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) })
  requireOwnContentRoot(config, env)
  return { config, envFile }
}

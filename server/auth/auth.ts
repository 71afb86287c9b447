// Admin authentication state: the credentials (resolved once at start-up), the session store, the login throttle with
// its hashing line and device cookies, and the record of failed sign-ins.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isHttps, type Config } from '../lib/config'
import { DeviceCookies } from './device-cookies'
import { HashQueue } from './hash-queue'
import { LoginActivity } from './login-activity'
import { LoginThrottle } from './login-throttle'
import { generatePassword, hashPassword, isPasswordHash } from './password'
import { passwordFingerprint, SessionStore } from './sessions'

export interface Auth {
  username: string
  passwordHash: string
  sessions: SessionStore
  throttle: LoginThrottle
  /** Password checks run here, a few at a time. */
  hashes: HashQueue
  devices: DeviceCookies
  activity: LoginActivity
  cookieName: string
  deviceCookieName: string
  secureCookie: boolean
}

export const GENERATED_HASH_FILE = 'admin-password-hash'

/**
 * Where the admin password comes from, in order: ADMIN_PASSWORD_HASH, ADMIN_PASSWORD (hashed once here, never per
 * request), a hash stored by an earlier start, or a new generated password printed once and stored only as a hash.
 */
export async function resolvePasswordHash(config: Config, log: (line: string) => void = console.log): Promise<string> {
  if (config.adminPasswordHash) {
    if (!isPasswordHash(config.adminPasswordHash)) throw new Error('ADMIN_PASSWORD_HASH must look like scrypt$N$r$p$salt$hash')
    return config.adminPasswordHash
  }
  if (config.adminPassword) return hashPassword(config.adminPassword)
  const file = join(config.dataDir, GENERATED_HASH_FILE)
  const stored = await readFile(file, 'utf8').then(
    (t) => t.trim(),
    () => null,
  )
  if (stored && isPasswordHash(stored)) {
    log(
      `Admin password: the one printed on first start (its hash is in ${file}). To reset it, delete that file and restart, or set ADMIN_PASSWORD.`,
    )
    return stored
  }
  const password = generatePassword()
  const hash = await hashPassword(password)
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
  await writeFile(file, `${hash}\n`, { mode: 0o600 })
  log(
    [
      '',
      '  Admin login for /admin (shown only this once; only its hash is stored):',
      `    username: ${config.adminUsername}`,
      `    password: ${password}`,
      `  Hash stored in ${file}. Set ADMIN_PASSWORD to choose your own.`,
      '',
    ].join('\n'),
  )
  return hash
}

export async function createAuth(config: Config, options: { log?: (line: string) => void; passwordHash?: string } = {}): Promise<Auth> {
  const passwordHash = options.passwordHash ?? (await resolvePasswordHash(config, options.log))
  // Sessions opened with another password end here, at start-up.
  const sessions = new SessionStore(config.dataDir, Date.now, passwordFingerprint(passwordHash))
  await sessions.load()
  const activity = new LoginActivity(config.dataDir)
  await activity.load()
  const secureCookie = isHttps(config)
  return {
    username: config.adminUsername,
    passwordHash,
    sessions,
    throttle: new LoginThrottle(),
    hashes: new HashQueue(),
    devices: await DeviceCookies.load(config.dataDir, config.adminUsername),
    activity,
    // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and Path=/.
    cookieName: secureCookie ? '__Host-session' : 'session',
    deviceCookieName: secureCookie ? '__Host-device' : 'device',
    secureCookie,
  }
}

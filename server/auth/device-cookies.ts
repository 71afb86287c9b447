// Device cookies (OWASP): a signed, random device id given at each successful sign-in. A request that shows a valid
// one is the owner's own device and is throttled on its own allowance, apart from everyone else.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export const DEVICE_KEY_FILE = 'device-key'
/** A device stays known for a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export class DeviceCookies {
  constructor(
    private readonly key: Buffer,
    private readonly username: string,
  ) {}

  /** The signing key from DATA_DIR/device-key (made on first start, owner-only); deleting it forgets every device. */
  static async load(dataDir: string, username: string): Promise<DeviceCookies> {
    const file = join(dataDir, DEVICE_KEY_FILE)
    const stored = await readFile(file, 'utf8').then(
      (t) => Buffer.from(t.trim(), 'base64url'),
      () => null,
    )
    if (stored?.length === 32) return new DeviceCookies(stored, username)
    const key = randomBytes(32)
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    await writeFile(file, `${key.toString('base64url')}\n`, { mode: 0o600 })
    return new DeviceCookies(key, username)
  }

  private sign(id: string): string {
    return createHmac('sha256', this.key).update(`device-cookie:v1:${this.username}:${id}`).digest('base64url')
  }

  /** A new cookie value: `<id>.<signature>`. */
  issue(): string {
    const id = randomBytes(16).toString('base64url')
    return `${id}.${this.sign(id)}`
  }

  /** The device id of a genuine cookie; null for none, a forged or a damaged one. */
  verify(value: string | undefined): string | null {
    if (!value || value.length > 200) return null
    const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value)
    if (!m) return null
    const expected = Buffer.from(this.sign(m[1]))
    const given = Buffer.from(m[2])
    return given.length === expected.length && timingSafeEqual(given, expected) ? m[1] : null
  }
}

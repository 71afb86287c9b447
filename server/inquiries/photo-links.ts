// Short-lived signed links to one inquiry photo, for the studio's notification e-mail: an HMAC-SHA256 over the photo and
// its expiry, with a key kept in DATA_DIR/photo-link-key (made on first use). No session needed, nothing public.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { link, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileDurable } from '../lib/durable-file'

/** How long an e-mailed photo link works; after that the dashboard shows the photos. */
export const PHOTO_LINK_TTL_MS = 3 * 24 * 60 * 60 * 1000
export const PHOTO_LINK_KEY_FILE = 'photo-link-key'

const KEY_TEXT = /^[0-9a-f]{64}$/

async function loadKey(dataDir: string, retried = false): Promise<Buffer> {
  const path = join(dataDir, PHOTO_LINK_KEY_FILE)
  const text = await readFile(path, 'utf8').then(
    (t) => t.trim(),
    (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)),
  )
  if (text !== null && KEY_TEXT.test(text)) return Buffer.from(text, 'hex')
  const key = randomBytes(32)
  const line = `${key.toString('hex')}\n`
  // A damaged key (emptied or cut short by a crash, edited by hand) checks no link: a new one replaces it.
  if (text !== null) {
    await writeFileDurable(path, line)
    return key
  }
  // Written whole under another name, then linked into place: a crash never leaves half a key, and of two processes
  // starting at once the one whose link fails reads the other's. Once: a name that is taken yet reads as missing (a
  // link to nowhere) fails the signing rather than looping.
  const temp = join(dataDir, `.${PHOTO_LINK_KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`)
  await writeFileDurable(temp, line)
  try {
    await link(temp, path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || retried) throw err
    return loadKey(dataDir, true)
  } finally {
    await rm(temp, { force: true })
  }
  return key
}

const payload = (inquiryId: string, photoId: string, expires: number) => `inquiry-photo\n${inquiryId}\n${photoId}\n${expires}`

/** Signs and checks the links with the data directory's key, read (or made) once. Made in createAppDeps. */
export class PhotoLinkSigner {
  private key: Promise<Buffer> | null = null

  constructor(readonly dataDir: string) {}

  private keyBytes(): Promise<Buffer> {
    if (!this.key) {
      const key = (this.key = loadKey(this.dataDir))
      key.catch(() => (this.key = null))
    }
    return this.key
  }

  /** The path and query of a signed link (append it to the public origin). `expires` is in seconds since 1970. */
  async signedPath(inquiryId: string, photoId: string, expires: number): Promise<string> {
    const sig = createHmac('sha256', await this.keyBytes())
      .update(payload(inquiryId, photoId, expires))
      .digest('base64url')
    return `/inquiry-photos/${inquiryId}/${photoId}.jpg?expires=${expires}&sig=${sig}`
  }

  /** True when the signature is ours and the link has not expired. */
  async verify(
    inquiryId: string,
    photoId: string,
    expires: string | undefined,
    sig: string | undefined,
    now = Date.now(),
  ): Promise<boolean> {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false
    if (Number(expires) * 1000 <= now) return false
    // Compared as written, not decoded: decoding drops the last character's two padding bits, so four spellings of
    // one signature would open the photo.
    const expected = Buffer.from(
      createHmac('sha256', await this.keyBytes())
        .update(payload(inquiryId, photoId, Number(expires)))
        .digest('base64url'),
    )
    const given = Buffer.from(sig)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
}

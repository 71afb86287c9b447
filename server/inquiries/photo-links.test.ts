// The e-mailed photo links' key: one per data directory, kept across restarts, never left half-written, and a damaged
// one replaced rather than trusted (or waited on). The links' own near misses are in photo-guards.near-miss.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PHOTO_LINK_KEY_FILE, PHOTO_LINK_TTL_MS, PhotoLinkSigner } from './photo-links'

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'photo-link-key-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const inquiry = 'inq-1'
const photo = 'a'.repeat(32)
const expires = 2_000_000_000
const now = expires * 1000 - 60_000
const sigOf = (path: string) => new URL(path, 'http://x.test').searchParams.get('sig') ?? undefined
const keyText = (dir: string) => readFileSync(join(dir, PHOTO_LINK_KEY_FILE), 'utf8')

describe('the photo links key', () => {
  it('is made on first use, owner-only, in the data directory (made if missing), and nothing else is left there', async () => {
    const dir = join(dataDir(), 'data')
    await new PhotoLinkSigner(dir).signedPath(inquiry, photo, expires)
    expect(keyText(dir)).toMatch(/^[0-9a-f]{64}\n$/)
    expect(statSync(join(dir, PHOTO_LINK_KEY_FILE)).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual([PHOTO_LINK_KEY_FILE])
  })

  it('outlives a restart: a link mailed before it still opens after it', async () => {
    const dir = dataDir()
    const path = await new PhotoLinkSigner(dir).signedPath(inquiry, photo, expires)
    const key = keyText(dir)
    const restarted = new PhotoLinkSigner(dir)
    expect(await restarted.verify(inquiry, photo, String(expires), sigOf(path), now)).toBe(true)
    expect(await restarted.signedPath(inquiry, photo, expires)).toBe(path)
    expect(keyText(dir)).toBe(key)
  })

  it('is one key when two processes start at once', async () => {
    const dir = dataDir()
    const [a, b] = [new PhotoLinkSigner(dir), new PhotoLinkSigner(dir)]
    const [pathA, pathB] = await Promise.all([a.signedPath(inquiry, photo, expires), b.signedPath(inquiry, photo, expires)])
    expect(pathA).toBe(pathB)
    expect(await new PhotoLinkSigner(dir).verify(inquiry, photo, String(expires), sigOf(pathA), now)).toBe(true)
  })

  it.each([
    ['left empty by a crash while it was written', ''],
    ['cut short', `${'ab'.repeat(20)}\n`],
    ['not hex', `${'zz'.repeat(32)}\n`],
  ])('a key file %s is replaced with a whole key, and links work again', async (_, damaged) => {
    const dir = dataDir()
    writeFileSync(join(dir, PHOTO_LINK_KEY_FILE), damaged)
    const signer = new PhotoLinkSigner(dir)
    const path = await signer.signedPath(inquiry, photo, expires)
    expect(keyText(dir)).toMatch(/^[0-9a-f]{64}\n$/)
    expect(await new PhotoLinkSigner(dir).verify(inquiry, photo, String(expires), sigOf(path), now)).toBe(true)
    expect(readdirSync(dir)).toEqual([PHOTO_LINK_KEY_FILE])
  })

  it('a key that cannot be read fails the signing, and the next link tries again', async () => {
    const dir = dataDir()
    mkdirSync(join(dir, PHOTO_LINK_KEY_FILE))
    const signer = new PhotoLinkSigner(dir)
    await expect(signer.signedPath(inquiry, photo, expires)).rejects.toMatchObject({ code: 'EISDIR' })
    expect(statSync(join(dir, PHOTO_LINK_KEY_FILE)).isDirectory()).toBe(true)
    rmSync(join(dir, PHOTO_LINK_KEY_FILE), { recursive: true })
    const path = await signer.signedPath(inquiry, photo, expires)
    expect(await new PhotoLinkSigner(dir).verify(inquiry, photo, String(expires), sigOf(path), now)).toBe(true)
  })

  it('a key with a character before or after its 64 hex digits is damaged too, and replaced', async () => {
    for (const damaged of [`${'c'.repeat(64)}d\n`, `x${'c'.repeat(64)}\n`]) {
      const dir = dataDir()
      writeFileSync(join(dir, PHOTO_LINK_KEY_FILE), damaged)
      await new PhotoLinkSigner(dir).signedPath(inquiry, photo, expires)
      expect(keyText(dir), damaged).toMatch(/^[0-9a-f]{64}\n$/)
      expect(keyText(dir)).not.toBe(`${'c'.repeat(64)}\n`)
    }
  })

  it('a key file that is a link to nowhere fails the signing once (it does not retry for ever), and the next link tries again', async () => {
    const dir = dataDir()
    symlinkSync(join(dir, 'elsewhere', 'photo-link-key'), join(dir, PHOTO_LINK_KEY_FILE))
    const signer = new PhotoLinkSigner(dir)
    await expect(signer.signedPath(inquiry, photo, expires)).rejects.toMatchObject({ code: 'EEXIST' })
    expect(readdirSync(dir)).toEqual([PHOTO_LINK_KEY_FILE])
    rmSync(join(dir, PHOTO_LINK_KEY_FILE))
    const path = await signer.signedPath(inquiry, photo, expires)
    expect(keyText(dir)).toMatch(/^[0-9a-f]{64}\n$/)
    expect(await new PhotoLinkSigner(dir).verify(inquiry, photo, String(expires), sigOf(path), now)).toBe(true)
  })

  it('is read once per process: the links a running site sends keep their key until it restarts', async () => {
    const dir = dataDir()
    const signer = new PhotoLinkSigner(dir)
    const path = await signer.signedPath(inquiry, photo, expires)
    rmSync(join(dir, PHOTO_LINK_KEY_FILE))
    expect(await signer.signedPath(inquiry, photo, expires)).toBe(path)
  })

  it('a key written by hand with spaces around it is read as it is', async () => {
    const dir = dataDir()
    const hex = 'c'.repeat(64)
    writeFileSync(join(dir, PHOTO_LINK_KEY_FILE), `  ${hex}  \n\n`)
    const path = await new PhotoLinkSigner(dir).signedPath(inquiry, photo, expires)
    writeFileSync(join(dir, PHOTO_LINK_KEY_FILE), `${hex}\n`)
    expect(await new PhotoLinkSigner(dir).verify(inquiry, photo, String(expires), sigOf(path), now)).toBe(true)
  })
})

describe('the link near misses the pattern checks catch', () => {
  it('an expiry padded to 13 digits with a leading zero, or a signature with a character after it, is refused', async () => {
    const signer = new PhotoLinkSigner(dataDir())
    const sig = sigOf(await signer.signedPath(inquiry, photo, expires))!
    expect(await signer.verify(inquiry, photo, `0${'9'.repeat(12)}`, sig, now)).toBe(false)
    const far = 999_999_999_999
    const farSig = sigOf(await signer.signedPath(inquiry, photo, far))!
    expect(await signer.verify(inquiry, photo, String(far), farSig, now)).toBe(true)
    expect(await signer.verify(inquiry, photo, `0${far}`, farSig, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, String(expires), `${sig}!`, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, String(expires), `!${sig}`, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, String(expires), `${sig}=`, now)).toBe(false)
  })
})

describe('how long a mailed link works', () => {
  it('three days', () => {
    expect(PHOTO_LINK_TTL_MS).toBe(3 * 24 * 60 * 60 * 1000)
  })
})

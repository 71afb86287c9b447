// The quote form's photo guards and the e-mailed photo links with the values that almost pass: one byte over 10 MB,
// a type that only starts like a photo's, a signature one character off or for another photo, the second a link expires.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PhotoLinkSigner } from './photo-links'
import { claimedPhotoType, MAX_PHOTO_BYTES, photoContentProblem, photoProblemBeforeUpload, sniffPhotoType } from './photo-rules'

describe('photo size', () => {
  it('takes exactly 10 MB and one byte; refuses one byte over and nothing at all', () => {
    expect(photoProblemBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: MAX_PHOTO_BYTES })).toBeNull()
    expect(photoProblemBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: 1 })).toBeNull()
    expect(photoProblemBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe(
      'a.jpg: larger than 10 MB (10.0 MB). Please choose a smaller photo.',
    )
    expect(photoProblemBeforeUpload({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe('a.jpg: the file is empty.')
  })
})

describe('what a file claims to be', () => {
  it('a MIME type that only starts like a photo type is not one; case does not matter', () => {
    expect(claimedPhotoType('a.jpg', 'IMAGE/JPEG')).toBe('jpeg')
    for (const type of ['image/jpegx', 'image/jpe', 'image/png;x', 'ximage/png', 'image/webp2'])
      expect(claimedPhotoType('a.jpg', type), type).toBe('other')
  })

  it('with no type, the last extension decides; a photo extension in the middle does not', () => {
    expect(claimedPhotoType('a.JPG', '')).toBe('jpeg')
    expect(claimedPhotoType('a.png', 'application/octet-stream')).toBe('png')
    expect(claimedPhotoType('a.jpg.exe', '')).toBe('other')
    expect(claimedPhotoType('a.jpgx', '')).toBe('other')
    expect(claimedPhotoType('jpg', '')).toBeNull()
    expect(claimedPhotoType('a.jpg ', '')).toBeNull()
  })
})

describe('the bytes', () => {
  const head = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v, 'latin1')] : [v])).concat(Array(16).fill(0)))

  it('signatures one byte off are no photo', () => {
    expect(sniffPhotoType(head(0xff, 0xd8, 0xff))).toBe('jpeg')
    expect(sniffPhotoType(head(0xff, 0xd8, 0xfe))).toBe('other')
    expect(sniffPhotoType(head(0x89, 'PNG\r\n\x1a\x0b'))).toBe('other')
    expect(sniffPhotoType(head('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp')
    expect(sniffPhotoType(head('RIFF', 0, 0, 0, 'WEBP'))).toBe('other')
    expect(sniffPhotoType(head('RIFF', 0, 0, 0, 0, 'WEBQ'))).toBe('other')
    expect(sniffPhotoType(head(0, 0, 0, 0x18, 'ftypheic'))).toBe('heic')
    expect(sniffPhotoType(head(0, 0, 0, 0x18, 'ftypheia'))).toBe('other')
    expect(sniffPhotoType(head(0, 0, 0, 'ftypheic'))).toBe('other')
  })

  it('a PNG named as a JPEG is refused as not what its type says', () => {
    expect(photoContentProblem({ name: 'a.jpg', type: 'image/jpeg' }, head(0x89, 'PNG\r\n\x1a\n'))).toEqual({
      problem: 'a.jpg: the file is not what its type says (named as a JPEG, but it is a PNG). Please save it again and choose it anew.',
    })
    expect(photoContentProblem({ name: 'a.png', type: '' }, head(0x89, 'PNG\r\n\x1a\n'))).toEqual({ type: 'png' })
  })
})

describe('e-mailed photo links', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'photo-links-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const signer = new PhotoLinkSigner(dataDir)
  const inquiry = 'inq-1'
  const photo = 'a'.repeat(32)
  const expires = 2_000_000_000
  const parts = async (path: string) => {
    const url = new URL(path, 'http://x.test')
    return { expires: url.searchParams.get('expires') ?? undefined, sig: url.searchParams.get('sig') ?? undefined }
  }

  it('works until the second it expires, and not at that second', async () => {
    const { expires: e, sig } = await parts(await signer.signedPath(inquiry, photo, expires))
    expect(await signer.verify(inquiry, photo, e, sig, expires * 1000 - 1)).toBe(true)
    expect(await signer.verify(inquiry, photo, e, sig, expires * 1000)).toBe(false)
  })

  it('refuses a signature one character off, for another photo, inquiry or expiry, or cut short', async () => {
    const { expires: e, sig } = await parts(await signer.signedPath(inquiry, photo, expires))
    const s = sig!
    const now = expires * 1000 - 60_000
    const off = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`
    expect(await signer.verify(inquiry, photo, e, off, now)).toBe(false)
    expect(await signer.verify(inquiry, 'b'.repeat(32), e, s, now)).toBe(false)
    expect(await signer.verify('inq-2', photo, e, s, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, String(expires + 1), s, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, e, s.slice(0, -1), now)).toBe(false)
    expect(await signer.verify(inquiry, photo, e, `${s}A`, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, `${expires}0`.padStart(13, '1'), s, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, undefined, s, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, e, undefined, now)).toBe(false)
    expect(await signer.verify(inquiry, photo, e, s, now)).toBe(true)
  })

  it('refuses the signature with its last character changed only in the padding bits that base64 decoding drops', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const { expires: e, sig } = await parts(await signer.signedPath(inquiry, photo, expires))
    const s = sig!
    const now = expires * 1000 - 60_000
    for (const bit of [1, 2, 3]) {
      const variant = `${s.slice(0, 42)}${alphabet[alphabet.indexOf(s[42]) ^ bit]}`
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(s, 'base64url'))).toBe(true)
      expect([variant, await signer.verify(inquiry, photo, e, variant, now)]).toEqual([variant, false])
    }
  })
})

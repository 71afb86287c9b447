// The quote form's photo rules on the cases a visitor meets less often: WebP and GIF files, HEIC bytes under a photo's
// name, a file named as something else, long and padded file names. The common cases are in photo-rules.test.ts.
import { describe, expect, it } from 'vitest'
import {
  claimedPhotoType,
  displayName,
  PHOTO_CONTENT_TYPES,
  PHOTO_TOKEN_PATTERN,
  photoContentProblem,
  photoProblemBeforeUpload,
  sniffPhotoType,
} from './photo-rules'

const head = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v, 'latin1')] : [v])).concat(Array(16).fill(0)))
const JPEG = head(0xff, 0xd8, 0xff, 0xe0)
const WEBP = head('RIFF', 0, 0, 0, 0, 'WEBP')
const GIF = head('GIF89a')
const HEIC = head(0, 0, 0, 0x18, 'ftypheic')

describe('what the bytes are', () => {
  it('WebP needs both its RIFF and WEBP marks; GIF is known; HEIC needs its ftyp box', () => {
    expect(sniffPhotoType(head('RIFX', 0, 0, 0, 0, 'WEBP'))).toBe('other')
    expect(sniffPhotoType(GIF)).toBe('gif')
    expect(sniffPhotoType(head('GIF7'))).toBe('other')
    expect(sniffPhotoType(head(0, 0, 0, 0x18, 'ftyqheic'))).toBe('other')
    expect(sniffPhotoType(head(0, 0, 0, 0x18, 'ftypmif1'))).toBe('heic')
  })
})

describe('what a file claims to be', () => {
  it('every JPEG and HEIC type and extension a phone or browser uses', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/pjpeg']) expect(claimedPhotoType('x', type), type).toBe('jpeg')
    for (const type of ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])
      expect(claimedPhotoType('x', type), type).toBe('heic')
    const byName = ['a.jpg', 'a.jpeg', 'a.jfif', 'a.png', 'a.webp', 'a.heic', 'a.heif', 'a.gif'].map((n) => claimedPhotoType(n, ''))
    expect(byName).toEqual(['jpeg', 'jpeg', 'jpeg', 'png', 'webp', 'heic', 'heic', 'gif'])
  })

  it('a photo is served with its own content type', () => {
    expect(PHOTO_CONTENT_TYPES).toEqual({ jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' })
  })

  it('a photo token is exactly 32 lower-case hex digits', () => {
    const token = '0123456789abcdef0123456789abcdef'
    expect(PHOTO_TOKEN_PATTERN.test(token)).toBe(true)
    for (const near of [`${token}0`, `x${token}`, token.slice(1), token.toUpperCase(), 'g'.repeat(32), '0'])
      expect(PHOTO_TOKEN_PATTERN.test(near), near).toBe(false)
  })
})

describe('before sending', () => {
  it('a PNG or a WebP is fine; a file with no type and no extension waits for its bytes', () => {
    expect(photoProblemBeforeUpload({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull()
    expect(photoProblemBeforeUpload({ name: 'a.webp', type: 'image/webp', size: 10 })).toBeNull()
    expect(photoProblemBeforeUpload({ name: 'a.webp', type: '', size: 10 })).toBeNull()
    expect(photoProblemBeforeUpload({ name: 'blob', type: '', size: 10 })).toBeNull()
  })
})

describe('once the bytes are read', () => {
  it('HEIC bytes under a JPEG’s name get the iPhone advice', () => {
    expect(photoContentProblem({ name: 'IMG_4.jpg', type: 'image/jpeg' }, HEIC)).toEqual({
      problem:
        'IMG_4.jpg: HEIC photos cannot be opened here. Please send it as a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).',
    })
  })

  it('a WebP is taken as a WebP, named so or not named at all', () => {
    expect(photoContentProblem({ name: 'a.webp', type: 'image/webp' }, WEBP)).toEqual({ type: 'webp' })
    expect(photoContentProblem({ name: 'blob', type: '' }, WEBP)).toEqual({ type: 'webp' })
  })

  it('a GIF, or bytes of no picture, says what the name claimed only when it named a picture type', () => {
    expect(photoContentProblem({ name: 'party.gif', type: 'image/gif' }, GIF)).toEqual({
      problem: 'party.gif: not a JPEG, PNG or WebP photo, although it is named as a GIF.',
    })
    expect(photoContentProblem({ name: 'notes.txt', type: 'text/plain' }, GIF)).toEqual({
      problem: 'notes.txt: not a JPEG, PNG or WebP photo.',
    })
    expect(photoContentProblem({ name: 'blob', type: '' }, head('hello'))).toEqual({ problem: 'blob: not a JPEG, PNG or WebP photo.' })
  })

  it('a JPEG named as a WebP says both', () => {
    expect(photoContentProblem({ name: 'a.webp', type: 'image/webp' }, JPEG)).toEqual({
      problem: 'a.webp: the file is not what its type says (named as a WebP, but it is a JPEG). Please save it again and choose it anew.',
    })
  })

  it('a JPEG named as something that is not a picture is refused as not what its type says', () => {
    expect(photoContentProblem({ name: 'a.txt', type: 'text/plain' }, JPEG)).toEqual({
      problem:
        'a.txt: the file is not what its type says (named as something else, but it is a JPEG). Please save it again and choose it anew.',
    })
  })
})

describe('a file name in a sentence', () => {
  it('keeps 80 characters; a longer one keeps its first 60 and last 15 around an ellipsis', () => {
    const eighty = `${'a'.repeat(76)}.jpg`
    expect(displayName(eighty)).toBe(eighty)
    const long = `${'b'.repeat(60)}${'c'.repeat(6)}${'d'.repeat(11)}.jpeg`
    expect(long).toHaveLength(82)
    expect(displayName(long)).toBe(`${'b'.repeat(60)}…${'d'.repeat(10)}.jpeg`)
  })

  it('trims spaces around the name, and a name of only a path or control characters reads "photo"', () => {
    expect(displayName('  garland.jpg \t')).toBe('garland.jpg')
    expect(displayName('photos/')).toBe('photo')
    expect(displayName('\u0007\u202e')).toBe('photo')
  })
})

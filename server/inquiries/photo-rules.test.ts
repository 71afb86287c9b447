import { describe, expect, it } from 'vitest'
import { claimedPhotoType, displayName, photoContentProblem, photoProblemBeforeUpload, sniffPhotoType } from './photo-rules'

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const HEIC = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0])
const TEXT = new Uint8Array(Buffer.from('hello, this is not a photo'))

describe('photo rules', () => {
  it('knows a picture by its first bytes', () => {
    expect([sniffPhotoType(JPEG), sniffPhotoType(PNG), sniffPhotoType(HEIC), sniffPhotoType(TEXT)]).toEqual([
      'jpeg',
      'png',
      'heic',
      'other',
    ])
  })

  it('reads what a file claims from its type, else its name', () => {
    expect(claimedPhotoType('a.png', 'image/jpeg')).toBe('jpeg')
    expect(claimedPhotoType('IMG_1.HEIC', '')).toBe('heic')
    expect(claimedPhotoType('notes.txt', 'text/plain')).toBe('other')
    expect(claimedPhotoType('blob', '')).toBe(null)
  })

  it('refuses by name before sending: too big, empty, HEIC, not a photo type', () => {
    expect(photoProblemBeforeUpload({ name: 'arch.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 })).toBe(
      'arch.jpg: larger than 10 MB (11.0 MB). Please choose a smaller photo.',
    )
    expect(photoProblemBeforeUpload({ name: 'empty.jpg', type: 'image/jpeg', size: 0 })).toBe('empty.jpg: the file is empty.')
    expect(photoProblemBeforeUpload({ name: 'IMG_2.HEIC', type: 'image/heic', size: 10 })).toMatch(
      /^IMG_2.HEIC: HEIC photos cannot be opened here/,
    )
    expect(photoProblemBeforeUpload({ name: 'party.gif', type: 'image/gif', size: 10 })).toBe(
      'party.gif: only JPEG, PNG and WebP photos can be sent (this is a GIF file).',
    )
    expect(photoProblemBeforeUpload({ name: 'quote.pdf', type: 'application/pdf', size: 10 })).toBe(
      'quote.pdf: only JPEG, PNG and WebP photos can be sent (this is not a photo).',
    )
    expect(photoProblemBeforeUpload({ name: 'wall.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBe(null)
  })

  it('refuses a file that is not what its type says', () => {
    expect(photoContentProblem({ name: 'fake.jpg', type: 'image/jpeg' }, TEXT)).toEqual({
      problem: 'fake.jpg: not a JPEG, PNG or WebP photo, although it is named as a JPEG.',
    })
    expect(photoContentProblem({ name: 'wall.png', type: 'image/png' }, JPEG)).toEqual({
      problem: 'wall.png: the file is not what its type says (named as a PNG, but it is a JPEG). Please save it again and choose it anew.',
    })
    expect(photoContentProblem({ name: 'wall.jpg', type: 'image/jpeg' }, JPEG)).toEqual({ type: 'jpeg' })
    expect(photoContentProblem({ name: 'blob', type: '' }, PNG)).toEqual({ type: 'png' })
  })

  it('shows a file name without its path or control characters', () => {
    expect(displayName('C:\\Users\\me\\IMG\u202e_1.jpg')).toBe('IMG_1.jpg')
    expect(displayName('')).toBe('photo')
  })
})

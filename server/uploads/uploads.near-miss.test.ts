// The upload guards with the values that almost pass: an image signature one byte off or cut short, and upload
// URLs one character away from a name the site made.
import { describe, expect, it } from 'vitest'
import { detectImageType, uploadNameFromUrl, UPLOAD_NAME_PATTERN } from './uploads.store'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v, 'latin1')] : [v])).concat(Array(16).fill(0)))

describe('image types from the first bytes', () => {
  it('knows each signature', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg')
    expect(detectImageType(bytes(0x89, 'PNG\r\n\x1a\n'))).toBe('png')
    expect(detectImageType(bytes('GIF87a'))).toBe('gif')
    expect(detectImageType(bytes('GIF89a'))).toBe('gif')
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp')
  })

  it('refuses a signature one byte off, cut short or shifted', () => {
    for (const [what, value] of [
      ['jpeg third byte', bytes(0xff, 0xd8, 0xfe)],
      ['jpeg second byte', bytes(0xff, 0xd9, 0xff)],
      ['jpeg cut short', new Uint8Array([0xff, 0xd8])],
      ['png last byte', bytes(0x89, 'PNG\r\n\x1a\x0b')],
      ['png without its first byte', bytes('PNG\r\n\x1a\n')],
      ['png cut short', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
      ['gif 88a', bytes('GIF88a')],
      ['gif 89b', bytes('GIF89b')],
      ['gif 8 only', bytes('GIF8')],
      ['gif 9 at the wrong place', bytes('GIF9')],
      ['webp tag one letter off', bytes('RIFF', 0, 0, 0, 0, 'WEBQ')],
      ['webp tag one byte early', bytes('RIFF', 0, 0, 0, 'WEBP')],
      ['riff without webp', bytes('RIFF', 0, 0, 0, 0, 'WAVE')],
      ['webp tag without riff', bytes('RIFX', 0, 0, 0, 0, 'WEBP')],
      ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
      ['empty', new Uint8Array()],
    ] as const) expect(detectImageType(value), what).toBeNull()
  })
})

describe('upload URLs one character away from a made name', () => {
  it('refuses them', () => {
    for (const url of [
      '/uploads/a.png/', '/uploads/a.pngx', '/uploads/a.jpeg', '/uploads/-a.png', '/uploads/a_b.png', '/uploads/a b.png', '/uploads/.png',
      '/uploads/a.png?x=1', '/uploads/a.png#x', 'uploads/a.png', '/uploads//a.png', '/uploads/a/../b.png', '//evil.test/uploads/a.png',
      '/Uploads/a.png', '/uploads/a.PNG', ' /uploads/a.png', 'http://[bad/uploads/a.png', '/uploads/a.png%00.jpg',
    ]) expect(uploadNameFromUrl(url), url).toBeNull()
  })

  it('takes the made names, from a path or any full URL', () => {
    expect(uploadNameFromUrl('/uploads/a.png')).toBe('a.png')
    expect(uploadNameFromUrl('/uploads/0-party-1.webp')).toBe('0-party-1.webp')
    expect(uploadNameFromUrl('HTTPS://studio.example.com/uploads/a.gif')).toBe('a.gif')
    expect(uploadNameFromUrl('http://127.0.0.1:3300/uploads/a.jpg')).toBe('a.jpg')
  })

  it('the name pattern is anchored at both ends', () => {
    expect(UPLOAD_NAME_PATTERN.test('x/a.png')).toBe(false)
    expect(UPLOAD_NAME_PATTERN.test('a.png.txt')).toBe(false)
    expect(UPLOAD_NAME_PATTERN.test('a.png')).toBe(true)
  })
})

// The quote form's photos before they are sent: which picked files go and what the visitor reads for the others, the
// size a large photo is drawn at, when the original goes instead, the words under a failed upload, the stand-in token.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  placeholderToken,
  SEND_MAX_EDGE,
  sendSize,
  SHRINK_ABOVE_BYTES,
  shrinkForUpload,
  sortPicked,
  uploadFailure,
} from './photo-upload-rules'

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]
const photo = (name: string, bytes = JPEG, type = 'image/jpeg', extra = 0) =>
  new File([new Uint8Array(bytes), new Uint8Array(extra)], name, { type })
const field = { header: 'Inspiration photos', maxPhotos: 3 }

describe('sortPicked', () => {
  it('sends photos whose name, type and first bytes agree', async () => {
    const files = [photo('a.jpg'), photo('b.png', PNG, 'image/png')]
    expect(await sortPicked(files, 0, field)).toEqual({ accepted: files, refused: [] })
  })

  it('refuses an empty file, a file of another kind, and bytes that are not what the name says, naming each', async () => {
    const { accepted, refused } = await sortPicked(
      [
        new File([], 'empty.jpg', { type: 'image/jpeg' }),
        photo('notes.txt', [0x68, 0x69], 'text/plain'),
        photo('fake.jpg', PNG),
        photo('ok.jpg'),
      ],
      0,
      field,
    )
    expect(accepted.map((f) => f.name)).toEqual(['ok.jpg'])
    expect(refused).toHaveLength(3)
    expect(refused[0]).toBe('empty.jpg: the file is empty.')
    expect(refused[1]).toMatch(/^notes\.txt: only JPEG, PNG and WebP photos can be sent/)
    expect(refused[2]).toMatch(/^fake\.jpg: the file is not what its type says/)
  })

  it('refuses a file whose first bytes are no photo at all', async () => {
    const { refused } = await sortPicked([photo('x.jpg', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])], 0, field)
    expect(refused).toEqual(['x.jpg: not a JPEG, PNG or WebP photo, although it is named as a JPEG.'])
  })

  it('takes photos up to the limit, counting those already sent or on their way, and says the limit for the rest', async () => {
    const { accepted, refused } = await sortPicked([photo('1.jpg'), photo('2.jpg'), photo('3.jpg')], 1, field)
    expect(accepted.map((f) => f.name)).toEqual(['1.jpg', '2.jpg'])
    expect(refused).toEqual(['3.jpg: Inspiration photos takes at most 3 photos.'])
  })

  it('says "photo" for a limit of one, and refuses all once the limit is reached', async () => {
    expect((await sortPicked([photo('1.jpg'), photo('2.jpg')], 0, { header: 'Cake photo', maxPhotos: 1 })).refused).toEqual([
      '2.jpg: Cake photo takes at most 1 photo.',
    ])
    expect((await sortPicked([photo('1.jpg')], 3, field)).accepted).toEqual([])
  })

  it('does not count refused files against the limit', async () => {
    const { accepted } = await sortPicked([photo('bad.jpg', PNG), photo('1.jpg'), photo('2.jpg')], 1, field)
    expect(accepted.map((f) => f.name)).toEqual(['1.jpg', '2.jpg'])
  })
})

describe('sendSize', () => {
  it('brings the long edge down to 2048, keeping the shape', () => {
    expect(SEND_MAX_EDGE).toBe(2048)
    expect(sendSize(4032, 3024)).toEqual({ width: 2048, height: 1536 })
    expect(sendSize(3024, 4032)).toEqual({ width: 1536, height: 2048 })
    expect(sendSize(4000, 3001)).toEqual({ width: 2048, height: 1537 })
  })

  it('never enlarges a photo at or under the limit', () => {
    expect(sendSize(2048, 100)).toEqual({ width: 2048, height: 100 })
    expect(sendSize(800, 600)).toEqual({ width: 800, height: 600 })
  })
})

describe('shrinkForUpload', () => {
  afterEach(() => vi.unstubAllGlobals())

  interface Drawn {
    canvas: { width: number; height: number }
    calls: unknown[][]
    closed: boolean
    options: unknown
  }

  /** A browser that draws: createImageBitmap of the given size and a canvas whose JPEG is `result` bytes. */
  function browser(size: { width: number; height: number }, result: number | null, context = true): Drawn {
    const drawn: Drawn = { canvas: { width: 0, height: 0 }, calls: [], closed: false, options: undefined }
    vi.stubGlobal('createImageBitmap', async (_file: File, options: unknown) => {
      drawn.options = options
      return { ...size, close: () => (drawn.closed = true) }
    })
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        drawn.calls.push([name, ...args])
    const ctx = {
      set fillStyle(value: string) {
        drawn.calls.push(['fillStyle', value])
      },
      fillRect: record('fillRect'),
      drawImage: (_bitmap: unknown, ...args: unknown[]) => drawn.calls.push(['drawImage', ...args]),
    }
    const canvas = Object.assign(drawn.canvas, {
      getContext: (kind: string) => (kind === '2d' && context ? ctx : null),
      toBlob: (done: (blob: Blob | null) => void, type: string, quality: number) => {
        drawn.calls.push(['toBlob', type, quality])
        done(result === null ? null : new Blob([new Uint8Array(result)]))
      },
    })
    vi.stubGlobal('document', { createElement: (tag: string) => (tag === 'canvas' ? canvas : null) })
    return drawn
  }

  const big = () => new File([new Uint8Array(SHRINK_ABOVE_BYTES + 1)], 'party.png', { type: 'image/png', lastModified: 1234 })

  it('sends a large photo drawn upright at 2048 px on white as a JPEG, under its own name', async () => {
    const drawn = browser({ width: 4032, height: 3024 }, 1000)
    const sent = await shrinkForUpload(big())
    expect(sent).not.toBe(big())
    expect([sent.name, sent.type, sent.size, sent.lastModified]).toEqual(['party.png', 'image/jpeg', 1000, 1234])
    expect(drawn.options).toEqual({ imageOrientation: 'from-image' })
    expect(drawn.canvas).toMatchObject({ width: 2048, height: 1536 })
    expect(drawn.calls).toEqual([
      ['fillStyle', '#fff'],
      ['fillRect', 0, 0, 2048, 1536],
      ['drawImage', 0, 0, 2048, 1536],
      ['toBlob', 'image/jpeg', 0.86],
    ])
    expect(drawn.closed).toBe(true)
  })

  it('sends a photo of 1 MB or less as it is, without drawing it', async () => {
    const drawn = browser({ width: 4032, height: 3024 }, 10)
    const small = new File([new Uint8Array(SHRINK_ABOVE_BYTES)], 'a.jpg', { type: 'image/jpeg' })
    expect(await shrinkForUpload(small)).toBe(small)
    expect(drawn.calls).toEqual([])
    expect(SHRINK_ABOVE_BYTES).toBe(1024 * 1024)
  })

  it('sends the original when the browser cannot draw, or the JPEG is no smaller', async () => {
    const file = big()
    expect(await shrinkForUpload(file)).toBe(file) // no createImageBitmap in Node
    browser({ width: 4032, height: 3024 }, 1000, false)
    expect(await shrinkForUpload(file)).toBe(file)
    browser({ width: 4032, height: 3024 }, null)
    expect(await shrinkForUpload(file)).toBe(file)
    browser({ width: 4032, height: 3024 }, file.size)
    expect(await shrinkForUpload(file)).toBe(file)
    browser({ width: 4032, height: 3024 }, file.size - 1)
    expect((await shrinkForUpload(file)).size).toBe(file.size - 1)
  })

  it('sends the original when drawing fails', async () => {
    vi.stubGlobal('createImageBitmap', async () => {
      throw new Error('undecodable')
    })
    const file = big()
    expect(await shrinkForUpload(file)).toBe(file)
  })
})

describe('uploadFailure', () => {
  it("gives the server's sentence without the question's name in front", () => {
    expect(uploadFailure(new Error('Inspiration photos: cake.jpg is too large.'), 'cake.jpg', 'Inspiration photos')).toBe(
      'cake.jpg is too large.',
    )
    expect(uploadFailure(new Error('cake.jpg is too large.'), 'cake.jpg', 'Inspiration photos')).toBe('cake.jpg is too large.')
  })

  it('takes the name off only at the start, and reads it as text, not a pattern', () => {
    expect(uploadFailure(new Error('Too many: Photos (max 3): x'), 'a.jpg', 'Photos (max 3)')).toBe('Too many: Photos (max 3): x')
    expect(uploadFailure(new Error('Photos (max 3): x'), 'a.jpg', 'Photos (max 3)')).toBe('x')
    expect(uploadFailure(new Error('Photos.: x'), 'a.jpg', 'Photos.')).toBe('x')
    expect(uploadFailure(new Error('PhotosX: x'), 'a.jpg', 'Photos.')).toBe('PhotosX: x')
    expect(uploadFailure(new Error('Photos:x'), 'a.jpg', 'Photos')).toBe('Photos:x')
  })

  it('says a lost connection in words, for a network error or a failure that is no Error', () => {
    const lost = 'cake.jpg: could not be sent (connection lost). Remove it and add it again.'
    expect(uploadFailure(new Error('Network error'), 'cake.jpg', 'Photos')).toBe(lost)
    expect(uploadFailure('boom', 'cake.jpg', 'Photos')).toBe(lost)
    expect(uploadFailure(undefined, 'cake.jpg', 'Photos')).toBe(lost)
  })

  it('says nothing for a photo the visitor removed (the upload aborted)', () => {
    expect(uploadFailure(new DOMException('Aborted', 'AbortError'), 'cake.jpg', 'Photos')).toBeNull()
  })
})

describe('placeholderToken', () => {
  it('is 32 characters of the key’s digits, like a real token, one per photo', () => {
    expect(placeholderToken('p7')).toBe('00000000000000000000000000000007')
    expect(placeholderToken('p12')).toBe('00000000000000000000000000000012')
    expect(placeholderToken('p12')).not.toBe(placeholderToken('p1'))
    expect(placeholderToken(`p${'9'.repeat(40)}`)).toBe('9'.repeat(32))
  })
})

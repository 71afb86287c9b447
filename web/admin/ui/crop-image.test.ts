import { describe, expect, it } from 'vitest'
import { CROP_ASPECT, MAX_ZOOM, MIN_ZOOM, cropInside, originalFileName } from './crop-image'

const picture = { width: 800, height: 600 }

describe('the crop sent to the server', () => {
  it("is the cropper's rectangle in whole pixels", () => {
    expect(cropInside({ x: 10.4, y: 20.6, width: 400.5, height: 299.4 }, picture)).toEqual({ x: 10, y: 21, width: 401, height: 299 })
  })

  it('never starts before the picture', () => {
    expect(cropInside({ x: -3, y: -0.6, width: 200, height: 150 }, picture)).toEqual({ x: 0, y: 0, width: 200, height: 150 })
  })

  it('never reaches past the far edge (the cropper can round one pixel over)', () => {
    expect(cropInside({ x: 0, y: 0, width: 801, height: 601 }, picture)).toEqual({ x: 0, y: 0, width: 800, height: 600 })
    expect(cropInside({ x: 400, y: 300, width: 401, height: 301 }, picture)).toEqual({ x: 400, y: 300, width: 400, height: 300 })
    // Exactly to the edge is kept as it is.
    expect(cropInside({ x: 400, y: 300, width: 400, height: 300 }, picture)).toEqual({ x: 400, y: 300, width: 400, height: 300 })
  })

  it("starts on the picture's last pixel at most, and is one pixel at least", () => {
    expect(cropInside({ x: 900, y: 700, width: 50, height: 50 }, picture)).toEqual({ x: 799, y: 599, width: 1, height: 1 })
    expect(cropInside({ x: 799, y: 599, width: 10, height: 10 }, picture)).toEqual({ x: 799, y: 599, width: 1, height: 1 })
    expect(cropInside({ x: 798, y: 598, width: 10, height: 10 }, picture)).toEqual({ x: 798, y: 598, width: 2, height: 2 })
    expect(cropInside({ x: 5, y: 5, width: 0.2, height: 0 }, picture)).toEqual({ x: 5, y: 5, width: 1, height: 1 })
  })

  it('is 4:3 and zooms from 1x to 3x', () => {
    expect(CROP_ASPECT).toBeCloseTo(4 / 3)
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([1, 3])
  })
})

describe("the original's file name", () => {
  const file = (type: string) => new File(['x'], 'IMG_0001.HEIC', { type })
  it('is original.jpg for a JPEG or an unknown type, else matches the type', () => {
    expect(originalFileName(file('image/jpeg'))).toBe('original.jpg')
    expect(originalFileName(file(''))).toBe('original.jpg')
    expect(originalFileName(file('image/heic'))).toBe('original.jpg')
    expect(originalFileName(file('image/png'))).toBe('original.png')
    expect(originalFileName(file('image/webp'))).toBe('original.webp')
    expect(originalFileName(file('image/gif'))).toBe('original.gif')
  })
})

// The addresses pages use for resized copies of uploaded pictures, against fixed names and hashes.
import { describe, expect, it } from 'vitest'
import { CARD_MAX_WIDTH, imageSrcSet, ogImageUrl, uploadName } from './image-urls'

describe('which pictures get resized copies', () => {
  it.each(['/uploads/hero-image.jpg', '/uploads/bq-2.png', '/uploads/0.webp', '/uploads/spin.gif'])('an upload: %s', (src) => {
    expect(uploadName(src)).toBe(src.slice('/uploads/'.length))
  })

  it.each([
    '/uploads/../content/site.yaml',
    '/uploads/a/b.jpg',
    '/uploads/Hero.JPG',
    '/uploads/-x.jpg',
    '/uploads/drawing.svg',
    '/uploads/a.jpg?x=1',
    'https://example.com/uploads/a.jpg',
    '/img/hero.jpg',
  ])('not an upload, shown as it is: %s', (src) => {
    expect(uploadName(src)).toBeNull()
  })
})

describe('srcset', () => {
  it('lists the widths the server makes, up to the widest the layout draws', () => {
    expect(imageSrcSet('bq.jpg', 'a1b2', 'avif', CARD_MAX_WIDTH)).toBe(
      '/img/a1b2/320/bq.jpg.avif 320w, /img/a1b2/480/bq.jpg.avif 480w, /img/a1b2/640/bq.jpg.avif 640w, ' +
        '/img/a1b2/960/bq.jpg.avif 960w, /img/a1b2/1280/bq.jpg.avif 1280w',
    )
    expect(imageSrcSet('bq.jpg', 'a1b2', 'webp').split(', ').at(-1)).toBe('/img/a1b2/1600/bq.jpg.webp 1600w')
    expect(imageSrcSet('bq.jpg', 'a1b2', 'webp', 500)).toBe('/img/a1b2/320/bq.jpg.webp 320w, /img/a1b2/480/bq.jpg.webp 480w')
  })
})

describe('link preview pictures', () => {
  it('are the 1200x630 crop under the source hash, or without it when the hash is not known yet', () => {
    expect(ogImageUrl('/uploads/hero-image.jpg', { 'hero-image.jpg': 'c3d4' })).toBe('/img/c3d4/og/hero-image.jpg.jpg')
    expect(ogImageUrl('/uploads/hero-image.jpg', { 'other.jpg': 'c3d4' })).toBe('/img/og/hero-image.jpg.jpg')
    expect(ogImageUrl('/uploads/hero-image.jpg')).toBe('/img/og/hero-image.jpg.jpg')
  })

  it('leave any other picture as it is', () => {
    expect(ogImageUrl('https://example.com/a.jpg', { 'a.jpg': 'c3d4' })).toBe('https://example.com/a.jpg')
  })
})

// Resized copies with the requests that almost name one: a width one off the list, the widest allowed and one more,
// a hash one character short or long or in capitals, another format, a name one character outside the pattern.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))
const hashOf = (path: string) =>
  createHash('sha256')
    .update(readFileSync(join(t.root, path)))
    .digest('hex')
    .slice(0, 10)
const status = async (path: string) => (await t.call('GET', path)).status

describe('resized copies', () => {
  it('serves the smallest and the widest width on the list, and no width next to them', async () => {
    expect(await status('/img/320/bouquet-one.jpg.webp')).toBe(200)
    expect(await status('/img/1600/bouquet-one.jpg.avif')).toBe(200)
    for (const size of ['319', '321', '1601', '1599', '0', '-320', '3200', 'og2', 'OG', '']) {
      expect(await status(`/img/${size}/bouquet-one.jpg.webp`), size).toBe(404)
    }
  })

  it('refuses formats and names one step from the allowed ones', async () => {
    for (const file of [
      'bouquet-one.jpg.jpg',
      'bouquet-one.jpg.png',
      'bouquet-one.jpg.WEBP',
      'bouquet-one.jpg.webpx',
      'bouquet-one.jpg',
      'bouquet-one.jpeg.webp',
      '-bouquet-one.jpg.webp',
      'bouquet_one.jpg.webp',
      'bouquet-one.jpg.avif.webp',
    ]) {
      expect(await status(`/img/320/${file}`), file).toBe(404)
    }
    expect(await status('/img/og/bouquet-one.jpg.jpg')).toBe(200)
    expect(await status('/img/og/bouquet-one.jpg.avif')).toBe(404)
  })

  it('under a hash: one character short, one long, or in capitals is not found; the right one is served', async () => {
    const hash = hashOf('uploads/bouquet-one.jpg')
    expect(await status(`/img/${hash}/320/bouquet-one.jpg.webp`)).toBe(200)
    for (const bad of [hash.slice(1), `${hash}0`, `${hash.slice(0, 9)}A`, `${hash.slice(0, 9)}g`]) {
      expect(await status(`/img/${bad}/320/bouquet-one.jpg.webp`), bad).toBe(404)
    }
  })
})

describe('widths written another way', () => {
  it('a listed width spelt with a decimal point, an exponent, a sign, a leading zero, hex or a space is not found', async () => {
    for (const size of ['320.0', '320.', '3.2e2', '+320', '0320', '0x140', '0b101000000', '%20320', '320%20']) {
      expect(await status(`/img/${size}/bouquet-one.jpg.webp`), size).toBe(404)
      expect(await status(`/img/${hashOf('uploads/bouquet-one.jpg')}/${size}/bouquet-one.jpg.webp`), size).toBe(404)
    }
  })
})

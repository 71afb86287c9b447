// What a browser and a CDN see of the image URLs: the exact validator and caching words, a validator in a list (first,
// last, with or without spaces) or one width off, a broken upload, and the words of a 404 for an image that is not there.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp()
let t: TestApp
beforeEach(() => ({ t } = ctx))
/** The source's hash, as the pages are given it. */
const bouquetHash = async () => ((await (await t.call('GET', '/api/image-versions')).json()) as Record<string, string>)['bouquet-one.jpg']

describe('unhashed image URLs', () => {
  it('carry the source hash, the width and the format in the validator, and a week of caching', async () => {
    const hash = await bouquetHash()
    const res = await t.call('GET', '/img/320/bouquet-one.jpg.webp')
    expect(res.headers.get('etag')).toBe(`"${hash}-320-webp"`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800, stale-while-revalidate=86400')
    const og = await t.call('GET', '/img/og/bouquet-one.jpg.jpg')
    expect([og.headers.get('etag'), og.headers.get('content-type')]).toEqual([`"${hash}-og-jpg"`, 'image/jpeg'])
  })

  it('answer 304 to the validator among others, and the copy to the validator of another width', async () => {
    const hash = await bouquetHash()
    const listed = await t.call('GET', '/img/320/bouquet-one.jpg.webp', {
      headers: { 'If-None-Match': `"${hash}-480-webp",  "${hash}-320-webp"` },
    })
    expect([listed.status, listed.headers.get('etag')]).toEqual([304, `"${hash}-320-webp"`])
    const other = await t.call('GET', '/img/320/bouquet-one.jpg.webp', { headers: { 'If-None-Match': `"${hash}-480-webp"` } })
    expect(other.status).toBe(200)
  })

  it('an upload that is not a picture answers 404 saying it could not be converted', async () => {
    writeFileSync(join(t.root, 'uploads/broken.jpg'), 'not a picture at all')
    // The hashed URL is found by the redirect from another hash.
    const hashed = (await t.call('GET', '/img/0123456789/320/broken.jpg.webp')).headers.get('location')!
    expect(hashed).toMatch(/^\/img\/[0-9a-f]{10}\/320\/broken\.jpg\.webp$/)
    for (const path of ['/img/320/broken.jpg.webp', hashed]) {
      const res = await t.call('GET', path)
      expect([res.status, await res.json()], path).toEqual([404, { error: 'The image could not be converted' }])
    }
  })
})

describe('image URLs that name nothing', () => {
  it('answer 404 saying "No such image": a malformed URL, a malformed hash, or an upload that is not there', async () => {
    const hash = await bouquetHash()
    for (const path of [
      `/img/${hash}/333/bouquet-one.jpg.webp`,
      '/img/012345678/320/bouquet-one.jpg.webp',
      '/img/0123456789/320/missing.jpg.webp',
      '/img/333/bouquet-one.jpg.webp',
      '/img/320/bouquet-one',
      '/img/320/missing.jpg.webp',
      '/img/og/missing.jpg.jpg',
    ]) {
      const res = await t.call('GET', path)
      expect([res.status, await res.json()], path).toEqual([404, { error: 'No such image' }])
    }
  })

  it('the validator first in a list, with or without spaces around the commas, answers 304', async () => {
    const hash = await bouquetHash()
    for (const list of [`"${hash}-320-webp","${hash}-480-webp"`, `"${hash}-320-webp" , "${hash}-480-webp"`, `W/"x",  "${hash}-320-webp"`]) {
      const res = await t.call('GET', '/img/320/bouquet-one.jpg.webp', { headers: { 'If-None-Match': list } })
      expect(res.status, list).toBe(304)
    }
  })
})

// The quote form's hourly allowance of photo bytes at its edge: 150 MB less one byte still takes a photo, 150 MB does
// not. Fifteen uploads of 10 MB through the app (slow: kept out of the faster photo tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { MAX_PHOTO_BYTES } from './photo-rules'
import { ARCHES_SERVICE } from './testing-inquiry'

describe('photo bytes per address and hour', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      files: { ...fixtureFiles(await makeJpeg()), 'content/services/arches.yaml': ARCHES_SERVICE },
      env: { TRUST_PROXY: '1' },
    })
  })
  afterAll(() => t.cleanup())

  /** A GIF of `bytes` from the address: refused (400) after its bytes are counted, or 429 when none are taken. */
  const send = async (bytes: number, address = '10.3.0.1') => {
    const form = new FormData()
    form.set('serviceId', 'arches')
    form.set('fieldId', 'photos_1')
    form.set('photo', new File([new Uint8Array(bytes)], 'x.gif', { type: 'image/gif' }))
    const res = await t.call('POST', '/api/inquiry-photos', { body: form, headers: { 'X-Forwarded-For': address } })
    return [res.status, ((await res.json()) as { error: string }).error]
  }

  it('counts refused files too; 150 MB less one byte takes one more, and from 150 MB on the address is told to wait', async () => {
    for (let i = 0; i < 14; i++) expect([i, (await send(MAX_PHOTO_BYTES))[0]]).toEqual([i, 400])
    expect((await send(MAX_PHOTO_BYTES - 1))[0]).toBe(400)
    expect((await send(1))[0]).toBe(400)
    const wait = [429, 'You have sent a lot of photos in the last hour. Please try again later, or send the inquiry without more photos.']
    expect(await send(1)).toEqual(wait)
    expect(await send(1)).toEqual(wait)
    expect((await send(1, '10.3.0.2'))[0]).toBe(400)
  }, 90_000)
})

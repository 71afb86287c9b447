// The quote form's photo upload with body types that almost pass: a multipart type one letter longer or with a
// suffix, another multipart kind; each is refused as not multipart (415) before the body is read.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { ARCHES_SERVICE } from './testing-inquiry'

describe('the photo body type', () => {
  let t: TestApp
  let client = 0
  let encoded: { type: string; body: ArrayBuffer }
  beforeAll(async () => {
    t = await createTestApp({
      files: { ...fixtureFiles(await makeJpeg()), 'content/services/arches.yaml': ARCHES_SERVICE },
      env: { TRUST_PROXY: '1' },
    })
    const form = new FormData()
    form.set('serviceId', 'arches')
    form.set('fieldId', 'photos_1')
    form.set('photo', new File([(await makeJpeg(40, 30)) as Uint8Array<ArrayBuffer>], 'wall.jpg', { type: 'image/jpeg' }))
    const request = new Request('http://x.test/', { method: 'POST', body: form })
    encoded = { type: request.headers.get('content-type')!, body: await request.arrayBuffer() }
  })
  afterAll(() => t.cleanup())
  const held = () => (existsSync(join(t.dataDir, 'photo-holding')) ? readdirSync(join(t.dataDir, 'photo-holding')) : [])
  const post = (type: string) =>
    t.call('POST', '/api/inquiry-photos', {
      body: encoded.body,
      headers: { 'Content-Type': type, 'X-Forwarded-For': `10.3.0.${++client}` },
    })

  it.each(['multipart/form-datax', 'multipart/form-data-x', 'multipart/mixed'])(
    '%s is refused as not multipart, keeping nothing',
    async (name) => {
      const res = await post(encoded.type.replace('multipart/form-data', name))
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([
        415,
        'Send the photo as multipart/form-data in the field "photo"',
      ])
      expect(held()).toEqual([])
    },
  )

  it('multipart/form-data itself is taken', async () => {
    expect((await post(encoded.type)).status).toBe(201)
    expect(held()).toHaveLength(1)
  })
})

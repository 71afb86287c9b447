// The upload's body type with the values that almost pass: a multipart type one letter longer, another multipart
// kind, a form type; each is refused as not multipart (415), before the body is read. The type in capitals is one.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeJpeg, TEST_ORIGIN, useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const NOT_MULTIPART = 'Send the image as multipart/form-data in the field "image"'
const pending = () => (existsSync(join(ctx.t.dataDir, 'pending-uploads')) ? readdirSync(join(ctx.t.dataDir, 'pending-uploads')) : [])

/** POST /api/upload with a real multipart body of one JPEG, under the Content-Type `type(real)`. */
async function postAs(type: (real: string) => string) {
  const data = new FormData()
  data.append('image', new File([(await makeJpeg()) as Uint8Array<ArrayBuffer>], 'photo.jpg', { type: 'image/jpeg' }))
  const encoded = new Request(TEST_ORIGIN, { method: 'POST', body: data })
  const real = encoded.headers.get('content-type') ?? ''
  return ctx.t.app.request(`${TEST_ORIGIN}/api/upload`, {
    method: 'POST',
    headers: { Cookie: ctx.cookie, Origin: TEST_ORIGIN, 'Content-Type': type(real) },
    body: await encoded.arrayBuffer(),
  })
}

describe('the upload body type', () => {
  it.each([
    ['multipart/form-datax', (real: string) => real.replace('multipart/form-data', 'multipart/form-datax')],
    ['multipart/form-data-x', (real: string) => real.replace('multipart/form-data', 'multipart/form-data-x')],
    ['multipart/mixed', (real: string) => real.replace('multipart/form-data', 'multipart/mixed')],
    ['application/x-www-form-urlencoded', () => 'application/x-www-form-urlencoded'],
    ['image/jpeg', () => 'image/jpeg'],
  ])('%s is refused as not multipart, keeping nothing', async (_name, type) => {
    const res = await postAs(type)
    expect([res.status, (await res.json()).error]).toEqual([415, NOT_MULTIPART])
    expect(pending()).toEqual([])
  })

  it('multipart/form-data in capitals is the multipart type', async () => {
    const res = await postAs((real) => real.replace('multipart/form-data', 'Multipart/Form-Data'))
    expect(res.status).toBe(201)
  })
})

// A service's pictures with the paths that almost pass: the uploads folder itself or the one above it, spelt out,
// encoded or with a backslash. The images update refuses them in the editor's words and writes nothing; the add-service
// draft's picture is taken only when it is an uploaded file, as a picture from another site is.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { UPLOAD_DOT_SEGMENTS } from '../testing/upload-near-misses'

const ctx = useTestApp({ login: true })
const file = () => ctx.t.git('show', 'HEAD:content/services/mosaics.yaml')

describe("a service's pictures", () => {
  it('an images update with the folder itself or the one above it is refused, writing nothing', async () => {
    const before = file()
    for (const url of UPLOAD_DOT_SEGMENTS) {
      for (const images of [[{ cropped: url, original: '/uploads/a.jpg' }], [{ cropped: '/uploads/a.jpg', original: url }]]) {
        for (const [method, path] of [
          ['PUT', '/api/services/mosaics/images'],
          ['PUT', '/api/services/mosaics'],
        ] as const) {
          const res = await ctx.t.call(method, path, { json: { images }, cookie: ctx.cookie })
          expect([res.status, await res.json()], `${path} ${url}`).toEqual([400, { error: 'Image URLs must be under /uploads/' }])
        }
      }
    }
    expect(file()).toBe(before)
    expect(ctx.t.subjects()).toEqual(['Seed content'])
  })

  it("the add-service draft's picture: the folder itself or the one above it gives no images", async () => {
    const draft = { title: 'Jumbos', description: 'Big ones', aboutText: 'About', pricingInfo: 'One: $10' }
    for (const [i, imageUrl] of UPLOAD_DOT_SEGMENTS.entries()) {
      const res = await ctx.t.call('POST', '/api/services', { json: { ...draft, id: `jumbo-${i}`, imageUrl }, cookie: ctx.cookie })
      expect([res.status, (await res.json()).images], imageUrl).toEqual([201, []])
    }
    const res = await ctx.t.call('POST', '/api/services', {
      json: { ...draft, id: 'jumbo-ok', imageUrl: '/uploads/a..b.jpg' },
      cookie: ctx.cookie,
    })
    expect((await res.json()).images).toEqual([{ cropped: '/uploads/a..b.jpg', original: '/uploads/a..b.jpg' }])
  })
})

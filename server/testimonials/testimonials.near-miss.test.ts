// A testimonial's photo with the paths that almost pass: the uploads folder itself or the one above it, spelt out,
// encoded or with a backslash. Adding and editing refuse them in the editor's words and write nothing.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { UPLOAD_DOT_SEGMENTS } from '../testing/upload-near-misses'

const ctx = useTestApp({ login: true })
const FILE = 'content/testimonials.yaml'
const fileNow = () => ctx.t.git('show', `HEAD:${FILE}`)

describe("a testimonial's photo", () => {
  it('the folder itself or the one above it is refused on add and on edit, writing nothing', async () => {
    const added = await ctx.t.call('POST', '/api/testimonials', { json: { quote: 'Lovely', author: 'Ana' }, cookie: ctx.cookie })
    const { id } = (await added.json()) as { id: string }
    const before = fileNow()
    const commits = ctx.t.subjects()
    for (const photo of UPLOAD_DOT_SEGMENTS) {
      for (const [method, path] of [
        ['POST', '/api/testimonials'],
        ['PUT', `/api/testimonials/${id}`],
      ] as const) {
        const res = await ctx.t.call(method, path, { json: { quote: 'Lovely', author: 'Ana', photo }, cookie: ctx.cookie })
        expect([res.status, await res.json()], `${method} ${photo}`).toEqual([
          400,
          { error: 'Photo must be an uploaded picture (/uploads/...)' },
        ])
      }
    }
    expect(fileNow()).toBe(before)
    expect(ctx.t.subjects()).toEqual(commits)
    const ok = await ctx.t.call('PUT', `/api/testimonials/${id}`, {
      json: { quote: 'Lovely', author: 'Ana', photo: '/uploads/a..b.jpg' },
      cookie: ctx.cookie,
    })
    expect([ok.status, (await ok.json()).photo]).toEqual([200, '/uploads/a..b.jpg'])
  })
})

// Clearing a testimonial's optional parts through PUT /api/testimonials/{id}: an empty Company/Role, photo
// description or photo, and featured false, each gone from the answer, the file and the public list.
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { useTestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
const stored = () =>
  (YAML.parse(ctx.t.git('show', 'HEAD:content/testimonials.yaml')) as Record<string, unknown>[]).find((x) => x.id === 'jane-d')
const put = (json: Record<string, unknown>) =>
  ctx.t.call('PUT', '/api/testimonials/jane-d', { json: { quote: 'Wonderful!', author: 'Jane D.', ...json }, cookie: ctx.cookie })

describe("clearing a testimonial's optional parts", () => {
  it('an empty Company/Role, photo description and photo, and featured false, clear each', async () => {
    const full = { position: 'Bride', photo: '/uploads/bouquet-one.jpg', photoAlt: 'Jane smiling', featured: true }
    expect((await put(full)).status).toBe(200)
    expect(stored()).toMatchObject(full)
    const res = await put({ position: '', photo: '', photoAlt: '', featured: false })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect([body.position, body.photo, body.photoAlt, body.featured]).toEqual(['', '', '', false])
    expect(stored()).toMatchObject({ position: '', photo: '', photoAlt: '', featured: false })
    const shown = ((await (await ctx.t.call('GET', '/api/testimonials')).json()) as Record<string, unknown>[]).find(
      (x) => x.id === 'jane-d',
    )
    expect(shown).toMatchObject({ position: '', photo: '', photoAlt: '' })
    expect(shown?.featured || false).toBe(false)
  })
})

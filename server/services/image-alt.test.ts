// A service picture's description (alt text), saved through PUT /api/services/{id}/images.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const images = [
  { cropped: '/uploads/bouquet-one.jpg', original: '/uploads/bouquet-one.jpg', alt: 'Pink and gold bouquet' },
  { cropped: '/uploads/shared-image.jpg', original: '/uploads/shared-image.jpg' },
]

describe('picture descriptions', () => {
  it('are saved beside cropped and original, one commit on the service file, and read back', async () => {
    const res = await t.call('PUT', '/api/services/bouquets/images', { json: { images }, cookie })
    expect(res.status).toBe(200)
    expect((await res.json()).images).toEqual(images)
    expect(readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8')).toContain('alt: Pink and gold bouquet')
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/services/bouquets.yaml')
    expect(t.subjects()[0]).toBe('Update picture descriptions of service "Bouquets"')
    expect((await (await t.call('GET', '/api/services/bouquets')).json()).images[0].alt).toBe('Pink and gold bouquet')
  })

  it.each([
    ['on two lines', 'Pink\nbouquet', 'Picture description must be one line'],
    ['too long', 'x'.repeat(301), 'Picture description is too long (300 characters at most)'],
  ])('refuses one %s, naming the field, and writes nothing', async (_name, alt, error) => {
    const res = await t.call('PUT', '/api/services/bouquets/images', { json: { images: [{ ...images[0], alt }] }, cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

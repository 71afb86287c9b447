import { beforeEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import YAML from 'yaml'
import { useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const stored = () => YAML.parse(readFileSync(join(t.root, 'content/testimonials.yaml'), 'utf8'))

describe('testimonials', () => {
  it('the public list has every testimonial with its id', async () => {
    const res = await t.call('GET', '/api/testimonials')
    expect((await res.json()).map((x: { id: string }) => x.id)).toEqual(['jane-d', 'sam-k'])
  })

  it('adding returns the created testimonial and commits it', async () => {
    const res = await t.call('POST', '/api/testimonials', { json: { quote: 'Lovely', author: 'Ana R.', position: '', imageSrc: '' }, cookie })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({ quote: 'Lovely', author: 'Ana R.', position: '', imageSrc: '' })
    expect(created.id).toMatch(/^ana-r-[0-9a-f]{6}$/)
    expect(stored()).toHaveLength(3)
    expect(t.subjects()[0]).toBe('Add testimonial from Ana R.')
    expect(t.git('log', '-1', '--format=%B')).toContain('Content-Item: testimonials')
  })

  it('adding without quote or customer answers 400 with the form message', async () => {
    const res = await t.call('POST', '/api/testimonials', { json: { quote: '', author: 'X' }, cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Quote and Customer are required.' })
    expect(stored()).toHaveLength(2)
  })

  it('editing by id returns the updated testimonial', async () => {
    const res = await t.call('PUT', '/api/testimonials/sam-k', { json: { quote: 'Even better', author: 'Sam K.', position: 'CEO' }, cookie })
    // The dashboard gets the testimonial's new version back, for its next save.
    expect(await res.json()).toEqual({
      id: 'sam-k',
      quote: 'Even better',
      author: 'Sam K.',
      position: 'CEO',
      imageSrc: '',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    })
    expect(t.subjects()[0]).toBe('Update testimonial from Sam K.')
  })

  it('deleting by id removes only that one', async () => {
    expect((await t.call('DELETE', '/api/testimonials/jane-d', { cookie })).status).toBe(200)
    expect(stored().map((x: { id: string }) => x.id)).toEqual(['sam-k'])
    expect(t.subjects()[0]).toBe('Delete testimonial from Jane D.')
  })

  it('unknown id answers 404 and writes nothing', async () => {
    expect((await t.call('PUT', '/api/testimonials/nope', { json: { quote: 'a', author: 'b' }, cookie })).status).toBe(404)
    expect((await t.call('DELETE', '/api/testimonials/nope', { cookie })).status).toBe(404)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('management without a session answers 401', async () => {
    expect((await t.call('POST', '/api/testimonials', { json: { quote: 'a', author: 'b' } })).status).toBe(401)
    expect((await t.call('PUT', '/api/testimonials/sam-k', { json: { quote: 'a', author: 'b' } })).status).toBe(401)
    expect((await t.call('DELETE', '/api/testimonials/sam-k')).status).toBe(401)
    expect(stored()).toHaveLength(2)
  })
})

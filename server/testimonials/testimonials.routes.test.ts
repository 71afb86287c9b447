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

  it('with no testimonials file the list is empty, and the first one added creates it', async () => {
    t.git('rm', '-q', 'content/testimonials.yaml')
    t.git('commit', '-qm', 'No testimonials yet')
    expect(await (await t.call('GET', '/api/testimonials')).json()).toEqual([])
    const res = await t.call('POST', '/api/testimonials', {
      json: { quote: 'Lovely', author: 'Ana R.', position: '', imageSrc: '' },
      cookie,
    })
    expect(res.status).toBe(201)
    const { version: _, ...created } = await res.json()
    expect(stored()).toEqual([created])
  })

  it('adding returns the created testimonial and commits it', async () => {
    const res = await t.call('POST', '/api/testimonials', {
      json: { quote: 'Lovely', author: 'Ana R.', position: '', imageSrc: '' },
      cookie,
    })
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
    const res = await t.call('PUT', '/api/testimonials/sam-k', {
      json: { quote: 'Even better', author: 'Sam K.', position: 'CEO' },
      cookie,
    })
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

describe('control characters in text fields', () => {
  it('a NUL in the author answers 400 naming the field, with no commit', async () => {
    const head = t.git('rev-parse', 'HEAD')
    const add = await t.call('POST', '/api/testimonials', { json: { quote: 'Lovely', author: 'Ana\u0000 R.' }, cookie })
    expect(add.status).toBe(400)
    expect(await add.json()).toEqual({ error: 'Customer must not contain control characters' })
    const edit = await t.call('PUT', '/api/testimonials/sam-k', { json: { quote: 'Lovely', author: 'Sam\u0000' }, cookie })
    expect(edit.status).toBe(400)
    expect(await edit.json()).toEqual({ error: 'Customer must not contain control characters' })
    expect(t.git('rev-parse', 'HEAD')).toBe(head)
    expect(t.git('status', '--porcelain')).toBe('')
    expect(stored()).toHaveLength(2)
  })

  it('refuses bidi overrides and line breaks in one-line fields and controls in the quote, each by name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ quote: 'Lovely', author: '\u202EAna' }, 'Customer must not contain text-direction control characters'],
      [{ quote: 'Lovely', author: 'Ana\nR.' }, 'Customer must be one line'],
      [{ quote: 'Lovely', author: 'Ana', position: 'CEO\u0000' }, 'Company/Role must not contain control characters'],
      [{ quote: 'Love\u000Cly', author: 'Ana' }, 'Quote must not contain control characters'],
      [{ quote: 'Lovely \uDC00', author: 'Ana' }, 'Quote contains an invalid character'],
      [{ quote: 'Lovely', author: 42 }, 'Quote and Customer are required.'],
    ]
    for (const [json, error] of cases) {
      const res = await t.call('POST', '/api/testimonials', { json, cookie })
      expect(res.status, error).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('a quote keeps its line breaks', async () => {
    const res = await t.call('POST', '/api/testimonials', { json: { quote: 'One.\nTwo.', author: 'Ana' }, cookie })
    expect(res.status).toBe(201)
    expect(stored()[2].quote).toBe('One.\nTwo.')
  })
})

describe('a testimonial with a face', () => {
  it('saves a photo, its description and featured, and the public list carries them', async () => {
    const [jane] = (await (await t.call('GET', '/api/testimonials', { cookie })).json()) as {
      id: string
      version: string
      quote: string
      author: string
    }[]
    const res = await t.call('PUT', `/api/testimonials/${jane.id}`, {
      json: {
        quote: jane.quote,
        author: jane.author,
        photo: '/uploads/testimonial-jane.jpg',
        photoAlt: 'Jane smiling under a balloon arch',
        featured: true,
        baseVersion: jane.version,
      },
      cookie,
    })
    expect(res.status).toBe(200)
    expect(stored()[0]).toMatchObject({
      photo: '/uploads/testimonial-jane.jpg',
      photoAlt: 'Jane smiling under a balloon arch',
      featured: true,
    })
    const [publicJane] = await (await t.call('GET', '/api/testimonials')).json()
    expect(publicJane).toMatchObject({ photo: '/uploads/testimonial-jane.jpg', featured: true })
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/testimonials.yaml')
  })

  it('refuses a photo that is not an upload and a featured that is not true or false, by name', async () => {
    for (const [json, error] of [
      [{ quote: 'Lovely', author: 'Ana', photo: 'https://evil.example/face.jpg' }, 'Photo must be an uploaded picture (/uploads/...)'],
      [{ quote: 'Lovely', author: 'Ana', featured: 'yes' }, 'Featured must be true or false'],
    ] as const) {
      const res = await t.call('POST', '/api/testimonials', { json, cookie })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

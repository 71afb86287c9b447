// What the owner sees of testimonials that the first mutation run found untested: History's words for a change to
// content/testimonials.yaml, the fields' names in refusals, a cleared photo, a stale edit, and a file with a bad id.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import YAML from 'yaml'
import { beforeEach, describe, expect, it } from 'vitest'
import { describeChanges, describeFirstContent } from '../history/change-words'
import { diffContentFile } from '../history/field-diff'
import { isRestorableItem, itemLabel } from '../history/items'
import { planRestore } from '../history/restore-plan'
import { CONTENT_READS } from '../kinds/content-kinds'
import { useTestApp, type TestApp } from '../testing/test-app'

const FILE = 'content/testimonials.yaml'
const yaml = (list: Record<string, unknown>[]) => YAML.stringify(list)
const ann = { id: 'ann', quote: 'Lovely', author: 'Ann', position: '', imageSrc: '' }
const bo = { id: 'bo', quote: 'Great', author: 'Bo', position: '', imageSrc: '' }
const cy = { id: 'cy', quote: 'Fine', author: 'Cy', position: '', imageSrc: '' }

describe("History's words for a change to the testimonials", () => {
  it('names the item, its kind and its label', () => {
    const change = diffContentFile(FILE, yaml([ann]), yaml([{ ...ann, quote: 'Lovelier' }]))!
    expect(change.item).toBe('testimonials')
    expect(describeChanges([change])).toEqual({ title: 'Changed the testimonial by "Ann"', kinds: ['testimonials'] })
    expect(itemLabel('testimonials')).toBe('Testimonials')
    expect(isRestorableItem('testimonials')).toBe(true)
  })

  it('says several deleted at once with its noun, and the first content by its name in a sentence', () => {
    const change = diffContentFile(FILE, yaml([ann, bo, cy]), yaml([ann]))!
    expect(describeChanges([change]).title).toBe('Deleted 2 testimonials')
    const reorder = diffContentFile(FILE, yaml([ann, bo]), yaml([bo, ann]))!
    expect(describeChanges([reorder]).title).toBe('Reordered the testimonials')
    expect(describeFirstContent([diffContentFile(FILE, null, yaml([ann]))!])).toBe('testimonials')
  })

  it('names every field in the owner’s words', () => {
    const after = {
      ...ann,
      author: 'Ann B.',
      position: 'CEO',
      imageSrc: '/uploads/a.jpg',
      photo: '/uploads/face.jpg',
      photoAlt: 'Ann smiling',
      featured: true,
    }
    const change = diffContentFile(FILE, yaml([ann]), yaml([after]))!
    const labels = change.fields.map((f) => f.label.split(' › ')[1]).sort()
    expect(labels).toEqual(['Company/Role', 'Customer', 'Featured', 'Photo', 'Photo', 'Photo description'])
  })

  it('shows a new face as a picture, and writing a default out is no change', () => {
    const change = diffContentFile(FILE, yaml([ann]), yaml([{ ...ann, photo: '/uploads/face.jpg' }]))!
    expect(change.fields.find((f) => f.label.endsWith('› Photo'))).toMatchObject({ kind: 'images' })
    expect(describeChanges([change]).kinds).toContain('pictures')
    const { position: _p, imageSrc: _i, ...short } = ann
    const same = diffContentFile(FILE, yaml([short]), yaml([ann]))
    expect(same?.fields ?? []).toEqual([])
  })

  it('the public read cache keeps /api/testimonials and only that path', () => {
    const kept = (path: string) => CONTENT_READS.some((re) => re.test(path))
    expect(kept('/api/testimonials')).toBe(true)
    for (const path of ['/api/testimonials/jane-d', '/api/testimonialsx', '/x/api/testimonials', '/admin/api/testimonials']) {
      expect(kept(path), path).toBe(false)
    }
  })
})

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))
const stored = () => YAML.parse(readFileSync(join(t.root, FILE), 'utf8')) as Record<string, unknown>[]
const add = (json: Record<string, unknown>) =>
  t.call('POST', '/api/testimonials', { json: { quote: 'Lovely', author: 'Ana', ...json }, cookie })

describe('adding and editing through the API', () => {
  it('trims the quote, fills the optional fields with empty texts, and names an author without letters "testimonial"', async () => {
    const res = await add({ quote: '  Lovely  ', author: '!!!' })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({ quote: 'Lovely', position: '', imageSrc: '' })
    expect(created.id).toMatch(/^testimonial-[0-9a-f]{6}$/)
    expect((await add({ quote: '   ' })).status).toBe(400)
  })

  it('names each field in its refusal', async () => {
    for (const [json, error] of [
      [{ imageSrc: '/uploads/a\u0000.jpg' }, 'Image must not contain control characters'],
      [{ photo: '/uploads/a\u0000.jpg' }, 'Photo must not contain control characters'],
      [{ photoAlt: 'Ann\u0000' }, 'Photo description must not contain control characters'],
      [{ photoAlt: 'x'.repeat(201) }, 'Photo description is too long (200 characters at most)'],
      [{ photo: '/uploads/face.jpg?x=1' }, 'Photo must be an uploaded picture (/uploads/...)'],
      [{ photo: 'x/uploads/face.jpg' }, 'Photo must be an uploaded picture (/uploads/...)'],
      [{ photo: 'Stryker was here!' }, 'Photo must be an uploaded picture (/uploads/...)'],
    ] as const) {
      const res = await add(json)
      expect([res.status, await res.json()], JSON.stringify(json)).toEqual([400, { error }])
    }
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('an empty photo clears the face', async () => {
    const res = await add({ photo: '/uploads/face.jpg' })
    const { id } = await res.json()
    const cleared = await t.call('PUT', `/api/testimonials/${id}`, { json: { quote: 'Lovely', author: 'Ana', photo: '' }, cookie })
    expect(cleared.status).toBe(200)
    expect(stored().find((x) => x.id === id)?.photo).toBe('')
  })

  it('refuses an edit made on a version that changed since (409), and says which id is unknown', async () => {
    const [jane] = (await (await t.call('GET', '/api/testimonials', { cookie })).json()) as { id: string; version: string }[]
    const json = { quote: 'First', author: 'Jane D.', baseVersion: jane.version }
    expect((await t.call('PUT', `/api/testimonials/${jane.id}`, { json, cookie })).status).toBe(200)
    const stale = await t.call('PUT', `/api/testimonials/${jane.id}`, { json: { ...json, quote: 'Second' }, cookie })
    expect(stale.status).toBe(409)
    expect(stored()[0].quote).toBe('First')
    const missing = await t.call('DELETE', '/api/testimonials/nope', { cookie })
    expect(await missing.json()).toEqual({ error: 'No testimonial with id "nope"' })
    const deleted = await t.call('DELETE', `/api/testimonials/${jane.id}`, { cookie })
    expect(await deleted.json()).toEqual({ ok: true })
  })

  it('a restore of the testimonials is named for them in History', async () => {
    await t.call('DELETE', '/api/testimonials/jane-d', { cookie })
    const plan = await planRestore(t.root, 'HEAD~1', 'testimonials')
    expect(plan.message).toMatch(/^Restore testimonials to [0-9a-f]{7} \(/)
  })

  it('a file whose id is not a slug is not served: the last valid version is', async () => {
    for (const id of ['!jane-d', 'jane-d!']) {
      writeFileSync(join(t.root, FILE), yaml([{ ...ann, id }]))
      const list = (await (await t.call('GET', '/api/testimonials')).json()) as { id: string }[]
      expect(
        list.map((x) => x.id),
        id,
      ).toEqual(['jane-d', 'sam-k'])
    }
  })
})

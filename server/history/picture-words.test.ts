// History names pictures by their description and where they are shown (not `Image cropped-d170916c.jpg`), in a
// change's detail and an undo's preview; a done undo is told in the words History lists it with, without a hash.
import { beforeEach, describe, expect, it } from 'vitest'
import { makeJpeg, useTestApp, type TestApp } from '../testing/test-app'
import type { CommitDetail, RestoreResult, UndoPreview } from './history.types'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const head = () => t.git('rev-parse', 'HEAD').trim()
const send = (method: string, path: string, json?: unknown) => t.call(method, path, { json, cookie })

async function upload(name: string): Promise<string> {
  const form = new FormData()
  form.append('image', new File([(await makeJpeg(10, 10)) as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' }))
  return ((await (await t.call('POST', '/api/upload', { body: form, cookie })).json()) as { url: string }).url
}

async function addPicture(alt?: string): Promise<{ cropped: string; original: string; commit: string }> {
  const cropped = await upload('cropped.jpg')
  const original = await upload('original.jpg')
  const service = (await (await send('GET', '/api/services/bouquets')).json()) as { images: unknown[] }
  expect((await send('PUT', '/api/services/bouquets/images', { images: [...service.images, { cropped, original, alt }] })).status).toBe(200)
  return { cropped, original, commit: head() }
}

const labels = (changes: { path: string; label: string }[]) => Object.fromEntries(changes.map((c) => [`/${c.path}`, c.label]))

describe('pictures in History', () => {
  it("are named by their description and their service in a change's detail and in an undo's preview", async () => {
    const { cropped, original, commit } = await addPicture('Pink balloon bouquet by a window')
    const detail = (await (await send('GET', `/api/admin/history/commits/${commit}`)).json()) as CommitDetail
    const expected = {
      [cropped]: 'Picture “Pink balloon bouquet by a window” (Service "Bouquets")',
      [original]: 'Full-size picture “Pink balloon bouquet by a window” (Service "Bouquets")',
    }
    expect(labels(detail.changes.filter((c) => c.path.startsWith('uploads/')))).toEqual(expected)

    const preview = (await (await send('POST', '/api/admin/history/undo/preview', { commit })).json()) as UndoPreview
    expect(labels(preview.changes.filter((c) => c.path.startsWith('uploads/')))).toEqual(expected)
    expect(preview.changes.map((c) => c.label).join(' ')).not.toMatch(/Image |\.jpg/)
  })

  it('say when a picture has no description yet', async () => {
    const { cropped, commit } = await addPicture()
    const detail = (await (await send('GET', `/api/admin/history/commits/${commit}`)).json()) as CommitDetail
    expect(labels(detail.changes)[cropped]).toBe('Picture without a description (Service "Bouquets")')
  })

  it('a done undo is told in plain words, without the commit hash', async () => {
    const { commit } = await addPicture('Pink balloon bouquet by a window')
    const listed = ((await (await send('GET', `/api/admin/history/commits/${commit}`)).json()) as CommitDetail).title
    const res = await send('POST', '/api/admin/history/undo', { commit })
    const done = (await res.json()) as RestoreResult
    expect(done.title).toBe(`Undid “${listed}”`)
    expect(done.title).not.toMatch(/[0-9a-f]{7}/)
    expect(done.summary).toMatch(/^Undo ".*" \([0-9a-f]{7}\)$/)
  })
})

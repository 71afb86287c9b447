// "Undo this change" through the API: a preview that writes nothing, one new commit reversing exactly that change,
// and a 409 naming the later change when one touched the same lines.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeJpeg, useTestApp, type TestApp } from '../testing/test-app'
import type { UndoConflictAnswer, UndoPreview } from './history.types'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const head = () => t.git('rev-parse', 'HEAD').trim()
const send = (method: string, path: string, json?: unknown) => t.call(method, path, { json, cookie })
const bouquets = async () => (await (await t.call('GET', '/api/services/bouquets', { cookie })).json()) as Record<string, unknown>
const editBouquets = async (update: Record<string, unknown>) => {
  expect((await send('PUT', '/api/services/bouquets', update)).status).toBe(200)
  return head()
}

describe('undo a change', () => {
  it('previews without writing, then reverses exactly that change as one new commit, keeping later edits elsewhere', async () => {
    await editBouquets({ description: 'Bouquets, laid out by the server.' })
    const mistake = await editBouquets({ pricingInfo: 'Small: $5\nLarge: $9' })
    const later = await editBouquets({ title: 'Bouquets Deluxe' })

    const preview = await send('POST', '/api/admin/history/undo/preview', { commit: mistake })
    expect(preview.status).toBe(200)
    const shown = (await preview.json()) as UndoPreview
    expect(head()).toBe(later)
    expect(shown.summary).toBe(`Undo "Update service "Bouquets": pricing" (${mistake.slice(0, 7)})`)
    const fields = shown.changes.flatMap((c) => c.fields)
    expect(fields.map((f) => [f.field, f.before, f.after])).toEqual([['pricingInfo', 'Small: $5\nLarge: $9', 'Small: $50\nLarge: $120\n']])

    const res = await send('POST', '/api/admin/history/undo', { commit: mistake })
    expect(res.status).toBe(200)
    const result = await res.json()
    expect(result.hash).toBe(head())
    expect(t.git('rev-list', '--count', `${later}..HEAD`).trim()).toBe('1')
    expect(t.subjects()[0]).toBe(`Undo "Update service "Bouquets": pricing" (${mistake.slice(0, 7)})`)
    const body = t.git('log', '-1', '--format=%B')
    expect(body).toContain('Content-Item: services/bouquets')
    expect(body).toContain(`Undoes: ${mistake}`)
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/services/bouquets.yaml')
    const now = await bouquets()
    expect(now.pricingInfo).toMatch(/^Small: \$50\nLarge: \$120\n?$/)
    expect(now.title).toBe('Bouquets Deluxe')
    expect((await t.call('GET', '/api/services/bouquets')).status).toBe(200)
  })

  it('undoes adding a picture in one step: the YAML and both files go in one commit', async () => {
    const upload = async (name: string) => {
      const form = new FormData()
      form.append('image', new File([(await makeJpeg(10, 10)) as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' }))
      return ((await (await t.call('POST', '/api/upload', { body: form, cookie })).json()) as { url: string }).url
    }
    const cropped = await upload('cropped.jpg')
    const original = await upload('original.jpg')
    const images = (await bouquets()).images as unknown[]
    expect((await send('PUT', '/api/services/bouquets/images', { images: [...images, { cropped, original }] })).status).toBe(200)
    const added = head()
    expect((await send('POST', '/api/admin/history/undo', { commit: added })).status).toBe(200)
    expect(t.git('rev-list', '--count', `${added}..HEAD`).trim()).toBe('1')
    expect(
      t
        .git('show', '--name-status', '--format=', 'HEAD')
        .trim()
        .split('\n')
        .map((l) => l.replace('\t', ' '))
        .sort(),
    ).toEqual([`D ${cropped.slice(1)}`, `D ${original.slice(1)}`, 'M content/services/bouquets.yaml'].sort())
    expect((await bouquets()).images).toEqual(images)
    expect(existsSync(join(t.root, cropped.slice(1)))).toBe(false)
    expect(t.git('status', '--porcelain').trim()).toBe('')
  })

  it('refuses with 409 naming the later change that touched the same lines, writes nothing, and restoring the item before it works', async () => {
    await editBouquets({ description: 'Bouquets, laid out by the server.' })
    const first = await editBouquets({ pricingInfo: 'Small: $5' })
    const second = await editBouquets({ pricingInfo: 'Small: $7' })

    const preview = await send('POST', '/api/admin/history/undo/preview', { commit: first })
    expect(preview.status).toBe(409)
    const res = await send('POST', '/api/admin/history/undo', { commit: first })
    expect(res.status).toBe(409)
    const answer = (await res.json()) as UndoConflictAnswer
    expect(answer.conflict.hash).toBe(second)
    expect(answer.conflict.summary).toBe('Update service "Bouquets": pricing')
    expect(answer.item).toBe('services/bouquets')
    expect(answer.before).toBe(t.git('rev-parse', `${first}^`).trim())
    expect(answer.error).toContain(second.slice(0, 7))
    expect(head()).toBe(second)
    expect(t.git('status', '--porcelain').trim()).toBe('')

    // The way out offered: the item as it was before the change.
    const restore = await send('POST', '/api/admin/history/restore', { hash: answer.before, item: answer.item })
    expect(restore.status).toBe(200)
    expect((await bouquets()).pricingInfo).toMatch(/^Small: \$50\nLarge: \$120\n?$/)
  })

  it('a whole-site restore lists what it will change before it runs, writing nothing', async () => {
    const initial = head()
    await editBouquets({ pricingInfo: 'Small: $5' })
    expect((await send('DELETE', '/api/services/mosaics')).status).toBe(200)
    const now = head()
    const res = await send('POST', '/api/admin/history/restore/preview', { hash: initial, item: 'all' })
    expect(res.status).toBe(200)
    const preview = (await res.json()) as UndoPreview
    expect(head()).toBe(now)
    expect(preview.summary).toMatch(/^Restore whole site to /)
    const byItem = Object.fromEntries(preview.changes.map((c) => [c.item, c.change]))
    expect(byItem['services/bouquets']).toBe('changed')
    expect(byItem['services/mosaics']).toBe('added')
    expect(preview.changes.find((c) => c.item === 'services/bouquets')!.fields.map((f) => f.field)).toEqual(['pricingInfo'])
  })

  it('answers clearly for the initial content, unknown commits, bad input and without a session', async () => {
    const initial = t.git('rev-list', '--max-parents=0', 'HEAD').trim()
    const before = head()
    expect((await send('POST', '/api/admin/history/undo', { commit: initial })).status).toBe(422)
    expect((await send('POST', '/api/admin/history/undo', { commit: 'abcdef0' })).status).toBe(404)
    const bad = await send('POST', '/api/admin/history/undo', { commit: 'HEAD; rm -rf' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/commit/i)
    expect((await t.call('POST', '/api/admin/history/undo', { json: { commit: before } })).status).toBe(401)
    expect(head()).toBe(before)
  })
})

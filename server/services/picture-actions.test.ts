// One owner action on a service's pictures is one commit holding exactly its paths; a failed save commits nothing.
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeJpeg, useTestApp, type TestApp } from '../testing/test-app'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))

const head = () => t.git('rev-parse', 'HEAD').trim()
const commitCount = () => Number(t.git('rev-list', '--count', 'HEAD').trim())
/** The paths the last commit touched, with their status (A/M/D). */
const lastCommitPaths = () =>
  t
    .git('show', '--name-status', '--format=', 'HEAD')
    .trim()
    .split('\n')
    .map((line) => line.replace(/\t/g, ' '))
    .sort()

async function upload(name: string): Promise<string> {
  const form = new FormData()
  form.append('image', new File([(await makeJpeg(12, 9)) as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' }))
  const res = await t.call('POST', '/api/upload', { body: form, cookie })
  expect(res.status).toBe(201)
  return (await res.json()).url
}

const currentImages = async () =>
  (await (await t.call('GET', '/api/services/bouquets', { cookie })).json()).images as { cropped: string; original: string }[]
const saveImages = (images: unknown[]) => t.call('PUT', '/api/services/bouquets/images', { json: { images }, cookie })

describe('picture actions', () => {
  it('adding a cropped picture (cropped copy + original + YAML) is one commit with exactly those paths', async () => {
    const before = commitCount()
    const cropped = await upload('cropped.jpg')
    const original = await upload('Party Arch.jpg')
    // Uploads wait outside git: no commit, nothing under uploads/ yet, nothing for the uncommitted-edits banner.
    expect(commitCount()).toBe(before)
    expect(existsSync(join(t.root, cropped.slice(1)))).toBe(false)
    expect((await (await t.call('GET', '/api/admin/history/status', { cookie })).json()).uncommitted).toEqual([])
    // The dashboard can preview them; the public cannot.
    expect((await t.call('GET', cropped, { cookie })).status).toBe(200)
    expect((await t.call('GET', cropped)).status).toBe(404)

    const res = await saveImages([...(await currentImages()), { cropped, original }])
    expect(res.status).toBe(200)
    expect(commitCount()).toBe(before + 1)
    expect(t.subjects()[0]).toBe('Add 1 picture to service "Bouquets"')
    expect(lastCommitPaths()).toEqual([`A ${cropped.slice(1)}`, `A ${original.slice(1)}`, 'M content/services/bouquets.yaml'].sort())
    const body = t.git('log', '-1', '--format=%B')
    expect(body).toContain('Content-Item: services/bouquets')
    expect(body).toContain(`Content-Item: ${cropped.slice(1)}`)
    expect(t.git('status', '--porcelain', '--', 'content', 'uploads').trim()).toBe('')
    expect((await t.call('GET', cropped)).status).toBe(200)
  })

  it('reordering is one commit of the YAML alone', async () => {
    const before = commitCount()
    const images = await currentImages()
    expect((await saveImages([...images].reverse())).status).toBe(200)
    expect(commitCount()).toBe(before + 1)
    expect(t.subjects()[0]).toBe('Reorder pictures of service "Bouquets"')
    expect(lastCommitPaths()).toEqual(['M content/services/bouquets.yaml'])
  })

  it('deleting a picture removes its files in the same commit, keeping files other content still uses', async () => {
    const before = commitCount()
    const cropped = await upload('cropped.jpg')
    const original = await upload('original.jpg')
    await saveImages([...(await currentImages()), { cropped, original }])
    const added = commitCount()
    expect(added).toBe(before + 1)

    const remaining = (await currentImages()).filter((img) => img.cropped !== cropped)
    expect((await saveImages(remaining)).status).toBe(200)
    expect(commitCount()).toBe(added + 1)
    expect(t.subjects()[0]).toBe('Remove 1 picture from service "Bouquets"')
    expect(lastCommitPaths()).toEqual([`D ${cropped.slice(1)}`, `D ${original.slice(1)}`, 'M content/services/bouquets.yaml'].sort())

    // shared-image.jpg is also used by Mosaics: removing it from Bouquets keeps the file.
    expect((await saveImages((await currentImages()).filter((img) => !img.cropped.includes('shared-image')))).status).toBe(200)
    expect(lastCommitPaths()).toEqual(['M content/services/bouquets.yaml'])
    expect(existsSync(join(t.root, 'uploads/shared-image.jpg'))).toBe(true)
  })

  it('the commit says how many pictures were added and removed', async () => {
    const [one, two] = [await upload('one.jpg'), await upload('two.jpg')]
    const seeded = await currentImages()
    expect((await saveImages([...seeded, { cropped: one, original: one }, { cropped: two, original: two }])).status).toBe(200)
    expect(t.subjects()[0]).toBe('Add 2 pictures to service "Bouquets"')
    const three = await upload('three.jpg')
    expect((await saveImages([...seeded.slice(1), { cropped: three, original: three }])).status).toBe(200)
    expect(t.subjects()[0]).toBe('Add 1 picture to and Remove 3 pictures from service "Bouquets"')
  })

  it('moving a later picture is a reorder even when the first stays', async () => {
    const one = await upload('one.jpg')
    const [first, second] = await currentImages()
    await saveImages([first, second, { cropped: one, original: one }])
    expect((await saveImages([first, { cropped: one, original: one }, second])).status).toBe(200)
    expect(t.subjects()[0]).toBe('Reorder pictures of service "Bouquets"')
  })

  it('a description given or taken away reads as such; another original under the same picture does not', async () => {
    const [first, second] = await currentImages()
    await saveImages([{ ...first, alt: 'Pink bouquet' }, second])
    expect(t.subjects()[0]).toBe('Update picture descriptions of service "Bouquets"')
    expect((await saveImages([first, second])).status).toBe(200)
    expect(t.subjects()[0]).toBe('Update picture descriptions of service "Bouquets"')
    await saveImages([first, { ...second, alt: 'Shared' }])
    expect((await saveImages([first, { ...second, alt: 'Shared', original: first.original }])).status).toBe(200)
    expect(t.subjects()[0]).toBe('Update pictures of service "Bouquets"')
  })

  it('a save that fails commits nothing and leaves the files as they were; the upload still waits', async () => {
    const before = head()
    const cropped = await upload('cropped.jpg')
    // A hand edit of the service's file makes the save refuse (409) inside the write queue.
    writeFileSync(join(t.root, 'content/services/bouquets.yaml'), 'title: Bouquets\ndescription: hand edit\n', { flag: 'a' })
    const res = await saveImages([{ cropped, original: cropped }])
    expect(res.status).toBe(409)
    expect(head()).toBe(before)
    expect(existsSync(join(t.root, cropped.slice(1)))).toBe(false)
    expect(readdirSync(join(t.dataDir, 'pending-uploads'))).toContain(cropped.slice('/uploads/'.length))
    expect(t.git('status', '--porcelain', '--', 'uploads').trim()).toBe('')
  })

  it('an invalid images list changes nothing', async () => {
    const before = head()
    const cropped = await upload('cropped.jpg')
    expect((await saveImages([{ cropped, original: 'https://elsewhere.test/x.jpg' }])).status).toBe(400)
    expect(head()).toBe(before)
    expect(existsSync(join(t.root, cropped.slice(1)))).toBe(false)
  })

  it('DELETE /api/upload still works: a pending upload is discarded without a commit, a committed one is one commit', async () => {
    const before = commitCount()
    const cropped = await upload('cropped.jpg')
    expect((await t.call('DELETE', '/api/upload', { json: { url: cropped }, cookie })).status).toBe(200)
    expect(commitCount()).toBe(before)
    expect((await t.call('GET', cropped, { cookie })).status).toBe(404)
    expect((await t.call('DELETE', '/api/upload', { json: { url: '/uploads/hero-image.jpg' }, cookie })).status).toBe(200)
    expect(commitCount()).toBe(before + 1)
    expect(lastCommitPaths()).toEqual(['D uploads/hero-image.jpg'])
  })
})

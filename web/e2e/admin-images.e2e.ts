// Service images: a real upload through the crop dialog, drag reorder, delete with confirmation, failures.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { dismissToasts, ensureServices, expectToast, makeJpeg, mouseDrag } from './support/admin'

interface ApiService {
  id: string
  title: string
  images: { cropped: string; original: string }[]
}

describe('admin service images', () => {
  let site: Site
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let serviceId: string
  let jpeg: string

  const trackedUploads = () => site.git('ls-files', 'uploads').split('\n').filter(Boolean)
  const current = async () => (await (await page.request.get(`${site.url}/api/services/${serviceId}`)).json()) as ApiService
  const tiles = () => page.locator('.admin-image-tile')

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    ensureServices(site)
    jpeg = await makeJpeg(join(mkdtempSync(join(tmpdir(), 'admin-img-')), 'party.jpg'))
    ;({ context, page } = await openPage(browser))
    page.setDefaultTimeout(15_000)
    await loginAsOwner(page, site.url)
    await page.getByRole('button', { name: 'Save Changes' }).waitFor()
    serviceId = (await page.locator('.admin-service-row').first().getAttribute('data-service-id'))!
  })
  test.afterAll(async () => {
    await context?.close()
  })

  test('uploads a picture through the Crop Image dialog and commits both files with the service in one commit', async () => {
    const before = await current()
    const uploadsBefore = trackedUploads()
    const headBefore = site.git('rev-parse', 'HEAD').trim()
    await page.locator('input[type=file]').setInputFiles(jpeg)
    const dialog = page.getByRole('dialog', { name: 'Crop Image' })
    await dialog.waitFor()
    const zoom = dialog.getByLabel('Zoom')
    expect(await zoom.getAttribute('min')).toBe('1')
    expect(await zoom.getAttribute('max')).toBe('3')
    await zoom.fill('1.5')
    await dialog.getByRole('button', { name: 'Crop & Upload' }).click()
    await expectToast(page, 'Image uploaded')
    await dialog.waitFor({ state: 'hidden' })

    await expect.poll(() => tiles().count()).toBe(before.images.length + 1)
    const after = await current()
    const added = after.images.at(-1)!
    expect(after.images).toHaveLength(before.images.length + 1)
    const cropped = await fetch(`${site.url}${added.cropped}`, { method: 'HEAD' })
    expect(cropped.headers.get('content-type')).toMatch(/^image\/jpeg/)

    const newFiles = trackedUploads().filter((f) => !uploadsBefore.includes(f))
    expect(newFiles.sort()).toEqual([added.cropped, added.original].map((u) => u.slice(1)).sort())
    expect(site.git('rev-list', '--count', `${headBefore}..HEAD`).trim()).toBe('1')
    expect(site.git('log', '-1', '--format=%s').trim()).toBe(`Add 1 picture to service "${before.title}"`)
    expect(site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(
      [`content/services/${serviceId}.yaml`, ...newFiles].sort(),
    )

    const publicList = (await (await fetch(`${site.url}/api/services`)).json()) as ApiService[]
    expect(publicList.find((s) => s.id === serviceId)?.images.at(-1)).toEqual(added)
  })

  test('reports a failed upload and keeps the images as they were', async () => {
    await dismissToasts(page)
    const count = await tiles().count()
    await page.route('**/api/upload', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{"error":"disk full"}' }) : route.continue(),
    )
    await page.locator('input[type=file]').setInputFiles(jpeg)
    const dialog = page.getByRole('dialog', { name: 'Crop Image' })
    await dialog.getByRole('button', { name: 'Crop & Upload' }).click()
    await expectToast(page, 'Upload failed', 'There was a problem uploading the image. Please try again.')
    await dialog.waitFor({ state: 'hidden' })
    expect(await tiles().count()).toBe(count)
    await page.unroute('**/api/upload')
  })

  test('reorders pictures by dragging, and reloads them when saving fails', async () => {
    await dismissToasts(page)
    const before = (await current()).images
    expect(before.length).toBeGreaterThanOrEqual(2)
    // Dragged by the picture: the description field below it grows with its text, and a press there is for typing.
    await mouseDrag(page, tiles().nth(1).locator('img'), tiles().nth(0).locator('img'))
    await expectToast(page, 'Images reordered')
    const after = (await current()).images
    expect(after.slice(0, 2)).toEqual([before[1], before[0]])
    expect(await tiles().first().locator('img').getAttribute('src')).toBe(before[1].cropped)

    await dismissToasts(page)
    await page.route(`**/api/services/${serviceId}/images`, (route) => route.fulfill({ status: 500, body: '{}' }))
    await mouseDrag(page, tiles().nth(1).locator('img'), tiles().nth(0).locator('img'))
    await expectToast(page, 'Error saving image order', 'There was a problem saving the new image order. Reverting changes.')
    await expect.poll(() => tiles().first().locator('img').getAttribute('src')).toBe(after[0].cropped)
    await page.unroute(`**/api/services/${serviceId}/images`)
  })

  test('deletes a picture after the confirmation and removes its files', async () => {
    await dismissToasts(page)
    const before = (await current()).images
    const victim = before.at(-1)!
    const headBefore = site.git('rev-parse', 'HEAD').trim()
    await page.getByRole('button', { name: `Delete image ${before.length}` }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('Are you sure you want to delete this image? This action cannot be undone.').waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Image removed')
    await expect.poll(() => tiles().count()).toBe(before.length - 1)
    expect((await current()).images).toEqual(before.slice(0, -1))
    await expect.poll(() => trackedUploads().includes(victim.cropped.slice(1))).toBe(false)
    await expect.poll(() => trackedUploads().includes(victim.original.slice(1))).toBe(false)
    // One action, one commit: the YAML and both files together.
    expect(site.git('rev-list', '--count', `${headBefore}..HEAD`).trim()).toBe('1')
    expect(site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(
      [`content/services/${serviceId}.yaml`, ...new Set([victim.cropped.slice(1), victim.original.slice(1)])].sort(),
    )
  })

  test('says so when deleting a picture fails', async () => {
    await dismissToasts(page)
    const count = await tiles().count()
    await page.route(`**/api/services/${serviceId}/images`, (route) => route.fulfill({ status: 500, body: '{}' }))
    await page.getByRole('button', { name: 'Delete image 1' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Error', 'Failed to delete image.')
    await page.unroute(`**/api/services/${serviceId}/images`)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    expect(await tiles().count()).toBe(count)
  })
})

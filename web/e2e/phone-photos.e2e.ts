// Issue 28, item 4: a picture from a phone goes in one request with its crop (the server cuts it), shows the bytes sent
// in a progress bar, and leaves the dashboard usable meanwhile; at 390 and 1366 px, axe clean.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { axeFindings, describeFindings } from './support/axe'
import { ensureServices, expectToast, makeJpeg } from './support/admin'

let site: Site
let browser: Browser
let photo: string

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  ensureServices(site)
  photo = await makeJpeg(join(mkdtempSync(join(tmpdir(), 'phone-photo-')), 'IMG_4032.jpg'), 4032, 3024)
})

describe('a picture from a phone', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: one request with the crop, the bytes sent in a progress bar, the dashboard usable meanwhile`, async () => {
      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      page.setDefaultTimeout(20_000)
      const uploads: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/upload')
          uploads.push(request.headers()['content-type'] ?? '')
      })
      await loginAsOwner(page, site.url)
      await page.locator('.admin-service-row__select').first().click()
      const tiles = page.locator('.admin-image-tile')
      await page.getByRole('heading', { name: 'Images' }).waitFor()
      const before = await tiles.count()

      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Upload Image' }).click()
      await (await chooser).setFiles(photo)
      const dialog = page.getByRole('dialog', { name: 'Crop Image' })
      const confirm = dialog.getByRole('button', { name: 'Crop & Upload' })
      await expect.poll(() => confirm.isEnabled()).toBe(true)
      // A slow phone connection (64 KiB/s up), so the upload is seen on its way.
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 50,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      })
      await confirm.click()

      // The dialog closes at once; the progress shows where the picture goes, with real figures.
      await dialog.waitFor({ state: 'hidden', timeout: 2_000 })
      const bar = page.getByRole('progressbar', { name: 'Uploading image' })
      await bar.waitFor()
      await expect
        .poll(
          () =>
            bar.evaluate((el) => {
              const p = el as HTMLProgressElement
              return p.position > 0.05 && p.position < 0.95
            }),
          { timeout: 15_000 },
        )
        .toBe(true)
      expect(
        await bar.evaluate((el) => {
          const r = el.getBoundingClientRect()
          return r.top >= 0 && r.bottom <= innerHeight
        }),
      ).toBe(true)
      const figures = page.locator('.admin-upload-progress__figures')
      expect(await figures.textContent()).toMatch(/^\d+ of \d+ KB sent$/)
      expect(await page.getByRole('status').filter({ hasText: 'Uploading image: sending' }).count()).toBe(1)
      await keepScreenshot(page, `photo-upload-progress-${viewport.width}`)
      expect(describeFindings(await axeFindings(page, `upload progress ${viewport.width}`))).toBe('')

      // Meanwhile the rest of the service's editor takes typing (no modal dialog in the way).
      const title = page.getByLabel(/^Title/)
      const oldTitle = await title.inputValue()
      await title.fill(`${oldTitle} (new)`)
      expect(await title.inputValue()).toBe(`${oldTitle} (new)`)
      await title.fill(oldTitle)

      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      await expectToast(page, 'Image uploaded')
      await expect.poll(() => tiles.count()).toBe(before + 1)
      expect(await bar.count()).toBe(0)
      // One request carried the picture once, as picked; the server cut the crop.
      expect(uploads).toHaveLength(1)
      expect(uploads[0]).toMatch(/^multipart\/form-data/)
      const service = (await (
        await page.request.get(
          `${site.url}/api/services/${await page.locator('.admin-service-row').first().getAttribute('data-service-id')}`,
        )
      ).json()) as {
        images: { cropped: string; original: string }[]
      }
      const added = service.images.at(-1)!
      expect(added.cropped).toMatch(/^\/uploads\/cropped-[0-9a-f]{8}\.jpg$/)
      expect(added.original).toMatch(/^\/uploads\/original-[0-9a-f]{8}\.jpg$/)
      await context.close()
    })
  }
})

// Issue 28, item 5, History's words: undoing a change to pictures lists them by description and service with a
// thumbnail (not "Image cropped-d170916c.jpg"), and the notice after the undo says what was undone in the owner's
// words, without a commit hash; at 390 and 1366 px, axe clean.
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner, type OwnerApi } from './support/owner'
import type { Site } from './support/site'
import { makeJpeg } from './support/admin'
import { axeFindings, describeFindings } from './support/axe'
import { firstService, showChangesTo, type ApiService } from './support/history'
import { adminCookie } from './support/public-fixtures'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The dashboard shell's landmarks (best practices, not WCAG) are the shell's, checked in accessibility.e2e.ts.
const SHELL_RULES = new Set(['landmark-one-main', 'region'])

let site: Site
let browser: Browser
let api: OwnerApi
let service: ApiService
let cookie: string

test.beforeAll(async ({ site: s, browser: b, ownerApi }) => {
  site = s
  browser = b
  api = ownerApi
  service = await firstService(site, api)
  cookie = await adminCookie(site)
})

async function upload(bytes: Buffer, name: string): Promise<string> {
  const form = new FormData()
  form.append('image', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }))
  const res = await fetch(`${site.url}/api/upload`, { method: 'POST', body: form, headers: { Origin: site.url, Cookie: cookie } })
  return ((await res.json()) as { url: string }).url
}

describe('History: pictures and undos in her words', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: the undo lists pictures by description with thumbnails, and says what was undone without a hash`, async () => {
      const alt = `Balloon arch over a garden gate (${viewport.width})`
      const jpeg = readFileSync(await makeJpeg(join(mkdtempSync(join(tmpdir(), 'history-pic-')), 'arch.jpg'), 800, 600))
      const cropped = await upload(jpeg, 'cropped.jpg')
      const original = await upload(jpeg, 'original.jpg')
      const { images } = (await (await api('GET', `/services/${service.id}`)).json()) as { images: unknown[] }
      expect((await api('PUT', `/services/${service.id}/images`, { images: [...images, { cropped, original, alt }] })).status).toBe(200)

      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      await loginAsOwner(page, site.url)
      await page.getByRole('tab', { name: 'History' }).click()
      await showChangesTo(page, api, `services/${service.id}`)
      const entry = page.locator('.history__entry').first()
      const title = (await entry.locator('.history__summary').textContent())!.trim()
      await entry.click()
      const detail = page.getByRole('region', { name: 'Change details' })
      await detail
        .locator('.history__thumbs')
        .getByRole('img', { name: `Picture “${alt}” (Service "${service.title}")`, exact: true })
        .waitFor({ state: 'attached' })
      await detail.getByRole('button', { name: 'Undo this change' }).click()

      const dialog = page.getByRole('alertdialog')
      await dialog.getByRole('heading', { name: 'What will change' }).waitFor()
      const listed = await dialog.locator('.history-confirm__label').allTextContents()
      expect(listed.join('\n')).not.toMatch(/Image |\.jpg/)
      expect(listed).toContain(`Picture “${alt}” (Service "${service.title}") removed`)
      expect(listed).toContain(`Full-size picture “${alt}” (Service "${service.title}") removed`)
      const thumb = dialog.getByRole('img', { name: `Picture “${alt}” (Service "${service.title}")`, exact: true })
      await expect
        .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
        .toBe(true)
      await thumb.scrollIntoViewIfNeeded()
      await keepScreenshot(page, `history-picture-undo-${viewport.width}`)
      const findings = (await axeFindings(page, `picture undo ${viewport.width}`)).filter((f) => !SHELL_RULES.has(f.rule))
      expect(describeFindings(findings)).toBe('')

      await dialog.getByRole('button', { name: 'Undo this change' }).click()
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Change undone' })
      await toast.waitFor()
      const said = (await toast.textContent())!
      expect(said).toContain(`Undid “${title}”.`)
      expect(said).not.toMatch(/\([0-9a-f]{7}\)|Undo "/)
      await keepScreenshot(page, `history-undone-${viewport.width}`)
      await context.close()
    })
  }
})

// A service picture's description (issue 28, item 5), at 390 and 1366 px: a text area that wraps what she writes (it
// was a one-line box about 155 px wide on a phone), and a save bar that says unsaved until the description is saved
// (it said "All changes saved." while she was still typing).
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { expectToast } from './support/admin'

let site: Site
let browser: Browser

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
})

describe('a picture description in the service editor', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: wraps as she types, the bar says unsaved until it is saved, then saved`, async () => {
      const { page, context } = await openPage(browser, viewport)
      page.setDefaultTimeout(15_000)
      await loginAsOwner(page, site.url)
      await gotoReady(page, `${site.url}/admin/services`)
      const row = page.locator('.admin-service-row').first()
      const serviceId = (await row.getAttribute('data-service-id'))!
      await row.getByRole('button').first().click()
      const field = page.getByLabel('Description of image 1')
      const status = page.locator('.admin-editor .admin-savebar__status')
      await field.waitFor()
      await expect.poll(() => status.textContent()).toBe('All changes saved.')

      const text = `Gold and blush balloon garland over a long table set for ${viewport.width} guests, with white roses and candles`
      await field.click()
      await field.fill('')
      await field.pressSequentially(text.slice(0, 40))
      // Still typing (focus in the field): nothing is saved yet, and the bar says so.
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true)
      await expect.poll(() => status.textContent()).toBe('You have unsaved changes.')
      await field.pressSequentially(text.slice(40))
      expect(await status.textContent()).toBe('You have unsaved changes.')
      // A text area that wraps: the whole description is seen on more than one line, never scrolled sideways.
      const shape = await field.evaluate((el) => ({
        tag: el.tagName,
        sideways: el.scrollWidth - el.clientWidth,
        lines: Math.round(el.scrollHeight / parseFloat(getComputedStyle(el).lineHeight)),
        width: el.getBoundingClientRect().width,
      }))
      expect(shape.tag).toBe('TEXTAREA')
      expect(shape.sideways).toBeLessThanOrEqual(0)
      expect(shape.lines).toBeGreaterThan(1)
      await keepScreenshot(page, `picture-description-typing-${viewport.width}`)

      // Enter saves it (as leaving the field does), in one commit: then, and only then, the bar says saved.
      const commits = () => Number(site.git('rev-list', '--count', 'HEAD').trim())
      const before = commits()
      let saves = 0
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith(`/api/services/${serviceId}/images`)) saves++
      })
      await field.press('Enter')
      await expectToast(page, 'Description saved')
      await expect.poll(() => status.textContent()).toBe('All changes saved.')
      expect(await field.inputValue()).toBe(text)
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(commits()).toBe(before + 1)
      expect(saves).toBe(1)
      const saved = await (await fetch(`${site.url}/services/${serviceId}`)).text()
      expect(saved).toContain(`alt="${text}"`)
      await keepScreenshot(page, `picture-description-saved-${viewport.width}`)
      await context.close()
    })
  }
})

// Nothing held on screen covers a control: notices sit at the bottom (above a save bar), the tab bar and the
// Edit/Preview switch are held one below the other, on a phone and a laptop, at the top and after scrolling.
import { describe, expect } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { expectToast } from './support/admin'
import { sendInquiry } from './support/public-fixtures'

let site: Site
let browser: Browser

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
})

/** True when a tap at the middle of the element reaches it (nothing drawn over it there). */
async function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight) return false
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && (hit === el || el.contains(hit))
  })
}

/** Every tab of the bar's row that is on screen (on a phone the row scrolls sideways) can be tapped. */
async function tabRowReachable(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tab')
  const blocked: string[] = []
  const list = await page.getByRole('tablist').boundingBox()
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox()
    if (!box || !list || box.x < list.x || box.x + box.width > list.x + list.width) continue
    if (!(await reachable(tab))) blocked.push((await tab.textContent()) ?? '?')
  }
  return blocked
}

async function expectControlsFree(page: Page, where: string): Promise<void> {
  const header = page.getByRole('banner')
  if ((await header.boundingBox())!.y + 10 > 0 && (await page.evaluate(() => scrollY)) < 10) {
    expect(await reachable(header.getByRole('link', { name: 'View site' })), `${where}: View site`).toBe(true)
    expect(await reachable(header.getByRole('button', { name: 'Log out' })), `${where}: Log out`).toBe(true)
  }
  expect(await tabRowReachable(page), `${where}: tabs covered`).toEqual([])
  const visibleTabs = await page.getByRole('tab').evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 0).length)
  expect(visibleTabs).toBeGreaterThan(1)
}

describe('held bars and notices on the dashboard', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: header, tabs, Edit/Preview and Save stay reachable with notices showing, at the top and scrolled`, async () => {
      await sendInquiry(site, { firstName: `Toast${viewport.width}`, lastName: 'Layouttest' })
      const { page, context } = await openPage(browser, viewport)
      await loginAsOwner(page, site.url)

      // Site: save once, so a notice shows; at the top and after scrolling, nothing it or the held bars cover.
      await page.getByRole('tab', { name: 'Site' }).click()
      const tagline = page.getByLabel('Tagline')
      await tagline.fill(`Layout test ${viewport.width}`)
      const save = page.locator('.admin-savebar').getByRole('button', { name: 'Save', exact: true })
      await save.click()
      await expectToast(page, 'Changes saved')
      await expectControlsFree(page, 'Site, top, notice showing')
      await tagline.fill(`Layout test ${viewport.width} again`)
      expect(await reachable(save), 'Save under the notice').toBe(true)
      await save.click()
      await expectToast(page, 'Changes saved')
      await page.mouse.wheel(0, 1800)
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000)
      await expectControlsFree(page, 'Site, scrolled, notices showing')
      if (viewport === PHONE) {
        // The Edit/Preview switch is held just below the tab bar, not over it, and both work from where she is.
        const bar = (await page.locator('.admin-tabs__bar').boundingBox())!
        const switcher = (await page.getByRole('group', { name: 'Site: edit or preview' }).boundingBox())!
        expect(switcher.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1)
        expect(await reachable(page.getByRole('button', { name: 'Preview', exact: true }))).toBe(true)
        // What is held on screen (tab bar, switch, save bar) leaves most of the screen to the form.
        const held = bar.height + switcher.height + (await page.locator('.admin-savebar').boundingBox())!.height
        console.log(`[layout] at 390 px the held bars take ${Math.round(held)} px of 844 (${Math.round((held / 844) * 100)}%)`)
        expect(held / viewport.height).toBeLessThan(0.25)
      }
      await keepScreenshot(page, `layout-site-scrolled-${viewport.width}`)
      // A tap on the first tab while scrolled lands on the tab (it once hit "Edit").
      await page.getByRole('tab', { name: 'Service Management' }).click()
      await expect.poll(() => page.url()).toBe(`${site.url}/admin`)

      // Inbox: three notes in a row; the notices stack at the bottom, over neither header nor tabs.
      await page.getByRole('tab', { name: /Inbox/ }).click()
      const row = page
        .getByRole('list', { name: 'Inquiries' })
        .getByRole('listitem')
        .filter({ hasText: `Toast${viewport.width} Layouttest` })
      await row.getByRole('button', { name: new RegExp(`Toast${viewport.width} Layouttest`) }).click()
      for (const n of [1, 2, 3]) {
        await row.getByLabel('Add a note').fill(`Note ${n}`)
        await row.getByRole('button', { name: 'Add note' }).click()
        await row.getByText(`Note ${n}`, { exact: true }).waitFor()
        // The box empties once the note is saved; typing before that would be wiped.
        await expect.poll(() => row.getByLabel('Add a note').inputValue()).toBe('')
      }
      await page.evaluate(() => scrollTo(0, 0))
      await expectControlsFree(page, 'Inbox, top, three notices')
      const toasts = await page
        .locator('[data-sonner-toast]')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0 && r.width > 0))
      expect(toasts.length).toBeGreaterThan(0)
      const header = (await page.getByRole('banner').boundingBox())!
      const tabBar = (await page.locator('.admin-tabs__bar').boundingBox())!
      for (const t of toasts) expect(t.top).toBeGreaterThan(Math.max(header.y + header.height, tabBar.y + tabBar.height))
      await keepScreenshot(page, `layout-inbox-notices-${viewport.width}`)
      await context.close()
    })
  }
})

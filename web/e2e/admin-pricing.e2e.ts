// The Pricing tab in a real browser: the owner changes a price and adds an item on a phone, saves, and the public price
// list and the content history have it; a wrong price is named and nothing is saved.
import type { Browser } from 'playwright-core'
import { describe, expect } from 'vitest'
import { expectToast } from './support/admin'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { adminCookie, api } from './support/public-fixtures'

describe('admin pricing', () => {
  let site: Site
  let browser: Browser
  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
  })

  test('changes a price and adds an item on a phone; the site and History have it', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'Pricing' }).click()
    const price = page.getByLabel('Items 1: price in dollars')
    await price.waitFor()
    expect(await price.inputValue()).toBe('45')
    await price.fill('49.50')
    await page.getByRole('button', { name: 'Add item' }).click()
    const count = await page.getByLabel(/^Items \d+: name$/).count()
    await page.getByLabel(`Items ${count}: name`).fill('Balloon wall (8 x 8 ft)')
    await page.getByLabel(`Items ${count}: unit`).selectOption('flat')
    await page.getByLabel(`Items ${count}: price in dollars`).fill('$1,200')
    expect(describeFindings(await axeFindings(page, 'pricing phone'))).toBe('')
    await keepScreenshot(page, 'pricing-390', { fullPage: true })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Price list saved')
    const pricing = (await (await fetch(`${site.url}/api/pricing`)).json()) as {
      items: { id: string; name: string; price: number; unit: string }[]
    }
    expect(pricing.items[0]!.price).toBe(49.5)
    expect(pricing.items.at(-1)).toEqual({ id: 'balloon-wall-8-x-8-ft', name: 'Balloon wall (8 x 8 ft)', unit: 'flat', price: 1200 })
    expect(site.git('log', '-1', '--format=%s').trim()).toMatch(/^Update price list: \d+ items, 2 add-ons, 2 delivery zones$/)
    await context.close()
  })

  test('a price that is not money is named, and nothing is saved (laptop)', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'Pricing' }).click()
    const head = site.git('rev-parse', 'HEAD').trim()
    await page.getByLabel('Add-ons 1: price in dollars').fill('40.123')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('Add-on 1: Price must be in whole cents (at most two decimals)')
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head)
    await keepScreenshot(page, 'pricing-1366')
    await context.close()
  })

  test('a save over a change made elsewhere is refused: Compare names the parts in words, Reload takes the current list', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'Pricing' }).click()
    const days = page.getByLabel('Quote valid for (days)')
    await days.waitFor()
    // Meanwhile the balance due is changed from another tab.
    const cookie = await adminCookie(site)
    const { version, ...pricing } = await api<{ version: string; balanceDueDays: number }>(site, 'GET', '/api/pricing', undefined, cookie)
    await api(site, 'PUT', '/api/pricing', { ...pricing, balanceDueDays: 21, baseVersion: version }, cookie)
    const head = site.git('rev-parse', 'HEAD').trim()

    await days.fill('30')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Changed elsewhere' })
    await dialog.waitFor()
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head)
    await dialog.getByRole('button', { name: 'Compare' }).click()
    const rows = dialog.locator('tbody tr')
    await rows.first().waitFor()
    expect(await rows.allTextContents()).toEqual([
      `Balance due (days before the event)${pricing.balanceDueDays}21`,
      'Quote valid for (days)3014',
    ])
    await dialog.getByRole('button', { name: 'Reload' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await days.inputValue()).toBe('14')
    expect(await page.getByLabel('Balance due (days before the event)').inputValue()).toBe('21')
    expect(await page.locator('.admin-savebar__status').textContent()).toBe('All changes saved.')
    await context.close()
  })
})

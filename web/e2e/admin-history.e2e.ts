// History tab in a real browser: owner edits, the list and a field-level change, a restore after confirmation that the
// public site shows, and the same service saved from two tabs.
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { openPage } from './support/browser'
import { test, type OwnerApi } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { expectToast } from './support/admin'
import { listedCommits, showChangesTo, firstService, type ApiService } from './support/history'

describe('admin history', () => {
  let site: Site
  let browser: Browser
  let api: OwnerApi
  let service: ApiService

  test.beforeAll(async ({ site: s, browser: b, ownerApi }) => {
    site = s
    browser = b
    api = ownerApi
    service = await firstService(site, api)
    // Two owner edits of the same service, as the editor makes them.
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'First price: $10' })).status).toBe(200)
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'Second price: $20' })).status).toBe(200)
  })

  test('lists the changes, shows one as fields, and restores a service after confirmation', async ({ ownerPage: page }) => {
    await page.getByRole('tab', { name: 'History' }).click()
    const entries = page.locator('.history__entry')
    await entries.first().waitFor()
    await expect.poll(() => entries.first().locator('.history__summary').textContent()).toBe(`Changed the price of ${service.title}`)
    expect(await entries.first().locator('.history__meta').textContent()).toMatch(
      /\d{4}, \d{1,2}:\d{2} (AM|PM) · Studio Admin, in the dashboard/,
    )

    // Wait for exactly the filtered list (the unfiltered one also has two entries or more).
    expect((await showChangesTo(page, api, `services/${service.id}`)).length).toBeGreaterThanOrEqual(2)
    // The older edit: pricing went from the seed text to "First price".
    await entries.nth(1).click()
    const detail = page.getByRole('region', { name: 'Change details' })
    // The newer edit's detail also shows "First price" (as its before value): wait until the older one is shown.
    await detail.getByText('First price: $10').waitFor()
    await expect.poll(() => detail.getByText('Second price: $20').count()).toBe(0)
    expect(await detail.locator('tbody th').first().textContent()).toBe('Pricing')

    await detail.getByRole('button', { name: 'Restore this version' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText(/goes back to how it was right after this change/).waitFor()
    await dialog.getByRole('button', { name: 'Restore' }).click()
    await expectToast(page, 'Restored')
    await expect.poll(() => entries.first().locator('.history__summary').textContent()).toMatch(/^Restored .* as it was on /)

    const pub = (await (await fetch(`${site.url}/api/services/${service.id}`)).json()) as ApiService
    expect(pub.pricingInfo).toBe('First price: $10')
  })

  test('the same service saved from two tabs: the second gets Reload or Compare, and nothing is overwritten', async () => {
    const { page: one, context: c1 } = await openPage(browser)
    const { page: two, context: c2 } = await openPage(browser)
    for (const page of [one, two]) {
      await loginAsOwner(page, site.url)
      await page.locator('.admin-service-row__select').filter({ hasText: service.title }).click()
      await page.getByLabel('Pricing information').waitFor()
    }
    await one.getByLabel('Pricing information').fill('Tab one price')
    await one.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(one, 'Changes saved')

    await two.getByLabel('Pricing information').fill('Tab two price')
    await two.getByRole('button', { name: 'Save Changes' }).click()
    const dialog = two.getByRole('alertdialog')
    await dialog.getByText('This item was changed elsewhere since you opened it', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Compare' }).click()
    await dialog.getByText('Tab one price').waitFor()
    await dialog.getByText('Tab two price').waitFor()
    expect(((await (await fetch(`${site.url}/api/services/${service.id}`)).json()) as ApiService).pricingInfo).toBe('Tab one price')

    await dialog.getByRole('button', { name: 'Reload' }).click()
    await expect.poll(() => two.getByLabel('Pricing information').inputValue()).toBe('Tab one price')
    // After reloading, a save from this tab goes through.
    await two.getByLabel('Pricing information').fill('Tab two, after reload')
    await two.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(two, 'Changes saved')
    await c1.close()
    await c2.close()
  })

  test('an older, slower filter answer never replaces the newer list or the change she selected', async ({ ownerPage: page }) => {
    await page.getByRole('tab', { name: 'History' }).click()
    const entries = page.locator('.history__entry')
    await entries.first().waitFor()
    // The testimonials' list is held back until the service's has been shown and one of its changes selected.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let asked!: () => void
    const testimonialsAsked = new Promise<void>((r) => (asked = r))
    await page.route(/\/api\/admin\/history\?.*item=testimonials/, async (route) => {
      asked()
      await held
      await route.continue()
    })
    await page.getByLabel('Show changes to').selectOption('testimonials')
    await testimonialsAsked
    const expected = await showChangesTo(page, api, `services/${service.id}`)
    await entries.nth(1).click()
    const selected = () => page.locator('.history__entry[aria-current="true"]').getAttribute('data-commit')
    await expect.poll(selected).toBe(expected[1])

    const answered = page.waitForResponse((res) => res.url().includes('item=testimonials'))
    release()
    await answered
    // Two frames: whatever the late answer would do to the list has been rendered by then.
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)))
    expect(await listedCommits(page)).toEqual(expected)
    expect(await selected()).toBe(expected[1])
  })
})

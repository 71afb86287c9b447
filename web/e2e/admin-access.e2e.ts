// The dashboard's door: title, login failure and success, log out.
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { PHONE, gotoReady, openPage } from './support/browser'
import { test } from './support/fixtures'
import { ADMIN_PASSWORD, ADMIN_USERNAME, type Site } from './support/site'

describe('admin access', () => {
  let site: Site
  let browser: Browser

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
  })

  test('names the brand in the title and refuses a wrong password in red above Login', async () => {
    const { page, context } = await openPage(browser)
    const brand = ((await (await fetch(`${site.url}/api/site-settings`)).json()) as { brand: { name: string } }).brand.name
    await gotoReady(page, `${site.url}/admin`)
    await page.getByLabel('Username').waitFor()
    await expect.poll(() => page.title()).toBe(`Admin Dashboard | ${brand} Management`)

    // Both fields are required: an empty form is not sent.
    await page.getByRole('button', { name: 'Login' }).click()
    expect(await page.locator('input:invalid').count()).toBe(2)

    await page.getByLabel('Username').fill(ADMIN_USERNAME)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Login' }).click()
    const error = page.getByText('Invalid username or password')
    await error.waitFor()
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)')
    const errorBox = (await error.boundingBox())!
    const loginBox = (await page.getByRole('button', { name: 'Login' }).boundingBox())!
    expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(loginBox.y)
    expect(await page.getByRole('tab', { name: 'Service Management' }).count()).toBe(0)
    await context.close()
  })

  test('logs in, shows the three tabs, and logs out for good', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, `${site.url}/admin`)
    await page.getByLabel('Username').fill(ADMIN_USERNAME)
    await page.getByLabel('Password').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    for (const name of ['Service Management', 'Testimonials Management', 'Delivery & Installation Page']) {
      await page.getByRole('tab', { name }).waitFor()
    }
    await page.getByRole('button', { name: 'Save Changes' }).waitFor()

    // Each tab has its own address: Back returns to the previous tab, and a reload keeps the tab.
    await page.getByRole('tab', { name: 'Testimonials Management' }).click()
    await page.waitForURL(`${site.url}/admin/testimonials`)
    await page.goBack()
    await page.getByRole('tab', { name: 'Service Management', selected: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin')
    await page.goForward()
    await page.getByRole('tab', { name: 'Testimonials Management', selected: true }).waitFor()
    await page.reload()
    await page.getByRole('tab', { name: 'Testimonials Management', selected: true }).waitFor()

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Login' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Login' }).waitFor()
    expect(await page.getByRole('tab', { name: 'Service Management' }).count()).toBe(0)
    await context.close()
  })
})

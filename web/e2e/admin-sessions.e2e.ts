// The Sign-in & sessions tab: failed sign-ins counted, every signed-in browser listed, one signed out from another,
// then every session ended at once.
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { expectToast } from './support/admin'
import { openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import { ADMIN_USERNAME, type Site } from './support/site'

describe('sign-in and sessions', () => {
  let site: Site
  let browser: Browser

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
  })

  test('shows failed sign-ins and signed-in devices, signs one out, then signs out everywhere', async () => {
    const wrong = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: 'not-the-password' }),
    })
    expect(wrong.status).toBe(401)

    const other = await openPage(browser)
    await loginAsOwner(other.page, site.url)
    const mine = await openPage(browser)
    await loginAsOwner(mine.page, site.url)
    const { page } = mine
    await page.getByRole('tab', { name: 'Sign-in & sessions' }).click()
    await page.waitForURL(`${site.url}/admin/account`)
    await expect
      .poll(() => page.getByTestId('failed-sign-ins').textContent())
      .toMatch(/^1 failed sign-in in the last 24 hours; the latest .+ from Firefox on Windows\.$/)
    const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')
    await expect.poll(() => devices.count()).toBe(2)
    expect(await devices.filter({ hasText: '(this device)' }).count()).toBe(1)
    expect(await devices.first().textContent()).toMatch(/Chrome on Linux/)

    // Signing the other browser out ends its session there.
    await devices
      .filter({ hasNotText: '(this device)' })
      .getByRole('button', { name: /^Sign out/ })
      .click()
    await expectToast(page, 'Signed out')
    await expect.poll(() => devices.count()).toBe(1)
    await other.page.reload()
    await other.page.getByLabel('Username').waitFor()

    // Everywhere: this browser too goes back to the login form.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click()
    await page.getByLabel('Username').waitFor()
    expect(
      (
        await fetch(`${site.url}/api/check-auth`, {
          headers: { Cookie: (await mine.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
        })
      ).status,
    ).toBe(401)
    await other.context.close()
    await mine.context.close()
  })
})

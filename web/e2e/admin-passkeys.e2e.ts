// Passkeys in a real browser: Chromium's virtual authenticator (DevTools WebAuthn domain) runs the real ceremony.
// The owner adds a passkey, sees the recovery codes once, signs out, signs in with the passkey, then with a code.
import type { Browser, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage, waitForApp } from './support/browser'
import { test } from './support/fixtures'
import { ADMIN_PASSWORD, ADMIN_USERNAME, startSite } from './support/site'

/** WebAuthn needs a domain for its relying party: the site is opened as localhost, not 127.0.0.1. */
async function withAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

// A passkey's origin names the port: the site is started on one chosen here, under the name localhost.
const port = 40_000 + Math.floor(Math.random() * 20_000)
const origin = `http://localhost:${port}`
test.override('siteEnv', { scope: 'file' }, () => ({ PUBLIC_ORIGIN: origin }))
test.override('siteOptions', { scope: 'file' }, () => ({ port }))

describe('passkeys for the owner', () => {
  let browser: Browser
  test.beforeAll(async ({ site, browser: b }) => {
    // The file's site answers on `origin`; asking for it here starts it.
    expect(site.port).toBe(port)
    browser = b
  })

  const passwordLogin = async (page: Page) => {
    await gotoReady(page, `${origin}/admin/account`)
    await waitForApp(page)
    await page.getByLabel('Username').fill(ADMIN_USERNAME)
    await page.getByLabel('Password').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByRole('button', { name: 'Log out' }).waitFor()
  }

  test('adds a passkey, shows the recovery codes once, and signs in with it after signing out', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await withAuthenticator(page)
    await passwordLogin(page)
    await page.getByRole('tab', { name: 'Sign-in & sessions' }).click()
    await page.getByLabel('Name for the new passkey (optional)').fill('Test phone')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    const codes = page.getByTestId('recovery-codes').locator('code')
    await codes.first().waitFor()
    expect(await codes.count()).toBe(10)
    const code = (await codes.first().textContent())!
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    await page.getByRole('list', { name: 'Passkeys' }).locator('strong', { hasText: 'Test phone' }).waitFor()
    expect(describeFindings(await axeFindings(page, 'passkeys phone'))).toBe('')
    await keepScreenshot(page, 'passkeys-390', { fullPage: true })
    await page.getByRole('button', { name: 'I have kept them' }).click()
    expect(await page.getByTestId('recovery-codes').count()).toBe(0)

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('button', { name: 'Log out' }).or(page.getByRole('alert')).first().waitFor()
    expect(await page.getByRole('alert').count(), await page.getByRole('alert').allTextContents().then(String)).toBe(0)
    const list = (await page.evaluate(async () => (await fetch('/api/admin/passkeys')).json())) as {
      passkeys: { label: string; lastUsedAt: string | null }[]
      recoveryCodesLeft: number
    }
    expect(list.passkeys).toEqual([expect.objectContaining({ label: 'Test phone', lastUsedAt: expect.any(String) })])
    expect(list.recoveryCodesLeft).toBe(10)
    await context.close()

    // A recovery code signs in once, on another device without the passkey.
    const other = await openPage(browser, DESKTOP)
    await gotoReady(other.page, `${origin}/admin`)
    await waitForApp(other.page)
    await other.page.getByRole('button', { name: 'Use a recovery code' }).click()
    await other.page.getByLabel('Recovery code').fill(code.toLowerCase())
    await other.page.getByRole('button', { name: 'Sign in with the code' }).click()
    await other.page.getByRole('button', { name: 'Log out' }).waitFor()
    const again = await other.page.evaluate(async (c) => {
      const res = await fetch('/api/login/recovery', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: c }),
      })
      return { status: res.status, body: await res.json() }
    }, code)
    expect(again).toEqual({ status: 401, body: { error: 'That recovery code is not valid (each works once)' } })
    await other.context.close()
  })

  test('without a passkey set up, the passkey button says to use the password', async () => {
    const fresh = await startSite()
    try {
      const { page, context } = await openPage(browser, DESKTOP)
      await gotoReady(page, `${fresh.url}/admin`)
      await waitForApp(page)
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      const alert = page.getByRole('alert')
      await alert.waitFor()
      expect(await alert.textContent()).toBe('No passkey is set up yet: sign in with the password')
      await context.close()
    } finally {
      await fresh.stop()
    }
  })
})

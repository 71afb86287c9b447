// The browser tests' fixtures: `test` from here gives each test the file's site and browser, and on request a signed-in
// dashboard page (`ownerPage`) or the owner's API (`ownerApi`).
//
//   test.override('siteEnv', { SMTP_URL: ... })   // at the top of a file: the site's settings (before it starts)
//   test('...', async ({ site, browser, ownerPage }) => { ... })
//   test.beforeAll(async ({ site }) => { ... })    // suite hooks get the file's fixtures (site, browser, ownerApi)
import { test as base } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, openPage } from './browser'
import { loginAsOwner, ownerApi, type OwnerApi } from './owner'
import { startSite, type Site, type SiteOptions } from './site'

export const test = base.extend<{
  $file: {
    /** The site's environment (settings): `test.override('siteEnv', ...)` before the file's first test. */
    siteEnv: Record<string, string>
    siteOptions: SiteOptions
    /** The built site on its own temporary content repo, one per file. */
    site: Site
    /** Chromium, one per file; each test opens its own pages. */
    browser: Browser
    /** The owner's API calls, signed in once per file. */
    ownerApi: OwnerApi
  }
  $test: {
    /** A desktop page of its own, signed in to the dashboard; closed after the test. */
    ownerPage: Page
  }
}>({
  // Vitest reads a fixture's needs from its first parameter, which must be a destructuring pattern (here: none).
  // oxlint-disable-next-line no-empty-pattern
  siteEnv: [async ({}, use) => use({}), { scope: 'file' }],
  // oxlint-disable-next-line no-empty-pattern
  siteOptions: [async ({}, use) => use({}), { scope: 'file' }],
  site: [
    async ({ siteEnv, siteOptions }, use) => {
      const site = await startSite(siteEnv, siteOptions)
      await use(site)
      await site.stop()
    },
    { scope: 'file' },
  ],
  browser: [
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchBrowser()
      await use(browser)
      await browser.close()
    },
    { scope: 'file' },
  ],
  ownerApi: [async ({ site }, use) => use(await ownerApi(site)), { scope: 'file' }],
  ownerPage: async ({ site, browser }, use) => {
    const { context, page } = await openPage(browser, DESKTOP)
    await loginAsOwner(page, site.url)
    await use(page)
    await context.close()
  },
})

export { expect } from 'vitest'
export { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage, waitForApp } from './browser'
export { loginAsOwner, type OwnerApi } from './owner'
export type { Site } from './site'

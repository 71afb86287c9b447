// The browser tests' helpers as they were first named, kept while other branches' tests still import them; new and
// migrated tests use the fixtures in web/e2e/support/fixtures.ts (`test`, `gotoReady`), and the rest of web/e2e/support/.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, openPage, readyAfter, type PageOptions } from './support/browser'

export { ADMIN_PASSWORD, ADMIN_USERNAME, startSite, type Site } from './support/site'
export { DESKTOP, PHONE, keepScreenshot, launchBrowser, waitForApp } from './support/browser'
export { loginAsOwner } from './support/owner'

/** A page whose `goto` waits for the app on HTML pages, as `gotoReady` does (old tests call `page.goto`). */
export async function newPage(browser: Browser, viewport = DESKTOP, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, viewport, options)
  const goto = opened.page.goto.bind(opened.page)
  opened.page.goto = (async (url: string, gotoOptions?: Parameters<Page['goto']>[1]) =>
    readyAfter(opened.page, await goto(url, gotoOptions))) as Page['goto']
  return opened
}

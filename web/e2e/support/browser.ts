// Debian's Chromium driven by playwright-core: one set of launch flags, the two viewports, pages and screenshots.
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core'

/** Headless, no sandbox (containers), and nothing the browser would fetch or start on its own. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: BROWSER_ARGS })
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1366, height: 900 }

export interface PageOptions {
  /** Lets a test inject a checker (axe-core) into the site's strict Content-Security-Policy. */
  bypassCSP?: boolean
}

/** A page in a context of its own at `viewport` (a phone's touch and mobile flags below 600 px). */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600, ...options })
  return { context, page: await context.newPage() }
}

/** Waits until the app has hydrated the server-rendered page (it starts after the first paint). */
export async function waitForApp(page: Page, timeout?: number): Promise<void> {
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached', timeout })
}

/**
 * Goes to `url` and, for an HTML page, waits (up to 15 s) for the app: public pages start their JavaScript after the
 * first paint, and a test acts like a visitor of a ready page. A page whose app never starts simply times out of the
 * wait; the answer is returned either way.
 */
export async function gotoReady(page: Page, url: string, options?: Parameters<Page['goto']>[1]): Promise<Response | null> {
  return readyAfter(page, await page.goto(url, options))
}

/** After a navigation: for an HTML page, the wait for the app `gotoReady` makes. */
export async function readyAfter(page: Page, response: Response | null): Promise<Response | null> {
  if (response?.headers()['content-type']?.includes('text/html')) await waitForApp(page, 15_000).catch(() => undefined)
  return response
}

/**
 * With SCREENSHOT_DIR set, keeps a picture of the page as `<name>.png` there, to be opened and judged by eye (they are
 * not compared); without it, takes none.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), ...options })
}

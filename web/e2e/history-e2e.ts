// History browser tests' helpers: the owner's API calls, and one item's changes shown and waited for until the list is
// exactly that item's (the unfiltered list has entries too: clicking it would open the wrong change).
import { expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { ensureServices } from '../admin/testing/admin-e2e'
import { launchBrowser, startSite, type Site } from './harness'
import { adminCookie } from './public-fixtures'

export type OwnerApi = (method: string, path: string, body?: unknown) => Promise<Response>

/** Logs in and returns a caller of `/api<path>` with the owner's session, as the dashboard calls it. */
export async function ownerApi(site: { url: string }): Promise<OwnerApi> {
  const cookie = await adminCookie(site)
  return (method, path, body) =>
    fetch(`${site.url}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: site.url, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}

/** The entries on screen, by short commit id, newest first. */
export const listedCommits = (page: Page) =>
  page.locator('.history__entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-commit')))

/** Picks `item` in "Show changes to" and waits for its entries, newest first, as the API lists them. */
export async function showChangesTo(page: Page, api: OwnerApi, item: string): Promise<string[]> {
  await page.getByLabel('Show changes to').selectOption(item)
  const { entries } = (await (await api('GET', `/admin/history?item=${encodeURIComponent(item)}`)).json()) as { entries: { shortHash: string }[] }
  const expected = entries.map((e) => e.shortHash)
  await expect.poll(() => listedCommits(page)).toEqual(expected)
  return expected
}

export interface ApiService {
  id: string
  title: string
  pricingInfo: string
}

/** A built site on its own content repo, a browser, the owner's API and the first service, for a History test file. */
export async function startHistorySite(): Promise<{ site: Site; browser: Browser; api: OwnerApi; service: ApiService }> {
  const site = await startSite()
  ensureServices(site)
  const browser = await launchBrowser()
  const api = await ownerApi(site)
  const service = ((await (await api('GET', '/services')).json()) as ApiService[])[0]
  return { site, browser, api, service }
}

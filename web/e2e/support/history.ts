// History browser tests' helpers: one item's changes shown and waited for until the list is
// exactly that item's (the unfiltered list has entries too: clicking it would open the wrong change).
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { ensureServices } from './admin'
import type { OwnerApi } from './owner'
import type { Site } from './site'

/** The entries on screen, by short commit id, newest first. */
export const listedCommits = (page: Page) =>
  page.locator('.history__entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-commit')))

/** Picks `item` in "Show changes to" and waits for its entries, newest first, as the API lists them. */
export async function showChangesTo(page: Page, api: OwnerApi, item: string): Promise<string[]> {
  await page.getByLabel('Show changes to').selectOption(item)
  const { entries } = (await (await api('GET', `/admin/history?item=${encodeURIComponent(item)}`)).json()) as {
    entries: { shortHash: string }[]
  }
  const expected = entries.map((e) => e.shortHash)
  await expect.poll(() => listedCommits(page)).toEqual(expected)
  return expected
}

export interface ApiService {
  id: string
  title: string
  pricingInfo: string
}

/** The first service of a History test file's site (three plain ones are seeded when the seed has fewer). */
export async function firstService(site: Site, api: OwnerApi): Promise<ApiService> {
  ensureServices(site)
  return ((await (await api('GET', '/services')).json()) as ApiService[])[0]
}

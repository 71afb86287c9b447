// History as the owner uses it, in a real browser: the log in words (who, what, the first content, code-only commits
// left out, filters, highlighted words), a mistaken edit undone in one step after the confirmation shows what will
// change, an undo a later change stands in the way of (restore the item before it instead, or cancel), and a
// whole-site restore previewed before it runs. axe checks the tab and each dialog at 390 and 1366 px.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test, type OwnerApi } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { expectToast } from './support/admin'
import { axeFindings, describeFindings, type AxeFinding } from './support/axe'
import { listedCommits, showChangesTo, firstService, type ApiService } from './support/history'

// The dashboard shell's landmarks (best practices, not WCAG) are the shell's, checked in accessibility.e2e.ts.
const SHELL_RULES = new Set(['landmark-one-main', 'region'])

describe('History: the log in words, undo and restore', () => {
  let site: Site
  let browser: Browser
  let api: OwnerApi
  let service: ApiService
  const findings: AxeFinding[] = []

  const current = async () => (await (await api('GET', `/services/${service.id}`)).json()) as ApiService
  const head = () => site.git('rev-parse', 'HEAD').trim()
  const axe = async (page: Page, state: string) =>
    findings.push(...(await axeFindings(page, state)).filter((f) => !SHELL_RULES.has(f.rule)))

  async function openHistory(page: Page) {
    await page.getByRole('tab', { name: 'History' }).click()
    await showChangesTo(page, api, `services/${service.id}`)
  }

  test.beforeAll(async ({ site: s, browser: b, ownerApi }) => {
    site = s
    browser = b
    api = ownerApi
    service = await firstService(site, api)
  })

  test('reads like her actions: words, who, the first content, code-only commits left out, filters, highlighted words', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { bypassCSP: true })
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'Small: $50\nLarge: $120' })).status).toBe(200)
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'Small: $55\nLarge: $120' })).status).toBe(200)
    // A developer's commits: one to code only (left out), one to the delivery page (listed as a git commit).
    writeFileSync(join(site.root, 'NOTES.md'), 'Deploy notes\n')
    site.git('add', 'NOTES.md')
    site.git('commit', '-q', '-m', 'Deploy notes', '--', 'NOTES.md')
    const codeOnly = head().slice(0, 7)
    writeFileSync(join(site.root, 'content/delivery-installation.md'), '# Delivery\n\nWe now deliver to Vancouver too.\n')
    site.git('commit', '-qm', 'Mention Vancouver', '--', 'content/delivery-installation.md')

    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'History' }).click()
    const entries = page.locator('.history__entry')
    await expect.poll(() => entries.first().locator('.history__summary').textContent()).toBe('Changed the Delivery & Installation page')
    expect(await entries.first().locator('.history__meta').textContent()).toMatch(
      /\d{4}, \d{1,2}:\d{2} (AM|PM) · Test Developer, a developer's git commit$/,
    )
    expect(await entries.nth(1).locator('.history__summary').textContent()).toBe(`Changed the price of ${service.title}`)
    expect(await entries.nth(1).locator('.history__meta').textContent()).toMatch(/ · Studio Admin, in the dashboard$/)
    expect(await listedCommits(page)).not.toContain(codeOnly)
    await expect.poll(() => entries.last().locator('.history__summary').textContent()).toBe("The site's first content")

    // The price change: only "$50" -> "$55" is marked, removed before and added after.
    await entries.nth(1).click()
    const detail = page.getByRole('region', { name: 'Change details' })
    await detail.locator('h2', { hasText: `Changed the price of ${service.title}` }).waitFor()
    await detail.getByText('Saved as “Update service', { exact: false }).waitFor()
    expect(await detail.locator('.history__before del').allTextContents()).toEqual(['$50'])
    expect(await detail.locator('.history__after ins').allTextContents()).toEqual(['$55'])
    await keepScreenshot(page, `history-tab-1366`)
    await axe(page, 'history tab 1366px')

    // The first content: one entry, its items folded under their names.
    await entries.last().click()
    await detail.locator('h2', { hasText: "The site's first content" }).waitFor()
    await detail.getByText(/^Everything the site started with: \d+ services, site settings, testimonials/).waitFor()
    expect(await detail.getByRole('button', { name: 'Undo this change' }).count()).toBe(0)
    await detail.locator('summary', { hasText: `Service "${service.title}"` }).click()
    await detail.getByRole('columnheader', { name: 'After' }).first().waitFor()
    await keepScreenshot(page, `history-first-content-1366`)
    await axe(page, 'history first content 1366px')

    // Filters: by kind, then by item too.
    await page.getByLabel('Kind of change').selectOption('pages')
    await expect
      .poll(() => entries.allTextContents())
      .toEqual([expect.stringContaining('Changed the Delivery & Installation page'), expect.stringContaining("The site's first content")])
    await page.getByLabel('Kind of change').selectOption('')
    await showChangesTo(page, api, `services/${service.id}`)
    await page.getByLabel('Kind of change').selectOption('pictures')
    await expect.poll(() => entries.allTextContents()).toEqual([expect.stringContaining("The site's first content")])
    await context.close()
  })

  test('undoes a mistaken price in one step after showing what will change; the later rename stays', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    const priceBefore = (await current()).pricingInfo
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'Mistake price: $1' })).status).toBe(200)
    expect((await api('PUT', `/services/${service.id}`, { title: 'Renamed Service' })).status).toBe(200)
    const before = head()

    await loginAsOwner(page, site.url)
    await openHistory(page)
    await keepScreenshot(page, `history-tab-390`, { fullPage: true })
    await axe(page, 'history tab 390px')
    const entries = page.locator('.history__entry')
    await entries.nth(1).click()
    const detail = page.getByRole('region', { name: 'Change details' })
    await detail.locator('h2', { hasText: 'Changed the price of' }).waitFor()
    await detail.getByText('Mistake price: $1').first().waitFor()
    await detail.getByRole('button', { name: 'Undo this change' }).click()

    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('What will change').waitFor()
    await dialog.getByText('Mistake price: $1').waitFor()
    expect(await dialog.locator('.history__after').first().textContent()).toContain(priceBefore.trim())
    expect(head()).toBe(before)
    await keepScreenshot(page, `history-undo-preview-390`)
    await axe(page, 'undo dialog 390px')
    await dialog.getByRole('button', { name: 'Undo this change' }).click()
    await expectToast(page, 'Change undone')

    expect(site.git('rev-list', '--count', `${before}..HEAD`).trim()).toBe('1')
    expect(site.git('log', '-1', '--format=%s').trim()).toMatch(/^Undo "Update service ".*": pricing" \([0-9a-f]{7}\)$/)
    const now = await current()
    expect(now.pricingInfo).toBe(priceBefore)
    expect(now.title).toBe('Renamed Service')
    await expect.poll(() => entries.first().locator('.history__summary').textContent()).toMatch(/^Undid “Changed the price of .*”$/)
    await context.close()
  })

  test('names the later change that stands in the way and restores the item as it was before instead, or cancels', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { bypassCSP: true })
    const priceBefore = (await current()).pricingInfo
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'Third price: $3' })).status).toBe(200)
    expect((await api('PUT', `/services/${service.id}`, { pricingInfo: 'Fourth price: $4' })).status).toBe(200)
    const before = head()

    await loginAsOwner(page, site.url)
    await openHistory(page)
    await page.locator('.history__entry').nth(1).click()
    const detail = page.getByRole('region', { name: 'Change details' })
    await detail.getByText('Third price: $3').first().waitFor()
    await detail.getByRole('button', { name: 'Undo this change' }).click()

    const dialog = page.getByRole('alertdialog')
    await dialog.getByText("This change can't be undone on its own.").waitFor()
    expect(await dialog.getByRole('alert').textContent()).toContain('A later change, “Changed the price of Renamed Service” (')
    await keepScreenshot(page, `history-undo-conflict-1366`)
    await axe(page, 'undo conflict dialog 1366px')
    expect(head()).toBe(before)
    await dialog.getByRole('button', { name: /as it was before/ }).click()
    await dialog.getByText('What will change').waitFor()
    await dialog.getByText('Fourth price: $4').waitFor()
    expect(head()).toBe(before)
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
    await expectToast(page, 'Restored')
    expect((await current()).pricingInfo).toBe(priceBefore)

    // Cancel writes nothing.
    const now = head()
    await page.locator('.history__entry').nth(2).click()
    await detail.getByRole('button', { name: 'Undo this change' }).click()
    await dialog.getByText('What will change').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(head()).toBe(now)
    // Focus goes back to the button that opened the dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Undo this change')
    await context.close()
  })

  test('a whole-site restore lists what it will change before it runs', async () => {
    for (const [viewport, name] of [
      [PHONE, '390px'],
      [DESKTOP, '1366px'],
    ] as const) {
      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      await loginAsOwner(page, site.url)
      await page.getByRole('tab', { name: 'History' }).click()
      const entries = page.locator('.history__entry')
      await expect.poll(() => entries.last().locator('.history__summary').textContent()).toBe("The site's first content")
      await entries.last().click()
      const detail = page.getByRole('region', { name: 'Change details' })
      await detail.locator('h2', { hasText: "The site's first content" }).waitFor()
      const now = head()
      await detail.getByRole('button', { name: 'Restore whole site to here' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByText('What will change').waitFor()
      await dialog.getByText('Renamed Service').first().waitFor()
      await dialog.getByText('Delivery & Installation page', { exact: false }).first().waitFor()
      expect(head()).toBe(now)
      await keepScreenshot(page, `history-restore-preview-${name}`)
      await axe(page, `whole-site restore dialog ${name}`)
      if (name === '390px') {
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await dialog.waitFor({ state: 'hidden' })
        expect(head()).toBe(now)
      } else {
        await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
        await expectToast(page, 'Restored')
        expect(site.git('rev-list', '--count', `${now}..HEAD`).trim()).toBe('1')
        expect((await current()).title).not.toBe('Renamed Service')
      }
      await context.close()
    }
    expect(describeFindings(findings)).toBe('')
  })
})

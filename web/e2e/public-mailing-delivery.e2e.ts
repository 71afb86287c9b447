// The mailing-list dialog and the Delivery & Installation page as a visitor sees them.
import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, openPage } from './support/browser'
import { test } from './support/fixtures'
import type { Site } from './support/site'
import { adminCookie, api } from './support/public-fixtures'

let site: Site
let browser: Browser
let cookie: string

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  cookie = await adminCookie(site)
})

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Join our Mailing List' }).click()
  const dialog = page.getByRole('dialog', { name: 'Join our Mailing List' })
  await dialog.waitFor()
  return dialog
}

function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())))
}

describe('mailing-list dialog', () => {
  test('validates, subscribes, closes and thanks the visitor; fields reset on reopening', async () => {
    const segments = await api<{ id: string; name: string }[]>(site, 'GET', '/api/flodesk-segments')
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    let dialog = await openDialog(page)
    await dialog.getByRole('checkbox').first().waitFor()
    expect(await dialog.getByRole('checkbox').count()).toBe(segments.length)

    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    // Each message beside its field, and all of them in a summary at the top that takes the focus.
    const messages = ['Email is required.', 'First name is required.', 'Last name is required.', 'Select at least one interest.']
    for (const message of messages) {
      await dialog.locator('.field__error').getByText(message, { exact: true }).waitFor()
    }
    const summary = dialog.getByRole('group', { name: 'Please fix 4 answers to subscribe:' })
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await summary.getByRole('link').allTextContents()).toEqual(messages)
    expect(await dialog.getByLabel('First name').getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.getByRole('group', { name: /Interests/ }).getAttribute('aria-invalid')).toBe('true')
    await summary.getByRole('link', { name: 'Last name is required.' }).click()
    expect(await dialog.getByLabel('Last name').evaluate((el) => el === document.activeElement)).toBe(true)
    await dialog.getByLabel('Email').fill('x')
    expect(await dialog.getByText('Email is required.').count()).toBe(0)

    // Escape closes; reopening starts over.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    dialog = await openDialog(page)
    expect(await dialog.getByLabel('Email').inputValue()).toBe('')
    expect(await dialog.getByText('First name is required.').count()).toBe(0)

    await dialog.getByLabel('Email').fill('fan@example.com')
    await dialog.getByLabel('First name').fill('Frances')
    await dialog.getByLabel('Last name').fill('Fan')
    await dialog.getByRole('checkbox', { name: segments[0].name }).check()
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Thank you for subscribing!').waitFor()
    await page.getByText('You have been added to our mailing list.').waitFor()
    await context.close()
  })

  test("says 'Could not load interests.' when the interests fail, and alerts on a failed subscribe", async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, site.url)
    await page.route('**/api/flodesk-segments', (route) =>
      route.fulfill({ status: 500, body: '{"error":"down"}', contentType: 'application/json' }),
    )
    let dialog = await openDialog(page)
    await dialog.getByText('Could not load interests.').waitFor()
    await page.keyboard.press('Escape')
    await page.unroute('**/api/flodesk-segments')

    dialog = await openDialog(page)
    await dialog.getByRole('checkbox').first().check()
    await dialog.getByLabel('Email').fill('fan@example.com')
    await dialog.getByLabel('First name').fill('Frances')
    await dialog.getByLabel('Last name').fill('Fan')

    await page.route('**/api/subscribe', (route) =>
      route.fulfill({ status: 502, body: '{"error":"The mailing list is unavailable."}', contentType: 'application/json' }),
    )
    let alert = nextAlert(page)
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    expect(await alert).toBe('The mailing list is unavailable.')

    await page.unroute('**/api/subscribe')
    await page.route('**/api/subscribe', (route) => route.fulfill({ status: 500, body: '' }))
    alert = nextAlert(page)
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    expect(await alert).toBe('Subscription failed. Please try again.')

    await page.unroute('**/api/subscribe')
    await page.route('**/api/subscribe', (route) => route.abort())
    alert = nextAlert(page)
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    expect(await alert).toBe('An error occurred. Please try again.')
    await dialog.waitFor()
    await context.close()
  })
})

describe('delivery and installation page', () => {
  test('renders the markdown safely beside the truck image', async () => {
    const markdown = [
      '## How delivery works',
      '',
      'We deliver across **Portland**.',
      '',
      '- Same-week installs',
      '- Free teardown',
      '- Weather backup plans',
      '',
      '[Call us](javascript:alert(1)) or [read our FAQ](/contact) or [write](mailto:hello@example.com).',
      '',
      'Raw <b>bold</b> stays text.',
    ].join('\n')
    await api(site, 'PUT', '/api/delivery-installation-content', { markdownContent: markdown }, cookie)
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, `${site.url}/delivery-installation`)
    await page.getByRole('heading', { level: 1, name: 'Delivery & Installation' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'How delivery works' }).waitFor()
    expect(await page.title()).toMatch(/^Delivery & Installation \| /)
    expect(await page.locator('.markdown-content li').allTextContents()).toEqual([
      'Same-week installs',
      'Free teardown',
      'Weather backup plans',
    ])
    expect(await page.getByRole('link', { name: 'read our FAQ' }).getAttribute('href')).toBe('/contact')
    expect(await page.getByRole('link', { name: 'write' }).getAttribute('href')).toBe('mailto:hello@example.com')
    expect(await page.locator('.markdown-content a', { hasText: 'Call us' }).getAttribute('href')).toBe('')
    await page.getByText('Raw <b>bold</b> stays text.').waitFor()
    expect(await page.locator('.markdown-content b').count()).toBe(0)
    const truck = page.locator('img[src="/images/delivery-truck.webp"]')
    await truck.waitFor()
    const minHeight = await page.locator('.delivery-page').evaluate((el) => parseFloat(getComputedStyle(el).minHeight))
    expect(minHeight).toBeCloseTo(DESKTOP.height * 0.6, 0)
    await context.close()
  })

  test("shows 'Failed to load content.' in red when the content cannot be loaded", async () => {
    // The page arrives rendered by the server, which could not read the content: there is nothing left to load.
    renameSync(join(site.root, 'content/delivery-installation.md'), join(site.root, 'content/delivery-installation.md.away'))
    try {
      const { page, context } = await openPage(browser, DESKTOP)
      await gotoReady(page, `${site.url}/delivery-installation`)
      const error = page.getByRole('alert').filter({ hasText: 'Failed to load content.' })
      await error.waitFor()
      expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)')
      expect(await page.getByText('Loading...').count()).toBe(0)
      await context.close()
    } finally {
      renameSync(join(site.root, 'content/delivery-installation.md.away'), join(site.root, 'content/delivery-installation.md'))
    }
  })
})

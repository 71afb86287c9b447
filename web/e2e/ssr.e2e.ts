// Server-rendered pages in Chromium: content without JavaScript, and a clean hydration with it.
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, openPage } from './support/browser'
import { test } from './support/fixtures'
import type { Site } from './support/site'
import type { Service } from '../../server/services/services.schema'
import type { Testimonial } from '../../server/testimonials/testimonials.schema'

let site: Site
let browser: Browser
let services: Service[]
let testimonials: Testimonial[]

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  services = (await (await fetch(`${site.url}/api/services`)).json()) as Service[]
  testimonials = (await (await fetch(`${site.url}/api/testimonials`)).json()) as Testimonial[]
})

/** Console errors and warnings, page errors, and the API calls a page makes. */
function watch(page: Page) {
  const problems: string[] = []
  const apiCalls: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname)
  })
  return { problems, apiCalls }
}

describe('with JavaScript off', () => {
  test('home shows the services, the testimonials and the hero from the HTML alone', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
    const page = await context.newPage()
    const res = await page.goto(site.url)
    expect(res?.status()).toBe(200)
    await page.getByRole('heading', { level: 1 }).waitFor()
    const titles = await page.locator('.service-card__title').allTextContents()
    expect(titles).toEqual(services.map((s) => s.title))
    const quotes = await page.locator('.testimonial__quote').allTextContents()
    expect(quotes).toHaveLength(Math.min(3, testimonials.length))
    for (const quote of quotes) expect(testimonials.map((t) => t.quote)).toContain(quote)
    expect(await page.locator('.hero picture source[type="image/avif"]').count()).toBe(1)
    await context.close()
  })

  test('a service page shows its details and inquiry form; an unknown one shows the not-found page with 404', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const service = services[0]
    await page.goto(`${site.url}/services/${service.id}`)
    await page.getByRole('heading', { level: 1, name: service.title }).waitFor()
    await page.getByRole('heading', { name: service.inquiryFormTitle }).waitFor()
    await page.getByLabel('Email').first().waitFor()
    expect(await page.title()).toContain(service.title)
    const missing = await page.goto(`${site.url}/services/no-such-service`)
    expect(missing?.status()).toBe(404)
    await page.getByText('Oops! This page has floated away.').waitFor()
    await context.close()
  })

  test('the delivery page shows its text', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${site.url}/delivery-installation`)
    await page.getByRole('heading', { name: 'Delivery & Installation' }).first().waitFor()
    expect(await page.locator('.markdown-content, .delivery-page').first().textContent()).not.toContain('Loading...')
    await context.close()
  })
})

describe('with JavaScript on', () => {
  test('home hydrates without warnings or CSP errors and fetches none of its data again', async () => {
    const { context, page } = await openPage(browser, PHONE)
    const seen = watch(page)
    await gotoReady(page, site.url, { waitUntil: 'networkidle' })
    // Hydrated: the mailing-list dialog opens (its button does nothing without React).
    await page.getByRole('button', { name: 'Join our Mailing List' }).click()
    await page.getByRole('dialog').waitFor()
    expect(seen.problems).toEqual([])
    expect(seen.apiCalls.filter((p) => /^\/api\/(services|testimonials|site-settings|service-order)/.test(p))).toEqual([])
    await context.close()
  })

  test('once painted, lets Chrome fetch a public page while its link is hovered (speculation rules), with no CSP error', async () => {
    const { context, page } = await openPage(browser, DESKTOP)
    const seen = watch(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Preload.enable')
    const prefetched: string[] = []
    cdp.on('Preload.prefetchStatusUpdated', (e: { prefetchUrl: string; status: string }) => {
      if (e.status === 'Ready') prefetched.push(new URL(e.prefetchUrl).pathname)
    })
    await gotoReady(page, site.url, { waitUntil: 'networkidle' })
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(1)
    await page.locator('footer a[href="/delivery-installation"]').hover()
    await expect.poll(() => prefetched, { timeout: 5000 }).toContain('/delivery-installation')
    expect(seen.problems).toEqual([])
    await context.close()
  })

  test('keeps the testimonials the server picked when there are more than three', async () => {
    const { context, page } = await openPage(browser, PHONE)
    const seen = watch(page)
    const res = await gotoReady(page, site.url)
    const decode = (html: string) =>
      html
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    const served = [...(await res!.text()).matchAll(/<blockquote class="testimonial__quote">([^<]*)<\/blockquote>/g)].map((m) =>
      decode(m[1]),
    )
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Join our Mailing List' }).click()
    await page.getByRole('dialog').waitFor()
    const shown = await page.locator('.testimonial__quote').allTextContents()
    expect(served).toHaveLength(Math.min(3, testimonials.length))
    expect(shown).toEqual(served)
    expect(seen.problems).toEqual([])
    await context.close()
  })

  test('a service page hydrates cleanly and its inquiry form validates', async () => {
    const { context, page } = await openPage(browser, PHONE)
    const seen = watch(page)
    const service = services[0]
    await gotoReady(page, `${site.url}/services/${service.id}`, { waitUntil: 'networkidle' })
    const email = page.getByLabel('Email').first()
    await email.fill('not-an-email')
    await email.blur()
    await page.getByText('Please enter a valid email address').waitFor()
    await email.fill('guest@example.com')
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0)
    expect(seen.problems).toEqual([])
    expect(seen.apiCalls.filter((p) => /^\/api\/(services|site-settings)/.test(p))).toEqual([])
    await context.close()
  })

  test('the header menus load on first use and open from the keyboard too', async () => {
    const { context, page } = await openPage(browser, DESKTOP)
    const seen = watch(page)
    await gotoReady(page, site.url, { waitUntil: 'networkidle' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: services[0].title }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    expect(seen.problems).toEqual([])
    await context.close()

    const phone = await openPage(browser, PHONE)
    await gotoReady(phone.page, site.url, { waitUntil: 'networkidle' })
    await phone.page.getByRole('button', { name: 'Open menu' }).click()
    await phone.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: services[0].title }).waitFor()
    await phone.context.close()
  })

  test('the not-found page hydrates cleanly with status 404', async () => {
    const { context, page } = await openPage(browser, PHONE)
    const seen = watch(page)
    const res = await gotoReady(page, `${site.url}/no/such/page`, { waitUntil: 'networkidle' })
    expect(res?.status()).toBe(404)
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(`${site.url}/`)
    await page.locator('.service-card').first().waitFor()
    // The document's own 404 is logged by Chromium; nothing else may be.
    expect(seen.problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([])
    await context.close()
  })
})

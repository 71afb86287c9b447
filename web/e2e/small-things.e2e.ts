// Smaller things that confused a visitor or the owner (issue 28, item 5), each at 390 and 1366 px: FAQ and Contact in
// the header and a quote path straight to the form; the testimonials rule in words; "Add question" brought into view;
// History's FAQ filter and a tapped change's detail in view; the inbox's mail notice in the owner's words.
import { describe, expect } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'

let site: Site
let browser: Browser

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
})

/** On screen and not covered where a tap would land. */
const inViewAndFree = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    if (r.top < 0 || r.bottom > innerHeight) return false
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && (hit === el || el.contains(hit))
  })

describe('smaller things', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: FAQ and Contact in the header, and the hero's Get a Quote reaches a form in two taps`, async () => {
      const { page, context } = await openPage(browser, viewport)
      await gotoReady(page, site.url)
      const nav = viewport === PHONE ? page.getByRole('dialog', { name: 'Menu' }) : page.getByRole('navigation', { name: 'Main' })
      if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click()
      await nav.getByRole('link', { name: 'FAQ' }).waitFor()
      // The phone menu reaches the contact page through its Inquire button (each destination once there).
      await nav.getByRole('link', { name: viewport === PHONE ? 'Inquire' : 'Contact', exact: true }).click()
      await expect.poll(() => page.url()).toBe(`${site.url}/contact`)

      await gotoReady(page, site.url)
      await page.locator('.hero').getByRole('link', { name: 'Get a Quote' }).click()
      await expect.poll(() => page.url()).toBe(`${site.url}/contact`)
      // The services come first (on a phone, above the e-mail and phone card), each opening at its form.
      const quote = page.getByRole('region', { name: /quote/i }).first()
      const card = page.locator('.contact-card')
      if (viewport === PHONE) expect((await quote.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y)
      await quote.getByRole('link', { name: 'Bouquets' }).click()
      await expect.poll(() => page.url()).toBe(`${site.url}/services/bouquets#inquiry`)
      const title = page.locator('#inquiry-title')
      await expect
        .poll(() =>
          title.evaluate((el) => {
            const r = el.getBoundingClientRect()
            return r.top >= 0 && r.top < innerHeight / 2
          }),
        )
        .toBe(true)
      await keepScreenshot(page, `quote-path-${viewport.width}`)
      await context.close()
    })

    test(`at ${viewport.width} px: the dashboard says what it does (testimonials, mail), brings a new FAQ question and a tapped change into view`, async () => {
      const { page, context } = await openPage(browser, viewport)
      await loginAsOwner(page, site.url)

      // Testimonials: the rule as the home page applies it, beside the Featured switch.
      await page.getByRole('tab', { name: 'Testimonials Management' }).click()
      const rule = page.locator('#testimonials-heading + .admin-card__hint')
      await expect.poll(() => rule.textContent()).toMatch(/^The home page shows (all|three)/)
      expect(await rule.textContent()).not.toBe('The home page shows up to three of these, picked at random.')

      // Inbox: the notice speaks to her; the technical part waits behind "What to send them".
      await page.getByRole('tab', { name: /Inbox/ }).click()
      const notice = page.getByRole('note').filter({ hasText: 'New inquiries are not e-mailed to you yet.' })
      await notice.waitFor()
      expect(await notice.getByText('SMTP_URL').isVisible()).toBe(false)
      await notice.getByText('What to send them').click()
      expect(await notice.getByText('SMTP_URL').isVisible()).toBe(true)

      // FAQ: a new question is scrolled to, clear of the save bar, with its first field focused.
      await page.getByRole('tab', { name: 'FAQ' }).click()
      await page.getByRole('button', { name: 'Add question' }).click()
      const newRow = page.locator('.admin-faq-row').last()
      const focused = newRow.getByLabel(/^Question \d+$/)
      await expect.poll(() => focused.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await inViewAndFree(focused)).toBe(true)
      await focused.fill(`Do you deliver at ${viewport.width}?`)
      await page.getByLabel('Answer').last().fill('Yes, across the metro area.')
      await page.locator('.admin-savebar').getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('All changes saved.').waitFor()

      // History: FAQ is a choice of the filter; a tapped change's detail opens in view.
      await page.getByRole('tab', { name: 'History' }).click()
      const filter = page.getByLabel('Show changes to')
      await expect.poll(() => filter.locator('option').allTextContents()).toContain('FAQ')
      await filter.selectOption({ label: 'FAQ' })
      const entries = page.locator('.history__entry')
      await entries.first().waitFor()
      await page.getByLabel('Show changes to').selectOption({ label: 'Everything' })
      await expect.poll(() => entries.count()).toBeGreaterThan(1)
      await entries.nth(1).click()
      const detail = page.getByRole('region', { name: 'Change details' })
      await detail.locator('.admin-card__title').waitFor()
      await expect
        .poll(() =>
          detail.evaluate((el) => {
            const r = el.getBoundingClientRect()
            return r.top >= 0 && r.top < innerHeight / 2
          }),
        )
        .toBe(true)
      await keepScreenshot(page, `history-detail-${viewport.width}`)
      await context.close()
    })
  }
})

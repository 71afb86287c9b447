// Issue 28, item 5, the calendar on a phone: a booked day shows who (a status dot and the first name, not a bare "1"),
// and a tapped day's details, with "Block this date", come into view with focus on their heading; at 390 and 1366 px.
import { describe, expect } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { shortEventDate } from '../../server/inquiries/inquiry-format'
import { studioToday } from '../../server/lib/studio-time'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { adminCookie, api, sendInquiry } from './support/public-fixtures'

let site: Site
let browser: Browser
/** The 24th of next month: one "Next month" away, in the grid's last rows (below the fold on a phone). */
const bookedDay = (() => {
  const [y, m] = studioToday().split('-').map(Number)
  return new Date(Date.UTC(y, m, 24)).toISOString().slice(0, 10)
})()

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  const cookie = await adminCookie(site)
  const { id } = await sendInquiry(site, {
    firstName: 'Marisol',
    lastName: 'Dayview',
    email: 'marisol@example.com',
    phone: '503-555-0142',
    eventDate: bookedDay,
  })
  await api(site, 'PATCH', `/api/admin/inquiries/${id}`, { status: 'booked' }, cookie)
})

/** The words a sighted person sees in an element (shown leaves, not the screen-reader sentence). */
const seenText = (target: Locator) =>
  target.evaluate((el) => {
    const words: string[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!
      if (parent.checkVisibility() && !parent.closest('.admin-visually-hidden') && node.textContent!.trim())
        words.push(node.textContent!.trim())
    }
    return words.join(' ')
  })

const inView = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return r.top >= 0 && r.bottom <= innerHeight
  })

describe('the calendar', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: a booked day shows who with a status dot or label, and a tapped day's details come into view`, async () => {
      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      await loginAsOwner(page, site.url)
      await page.getByRole('tab', { name: 'Calendar' }).click()
      await page.getByRole('button', { name: 'Next month' }).click()
      const day = page.getByRole('button', { name: new RegExp(`^${shortEventDate(bookedDay)}, 1 event: Marisol Dayview · Booked`) })
      await day.waitFor()

      const seen = await seenText(day)
      expect(seen).toMatch(/^24 Marisol/)
      if (viewport === PHONE) {
        expect(seen).toBe('24 Marisol')
        expect(await day.locator('.admin-month__dot--booked').isVisible()).toBe(true)
        // The whole first name, not cut to "Ma…".
        expect(await day.getByText('Marisol', { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      } else {
        expect(seen).toBe('24 Marisol Dayview · Booked')
      }
      await keepScreenshot(page, `calendar-month-${viewport.width}`)

      await day.click()
      const heading = page.getByRole('heading', { name: shortEventDate(bookedDay), level: 3 })
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await inView(heading)).toBe(true)
      expect(await inView(page.getByRole('button', { name: 'Block this date' }))).toBe(true)
      expect(await inView(page.getByRole('link', { name: 'Marisol Dayview' }))).toBe(true)
      await keepScreenshot(page, `calendar-day-details-${viewport.width}`)
      expect(describeFindings(await axeFindings(page, `calendar day ${viewport.width}`))).toBe('')
      await context.close()
    })
  }
})

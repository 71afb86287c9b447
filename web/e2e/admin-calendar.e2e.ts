// The Calendar tab: two bookings on one date and a booking on a blocked date are warned about in the calendar and the
// inbox; blocking a date from the calendar; the private .ics address made, read and turned off.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { shortEventDate } from '../../server/inquiries/inquiry-format'
import { studioToday } from '../../server/lib/studio-time'
import { expectToast } from './support/admin'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { adminCookie, api, sendInquiry } from './support/public-fixtures'

/** The 15th and 22nd of next month (always in the future, one "Next month" away). */
function nextMonthDay(day: number): string {
  const [y, m] = studioToday().split('-').map(Number)
  const next = new Date(Date.UTC(y, m, day))
  return next.toISOString().slice(0, 10)
}

describe('event calendar', () => {
  let site: Site
  let browser: Browser
  let cookie: string
  const busyDay = nextMonthDay(15)
  const blockedDay = nextMonthDay(22)
  const freeDay = nextMonthDay(9)

  async function bookedLead(firstName: string, eventDate: string) {
    const { id } = await sendInquiry(site, {
      firstName,
      lastName: 'Calendartest',
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '503-555-0142',
      eventDate,
    })
    await api(site, 'PATCH', `/api/admin/inquiries/${id}`, { status: 'booked' }, cookie)
  }

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    cookie = await adminCookie(site)
    await bookedLead('Ana', busyDay)
    await bookedLead('Bea', busyDay)
    await bookedLead('Cleo', blockedDay)
    await api(site, 'PUT', `/api/admin/calendar/blocked/${blockedDay}`, { note: 'Family wedding' }, cookie)
  })

  const day = (page: Page, date: string) => page.getByRole('button', { name: new RegExp(`^${shortEventDate(date)}`) })

  async function openNextMonth(page: Page) {
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'Calendar' }).click()
    await page.getByRole('button', { name: 'Next month' }).click()
    await page.getByRole('list', { name: 'Warnings this month' }).waitFor()
  }

  test('warns of a double booking and a booking on a blocked date, in the calendar and in the inbox', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await openNextMonth(page)
    const warnings = page.getByRole('list', { name: 'Warnings this month' })
    expect(await warnings.getByRole('listitem').count()).toBe(2)
    await warnings.getByText('Double booking: Ana Calendartest and Bea Calendartest are both booked on this date.').waitFor()
    await warnings.getByText('Booked on a blocked date (Family wedding).').waitFor()
    // Each day says what it shows: date, events, a block and its note, warnings.
    const named = (name: string) => page.getByRole('button', { name, exact: true })
    await named(
      `${shortEventDate(busyDay)}, 2 events: Ana Calendartest · Booked, Bea Calendartest · Booked, warning: Double booking: Ana Calendartest and Bea Calendartest are both booked on this date.`,
    ).waitFor()
    await named(
      `${shortEventDate(blockedDay)}, blocked: Family wedding, 1 event: Cleo Calendartest · Booked, warning: Booked on a blocked date (Family wedding).`,
    ).waitFor()
    await day(page, busyDay).click()
    const details = page.getByRole('region', { name: shortEventDate(busyDay) })
    await details.getByRole('note').filter({ hasText: 'Double booking' }).waitFor()
    await details.getByRole('link', { name: 'Ana Calendartest' }).waitFor()
    await details.getByRole('link', { name: 'Bea Calendartest' }).waitFor()
    expect(await axeViolations(page, '.admin-calendar')).toEqual([])
    await keepScreenshot(page, 'calendar-1366', { fullPage: true })

    // A name on the calendar opens that inquiry in the inbox, with the warning.
    await details.getByRole('link', { name: 'Ana Calendartest' }).click()
    await page.waitForURL(/\/admin\/inbox\?inquiry=/)
    const rows = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem')
    await rows
      .filter({ hasText: 'Ana Calendartest' })
      .getByRole('note')
      .filter({ hasText: 'Double booking: Ana Calendartest and Bea Calendartest' })
      .waitFor()
    await rows.filter({ hasText: 'Ana Calendartest' }).getByText('Double booking', { exact: true }).waitFor()
    await rows.filter({ hasText: 'Cleo Calendartest' }).getByText('Blocked date', { exact: true }).waitFor()
    await rows
      .filter({ hasText: 'Cleo Calendartest' })
      .getByRole('button', { name: /Cleo Calendartest/ })
      .click()
    await rows
      .filter({ hasText: 'Cleo Calendartest' })
      .getByRole('note')
      .filter({ hasText: 'Booked on a blocked date (Family wedding).' })
      .waitFor()
    expect(await axeViolations(page, '.admin-inbox')).toEqual([])
    await keepScreenshot(page, 'inbox-1366', { fullPage: true })
    await context.close()
  })

  test('blocks and unblocks a date from the calendar on a phone', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await openNextMonth(page)
    await keepScreenshot(page, 'calendar-390', { fullPage: true })
    await day(page, freeDay).click()
    await page.getByLabel('Note (optional, only you see it)').fill('Vacation')
    await page.getByRole('button', { name: 'Block this date' }).click()
    await expectToast(page, 'Date blocked')
    await page.getByRole('button', { name: `${shortEventDate(freeDay)}, blocked: Vacation`, exact: true }).waitFor()
    const availability = await fetch(`${site.url}/api/availability?from=${freeDay}&to=${blockedDay}`)
    expect(await availability.json()).toEqual({ unavailable: [freeDay, blockedDay] })
    expect(await axeViolations(page, '.admin-calendar')).toEqual([])
    await keepScreenshot(page, 'calendar-day-390', { fullPage: true })
    await page.getByRole('button', { name: 'Unblock' }).click()
    await expectToast(page, 'Date unblocked')
    await page.getByRole('button', { name: shortEventDate(freeDay), exact: true }).waitFor()
    await page.getByRole('tab', { name: /Inbox/ }).click()
    await page.getByRole('list', { name: 'Inquiries' }).waitFor()
    await keepScreenshot(page, 'inbox-390', { fullPage: true })
    const cleo = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Cleo Calendartest' })
    await cleo.getByRole('button', { name: /Cleo Calendartest/ }).click()
    await cleo.getByRole('note').filter({ hasText: 'Booked on a blocked date' }).waitFor()
    expect(await axeViolations(page, '.admin-inbox')).toEqual([])
    await keepScreenshot(page, 'inquiry-390', { fullPage: true })
    await context.close()
  })

  test('makes a private .ics address of the booked events and turns it off', async ({ ownerPage: page }) => {
    await page.getByRole('tab', { name: 'Calendar' }).click()
    await page.getByRole('button', { name: 'Make a private calendar address' }).click()
    await expectToast(page, 'Calendar address made')
    const url = await page.getByLabel('Calendar address').inputValue()
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
    const feed = await fetch(`${site.url}${new URL(url).pathname}`)
    expect(feed.status).toBe(200)
    const ics = await feed.text()
    expect(ics).toContain('BEGIN:VCALENDAR')
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3)
    expect(ics).toContain(`DTSTART;VALUE=DATE:${busyDay.replaceAll('-', '')}`)
    await page.getByRole('button', { name: 'Turn off' }).click()
    await expectToast(page, 'Calendar address turned off')
    expect((await fetch(`${site.url}${new URL(url).pathname}`)).status).toBe(404)
    await page.getByRole('button', { name: 'Make a private calendar address' }).waitFor()
  })
})

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe-core's WCAG 2.2 A/AA violations inside one part of the page, as "rule: target" lines. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the site's Content-Security-Policy does not stop it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> }
      }
    ).axe
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    )
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
  }, selector)
}

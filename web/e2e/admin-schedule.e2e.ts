// A service that waits for its date, as the owner sets it in the dashboard: the badge says what is scheduled, and the
// public site (pages, home, sitemap, API: caches warm, nobody saving) turns over at the boundary by itself. The
// server is a preview server (FAKE_NOW), so the test moves its clock (PUT /api/admin/clock) instead of waiting.
import { describe, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { axeFindings, describeFindings } from './support/axe'
import { PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { expectToast } from './support/admin'

test.override('siteEnv', { scope: 'file' }, () => ({
  NODE_ENV: 'development',
  FAKE_NOW: '2026-11-30T12:00:00-08:00',
  PUBLIC_CACHE_SECONDS: '60',
}))

describe('a seasonal service in the dashboard and on the public site', () => {
  let site: Site
  let browser: Browser
  let context: BrowserContext
  let page: Page

  const status = async (path: string) => (await fetch(`${site.url}${path}`)).status
  const text = async (path: string) => (await fetch(`${site.url}${path}`)).text()
  /** Every public place Mosaics can appear, after enough requests that kept pages are answered by the shortcut. */
  const publicMosaics = async () => {
    for (let i = 0; i < 30; i++) await fetch(`${site.url}/`).then((r) => r.arrayBuffer())
    const services = (await (await fetch(`${site.url}/api/services`)).json()) as { id: string }[]
    return {
      home: (await text('/')).includes('href="/services/mosaics"'),
      page: await status('/services/mosaics'),
      api: services.some((s) => s.id === 'mosaics'),
      sitemap: (await text('/sitemap.xml')).includes('/services/mosaics</loc>'),
    }
  }
  const moveClock = (now: string) =>
    page.evaluate(async (body) => {
      const res = await fetch('/api/admin/clock', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body })
      if (!res.ok) throw new Error(`clock: ${res.status} ${await res.text()}`)
    }, JSON.stringify({ now }))
  const mosaicsRow = () => page.locator('.admin-service-row', { hasText: 'Mosaics' })

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    ;({ context, page } = await openPage(browser))
    page.setDefaultTimeout(10_000)
    await loginAsOwner(page, site.url)
  })
  test.afterAll(async () => {
    await context?.close()
  })

  test('the owner gives Mosaics its dates; the list says "Scheduled", and the public site leaves it out', async () => {
    expect(await publicMosaics()).toEqual({ home: true, page: 200, api: true, sitemap: true })
    await page.locator('.admin-service-row__select', { hasText: 'Mosaics' }).click()
    await page.getByLabel('Show from', { exact: true }).fill('2026-12-01T09:00')
    await page.getByLabel('Show until', { exact: true }).fill('2026-12-27T00:00')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Changes saved')
    expect(site.git('log', '-1', '--format=%s').trim()).toBe('Update service "Mosaics": schedule')
    expect(site.git('show', 'HEAD:content/services/mosaics.yaml')).toMatch(
      /showFrom: 2026-12-01T09:00:00-08:00\nshowUntil: 2026-12-27T00:00:00-08:00/,
    )
    await mosaicsRow().getByText('Scheduled: shows Dec 1, 2026, 9:00 AM – Dec 27, 2026, 12:00 AM').waitFor()
    await keepScreenshot(page, 'service-list-scheduled-1366')
    expect(await publicMosaics()).toEqual({ home: false, page: 404, api: false, sitemap: false })
  })

  test('at 9:00 AM on Dec 1 it is everywhere, and after Dec 26 gone again, with nobody saving anything', async () => {
    // Far from the boundary a CDN may keep the home page a minute and serve it stale ten more; 30 s before it, the
    // answers (also the kept ones the shortcut sends) let a CDN keep them only until the boundary.
    const cacheControl = async () => {
      for (let i = 0; i < 30; i++) await fetch(`${site.url}/`).then((r) => r.arrayBuffer())
      return (await fetch(`${site.url}/`)).headers.get('cache-control')
    }
    expect(await cacheControl()).toBe('public, s-maxage=60, stale-while-revalidate=600')
    await moveClock('2026-12-01T08:59:30-08:00')
    const near = await cacheControl()
    expect(near).toMatch(/^public, s-maxage=(30|2\d), stale-while-revalidate=0$/)

    await moveClock('2026-12-01T09:00:00-08:00')
    expect(await publicMosaics()).toEqual({ home: true, page: 200, api: true, sitemap: true })
    expect(await text('/services/mosaics')).toMatch(/"@type":"Service","@id":"[^"]*\/services\/mosaics#service","name":"Mosaics"/)
    await page.reload()
    await mosaicsRow().getByText('Showing until Dec 27, 2026, 12:00 AM').waitFor()

    await moveClock('2026-12-27T00:00:00-08:00')
    expect(await publicMosaics()).toEqual({ home: false, page: 404, api: false, sitemap: false })
    await page.reload()
    await mosaicsRow().getByText('Hidden since Dec 27, 2026, 12:00 AM').waitFor()
  })

  test('at 390 px the schedule fits, reads well to axe, and Clear empties a date', async () => {
    const phone = await openPage(browser, PHONE, { bypassCSP: true })
    try {
      await phone.context.addCookies(await context.cookies())
      await gotoReady(phone.page, `${site.url}/admin`)
      await phone.page.locator('.admin-service-row__select', { hasText: 'Mosaics' }).click()
      const schedule = phone.page.getByRole('group', { name: 'Schedule' })
      await schedule.scrollIntoViewIfNeeded()
      await schedule.getByText(/^This is a preview: its clock is moved and read Dec 27, 2026, 12:0\d AM when the page opened\.$/).waitFor()
      await keepScreenshot(phone.page, 'service-schedule-390')
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBe(0)
      const findings = await axeFindings(phone.page, 'service editor with a schedule, 390 px')
      expect(findings, describeFindings(findings)).toEqual([])
      await schedule.getByRole('button', { name: 'Clear Show until' }).click()
      expect(await schedule.getByLabel('Show until', { exact: true }).inputValue()).toBe('')
      await phone.page.getByText('You have unsaved changes.').waitFor()
    } finally {
      await phone.context.close()
    }
  })

  test('at 390 px an FAQ question and the seasonal hero get their schedules too, axe clean', async () => {
    const phone = await openPage(browser, PHONE, { bypassCSP: true })
    try {
      await phone.context.addCookies(await context.cookies())
      const p = phone.page
      await gotoReady(p, `${site.url}/admin/faq`)
      await p.locator('summary', { hasText: 'Schedule' }).first().click()
      await p.getByLabel('Show from 1', { exact: true }).fill('2026-12-01T09:00')
      await p.getByRole('group', { name: 'When question 1 shows' }).scrollIntoViewIfNeeded()
      await keepScreenshot(p, 'faq-schedule-390')
      let findings = await axeFindings(p, 'FAQ question with a schedule, 390 px')
      expect(findings, describeFindings(findings)).toEqual([])
      await p.getByRole('button', { name: 'Discard changes' }).click()

      await gotoReady(p, `${site.url}/admin/site`)
      await p.getByRole('button', { name: 'Add a seasonal hero' }).click()
      await p.getByLabel('Seasonal hero title', { exact: true }).fill('Holiday balloons')
      await p.getByLabel('Show from (seasonal hero)', { exact: true }).fill('2026-12-01T09:00')
      await p.getByRole('group', { name: 'When the seasonal hero shows' }).scrollIntoViewIfNeeded()
      await keepScreenshot(p, 'site-seasonal-hero-390')
      findings = await axeFindings(p, 'Site tab with a seasonal hero, 390 px')
      expect(findings, describeFindings(findings)).toEqual([])
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    } finally {
      await phone.context.close()
    }
  })
})

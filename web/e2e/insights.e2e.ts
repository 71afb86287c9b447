// Insights: public pages send a page view after they paint and leave no cookie or storage behind; bots, DNT and the
// admin are not counted; the Insights tab shows what was sent. Screenshots at 390 and 1366 px go to /tmp.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { studioToday } from '../../server/lib/studio-time'
import { emptyDay } from '../../server/insights/day-counts'
import { addDays } from '../../server/insights/insights-report'
import type { Service } from '../../server/services/services.schema'
import { DESKTOP, PHONE, keepScreenshot } from './support/browser'
import { test } from './support/fixtures'
import { ADMIN_PASSWORD, ADMIN_USERNAME, type Site } from './support/site'
import { axeFindings, describeFindings } from './support/axe'
import { adminCookie, inquiryFor } from './support/public-fixtures'
import { changeLabel } from '../admin/insights/period'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** The visitors stored for the day `n` days before today. */
const pastVisitors = (n: number) => 8 + ((n * 7) % 11) + (n <= 30 ? 6 : 0)
const sumPastVisitors = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => pastVisitors(first + i)).reduce((a, b) => a + b, 0)

/** Earlier days as the server keeps them, so the chart and the comparison have something to show. */
function writePastDays(dataDir: string, today: string) {
  for (let n = 1; n <= 60; n++) {
    const date = addDays(today, -n)
    const visitors = pastVisitors(n)
    const day = emptyDay(date)
    Object.assign(day, {
      visitors,
      pageviews: visitors * 3,
      pages: { '/': visitors, '/services/balloon-garlands': visitors, '/contact': visitors },
      sources: { '(direct)': visitors - 5, 'facebook.com': 3, google: 2 },
      campaigns: { 'bridal-fair': 2 },
      devices: { phone: visitors - 3, desktop: 3 },
      services: { 'balloon-garlands': { views: visitors, visitors, inquiries: n % 4 === 0 ? 1 : 0 } },
    })
    day.conversions.total.inquiries = n % 4 === 0 ? 1 : 0
    mkdirSync(join(dataDir, 'insights', date.slice(0, 4)), { recursive: true })
    writeFileSync(join(dataDir, 'insights', date.slice(0, 4), `${date}.json`), JSON.stringify(day))
  }
}

describe('insights', () => {
  let site: Site
  let browser: Browser
  let service: Service
  const contexts: BrowserContext[] = []

  /** A visitor's own browser: its user agent, its screen, any extra headers (DNT), no state shared with others. */
  async function visitor(
    userAgent: string,
    viewport = DESKTOP,
    extraHTTPHeaders?: Record<string, string>,
    bypassCSP = false,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const phone = viewport.width < 600
    const context = await browser.newContext({ userAgent, viewport, isMobile: phone, hasTouch: phone, extraHTTPHeaders, bypassCSP })
    contexts.push(context)
    return { context, page: await context.newPage() }
  }

  /** Opens a page like a visitor and waits for its beacon (sent after the first paint, app or no app) to be answered. */
  async function visit(page: Page, path: string) {
    const beacon = page.waitForResponse((r) => r.url().endsWith('/api/collect') && r.request().method() === 'POST', { timeout: 30_000 })
    await page.goto(`${site.url}${path}`)
    const answer = await beacon
    expect(answer.status()).toBe(204)
    return answer.request()
  }

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    writePastDays(site.dataDir, studioToday())
    ;[service] = (await (await fetch(`${site.url}/api/services`)).json()) as Service[]
  })
  test.afterAll(async () => {
    for (const c of contexts) await c.close()
  })

  test('a public page reports its view after painting, and the visit leaves no cookie or storage', async () => {
    const { context, page } = await visitor(IPHONE, PHONE)
    // When the beacon leaves, against the first contentful paint.
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator)
      navigator.sendBeacon = (url, data) => (((window as unknown as { beaconAt: number }).beaconAt = performance.now()), send(url, data))
    })
    const setCookies: string[] = []
    page.on('response', async (r) => {
      const header = await r.headerValue('set-cookie')
      if (header) setCookies.push(`${r.url()}: ${header}`)
    })
    const sent = await visit(page, `/services/${service.id}?utm_source=instagram&utm_medium=social&utm_campaign=spring`)
    expect(JSON.parse(sent.postData() ?? '')).toEqual({
      path: `/services/${service.id}?utm_source=instagram&utm_medium=social&utm_campaign=spring`,
      referrer: '',
    })
    const [paintedAt, beaconAt] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      (window as unknown as { beaconAt?: number }).beaconAt,
    ])
    expect(paintedAt).toBeGreaterThan(0)
    expect(beaconAt).toBeGreaterThan(paintedAt!)

    // The visitor asks for a quote from that page: an inquiry credited to the spring campaign and to the service.
    const inquiry = inquiryFor(service)
    const inquiryStatus = await page.evaluate(
      async (body) =>
        (await fetch('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }))
          .status,
      inquiry,
    )
    expect(inquiryStatus).toBe(200)

    // The visitor joins the mailing list from that page: a sign-up credited to the spring campaign.
    const segments = (await (await fetch(`${site.url}/api/flodesk-segments`)).json()) as { id: string }[]
    const status = await page.evaluate(
      async (ids) =>
        (
          await fetch('/api/subscribe', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz', segment_ids: ids }),
          })
        ).status,
      [segments[0].id],
    )
    expect(status).toBe(200)

    // A second visitor on a computer reads the privacy note from the footer.
    const desk = await visitor(WINDOWS)
    await visit(desk.page, '/')
    const privacyBeacon = desk.page.waitForResponse((r) => r.url().endsWith('/api/collect'))
    await desk.page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Privacy/ })
      .click()
    await desk.page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor()
    expect((await privacyBeacon).status()).toBe(204)
    expect(await desk.page.getByText('No cookies and nothing saved in your browser.').isVisible()).toBe(true)

    for (const { context: c, page: p } of [{ context, page }, desk]) {
      expect(await c.cookies()).toEqual([])
      expect(await p.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, ''])
    }
    expect(setCookies).toEqual([])
  }, 120_000)

  test('no public page and no beacon answer sets a cookie', async () => {
    const services = (await (await fetch(`${site.url}/api/services`)).json()) as Service[]
    for (const path of [
      '/',
      ...services.map((s) => `/services/${s.id}`),
      '/about',
      '/contact',
      '/delivery-installation',
      '/thank-you',
      '/privacy',
      '/no-such-page',
    ]) {
      const res = await fetch(`${site.url}${path}`)
      expect(res.headers.get('set-cookie'), path).toBeNull()
    }
    const beacon = await fetch(`${site.url}/api/collect`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'User-Agent': 'curl/8' },
      body: '{"path":"/"}',
    })
    expect([beacon.status, beacon.headers.get('set-cookie')]).toEqual([204, null])
  })

  test('does not count a visitor sending DNT or Sec-GPC, a headless browser, or the admin', async () => {
    for (const headers of [{ DNT: '1' }, { 'Sec-GPC': '1' }] as Record<string, string>[]) {
      const { page } = await visitor(LINUX, DESKTOP, headers)
      const sent = await visit(page, '/')
      expect(await sent.headerValue(Object.keys(headers)[0])).toBe('1')
    }
    const bot = await browser.newContext()
    contexts.push(bot)
    await visit(await bot.newPage(), '/')
    const admin = await visitor(MAC)
    await admin.context.addCookies(
      (await adminCookie(site)).split('; ').map((c) => ({ name: c.split('=')[0], value: c.slice(c.indexOf('=') + 1), url: site.url })),
    )
    await visit(admin.page, '/')
  }, 120_000)

  test("the Insights tab shows today's counts as sent, and reads well on a phone and a desk", async () => {
    // CSP bypassed only so axe-core can be injected at the end.
    const { page } = await visitor(MAC, DESKTOP, undefined, true)
    await page.goto(`${site.url}/admin/insights`)
    await page.getByLabel('Username').fill(ADMIN_USERNAME)
    await page.getByLabel('Password').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('heading', { name: 'Insights' }).waitFor()

    const today = studioToday()
    await page.getByRole('button', { name: 'Choose dates' }).click()
    await page.getByLabel('From', { exact: true }).fill(today)
    await page.getByLabel('To', { exact: true }).fill(today)
    await page.getByRole('button', { name: 'Show' }).click()
    const totals = page.getByRole('list', { name: 'Totals' })
    const figure = (label: string) => totals.getByRole('listitem').filter({ hasText: label }).locator('.admin-insights__figure-value')
    await expect.poll(() => page.locator('.admin-insights__period').textContent()).toMatch(/^(\w{3} \d+) – \1,/)
    expect(await figure('Visitors').textContent()).toBe('2')
    expect(await figure('Page views').textContent()).toBe('3')
    expect(await figure('Sign-ups').textContent()).toBe('1')
    expect(await figure('Inquiries').textContent()).toBe('1')

    const rowOf = (table: string, name: string) =>
      page.getByRole('region', { name: table }).getByRole('row', { name: new RegExp(`^${name}`) })
    expect(await rowOf('Sources', 'instagram').textContent()).toBe('instagram111')
    expect(await rowOf('Sources', 'Direct').textContent()).toMatch(/1 ?0 ?0$/)
    expect(await rowOf('Campaigns', 'spring').textContent()).toBe('spring111')
    expect(await rowOf('Services', service.title).locator('td').allTextContents()).toEqual(['1', '1', '1', '100.0%'])
    const devices = await page.locator('#insights-devices').locator('..').getByRole('listitem').allTextContents()
    const bare = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ''))
    expect(bare(devices)).toEqual(['Computer1visitors', 'Phone1visitors'])
    const pages = await page.locator('#insights-pages').locator('..').getByRole('listitem').allTextContents()
    expect(bare(pages).sort()).toEqual(['/1pageviews', '/privacy1pageviews', `/services/${service.id}1pageviews`])

    // The CSV holds the same figures.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`insights-${today}-to-${today}.csv`)
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(csv).toContain(`Total,${today} to ${today},2,3,1,1,50.0%`)
    expect(csv).toContain('Source,instagram,1,,1,1,100.0%')
    expect(csv).toContain('Campaign,spring,1,,1,1,100.0%')
    expect(csv).toContain(`Service,${service.title},1,1,1,,100.0%`)

    // Thirty days with the stored past, for the eye: a desk and a phone.
    await page.getByRole('button', { name: '30 days' }).click()
    await expect.poll(() => figure('Visitors').textContent()).not.toBe('2')
    // Against the 30 days before: today's 2 and the 29 stored days, then the 30 before those.
    const [now, before] = [2 + sumPastVisitors(1, 29), sumPastVisitors(30, 59)]
    expect(await figure('Visitors').textContent()).toBe(now.toLocaleString('en-US'))
    const visitorsChange = totals.getByRole('listitem').filter({ hasText: 'Visitors' }).locator('.admin-insights__figure-change')
    expect(await visitorsChange.textContent()).toBe(`${changeLabel(now, before)} (before: ${before.toLocaleString('en-US')})`)
    await page.locator('.admin-insights__chart canvas').waitFor()
    await keepScreenshot(page, 'insights-1366', { fullPage: true })
    await page.setViewportSize(PHONE)
    await page.waitForTimeout(300)
    await keepScreenshot(page, 'insights-390', { fullPage: true })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)

    // No WCAG 2.2 AA finding on the tab (phone width, with the dates form open) or on the privacy note. The
    // dashboard shell's landmarks (best practices, not WCAG) are the shell's, checked in accessibility.e2e.ts.
    await page.getByRole('button', { name: 'Choose dates' }).click()
    const shell = new Set(['landmark-one-main', 'region'])
    const findings = (await axeFindings(page, 'insights 390px')).filter((f) => !shell.has(f.rule))
    await page.goto(`${site.url}/privacy`)
    findings.push(...(await axeFindings(page, 'privacy 390px')))
    expect(describeFindings(findings)).toBe('')
  }, 120_000)
})

// The Inbox tab: an inquiry sent through the API shows up with the new count, opens to every answer, and moves through
// the pipeline with a templated reply, a note, a quote and a deposit; the owner's own reply template; a lost lead's reason.
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { LOST_REASONS } from '../../server/inquiries/inquiry-record.schema'
import { shortEventDate } from '../../server/inquiries/inquiry-format'
import { expectToast } from './support/admin'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { adminCookie, api, sendInquiry } from './support/public-fixtures'

describe('admin inbox', () => {
  let site: Site
  let browser: Browser

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
  })

  test('moves a new inquiry through the pipeline with a reply, a note, a quote and a deposit, and exports it all', async () => {
    const { service } = await sendInquiry(site)

    const { page, context } = await openPage(browser)
    await loginAsOwner(page, site.url)
    // The count of new inquiries is on the tab and in the page title before the inbox is even opened.
    const inboxTab = page.getByRole('tab', { name: /Inbox/ })
    await expect.poll(() => inboxTab.textContent()).toBe('Inbox 1 new')
    await expect.poll(() => page.title()).toMatch(/^\(1 new\) Admin Dashboard \| .+ Management$/)
    await inboxTab.click()
    await page.getByRole('note').filter({ hasText: 'New inquiries are not e-mailed to you yet.' }).waitFor()
    const list = page.getByRole('list', { name: 'Inquiries' })
    const row = list.getByRole('listitem').filter({ hasText: 'Rosalind Inboxtest' })
    await row.waitFor()
    expect(await row.textContent()).toContain(service.title)
    expect(await row.textContent()).toContain('Not e-mailed')
    expect(await row.textContent()).toContain('Event Sat, Mar 15, 2031')
    expect(await row.locator('.admin-status--new').textContent()).toBe('New')

    await row.getByRole('button', { name: /Rosalind Inboxtest/ }).click()
    for (const text of ['rosalind@example.com', '503-555-0199', '12 SE Division St', 'Garden party for 30 guests', 'Internet Search']) {
      await row.getByText(text, { exact: true }).waitFor()
    }

    // Reply: the chosen template, filled in, in a mailto: link; using it marks the lead contacted.
    await row.getByLabel('Reply with').selectOption({ label: 'Quote' })
    const reply = row.getByRole('link', { name: 'Reply', exact: true })
    const href = decodeURIComponent((await reply.getAttribute('href')) ?? '')
    expect(href).toContain('mailto:rosalind@example.com?subject=')
    expect(href).toContain(`Your quote for ${service.title} on Sat, Mar 15, 2031`)
    expect(href).toContain('Hi Rosalind,')
    await reply.evaluate((a: HTMLAnchorElement) => a.addEventListener('click', (e) => e.preventDefault()))
    await reply.click()
    await expectToast(page, 'Marked as contacted')
    await expect.poll(() => row.locator('.admin-status--contacted').textContent()).toBe('Contacted')
    await expect.poll(() => inboxTab.textContent()).toBe('Inbox')
    await expect.poll(() => page.title()).toMatch(/^Admin Dashboard/)

    await row.getByLabel('Add a note').fill('Prefers pastel colours; call after 5 pm')
    await row.getByRole('button', { name: 'Add note' }).click()
    await expectToast(page, 'Note added')
    await row.getByText('Prefers pastel colours; call after 5 pm').waitFor()

    // A quote on a contacted lead offers to move it on to Quoted: one Save does both.
    await row.getByLabel('Quoted amount ($)').fill('1,250.50')
    expect(await row.getByLabel('Also move this lead from Contacted to Quoted').isChecked()).toBe(true)
    await row.getByRole('button', { name: 'Save pipeline' }).click()
    await expectToast(page, 'Saved: Moved to Quoted, quote $1,250.50')
    await row.getByLabel('Deposit received ($)').fill('300')
    await row.getByLabel('Received on').fill('2026-11-20')
    await row.getByLabel('Status', { exact: true }).selectOption('booked')
    await row.getByRole('button', { name: 'Save pipeline' }).click()
    await expectToast(page, 'Saved: Moved to Booked, deposit $300')
    expect(await row.locator('.admin-inquiry__badges').textContent()).toContain('Quoted $1,250.50')
    expect(await row.locator('.admin-inquiry__badges').textContent()).toContain('Deposit $300')
    const history = row.getByRole('region', { name: 'History' })
    for (const step of [
      'Received from the website',
      'New → Contacted',
      'Contacted → Quoted',
      'Quoted $1,250.50',
      'Quoted → Booked',
      'Deposit of $300 received on Fri, Nov 20, 2026',
      'Not e-mailed: e-mail is not set up',
    ]) {
      await history.getByText(step).waitFor()
    }

    // Filter and search; the export still takes everything, and says so.
    await page.getByRole('button', { name: /^Booked/ }).click()
    await row.waitFor()
    await page.getByRole('button', { name: /^Lost/ }).click()
    await page.getByText('No inquiries match.').waitFor()
    await page.getByRole('button', { name: /^All/ }).click()
    await page.getByLabel('Search').fill('555-0199')
    await row.waitFor()
    await page.getByRole('status').filter({ hasText: 'Export CSV downloads all' }).waitFor()
    await page.getByLabel('Search').fill('nobody-like-this')
    await page.getByText('No inquiries match.').waitFor()
    await page.getByLabel('Search').fill('')

    const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    expect(csvHref).toContain('status=all')
    const csv = await (await context.request.get(`${site.url}${csvHref}`)).text()
    expect(csv).toContain('Rosalind,Inboxtest,rosalind@example.com')
    expect(csv).toContain('1250.50,300.00,2026-11-20')
    expect(csv).toContain('Prefers pastel colours; call after 5 pm')
    const subscribers = await context.request.get(
      `${site.url}${await page.getByRole('link', { name: 'Export subscribers' }).getAttribute('href')}`,
    )
    expect(subscribers.status()).toBe(200)

    // A reload shows everything as saved.
    await page.reload()
    const again = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Rosalind Inboxtest' })
    await again.getByRole('button', { name: /Rosalind Inboxtest/ }).click()
    expect(await again.locator('.admin-status--booked').textContent()).toBe('Booked')
    await again.getByText('Prefers pastel colours; call after 5 pm').waitFor()
    expect(await again.getByLabel('Quoted amount ($)').inputValue()).toBe('1250.5')
    await context.close()
  })

  test('on a phone: the owner writes her own reply template and replies with it; a lost lead keeps the reason chosen or written', async () => {
    const eventDate = '2031-06-06'
    const { service } = await sendInquiry(site, {
      firstName: 'Marguerite',
      lastName: 'Losttest',
      email: 'marguerite@example.com',
      eventDate,
    })
    const { page, context } = await openPage(browser, PHONE)
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: /Inbox/ }).click()

    // A template of her own, with placeholders, saved under DATA_DIR.
    await page.getByText('Reply templates', { exact: true }).click()
    await page.getByRole('button', { name: 'Add template' }).click()
    const count = await page.locator('.admin-templates__item').count()
    const mine = page.getByRole('group', { name: `Template ${count}` })
    await mine.getByLabel('Name').fill('Date check')
    await mine.getByLabel('Subject').fill('{service} on {eventDate}')
    await mine.getByLabel('Message').fill('Hi {firstName}, we are free on {eventDate}.')
    await page.getByRole('button', { name: 'Save templates' }).click()
    await expectToast(page, 'Reply templates saved')

    const row = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Marguerite Losttest' })
    await row.getByRole('button', { name: /Marguerite Losttest/ }).click()
    await row.getByLabel('Reply with').selectOption({ label: 'Date check' })
    const reply = row.getByRole('link', { name: 'Reply', exact: true })
    const href = (await reply.getAttribute('href')) ?? ''
    expect(href.startsWith('mailto:marguerite@example.com?subject=')).toBe(true)
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
    expect(params.get('subject')).toBe(`${service.title} on ${shortEventDate(eventDate)}`)
    expect(params.get('body')).toBe(`Hi Marguerite, we are free on ${shortEventDate(eventDate)}.`)
    await reply.evaluate((a: HTMLAnchorElement) => a.addEventListener('click', (e) => e.preventDefault()))
    await reply.click()
    await expectToast(page, 'Marked as contacted')

    // Lost, with a reason from the short list; then with one she writes.
    await row.getByLabel('Status', { exact: true }).selectOption('lost')
    await row.getByLabel('Why was it lost?').selectOption(LOST_REASONS[1])
    await row.getByRole('button', { name: 'Save pipeline' }).click()
    await expectToast(page, 'Saved: Marked as lost')
    await row.getByText(`Lost: ${LOST_REASONS[1]}`).waitFor()
    await row.getByRole('region', { name: 'History' }).getByText(`Contacted → Lost (${LOST_REASONS[1]})`).waitFor()
    await row.getByLabel('Why was it lost?').selectOption({ label: 'Other (write it)' })
    await row.getByLabel('Reason', { exact: true }).fill('Chose balloons from a friend')
    await row.getByRole('button', { name: 'Save pipeline' }).click()
    await expectToast(page, 'Saved: Marked as lost')
    await row.getByText('Lost: Chose balloons from a friend').waitFor()

    // After a reload both are still there.
    await page.reload()
    const again = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Marguerite Losttest' })
    await again.getByRole('button', { name: /Marguerite Losttest/ }).click()
    await again.getByText('Lost: Chose balloons from a friend').waitFor()
    expect(await again.getByLabel('Reply with').locator('option').allTextContents()).toContain('Date check')
    await context.close()
  })

  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px: "Quoted" and $725 on one card are one save that keeps both, in the history, and in the quote reply`, async () => {
      const first = `Quinn${viewport.width}`
      await sendInquiry(site, { firstName: first, lastName: 'Quotetest', email: 'quinn@example.com' })
      const { page, context } = await openPage(browser, viewport)
      await loginAsOwner(page, site.url)
      await page.getByRole('tab', { name: /Inbox/ }).click()
      const row = page
        .getByRole('list', { name: 'Inquiries' })
        .getByRole('listitem')
        .filter({ hasText: `${first} Quotetest` })
      await row.getByRole('button', { name: new RegExp(`${first} Quotetest`) }).click()

      // Her path: the status first, then the amount, then the one Save.
      const save = row.getByRole('button', { name: 'Save pipeline' })
      expect(await save.isDisabled()).toBe(true)
      await row.getByLabel('Status', { exact: true }).selectOption('quoted')
      await row.getByText('Unsaved changes').waitFor()
      await row.getByLabel('Quoted amount ($)').fill('$725')
      // The status is already Quoted, so nothing else is offered.
      expect(await row.getByText(/Also move this lead/).count()).toBe(0)
      await save.click()
      await expectToast(page, 'Saved: Moved to Quoted, quote $725')
      await expect.poll(() => row.locator('.admin-status--quoted').textContent()).toBe('Quoted')
      expect(await row.locator('.admin-inquiry__badges').textContent()).toContain('Quoted $725')
      expect(await row.getByLabel('Status', { exact: true }).inputValue()).toBe('quoted')
      expect(await row.getByText('Unsaved changes').count()).toBe(0)
      const history = row.getByRole('region', { name: 'History' })
      await history.getByText('New → Quoted').waitFor()
      await history.getByText('Quoted $725').waitFor()

      // The Quote template names the amount and is signed with the brand (no owner's name set yet).
      const { brand } = await api<{ brand: { name: string } }>(site, 'GET', '/api/site-settings')
      await row.getByLabel('Reply with').selectOption({ label: 'Quote' })
      const body = async () => {
        const href = (await row.getByRole('link', { name: 'Reply', exact: true }).getAttribute('href')) ?? ''
        return new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body') ?? ''
      }
      await expect.poll(body).toContain(`Best,\r\n${brand.name}`)
      expect(await body()).toMatch(/on Sat, Mar 15, 2031: \$725\./)
      await keepScreenshot(page, `inbox-pipeline-${viewport.width}`)

      // A reload shows both as saved.
      await page.reload()
      const again = page
        .getByRole('list', { name: 'Inquiries' })
        .getByRole('listitem')
        .filter({ hasText: `${first} Quotetest` })
      await again.getByRole('button', { name: new RegExp(`${first} Quotetest`) }).click()
      expect(await again.getByLabel('Status', { exact: true }).inputValue()).toBe('quoted')
      expect(await again.getByLabel('Quoted amount ($)').inputValue()).toBe('725')
      await context.close()
    })
  }

  test("signs replies with the owner's name once she gives it, which the public site never shows; warns when the quote is missing", async () => {
    const cookie = await adminCookie(site)
    const settings = await api<Record<string, any>>(site, 'GET', '/api/site-settings', undefined, cookie)
    const { version, ...rest } = settings
    await api(site, 'PUT', '/api/site-settings', { ...rest, brand: { ...rest.brand, ownerName: 'Maya' }, baseVersion: version }, cookie)
    expect((await api<{ brand: Record<string, string> }>(site, 'GET', '/api/site-settings')).brand.ownerName).toBeUndefined()

    await sendInquiry(site, { firstName: 'Noquote', lastName: 'Signtest' })
    const { page, context } = await openPage(browser, PHONE)
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: /Inbox/ }).click()
    const row = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Noquote Signtest' })
    await row.getByRole('button', { name: /Noquote Signtest/ }).click()
    await row.getByLabel('Reply with').selectOption({ label: 'Quote' })
    await row.getByText('This template uses a quoted amount, which this inquiry does not have yet').waitFor()
    // The signature comes from the site settings, read once per dashboard after it opens (on a busy machine, later).
    const body = async () => {
      const href = (await row.getByRole('link', { name: 'Reply', exact: true }).getAttribute('href')) ?? ''
      return new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body')
    }
    await expect.poll(body, { timeout: 10_000 }).toMatch(/Best,\r\nMaya\r\n$/)
    await row.getByLabel('Reply with').selectOption({ label: 'Thanks, a few questions' })
    expect(await row.getByText(/This template uses/).count()).toBe(0)
    await context.close()

    // A Reply pressed before the signature has come (a slow connection) opens the e-mail once it has, signed.
    await replyBeforeTheSignature()
  })

  async function replyBeforeTheSignature() {
    const { page, context } = await openPage(browser, DESKTOP)
    // The mail app is opened with window.open(url, '_self'): recorded here instead.
    await page.addInitScript(() => {
      const opened: string[] = ((window as unknown as { opened: string[] }).opened = [])
      window.open = ((url?: string | URL) => (opened.push(String(url)), null)) as typeof window.open
    })
    await loginAsOwner(page, site.url)
    // The site settings (and with them the signature) are held back, as on a slow connection.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/site-settings', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('tab', { name: /Inbox/ }).click()
    const row = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Noquote Signtest' })
    await row.getByRole('button', { name: /Noquote Signtest/ }).click()
    await row.getByLabel('Reply with').selectOption({ label: 'Thanks, a few questions' })
    await row.getByRole('link', { name: 'Reply', exact: true }).click()
    const opened = () => page.evaluate(() => (window as unknown as { opened: string[] }).opened)
    expect(await opened()).toEqual([])
    release()
    await expect.poll(opened).toHaveLength(1)
    const [href] = await opened()
    expect(href.startsWith('mailto:')).toBe(true)
    expect(new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body')).toMatch(/\r\nMaya\r\n$/)
    await context.close()
  }
})

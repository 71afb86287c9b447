// The client's quote page in a real browser: the link from the owner's quote, an add-on ticked (the total follows),
// Accept pressed too early (told what is missing, where), then signed; a replaced link points to the newer quote.
import type { Browser } from 'playwright-core'
import { describe, expect } from 'vitest'
import { InquiryStore } from '../../server/inquiries/inquiries.store'
import { sampleInquiry } from '../../server/inquiries/testing-inquiry'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test, type OwnerApi } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'

const quoteBody = {
  items: [
    { description: 'Organic arch, per foot', quantity: 12, unitPrice: 25 },
    { description: 'Classic bouquet', quantity: 3, unitPrice: 45 },
    { description: 'Warm LED string lights', quantity: 1, unitPrice: 40, optional: true },
  ],
  deliveryFee: 45,
  depositPercent: 30,
}

describe("the client's quote page", () => {
  let site: Site
  let browser: Browser
  let api: OwnerApi
  let inquiryId: string
  test.beforeAll(async ({ site: s, browser: b, ownerApi }) => {
    site = s
    browser = b
    api = ownerApi
    inquiryId = (await new InquiryStore(site.dataDir).create(sampleInquiry() as never, { state: 'sent', attempts: 1 })).id
  })

  const makeQuote = async () => {
    const res = await api('POST', `/admin/inquiries/${inquiryId}/quotes`, quoteBody)
    expect(res.status).toBe(201)
    return (await res.json()) as { token: string; url: string }
  }

  test('shows the quote at 390 and 1366 px, axe-clean, not stored or indexed', async () => {
    const { token } = await makeQuote()
    const res = await fetch(`${site.url}/quote/${token}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toContain('<meta name="robots" content="noindex">')
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      await gotoReady(page, `${site.url}/quote/${token}`)
      await page.getByRole('heading', { name: 'Quote for Jane Doe' }).waitFor()
      expect(await page.locator('.is-total td').textContent()).toBe('$480.00')
      expect(await page.getByRole('region', { name: 'The agreement' }).textContent()).toContain('The deposit of $144.00 reserves the date')
      expect(describeFindings(await axeFindings(page, `quote ${viewport.width}`))).toBe('')
      await keepScreenshot(page, `quote-${viewport.width}`, { fullPage: true })
      expect(await context.cookies()).toEqual([])
      await context.close()
    }
  })

  test('ticks an add-on, is told what is missing, then signs; the signed total is the one shown', async () => {
    const { token } = await makeQuote()
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, `${site.url}/quote/${token}`)
    await page.getByRole('checkbox', { name: /Warm LED string lights/ }).check()
    await expect.poll(() => page.locator('.is-total td').textContent()).toBe('$520.00')
    expect(await page.getByRole('region', { name: 'The agreement' }).textContent()).toContain('The deposit of $156.00 reserves the date')
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    const errors = page.getByRole('alert')
    await errors.waitFor()
    expect(await errors.textContent()).toBe('Type your full name to signTick "I agree to the terms above" to accept')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert')
    await page.getByLabel('Full name').fill('Jane Doe')
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('checkbox')
    await page.getByRole('checkbox', { name: 'I agree to the terms above' }).check()
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    await page.getByText(/^Accepted and signed by Jane Doe on /).waitFor()
    // No card payments on this site: the deposit due and how to pay, no card button.
    expect(await page.getByRole('region', { name: 'Payment' }).textContent()).toBe(
      'PaymentDeposit due: $156.00. The studio will tell you how to pay.',
    )
    expect(await page.getByRole('button', { name: /by card/ }).count()).toBe(0)
    const signed = (await (await api('GET', `/admin/inquiries/${inquiryId}/quotes`)).json()) as {
      version: number
      total: number
      signature: { name: string; addOns: number[] } | null
    }[]
    expect(signed.at(-1)).toMatchObject({ total: 520, signature: { name: 'Jane Doe', addOns: [2] } })
    await context.close()
  })

  test('the owner makes a quote in the inbox from the price list, the delivery fee from the ZIP zone; the lead is Quoted', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await gotoReady(page, `${site.url}/admin/inbox`)
    const row = page.locator('.admin-inquiry').filter({ hasText: 'Jane Doe' }).first()
    await row.waitFor()
    if ((await row.getByRole('region', { name: 'Quotes' }).count()) === 0)
      await row
        .getByRole('button', { name: /Jane Doe/ })
        .first()
        .click()
    const quotes = row.getByRole('region', { name: 'Quotes' })
    await quotes.getByRole('button', { name: /Make a (new version|quote)/ }).click()
    expect(await quotes.getByLabel(/^Delivery fee/).inputValue()).toBe('25')
    await quotes.getByLabel('Add from the price list').selectOption({ label: 'Classic bouquet (5 latex balloons) ($45)' })
    await quotes.getByLabel('Add from the price list').selectOption({ label: 'Add-on: Warm LED string lights ($40)' })
    await quotes.getByLabel('Line 1: quantity').fill('4')
    expect(describeFindings(await axeFindings(page, 'quote builder phone'))).toBe('')
    const links = quotes.getByRole('link', { name: /The client.s link \(version \d+\)/ })
    const before = await links.count()
    await quotes.getByRole('button', { name: 'Create and e-mail to the client' }).click()
    await expect.poll(() => links.count()).toBe(before + 1)
    const link = links.last()
    const href = (await link.getAttribute('href'))!
    const client = await fetch(`${site.url}/api${new URL(href).pathname.replace('/quote/', '/quotes/')}`)
    expect(await client.json()).toMatchObject({
      total: 205,
      lines: [
        { description: 'Classic bouquet (5 latex balloons)', quantity: 4, amount: 180 },
        { optional: true, amount: 40 },
      ],
    })
    expect(await row.textContent()).toContain('Quoted')
    await context.close()
  })

  test('a replaced quote says so and links to the newer one', async () => {
    const first = await makeQuote()
    const second = await makeQuote()
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, `${site.url}/quote/${first.token}`)
    await page.getByText('This quote was replaced by a newer quote.').waitFor()
    expect(await page.getByRole('button', { name: 'Accept and sign' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Open the newer quote' }).click()
    await page.waitForURL(`${site.url}/quote/${second.token}`)
    await page.getByRole('button', { name: 'Accept and sign' }).waitFor()
    await gotoReady(page, `${site.url}/quote/${'x'.repeat(22)}`)
    await page.getByRole('heading', { name: 'Quote not available' }).waitFor()
    await context.close()
  })
})

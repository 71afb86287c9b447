// A quote from the inbox to the signature, as the owner sees it: "Create and e-mail to the client" sends the link and
// says so; once the client has signed, the inquiry shows who signed, when, the text's SHA-256 and the agreement's
// version, with the signed PDF to download (390 and 1366 px, axe-clean).
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { InquiryStore } from '../../server/inquiries/inquiries.store'
import { sampleInquiry } from '../../server/inquiries/testing-inquiry'
import { parseMail, startTestSmtp, type TestSmtp } from '../../server/inquiries/testing-smtp'
import { expectToast } from './support/admin'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner, type OwnerApi } from './support/owner'
import type { Site } from './support/site'

let smtp: TestSmtp
test.override('siteEnv', { scope: 'file' }, async () => {
  smtp = await startTestSmtp()
  return { SMTP_URL: smtp.url, MAIL_FROM: 'site@studio.test', MAIL_RETRY_DELAYS: '0.2' }
})

describe('a signed quote on the inquiry', () => {
  let site: Site
  let browser: Browser
  let api: OwnerApi
  let inquiryId: string
  test.beforeAll(async ({ site: s, browser: b, ownerApi }) => {
    site = s
    browser = b
    api = ownerApi
    inquiryId = (
      await new InquiryStore(site.dataDir).create(sampleInquiry({ firstName: 'Signe' }) as never, { state: 'sent', attempts: 1 })
    ).id
  })
  test.afterAll(async () => {
    await smtp?.stop()
  })

  const openQuotes = async (page: Page) => {
    await gotoReady(page, `${site.url}/admin/inbox`)
    const row = page.locator('.admin-inquiry').filter({ hasText: 'Signe Doe' }).first()
    await row.waitFor()
    if ((await row.getByRole('region', { name: 'Quotes' }).count()) === 0)
      await row
        .getByRole('button', { name: /Signe Doe/ })
        .first()
        .click()
    return { row, quotes: row.getByRole('region', { name: 'Quotes' }) }
  }

  test('the owner sends a quote from the inbox: the client is e-mailed its link, the lead is Quoted, and the dashboard says so', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await loginAsOwner(page, site.url)
    const { row, quotes } = await openQuotes(page)
    await quotes.getByRole('button', { name: 'Make a quote' }).click()
    await quotes.getByLabel('Add from the price list').selectOption({ label: 'Classic bouquet (5 latex balloons) ($45)' })
    await quotes.getByRole('button', { name: 'Create and e-mail to the client' }).click()
    await expectToast(page, 'Quote sent', 'Version 1 is being e-mailed to jane@example.com; the lead is now Quoted.')
    const [mail] = await smtp.waitFor(1)
    const link = (await quotes.getByRole('link', { name: 'The client’s link (version 1)' }).getAttribute('href'))!
    expect(parseMail(mail!.raw).text).toContain(`Open your quote: ${link}`)
    expect(await row.textContent()).toContain('Quoted')
    await page.reload()
    const reopened = await openQuotes(page)
    await reopened.quotes.getByText(/^Link to the quote e-mailed to the client /).waitFor()
    await context.close()
  })

  test('shows the signature and the signed PDF on the inquiry at 390 and 1366 px', async () => {
    const [quote] = (await (await api('GET', `/admin/inquiries/${inquiryId}/quotes`)).json()) as { id: string; url: string }[]
    const token = new URL(quote!.url).pathname.split('/').pop()!
    const accepted = await fetch(`${site.url}/api/quotes/${token}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.url },
      body: JSON.stringify({ name: 'Signe Q. Doe', agree: true, addOns: [] }),
    })
    expect(accepted.status).toBe(200)
    await smtp.waitFor(2)
    const [signed] = (await (await api('GET', `/admin/inquiries/${inquiryId}/quotes`)).json()) as { signature: { textSha256: string } }[]
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      await loginAsOwner(page, site.url)
      const { quotes } = await openQuotes(page)
      const signature = quotes.getByRole('definition')
      await expect.poll(() => signature.allTextContents()).toContain('Signe Q. Doe')
      expect(await signature.allTextContents()).toContain(signed!.signature.textSha256)
      await quotes.getByText(/^Signed copy \(PDF\) e-mailed to the client /).waitFor()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        quotes.getByRole('link', { name: 'Download the signed PDF (version 1)' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('signed-quote-v1.pdf')
      expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-')
      expect(describeFindings(await axeFindings(page, `signed quote ${viewport.width}`))).toBe('')
      await quotes.scrollIntoViewIfNeeded()
      await keepScreenshot(page, `inquiry-signature-${viewport.width}`)
      await context.close()
    }
  })
})

// The inbox with e-mail set up but the mail server down: a failed delivery says so on the inquiry, with the retry button,
// and "Retry e-mail now" sends it once the server is back; /healthz counts it while it waits. (admin-inbox.e2e.ts covers
// the inbox without e-mail set up.)
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { startTestSmtp, type TestSmtp } from '../../server/inquiries/testing-smtp'
import { expectToast } from './support/admin'
import { PHONE, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { sendInquiry } from './support/public-fixtures'

let smtp: TestSmtp
test.override('siteEnv', { scope: 'file' }, async () => {
  // The mail server's port is known, then it goes down: the site's first attempt is refused.
  smtp = await startTestSmtp()
  await smtp.stop()
  return {
    SMTP_URL: smtp.url,
    MAIL_TO: 'studio@example.com',
    MAIL_FROM: 'website@example.com',
    MAIL_CONFIRM_VISITOR: 'off',
    // The next automatic try is an hour away: only the button can send it during the test.
    MAIL_RETRY_DELAYS: '3600',
  }
})

describe('admin inbox, e-mail failing', () => {
  let site: Site
  let browser: Browser

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
  })
  test.afterAll(async () => {
    await smtp?.stop()
  })

  test('shows the failure on the inquiry and sends it with Retry e-mail now once the mail server is back', async () => {
    await sendInquiry(site, { firstName: 'Ottilie', lastName: 'Mailtest' })

    const { page, context } = await openPage(browser, PHONE)
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: /Inbox/ }).click()
    const list = page.getByRole('list', { name: 'Inquiries' })
    await list.waitFor()
    // E-mail is set up, so no set-up notice.
    expect(await page.getByRole('note').filter({ hasText: 'New inquiries are not e-mailed to you yet.' }).count()).toBe(0)
    const row = list.getByRole('listitem').filter({ hasText: 'Ottilie Mailtest' })
    // The first attempt is made right after the inquiry is stored; the inbox shows its failure after a reload.
    await expect
      .poll(
        async () => {
          if ((await row.getByText('E-mail failing', { exact: true }).count()) > 0) return true
          await page.reload()
          await page.getByRole('list', { name: 'Inquiries' }).waitFor()
          return false
        },
        { timeout: 20_000 },
      )
      .toBe(true)

    await row.getByRole('button', { name: /Ottilie Mailtest/ }).click()
    const failure = row.getByRole('note').filter({ hasText: 'E-mail failed after 1 attempt' })
    await failure.waitFor()
    expect(await failure.textContent()).toMatch(/Next automatic try /)
    await row
      .getByRole('region', { name: 'History' })
      .getByText(/^E-mail to the studio failing \(1 attempt\)/)
      .waitFor()

    // The health check counts the e-mail waiting for its retry (and names no address).
    const waiting = await (await fetch(`${site.url}/healthz`)).text()
    expect(JSON.parse(waiting).mail).toEqual({ pending: 1 })
    expect(waiting).not.toContain('@')

    await smtp.start()
    await row.getByRole('button', { name: 'Retry e-mail now' }).click()
    await expectToast(page, 'E-mail queued')
    const [mail] = await smtp.waitFor(1, 20_000)
    expect(mail.to).toEqual(['studio@example.com'])
    expect(mail.raw).toContain('Ottilie')
    // The inbox reloads by itself and shows the e-mail as sent, without the retry button.
    await row.getByText('E-mailed', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await row.getByRole('button', { name: 'Retry e-mail now' }).count()).toBe(0)
    await row.getByRole('region', { name: 'History' }).getByText('E-mailed to the studio').waitFor()
    expect(smtp.received).toHaveLength(1)
    expect((await (await fetch(`${site.url}/healthz`)).json()).mail).toEqual({ pending: 0 })
    await context.close()
  })
})

// The booking e-mails in a real browser, against the real server and a local SMTP server: "Coming up" in the inbox on a
// phone (an overdue balance, a scheduled follow-up), the lead opened from it, its e-mails switched off and back on, the
// sent overdue note in its history; the booking e-mails' editor (in the inbox) on a laptop naming a wrong placeholder
// where it is, then saving.
import type { Browser } from 'playwright-core'
import { describe, expect } from 'vitest'
import { parseMail, startTestSmtp, type TestSmtp } from '../../server/inquiries/testing-smtp'
import { studioToday } from '../../server/lib/studio-time'
import { addDays } from '../../server/quotes/quote-view'
import { expectToast } from './support/admin'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { adminCookie, api, sendInquiry } from './support/public-fixtures'

let smtp: TestSmtp
test.override('siteEnv', { scope: 'file' }, async () => {
  smtp = await startTestSmtp()
  return { SMTP_URL: smtp.url, MAIL_CONFIRM_VISITOR: 'off' }
})

describe('admin booking e-mails', () => {
  let site: Site
  let browser: Browser
  let overdueId: string

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    const cookie = await adminCookie(site)
    // Booked and signed, the event in three days: the balance (due a week before) is overdue.
    const today = studioToday()
    overdueId = (
      await sendInquiry(site, { firstName: 'Olive', lastName: 'Overdue', email: 'olive@example.com', eventDate: addDays(today, 3) })
    ).id
    const quote = await api<{ token: string }>(
      site,
      'POST',
      `/api/admin/inquiries/${overdueId}/quotes`,
      { items: [{ description: 'Arch', quantity: 1, unitPrice: 800 }] },
      cookie,
    )
    await api(site, 'POST', `/api/quotes/${quote.token}/accept`, { name: 'Olive Overdue', agree: true })
    await api(site, 'PATCH', `/api/admin/inquiries/${overdueId}`, { status: 'booked' }, cookie)
    // Quoted today: its follow-up is scheduled three days on.
    const quoted = (
      await sendInquiry(site, { firstName: 'Quinn', lastName: 'Quoted', email: 'quinn@example.com', eventDate: addDays(today, 40) })
    ).id
    await api(
      site,
      'POST',
      `/api/admin/inquiries/${quoted}/quotes`,
      { items: [{ description: 'Garland', quantity: 10, unitPrice: 25 }] },
      cookie,
    )
  })
  test.afterAll(async () => {
    await smtp?.stop()
  })

  test('shows what is overdue and scheduled on a phone, opens the lead, switches its e-mails, and lists the one sent', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: /Inbox/ }).click()
    const coming = page.getByRole('region', { name: /Coming up/ })
    await coming.getByText('Olive Overdue').first().waitFor()
    expect(await coming.getByRole('heading').textContent()).toMatch(/^Coming up 1 overdue · \d+ (due · \d+ )?scheduled$/)
    const items = await coming.getByRole('listitem').allTextContents()
    expect(items[0]).toMatch(/^Overdue.*Balance overdue \(to you\): Olive Overdue$/)
    expect(items.some((t) => /^Scheduled.*Quote follow-up: Quinn Quoted$/.test(t))).toBe(true)
    expect(describeFindings(await axeFindings(page, 'inbox coming up phone'))).toBe('')
    await keepScreenshot(page, 'booking-mail-inbox-390')

    // The name opens the lead; its switch is a checkbox, on by default, saved at once.
    await coming.getByRole('button', { name: 'Olive Overdue' }).first().click()
    const row = page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Olive Overdue' })
    const lead = row.getByRole('checkbox', { name: 'Automatic e-mails for this lead' })
    await lead.waitFor()
    expect(await lead.isChecked()).toBe(true)
    await lead.focus()
    await page.keyboard.press('Space')
    await expectToast(page, 'Booking e-mails off for this lead')
    const cookie = await adminCookie(site)
    await expect
      .poll(
        async () =>
          (await api<{ bookingMail?: { off?: boolean } }>(site, 'GET', `/api/admin/inquiries/${overdueId}`, undefined, cookie)).bookingMail
            ?.off,
      )
      .toBe(true)
    // Off: a run sends nothing for this lead, and it leaves "Coming up".
    await api(site, 'POST', '/api/admin/booking-mail/run', undefined, cookie)
    const overdueNotes = () => smtp.received.map((m) => parseMail(m.raw)).filter((m) => m.subject.startsWith('Balance overdue'))
    expect(overdueNotes()).toHaveLength(0)
    await expect
      .poll(async () =>
        (await api<{ items: { inquiryId: string }[] }>(site, 'GET', '/api/admin/booking-mail/upcoming', undefined, cookie)).items.some(
          (i) => i.inquiryId === overdueId,
        ),
      )
      .toBe(false)
    await expect.poll(() => coming.getByText('Olive Overdue').count()).toBe(0)

    await row.getByRole('checkbox', { name: 'Automatic e-mails for this lead' }).click()
    await expectToast(page, 'Booking e-mails on for this lead')
    // On again: the next run sends the overdue note to the studio, once, and the lead's history says so.
    await api(site, 'POST', '/api/admin/booking-mail/run', undefined, cookie)
    await api(site, 'POST', '/api/admin/booking-mail/run', undefined, cookie)
    await expect.poll(() => overdueNotes().length).toBe(1)
    expect(overdueNotes()[0]!.subject).toContain('Olive Overdue')
    await page.getByRole('button', { name: 'Refresh' }).click()
    await row.getByText('Balance overdue e-mailed to you').waitFor()
    expect(describeFindings(await axeFindings(page, 'inquiry with booking e-mails phone'))).toBe('')
    await keepScreenshot(page, 'booking-mail-lead-390', { fullPage: true })
    await context.close()
  })

  test('the editor names a wrong placeholder at its field and saves a fix as one commit (laptop, then phone)', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: /Inbox/ }).click()
    // Opened from "Coming up" (or its own summary at the foot of the inbox).
    await page.getByRole('button', { name: 'Edit these e-mails' }).click()
    const card = page.getByRole('region', { name: 'Balance reminder' })
    const subject = card.getByLabel('Subject')
    await subject.waitFor()
    const head = site.git('rev-parse', 'HEAD').trim()
    await subject.fill('Please pay {amount}')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const alert = page.locator('.admin-booking-mail').getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('Balance reminder: the subject has an unknown placeholder {amount}')
    expect(await subject.getAttribute('aria-invalid')).toBe('true')
    expect(await subject.evaluate((el) => el === document.activeElement)).toBe(true)
    // The field it names is in view, not under the sticky save bar.
    const field = (await subject.boundingBox())!
    const bar = (await page.locator('.admin-savebar').boundingBox())!
    expect(field.y + field.height).toBeLessThanOrEqual(bar.y)
    expect(field.y).toBeGreaterThanOrEqual(0)
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(head)
    expect(describeFindings(await axeFindings(page, 'booking e-mails laptop with a problem'))).toBe('')
    await keepScreenshot(page, 'booking-mail-tab-1366')

    await subject.fill('Please pay {balance} by {balanceDueDate}')
    await page.getByRole('region', { name: 'Thank-you and review' }).getByRole('checkbox', { name: 'Send this e-mail' }).uncheck()
    await page.getByLabel(/^Review link/).fill('https://g.page/r/studio/review')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Booking e-mails saved')
    expect(site.git('log', '-1', '--format=%s').trim()).toBe('Update booking e-mails: 4 of 5 on')
    const cookie = await adminCookie(site)
    const saved = await api<{ balanceReminder: { subject: string }; thankYou: { on: boolean }; reviewUrl: string }>(
      site,
      'GET',
      '/api/admin/booking-mail',
      undefined,
      cookie,
    )
    expect(saved).toMatchObject({
      balanceReminder: { subject: 'Please pay {balance} by {balanceDueDate}' },
      thankYou: { on: false },
      reviewUrl: 'https://g.page/r/studio/review',
    })
    await page.setViewportSize(PHONE)
    expect(describeFindings(await axeFindings(page, 'booking e-mails phone'))).toBe('')
    await keepScreenshot(page, 'booking-mail-tab-390', { fullPage: true })
    await context.close()
  })
})

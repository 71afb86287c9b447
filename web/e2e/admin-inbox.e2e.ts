// The Inbox tab: an inquiry sent through the API shows up, opens to every answer, and is marked handled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { colorsShownFor } from '../../server/inquiries/balloon-colors'
import { studioToday } from '../../server/lib/studio-time'
import type { Service } from '../../server/services/services.schema'
import { expectToast } from '../admin/testing/admin-e2e'
import { launchBrowser, loginAsOwner, newPage, startSite, type Site } from './harness'

/** A valid inquiry for whatever the seed's first service asks. */
function inquiryFor(service: Service) {
  const answer = (f: { id: string; header: string }, value: string) => [f.id, { header: f.header, value }]
  return {
    firstName: 'Rosalind',
    lastName: 'Inboxtest',
    email: 'rosalind@example.com',
    phone: '503-555-0199',
    address: '12 SE Division St',
    city: 'Portland',
    zipcode: '97202',
    eventDate: studioToday(),
    eventDetails: 'Garden party for 30 guests',
    referralSource: 'internet search',
    serviceId: service.id,
    service: service.title,
    ...(service.showBalloonColorSelection ? { balloonColors: [colorsShownFor(service)[0].name] } : {}),
    customFields: Object.fromEntries(service.customTextFields.map((f) => answer(f, 'About ten feet'))),
    customDropdownFields: Object.fromEntries(service.customDropdownFields.map((f) => answer(f, f.options[0]))),
  }
}

describe('admin inbox', () => {
  let site: Site
  let browser: Browser

  beforeAll(async () => {
    site = await startSite()
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('lists a new inquiry, shows its answers, marks it handled and exports it', async () => {
    const [service] = (await (await fetch(`${site.url}/api/services`)).json()) as Service[]
    const sent = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.url },
      body: JSON.stringify(inquiryFor(service)),
    })
    expect(sent.status).toBe(200)

    const { page, context } = await newPage(browser)
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'Inbox' }).click()
    const list = page.getByRole('list', { name: 'Inquiries' })
    const row = list.getByRole('listitem').filter({ hasText: 'Rosalind Inboxtest' })
    await row.waitFor()
    expect(await row.textContent()).toContain(service.title)
    expect(await row.textContent()).toContain('Not e-mailed')
    expect(await row.locator('.admin-status--new').textContent()).toBe('New')

    await row.getByRole('button', { name: /Rosalind Inboxtest/ }).click()
    for (const text of ['rosalind@example.com', '503-555-0199', '12 SE Division St', 'Garden party for 30 guests', 'Internet Search']) {
      await row.getByText(text, { exact: true }).waitFor()
    }

    await row.getByRole('button', { name: 'Mark as handled' }).click()
    await expectToast(page, 'Marked as handled')
    await page.getByText('No new inquiries. You are all caught up.').waitFor()

    await page.getByRole('button', { name: 'Handled', exact: true }).click()
    const handled = list.getByRole('listitem').filter({ hasText: 'Rosalind Inboxtest' })
    await handled.waitFor()
    expect(await handled.locator('.admin-status--handled').textContent()).toBe('Handled')

    const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    const csv = await context.request.get(`${site.url}${csvHref}`)
    expect(csv.status()).toBe(200)
    expect(await csv.text()).toContain('Rosalind,Inboxtest,rosalind@example.com')
    const subscribers = await context.request.get(`${site.url}${await page.getByRole('link', { name: 'Export subscribers' }).getAttribute('href')}`)
    expect(subscribers.status()).toBe(200)
    await context.close()
  })
})

// The service page's inquiry form as a visitor fills it: validation messages, colours, custom fields, submit.
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage, waitForApp } from './support/browser'
import { test } from './support/fixtures'
import type { Site } from './support/site'
import { adminCookie, putService } from './support/public-fixtures'
import { studioToday } from '../../server/lib/studio-time'

let site: Site
let browser: Browser

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  const cookie = await adminCookie(site)
  await putService(site, cookie, {
    id: 'bouquets',
    title: 'Bouquets',
    inquiryFormTitle: 'Plan Your Bouquet',
    showBalloonColorSelection: true,
    balloonColorSelectionRequired: true,
    maxBalloonColors: 2,
    showStandardColors: true,
    showMetallicColors: false,
    showCrystalColors: true,
    showEffectsColors: true,
    customTextFields: [
      { id: 'custom_1', header: 'Theme', instructions: 'Describe your theme', optional: false },
      { id: 'custom_2', header: 'Card Message', instructions: 'A note for the card', optional: true },
    ],
    customDropdownFields: [{ id: 'dropdown_1', header: 'Size', instructions: 'Pick a size', optional: false, options: ['Small', 'Large'] }],
    fieldOrder: ['dropdown_1', 'custom_1', 'custom_2'],
    visible: true,
  })
  await putService(site, cookie, {
    id: 'events',
    title: 'Events',
    showBalloonColorSelection: false,
    customTextFields: [],
    customDropdownFields: [],
    visible: true,
  })
})

function tomorrow(): string {
  const d = new Date(`${studioToday()}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

async function fillContact(page: Page) {
  await page.getByLabel('First Name').fill('Ada')
  await page.getByLabel('Last Name').fill('Lovelace')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Phone').fill('503-555-0100')
  await page.getByLabel('Address').fill('1 SE Main St')
  await page.getByLabel('City').fill('Portland')
  await page.getByLabel('Zipcode').fill('97214')
  await page.getByLabel('Event Date').fill(tomorrow())
  await page.getByLabel('How did you hear about us?').selectOption({ label: 'Friend/Family Referral' })
  await page.getByLabel('Event Details').fill('A garden party for forty guests.')
}

const submit = (page: Page) => page.getByRole('button', { name: /Submit Inquiry|Submitting/ })
/** The field whose label reads exactly `label` (a required field's label ends with its star). */
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`))
/** The specified unavailable state, as aria-disabled (the button stays focusable and explains itself). */
const unavailable = async (page: Page) => (await submit(page).getAttribute('aria-disabled')) === 'true'

describe('inquiry form', () => {
  test('shows each field, validates as the visitor goes, and sends a complete inquiry', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, `${site.url}/services/bouquets`)
    await page.getByRole('heading', { name: 'Plan Your Bouquet' }).waitFor()
    expect(await unavailable(page)).toBe(true)

    const referral = await page.getByLabel('How did you hear about us?').locator('option').allTextContents()
    expect(referral.slice(1)).toEqual([
      'Instagram',
      'Facebook',
      'Other Social Media',
      'Internet Search',
      'Friend/Family Referral',
      'At an Event/Party',
      'Other',
    ])

    // Messages appear when a field is left, and clear as soon as it is edited.
    const firstName = page.getByLabel('First Name')
    await firstName.focus()
    await page.getByLabel('Last Name').focus()
    await page.getByText('First name is required').waitFor()
    await firstName.fill('A')
    expect(await page.getByText('First name is required').count()).toBe(0)
    await page.getByLabel('Last Name').blur()
    await page.getByText('Last name is required').waitFor()

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Email').blur()
    await page.getByText('Please enter a valid email address').waitFor()
    await page.getByLabel('Email').fill('')
    await page.getByLabel('Email').blur()
    await page.getByText('Email is required').waitFor()

    for (const [label, message] of [
      ['Phone', 'Phone number is required'],
      ['Address', 'Address is required'],
      ['City', 'City is required'],
      ['Zipcode', 'Zipcode is required'],
      ['Event Date', 'Event date is required'],
    ]) {
      await page.getByLabel(label).focus()
      await page.getByLabel(label).blur()
      await page.getByText(message, { exact: true }).waitFor()
    }
    expect(await page.getByLabel('Event Date').getAttribute('min')).toBe(studioToday())
    await page.getByLabel('Event Date').fill('2020-01-01')
    await page.getByLabel('Event Date').blur()
    await page.getByText('Event date cannot be in the past').waitFor()

    // Colour groups follow the service's toggles; the maximum is enforced with its message.
    const groups = await page.locator('.color-group__title').allTextContents()
    expect(groups).toEqual(['Standard', 'Crystal', 'Effects'])
    expect(await page.locator('.color-group').nth(0).getByRole('button').count()).toBe(53)
    expect(await page.locator('.color-group').nth(1).getByRole('button').count()).toBe(9)
    expect(await page.locator('.color-group').nth(2).getByRole('button').count()).toBe(4)
    await page.getByRole('button', { name: 'Blush', exact: true }).click()
    await page.getByRole('button', { name: 'Blush', exact: true }).click()
    await page.getByText('Please select at least one balloon color').waitFor()
    await page.getByRole('button', { name: 'Blush', exact: true }).click()
    await page.getByRole('button', { name: 'Rockstar', exact: true }).click()
    await page.getByRole('button', { name: 'Crystal Pink', exact: true }).click()
    await page.getByText('You can only select up to 2 colors').waitFor()
    expect(await page.getByRole('button', { name: 'Crystal Pink', exact: true }).getAttribute('aria-pressed')).toBe('false')
    await page.getByText('2 selected').waitFor()

    // Custom fields in fieldOrder, each with its own required message.
    const labels = await page.locator('.inquiry-form__custom .field__label').allTextContents()
    expect(labels.map((l) => l.replace('*', ''))).toEqual(['Size', 'Theme', 'Card Message'])
    await page.getByLabel('Theme').focus()
    await page.getByLabel('Theme').blur()
    await page.getByText('Theme is required').waitFor()
    await page.getByLabel('Size').focus()
    await page.getByLabel('Size').blur()
    await page.getByText('Size is required').waitFor()

    await fillContact(page)
    await page.getByLabel('Theme').fill('Peonies and gold')
    expect(await unavailable(page)).toBe(true)
    await page.getByLabel('Size').selectOption('Large')
    await expect.poll(() => unavailable(page)).toBe(false)

    let sent: Record<string, any> | undefined
    await page.route('**/api/contact', async (route) => {
      sent = route.request().postDataJSON()
      await new Promise((r) => setTimeout(r, 400))
      await route.continue()
    })
    await submit(page).click()
    await page.getByRole('button', { name: 'Submitting...' }).waitFor()
    await expect.poll(() => page.url()).toBe(`${site.url}/thank-you`)
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor()

    expect(sent).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      eventDate: tomorrow(),
      referralSource: 'referral',
      service: 'Bouquets',
      balloonColors: ['Blush', 'Rockstar'],
      customFields: {
        custom_1: { header: 'Theme', value: 'Peonies and gold' },
        custom_2: { header: 'Card Message', value: 'Not provided' },
      },
      customDropdownFields: { dropdown_1: { header: 'Size', value: 'Large' } },
    })
    await context.close()
  })

  test('guides instead of blocking: Submit stays focusable, says what is missing, and lists each problem when pressed', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, `${site.url}/services/bouquets`)
    await waitForApp(page)
    const button = submit(page)
    // Not the disabled attribute (which would take it out of the keyboard's reach): aria-disabled.
    expect(await button.getAttribute('disabled')).toBe(null)
    expect(await unavailable(page)).toBe(true)
    await button.focus()
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true)
    const needed = page.locator('#inq-still-needed')
    await expect
      .poll(() => needed.textContent())
      .toBe(
        'Please complete the required fields (*) to send your inquiry: first name, last name, email, phone, address, city, zipcode, event date, balloon colors, Size, Theme.',
      )
    expect(await button.getAttribute('aria-describedby')).toBe('inq-still-needed')

    // Required answers are marked as such, for the eye (a star) and for assistive technology.
    for (const field of ['First Name', 'Last Name', 'Email', 'Phone', 'Address', 'City', 'Zipcode', 'Size', 'Theme']) {
      const input = labelled(page, field)
      expect(await input.getAttribute('aria-required'), field).toBe('true')
      expect(await page.locator(`label[for="${await input.getAttribute('id')}"] .field__required`).textContent(), field).toBe('*')
    }
    expect(await page.getByRole('group', { name: /Balloon Colors.*\(required\)/ }).count()).toBe(1)

    await page.getByLabel('First Name').fill('Ada')
    await page.getByLabel('Phone').fill('555-0100')
    // Nothing is flagged while the visitor is typing the first time.
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe(null)
    await button.click({ force: true }) // a pointer press; the keyboard path is in accessibility.e2e.ts
    const summary = page.getByRole('group', { name: 'Please fix 10 answers to send your inquiry:' })
    await summary.waitFor()
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true)
    const links = await summary.getByRole('link').allTextContents()
    expect(links).toEqual([
      'Last name is required',
      'Email is required',
      'Please enter a 10-digit phone number',
      'Address is required',
      'City is required',
      'Zipcode is required',
      'Event date is required',
      'Please select at least one balloon color',
      'Size is required',
      'Theme is required',
    ])
    expect(page.url()).toBe(`${site.url}/services/bouquets`)

    // Every invalid answer, the colours and the dropdown included, is marked and tied to its message.
    for (const [field, message] of [
      ['Phone', 'Please enter a 10-digit phone number'],
      ['Size', 'Size is required'],
      ['Theme', 'Theme is required'],
    ]) {
      const input = labelled(page, field)
      expect(await input.getAttribute('aria-invalid')).toBe('true')
      const describedBy = (await input.getAttribute('aria-describedby'))!.split(' ')
      const texts = await Promise.all(describedBy.map((id) => page.locator(`#${id}`).textContent()))
      expect(texts).toContain(message)
    }
    const colors = page.getByRole('group', { name: /Balloon Colors/ })
    expect(await colors.getAttribute('aria-invalid')).toBe('true')
    expect(await colors.getAttribute('aria-describedby')).toContain('inq-balloonColors-error')

    // A link moves to its field; editing the field clears its message (and its line in the summary).
    await summary.getByRole('link', { name: 'Please select at least one balloon color' }).click()
    expect(await page.evaluate(() => document.activeElement?.closest('fieldset')?.id)).toBe('inq-balloonColors')
    await summary.getByRole('link', { name: 'Please enter a 10-digit phone number' }).click()
    expect(await page.getByLabel('Phone').evaluate((el) => el === document.activeElement)).toBe(true)
    await page.getByLabel('Phone').fill('503-555-0100')
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe(null)
    await expect
      .poll(() => page.getByRole('group', { name: 'Please fix 9 answers to send your inquiry:' }).getByRole('link').count())
      .toBe(9)
    await page.getByLabel('Zipcode').fill('9721')
    await page.getByLabel('Zipcode').blur()
    await page.locator('.field__error').getByText('Please enter a 5-digit ZIP code (or ZIP+4)').waitFor()
    await context.close()
  })

  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px, every press of an unavailable Submit takes the visitor to what is missing`, async () => {
      const { page, context } = await openPage(browser, viewport)
      const open = async () => {
        await gotoReady(page, `${site.url}/services/bouquets`)
        await waitForApp(page)
      }
      const inView = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const r = el.getBoundingClientRect()
          return r.top >= 0 && r.top < innerHeight && r.bottom > 0
        })
      const focusedId = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.className || '')
      /** Scrolls down to Submit, as a visitor who filled the form would be, and presses it. */
      const press = async () => {
        const button = submit(page)
        await button.scrollIntoViewIfNeeded()
        expect(await inView('.inquiry-form__submit')).toBe(true)
        await button.click({ force: true })
      }
      const needed = page.locator('#inq-still-needed')

      // Nothing answered: the spec's sentence, now naming the answers, and the press moves to the summary.
      await open()
      expect(await needed.textContent()).toBe(
        'Please complete the required fields (*) to send your inquiry: first name, last name, email, phone, address, city, zipcode, event date, balloon colors, Size, Theme.',
      )
      await press()
      await expect.poll(focusedId).toBe('error-summary')
      expect(await inView('.error-summary')).toBe(true)
      expect(await page.locator('.error-summary__title').textContent()).toBe('Please fix 11 answers to send your inquiry:')
      // And again: a second press after scrolling back down moves focus there again.
      await press()
      await expect.poll(focusedId).toBe('error-summary')
      expect(await inView('.error-summary')).toBe(true)

      // Everything but the ZIP code: the press takes the visitor to that field, scrolled into view, its message beside it.
      await open()
      await fillContact(page)
      await page.getByLabel('Zipcode').fill('')
      await page.getByRole('button', { name: 'Blush', exact: true }).click()
      await page.getByLabel('Theme').fill('Peonies and gold')
      await page.getByLabel('Size').selectOption('Large')
      await expect.poll(() => needed.textContent()).toBe('Still needed: zipcode')
      await press()
      await expect.poll(focusedId).toBe('inq-zipcode')
      expect(await inView('#inq-zipcode')).toBe(true)
      await page.locator('#inq-zipcode-error').getByText('Zipcode is required').waitFor()
      await press()
      await expect.poll(focusedId).toBe('inq-zipcode')

      // Two missing (the ZIP code and a custom answer): the summary, listing both.
      await page.getByLabel('Theme').fill('')
      await expect.poll(() => needed.textContent()).toBe('Still needed: zipcode, Theme')
      await press()
      await expect.poll(focusedId).toBe('error-summary')
      expect(await inView('.error-summary')).toBe(true)
      expect(await page.locator('.error-summary__list a').allTextContents()).toEqual(['Zipcode is required', 'Theme is required'])

      // Only the colours missing: the first swatch takes the focus.
      await page.getByLabel('Theme').fill('Peonies')
      await page.getByLabel('Zipcode').fill('97214')
      await page.getByRole('button', { name: 'Blush', exact: true }).click()
      await expect.poll(() => needed.textContent()).toBe('Still needed: balloon colors')
      await press()
      // The swatch just pressed (Blush) is in the same fieldset and keeps the focus until the press moves it (Submit
      // takes no focus on an incomplete form): wait for the first swatch itself, not just for the fieldset.
      await expect
        .poll(() => page.evaluate(() => [document.activeElement?.closest('fieldset')?.id, document.activeElement?.textContent]))
        .toEqual(['inq-balloonColors', 'White'])
      expect(await inView('#inq-balloonColors-error')).toBe(true)
      await keepScreenshot(page, `inquiry-one-missing-${viewport.width}`)
      await context.close()
    })
  }

  test('keeps the colour picker compact on a phone, with a box that finds a colour by name', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, `${site.url}/services/bouquets`)
    await waitForApp(page)
    const height = (selector: string) => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().height))
    // 66 swatches (standard, crystal, effects) were 3 tall tiles a row: 2,156 px (form 3,884). Now chips, several a row.
    const picker = await height('.color-picker')
    console.log(`[inquiry] at 390 px: colour picker ${picker} px, whole form ${await height('form.inquiry-form')} px`)
    expect(picker).toBeLessThan(1400)
    // Each row of chips is a finger's height, not a tile's.
    const rowHeight = await page
      .locator('.swatch')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height)
    expect(rowHeight).toBeGreaterThanOrEqual(24)
    expect(rowHeight).toBeLessThanOrEqual(44)
    // The crystal group names its colours briefly ("Pink" under "Crystal"); the button still says "Crystal Pink".
    await page.getByRole('button', { name: 'Crystal Pink', exact: true }).waitFor()
    await page.getByLabel('Find a color').fill('pink')
    await page.getByText(/^\d+ of 66 colors shown$/).waitFor()
    const names = await page.locator('.swatch').evaluateAll((els) => els.map((e) => e.textContent))
    expect(names.length).toBeGreaterThan(2)
    expect(names.every((n) => /pink/i.test(n ?? ''))).toBe(true)
    // Enter in the box narrows the list; it does not send the form.
    await page.getByLabel('Find a color').press('Enter')
    expect(await page.locator('.error-summary').count()).toBe(0)
    await page.getByRole('button', { name: 'Crystal Pink', exact: true }).click()
    await page.getByLabel('Find a color').fill('zzz')
    await page.getByText('No colors match. Try another word, or clear the box to see them all.').waitFor()
    await page.getByText('1 selected').waitFor()
    await page.getByLabel('Find a color').fill('')
    expect(await page.locator('.swatch').count()).toBe(66)
    await keepScreenshot(page, 'inquiry-colours-390', { fullPage: true })
    await context.close()
  })

  test('alerts when sending fails and lets the visitor try again', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, `${site.url}/services/events`)
    await page.getByRole('heading', { name: 'Get a Quote' }).waitFor()
    expect(await page.locator('.color-picker').count()).toBe(0)
    await fillContact(page)
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }))
    const alert = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())))
    await submit(page).click()
    expect(await alert).toBe('There was an error submitting your form. Please try again.')
    await page.getByRole('button', { name: 'Submit Inquiry' }).waitFor()
    expect(page.url()).toBe(`${site.url}/services/events`)
    await context.close()
  })

  test('starts a fresh form when the visitor moves to another service', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, `${site.url}/services/events`)
    // Errors show on blur once the app runs; before that the fields are plain HTML.
    await waitForApp(page)
    await page.getByLabel('First Name').fill('Grace')
    await page.getByLabel('City').focus()
    await page.getByLabel('City').blur()
    await page.getByText('City is required').waitFor()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click()
    await page.getByRole('menuitem', { name: 'Bouquets' }).click()
    await page.getByRole('heading', { name: 'Plan Your Bouquet' }).waitFor()
    expect(await page.getByLabel('First Name').inputValue()).toBe('')
    expect(await page.getByText('City is required').count()).toBe(0)
    await context.close()
  })

  test('says politely that a blocked date may be taken, asking for availability only once the date field is used, and still sends', async () => {
    const cookie = await adminCookie(site)
    const blocked = await fetch(`${site.url}/api/admin/calendar/blocked/${tomorrow()}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: site.url, Cookie: cookie },
      body: JSON.stringify({ note: 'Family wedding' }),
    })
    expect(blocked.status).toBe(200)
    const { page, context } = await openPage(browser, PHONE)
    const asked: string[] = []
    page.on('request', (r) => r.url().includes('/api/availability') && asked.push(r.url()))
    await gotoReady(page, `${site.url}/services/events`)
    await waitForApp(page)
    await page.getByLabel('First Name').fill('Ada')
    expect(asked).toEqual([])
    await fillContact(page)
    const note = page.getByRole('status').filter({ hasText: 'fully booked' })
    await note.waitFor()
    expect(await note.textContent()).toMatch(
      /^Heads up: we may already be fully booked on \w+day, \w+ \d+\. You are welcome to send your inquiry anyway/,
    )
    expect(await note.textContent()).not.toContain('Family wedding')
    expect(asked).toHaveLength(1)
    const day = new Date(Date.parse(`${tomorrow()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('Event Date').fill(day)
    await expect.poll(() => note.count()).toBe(0)
    await page.getByLabel('Event Date').fill(tomorrow())
    await note.waitFor()
    await expect.poll(() => unavailable(page)).toBe(false)
    await submit(page).click()
    await page.waitForURL(`${site.url}/thank-you`)
    expect(asked).toHaveLength(1)
    await context.close()
  })
})

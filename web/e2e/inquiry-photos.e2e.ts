// The quote form on a phone (390 px) with photos, a question that depends on an answer and the delivery estimate:
// bad files refused by name, per-photo progress, thumb-sized targets, axe-clean; then what the owner gets: the
// inquiry without the hidden answer, photos in the inbox behind the session, and e-mailed signed links only.
import sharp from 'sharp'
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { axeFindings, describeFindings } from './support/axe'
import { adminCookie, api, putService } from './support/public-fixtures'
import { studioToday } from '../../server/lib/studio-time'
import { parseMail, startTestSmtp, type TestSmtp } from '../../server/inquiries/testing-smtp'
import type { InquiryRecord } from '../../server/inquiries/inquiry-record.schema'

let site: Site
let browser: Browser
let smtp: TestSmtp
test.override('siteEnv', { scope: 'file' }, async () => {
  smtp = await startTestSmtp()
  return { SMTP_URL: smtp.url, MAIL_TO: 'owner@studio.test' }
})
let cookie: string

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  cookie = await adminCookie(site)
  await putService(site, cookie, {
    id: 'arches',
    title: 'Arches',
    showBalloonColorSelection: false,
    customDropdownFields: [
      { id: 'dropdown_1', header: 'Delivery', instructions: 'Shall we bring it?', optional: false, options: ['Yes', 'No'] },
    ],
    customTextFields: [
      {
        id: 'custom_1',
        header: 'Venue address',
        instructions: 'Where is the party?',
        optional: false,
        showWhen: { field: 'dropdown_1', values: ['Yes'] },
      },
    ],
    customPhotoFields: [
      { id: 'photos_1', header: 'Inspiration photos', instructions: 'Pictures of arches you love', optional: true, maxPhotos: 3 },
    ],
    fieldOrder: ['dropdown_1', 'custom_1', 'photos_1'],
    visible: true,
  })
  // The price list's delivery zones, saved as the Pricing tab saves them.
  const pricing = await api<Record<string, unknown>>(site, 'GET', '/api/pricing', undefined, cookie)
  await api(site, 'PUT', '/api/pricing', { ...pricing, deliveryZones: [{ name: 'Portland', zips: ['972'], fee: 45 }] }, cookie)
}, 60_000)

test.afterAll(async () => {
  await smtp?.stop()
})

function tomorrow(): string {
  const d = new Date(`${studioToday()}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

async function cameraJpeg(color: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 0/1' },
    })
    .jpeg()
    .toBuffer()
}

const label = (page: Page, text: string) => page.getByLabel(new RegExp(`^${text}\\s*\\*?$`))

async function boxHeight(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))
}

describe('quote form with photos on a phone', () => {
  test('sends good photos, refuses bad ones by name, drops the hidden answer, and the owner sees the photos behind the session', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await gotoReady(page, `${site.url}/services/arches`)
    await page.getByRole('heading', { name: 'Get a Quote' }).waitFor()

    await label(page, 'First Name').fill('Ada')
    await label(page, 'Last Name').fill('Photo')
    await label(page, 'Email').fill('ada@example.com')
    await label(page, 'Phone').fill('503-555-0100')
    await label(page, 'Address').fill('1 SE Main St')
    await label(page, 'City').fill('Portland')
    await label(page, 'Zipcode').fill('97214')
    await page.getByText('Delivery to 97214: about $45').waitFor()
    await label(page, 'Zipcode').fill('98101')
    await page.getByText("Delivery to 98101 is outside our usual area: we'll confirm").waitFor()
    await label(page, 'Zipcode').fill('97214')
    await label(page, 'Event Date').fill(tomorrow())

    // The venue question appears only with delivery; typed in and then hidden again, it is not sent.
    expect(await page.getByLabel(/^Venue address/).count()).toBe(0)
    await label(page, 'Delivery').selectOption('Yes')
    await label(page, 'Venue address').fill('9 Secret Venue Rd')
    await label(page, 'Delivery').selectOption('No')
    expect(await page.getByLabel(/^Venue address/).count()).toBe(0)

    // Good and bad files at once: the bad ones are named with the reason, the good ones upload with progress.
    const input = page.locator('#inq-photos_1')
    await input.setInputFiles([
      { name: 'arch-one.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg('#e4573d') },
      {
        name: 'venue-wall.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3d7be4' } })
          .png()
          .toBuffer(),
      },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are my notes, not a photo') },
      { name: 'party.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') },
      {
        name: 'huge.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)]),
      },
    ])
    const refused = page.locator('.photo-field__refused')
    await refused.getByText('notes.jpg: not a JPEG, PNG or WebP photo, although it is named as a JPEG.').waitFor()
    await refused.getByText('party.gif: only JPEG, PNG and WebP photos can be sent (this is a GIF file).').waitFor()
    await refused.getByText(/^huge\.jpg: larger than 10 MB/).waitFor()
    await expect.poll(() => page.locator('.photo-field__item.is-done').count(), { timeout: 20_000 }).toBe(2)
    expect(
      await page.locator('.photo-field__item img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
    ).toEqual([true, true])

    // A third, then removed again.
    await input.setInputFiles([{ name: 'extra.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg('#44aa66') }])
    await page.getByRole('button', { name: 'Remove extra.jpg' }).click()
    expect(await page.locator('.photo-field__item').count()).toBe(2)

    // Thumb-sized targets, nothing wider than the phone, and axe finds nothing.
    for (const selector of ['.photo-field__remove', '.photo-field__add', '#inq-dropdown_1', '.inquiry-form__submit']) {
      for (const h of await boxHeight(page, selector)) expect([selector, h >= 44]).toEqual([selector, true])
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    const findings = await axeFindings(page, 'quote form with photos, 390 px')
    expect(findings, describeFindings(findings)).toEqual([])

    await keepScreenshot(page, 'quote-form-photos-390', { fullPage: true })
    await page.getByRole('button', { name: 'Submit Inquiry' }).click()
    await page.waitForURL(`${site.url}/thank-you`, { timeout: 20_000 })
    await context.close()

    // What was stored: no venue answer, two photos, the estimate.
    const [record] = (await api<InquiryRecord[]>(site, 'GET', '/api/admin/inquiries', undefined, cookie)).filter(
      (r) => r.inquiry.lastName === 'Photo',
    )
    expect(record.inquiry.customFields).toEqual({})
    expect(record.inquiry.customDropdownFields).toEqual({ dropdown_1: { header: 'Delivery', value: 'No' } })
    expect(record.inquiry.deliveryEstimate).toEqual({ zip: '97214', zone: 'Portland', fee: 45 })
    const files = record.inquiry.photos![0].files
    expect(files.map((f) => f.name)).toEqual(['arch-one.jpg', 'venue-wall.png'])
    const photoPath = `/api/admin/inquiries/${record.id}/photos/${files[0].id}.jpg`
    expect((await fetch(`${site.url}${photoPath}`)).status).toBe(401)
    const bytes = Buffer.from(await (await fetch(`${site.url}${photoPath}`, { headers: { Cookie: cookie } })).arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([1200, 1600, undefined, undefined])

    // The e-mail: signed links that open the photo, nothing attached; a changed link opens nothing.
    const mail = (await smtp.waitFor(1, 20_000)).find((m) => m.raw.includes('Photo'))!
    expect(mail.raw).not.toMatch(/Content-Type:\s*image\//i)
    const links = [...parseMail(mail.raw).text.matchAll(/(http:\/\/127\.0\.0\.1:\d+\/inquiry-photos\/\S+)/g)].map((m) => m[1])
    expect(links).toHaveLength(2)
    expect((await fetch(links[0])).status).toBe(200)
    expect((await fetch(links[0].replace(/sig=./, 'sig=x'))).status).toBe(403)
    expect((await fetch(links[0].split('?')[0])).status).toBe(403)

    // The owner's inbox on a phone: thumbnails that open the full photo, and a download link each.
    const owner = await openPage(browser, PHONE)
    await loginAsOwner(owner.page, site.url)
    await owner.page.getByRole('tab', { name: /Inbox/ }).click()
    const row = owner.page.getByRole('list', { name: 'Inquiries' }).getByRole('listitem').filter({ hasText: 'Ada Photo' })
    await row.getByRole('button', { name: /Ada Photo/ }).click()
    const thumbs = row.getByRole('img', { name: /^Inspiration photos \d of 2: .+, open full size$/ })
    await expect.poll(() => thumbs.count()).toBe(2)
    await expect.poll(() => thumbs.first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    expect(await row.getByRole('link', { name: /^Download/ }).count()).toBe(2)
    await owner.context.close()
  }, 120_000)
})

describe('a slow connection', () => {
  test('Submit pressed while a photo is still uploading waits for it, says so, and sends it with the inquiry', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, `${site.url}/services/arches`)
    // The photos field is its own chunk, loaded once the form is live: wait for it before the connection slows down
    // (on a busy machine it came later than setInputFiles' 30 s).
    await page.locator('#inq-photos_1').waitFor({ state: 'attached', timeout: 60_000 })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: 1_000_000,
      uploadThroughput: 60_000,
    })
    await label(page, 'First Name').fill('Slow')
    await label(page, 'Last Name').fill('Upload')
    await label(page, 'Email').fill('slow@example.com')
    await label(page, 'Phone').fill('503-555-0100')
    await label(page, 'Address').fill('1 SE Main St')
    await label(page, 'City').fill('Portland')
    await label(page, 'Zipcode').fill('97214')
    await label(page, 'Event Date').fill(tomorrow())
    await label(page, 'Delivery').selectOption('No')
    const grain = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer()
    await page.locator('#inq-photos_1').setInputFiles([{ name: 'slow.png', mimeType: 'image/png', buffer: grain }])
    await page.getByText(/^Uploading \d+%$/).waitFor()
    await page.getByRole('button', { name: 'Submit Inquiry' }).click()
    await page.getByText('Sending your photos first: 1 still on the way.').waitFor()
    expect(await page.getByRole('button', { name: 'Submitting...' }).count()).toBe(1)
    await page.waitForURL(`${site.url}/thank-you`, { timeout: 60_000 })
    await context.close()
    const [record] = (await api<InquiryRecord[]>(site, 'GET', '/api/admin/inquiries', undefined, cookie)).filter(
      (r) => r.inquiry.lastName === 'Upload',
    )
    expect(record.inquiry.photos?.[0].files.map((f) => f.name)).toEqual(['slow.png'])
  }, 150_000)
})

describe('the form builder', () => {
  test('adds a photos field and a question shown only for some answers, says the rule in words, and refuses a rule left pointing at a deleted dropdown', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.locator('.admin-service-row__select', { hasText: 'Arches' }).first().click()
    await expect.poll(() => page.locator('.admin-editor__title').textContent()).toBe('Arches')
    const save = page.getByRole('button', { name: 'Save Changes' })

    // The existing rule, in words.
    const venue = page.locator('.admin-custom-field', { hasText: 'Venue address' }).first()
    await venue.getByText('Shown only when "Delivery" is "Yes". When hidden, it is not required and its answer is not sent.').waitFor()

    await page.getByRole('button', { name: 'Add Dropdown Field' }).click()
    const style = page.locator('.admin-custom-field').last()
    await style.getByLabel('Field title').fill('Arch style')
    await style.getByLabel('Instructions').fill('Pick a style')
    await style.getByLabel('Option 1', { exact: true }).fill('Organic arch')
    await style.getByLabel('Option 1', { exact: true }).press('Enter')
    await page.keyboard.type('Classic arch')

    await page.getByRole('button', { name: 'Add Photos Field' }).click()
    const photos = page.locator('.admin-custom-field').last()
    await photos.getByLabel('Field title').fill('Arch location photos')
    await photos.getByLabel('Instructions').fill('The wall or corner where the arch goes')
    await photos.getByLabel('Up to how many photos').fill('4')
    await photos.getByLabel('Show this question').selectOption({ label: 'Only when “Arch style” is…' })
    await photos.getByText('Shown only when "Arch style" is "Organic arch".').waitFor()
    await photos.getByRole('checkbox', { name: 'Classic arch' }).check()
    await photos.getByText('Shown only when "Arch style" is "Organic arch" or "Classic arch".').waitFor()
    const findings = await axeFindings(page, 'builder with rules')
    expect(findings, describeFindings(findings)).toEqual([])
    await save.click()
    await page.getByText('Changes saved').first().waitFor()
    const saved = await api<{
      customPhotoFields: { header: string; maxPhotos: number; showWhen: unknown }[]
      customDropdownFields: { id: string }[]
    }>(site, 'GET', '/api/services/arches', undefined, cookie)
    const styleId = saved.customDropdownFields[1].id
    expect(saved.customPhotoFields[1]).toMatchObject({
      header: 'Arch location photos',
      maxPhotos: 4,
      showWhen: { field: styleId, values: ['Organic arch', 'Classic arch'] },
    })

    // Deleting the dropdown that a rule points at: the rule says why, and Save stays off until it is fixed.
    await page.getByRole('button', { name: 'Remove Arch style' }).click()
    await photos
      .getByText('"Arch location photos" depends on a question that no longer exists. Choose another dropdown or show it always.')
      .waitFor()
    expect(await save.isDisabled()).toBe(true)
    await photos.getByLabel('Show this question').selectOption({ label: 'Always' })
    expect(await save.isEnabled()).toBe(true)
    await context.close()
  }, 90_000)
})

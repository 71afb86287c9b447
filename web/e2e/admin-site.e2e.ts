// The Site tab, picture descriptions and the FAQ tab, as the owner uses them, checked on the public pages.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { dismissToasts, expectToast, keyboardMoveDown, makeJpeg } from './support/admin'
import { adminCookie, api } from './support/public-fixtures'

describe('the owner edits the site-wide copy, picture descriptions and the FAQ', () => {
  let site: Site
  let browser: Browser
  let context: BrowserContext
  let page: Page

  const subjects = () => site.git('log', '--format=%s').trim().split('\n')
  const changedFiles = () => site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n')
  const html = async (path: string) => (await fetch(`${site.url}${path}`)).text()
  const jsonLd = (source: string) =>
    JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(source)![1]) as { '@graph': Record<string, unknown>[] }

  /** Picks a new JPEG for the picture field `label` and confirms the Crop Image dialog. */
  async function cropAndUpload(label: string, width: number, height: number) {
    const jpeg = await makeJpeg(join(mkdtempSync(join(tmpdir(), 'site-picture-')), 'picture.jpg'), width, height)
    await page.locator(`input[type=file][aria-label="Choose a file for ${label}"]`).setInputFiles(jpeg)
    const dialog = page.getByRole('dialog', { name: 'Crop Image' })
    await dialog.getByRole('button', { name: 'Crop & Upload' }).click()
    await dialog.waitFor({ state: 'hidden' })
    // The dialog closes at once; the picture is in place when its upload's progress is gone.
    await page.getByRole('progressbar', { name: `Uploading ${label}` }).waitFor({ state: 'detached' })
  }

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    ;({ context, page } = await openPage(browser))
    page.setDefaultTimeout(15_000)
    await loginAsOwner(page, site.url)
  })
  test.afterAll(async () => {
    await context?.close()
  })

  test('refuses a bad e-mail naming the field and writes nothing', async () => {
    await page.getByRole('tab', { name: 'Site' }).click()
    const before = subjects().length
    await page.getByLabel('Contact e-mail').fill('hello-at-example')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'Contact e-mail must be an e-mail address' }).waitFor()
    expect(subjects()).toHaveLength(before)
    await page.getByRole('button', { name: 'Discard changes' }).click()
  })

  test('changes phone, hours and the hero and sees them on the public pages, in the head and in one commit', async () => {
    await page.getByLabel('Phone').fill('(503) 555-0199')
    await page.getByLabel('Hours', { exact: true }).fill('Mon–Fri, 10am–4pm · Closed Dec 24–26')
    await page.getByLabel('Hero title', { exact: true }).fill('Winter balloons, made by hand')
    await cropAndUpload('Hero picture', 1600, 900)
    await page.getByLabel('Hero picture description').fill('Pink and white balloon garland in falling snow')
    const beforeSave = subjects().length
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Changes saved', 'The website shows them now.')

    expect(subjects()).toHaveLength(beforeSave + 1)
    expect(subjects()[0]).toBe('Update site settings: contact, hero')
    // The new hero picture goes into the same commit as the settings that use it.
    const hero = (await (await fetch(`${site.url}/api/site-settings`)).json()).hero as { image: string }
    expect(changedFiles().filter((f) => f !== hero.image.slice(1))).toEqual(['content/site.yaml'])

    const home = await html('/')
    expect(home).toContain('Winter balloons, made by hand')
    expect(home).toContain('alt="Pink and white balloon garland in falling snow"')
    expect(home).toContain('(503) 555-0199')
    expect(home).toContain('Mon–Fri, 10am–4pm · Closed Dec 24–26')
    const business = jsonLd(home)['@graph'].find((n) => n['@type'] === 'LocalBusiness')!
    expect(business).toMatchObject({ telephone: '(503) 555-0199', openingHours: ['Mo-Fr 10:00-16:00'] })

    const visitor = await openPage(browser, PHONE)
    await gotoReady(visitor.page, `${site.url}/contact`)
    await visitor.page.getByRole('link', { name: 'Call (503) 555-0199' }).waitFor()
    await visitor.page.getByText('Mon–Fri, 10am–4pm · Closed Dec 24–26').first().waitFor()
    await keepScreenshot(visitor.page, 'contact-390', { fullPage: true })
    await visitor.context.close()
  })

  test('a save over a change made elsewhere is refused: nothing written, and Reload brings the current settings', async () => {
    await page.getByRole('tab', { name: 'Site' }).click()
    const tagline = page.getByLabel('Tagline')
    const taglineBefore = await tagline.inputValue()
    // Meanwhile the hours are changed from another tab.
    const cookie = await adminCookie(site)
    const { version, ...settings } = await api<{ version: string; contact: { hours: string } }>(
      site,
      'GET',
      '/api/site-settings',
      undefined,
      cookie,
    )
    settings.contact.hours = 'Closed for the holidays until Jan 3'
    await api(site, 'PUT', '/api/site-settings', { ...settings, baseVersion: version }, cookie)
    const before = subjects().length

    await tagline.fill('Balloons with a bow on top')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('This item was changed elsewhere since you opened it', { exact: false }).waitFor()
    expect(subjects()).toHaveLength(before)
    expect(await html('/')).not.toContain('Balloons with a bow on top')
    await dialog.getByRole('button', { name: 'Reload' }).click()
    await expect.poll(() => page.getByLabel('Hours', { exact: true }).inputValue()).toBe('Closed for the holidays until Jan 3')
    expect(await tagline.inputValue()).toBe(taglineBefore)
  })

  test('Why Choose: an item added and moved to the top, another removed; the home page lists them in that order', async () => {
    await dismissToasts(page)
    await page.getByRole('tab', { name: 'Site' }).click()
    const why = page.getByRole('region', { name: 'Why Choose' })
    await why.getByRole('button', { name: 'Add why choose item' }).click()
    await why.getByLabel('Why Choose item 4 title').fill('Eco-minded')
    await why.getByLabel('Why Choose item 4 text').fill('Biodegradable latex and no loose releases.')
    for (const n of [4, 3, 2]) await why.getByRole('button', { name: `Move Why Choose item ${n} up` }).click()
    await why.getByRole('button', { name: 'Remove Why Choose item 4' }).click()
    const before = subjects().length
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Changes saved', 'The website shows them now.')
    expect(subjects()).toHaveLength(before + 1)
    expect(subjects()[0]).toBe('Update site settings: Why Choose')
    const home = await html('/')
    const titles = [...home.matchAll(/<h3 class="why__title">([^<]*)<\/h3>/g)].map((m) => m[1])
    expect(titles).toEqual(['Eco-minded', 'Premium Quality', 'Custom Designs'])
  })

  test('the Site tab at 390 px: the preview is one tap away', async () => {
    const phone = await openPage(browser, PHONE)
    await loginAsOwner(phone.page, site.url)
    await gotoReady(phone.page, `${site.url}/admin/site`)
    await phone.page.getByLabel('Brand name').waitFor()
    await keepScreenshot(phone.page, 'site-tab-390')
    await phone.page.getByRole('button', { name: 'Preview' }).click()
    await phone.page.getByText('Winter balloons, made by hand').first().waitFor()
    expect(await phone.page.getByLabel('Brand name').isVisible()).toBe(false)
    await keepScreenshot(phone.page, 'site-preview-390')
    await phone.context.close()
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize(DESKTOP)
      await keepScreenshot(page, 'site-tab-1366')
    }
  })

  test('every editor at 390 px: nothing scrolls sideways, the Edit/Preview switch stays on screen below a long editor, Save is within reach', async () => {
    const phone = await openPage(browser, PHONE)
    const p = phone.page
    p.setDefaultTimeout(15_000)
    await loginAsOwner(p, site.url)
    const sideways = () => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    const onScreen = async (locator: ReturnType<Page['locator']>) => {
      const box = (await locator.boundingBox())!
      return box.y >= 0 && box.y + box.height <= PHONE.height
    }

    for (const [tab, label, field] of [
      ['site', 'Site', 'Brand name'],
      ['faq', 'FAQ', 'Question 1'],
      ['delivery', 'Delivery & Installation Page', 'Markdown content'],
    ] as const) {
      await gotoReady(p, `${site.url}/admin/${tab}`)
      const editorField = p.getByLabel(field, { exact: true })
      await editorField.waitFor()
      expect(await sideways(), `${tab}: sideways scroll`).toBeLessThanOrEqual(0)
      // Scrolled to the end of the editor, the switch is still on screen: the preview is one tap away.
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const preview = p.getByRole('group', { name: `${label}: edit or preview` }).getByRole('button', { name: 'Preview' })
      await expect.poll(() => onScreen(preview)).toBe(true)
      await preview.click()
      expect(await editorField.isVisible(), `${tab}: editor hidden behind the preview`).toBe(false)
      expect(await p.locator('.admin-split__preview').isVisible()).toBe(true)
      expect(await sideways(), `${tab} preview: sideways scroll`).toBeLessThanOrEqual(0)
      await p.getByRole('button', { name: 'Edit', exact: true }).click()
      await editorField.waitFor()
      // After a change, Save is reachable: on screen once the editor is scrolled to its end.
      if (tab === 'delivery') await editorField.fill(`${await editorField.inputValue()}\n`)
      else await editorField.fill(`${await editorField.inputValue()}?`)
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const save = p.getByRole('button', { name: 'Save', exact: true })
      await expect.poll(() => onScreen(save)).toBe(true)
      expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(24)
      await p.getByRole('button', { name: 'Discard changes' }).click()
      await keepScreenshot(p, `${tab}-editor-390`, { fullPage: true })
    }

    // The service editor (picture descriptions among its fields) and the testimonial editor fit the width too.
    await gotoReady(p, `${site.url}/admin/services`)
    await p.locator('.admin-service-row').first().getByRole('button').first().click()
    await p.getByLabel('Description of image 1').waitFor()
    expect(await sideways(), 'service editor: sideways scroll').toBeLessThanOrEqual(0)
    await keepScreenshot(p, 'service-editor-390', { fullPage: true })
    await gotoReady(p, `${site.url}/admin/testimonials`)
    await p
      .getByRole('button', { name: /^Edit testimonial from / })
      .first()
      .click()
    await p.getByRole('switch', { name: 'Featured' }).waitFor()
    expect(await sideways(), 'testimonial editor: sideways scroll').toBeLessThanOrEqual(0)
    await keepScreenshot(p, 'testimonial-editor-390', { fullPage: true })
    await phone.context.close()
  })

  test('a picture description written in the editor is the alt text on the public page', async () => {
    await page.getByRole('tab', { name: 'Service Management' }).click()
    const row = page.locator('.admin-service-row').first()
    const serviceId = (await row.getAttribute('data-service-id'))!
    await row.getByRole('button').first().click()
    const field = page.getByLabel('Description of image 1')
    await field.fill('Tall gold and blush balloon bouquet on a white table')
    await field.press('Enter')
    await expectToast(page, 'Description saved')
    expect(changedFiles()).toEqual([`content/services/${serviceId}.yaml`])
    const source = await html(`/services/${serviceId}`)
    expect(source).toContain('alt="Tall gold and blush balloon bouquet on a white table"')
  })

  test('a service added without a picture: the dashboard says visitors would see a placeholder and keeps it hidden', async () => {
    await page.getByRole('tab', { name: 'Service Management' }).click()
    await page.getByRole('button', { name: 'Add Service' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Service' })
    await dialog.getByLabel('Service ID').fill('balloon-walls')
    await dialog.getByLabel('Title', { exact: true }).fill('Balloon Walls')
    await dialog.getByLabel('Short description').fill('Walls of balloons.')
    await dialog.getByLabel('About text').fill('All about walls.')
    await dialog.getByLabel('Pricing information').fill('Small: $100')
    await dialog.getByRole('button', { name: 'Add Service' }).click()
    const ask = page.getByRole('alertdialog', { name: 'No picture yet' })
    await ask.getByText('visitors will see a balloon placeholder').waitFor()
    await ask.getByRole('button', { name: 'Keep it hidden' }).click()
    await expectToast(page, 'Changes saved', '"Balloon Walls" is now hidden from the website.')
    expect((await fetch(`${site.url}/services/balloon-walls`)).status).toBe(404)

    // Showing it again asks first; keeping it hidden changes nothing.
    const before = subjects().length
    await page.getByRole('switch', { name: 'Show Balloon Walls on the website' }).click()
    await ask.getByRole('button', { name: 'Keep it hidden' }).click()
    await ask.waitFor({ state: 'hidden' })
    expect(subjects()).toHaveLength(before)
    expect(await page.getByRole('switch', { name: 'Show Balloon Walls on the website' }).getAttribute('aria-checked')).toBe('false')
  })

  test('a featured testimonial with a photo is always on the home page, the photo described', async () => {
    await page.getByRole('tab', { name: 'Testimonials Management' }).click()
    const author = 'Jordan T.'
    await page.getByRole('button', { name: `Edit testimonial from ${author}` }).click()
    await page.getByRole('switch', { name: 'Featured' }).click()
    // The photo goes through the same crop and upload as every other picture.
    await cropAndUpload('Photo', 800, 800)
    await page.getByLabel('Photo description').fill('Jordan smiling under a gold balloon arch')
    const before = subjects().length
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Testimonial updated')
    expect(subjects()).toHaveLength(before + 1)
    const { photo } = ((await (await fetch(`${site.url}/api/testimonials`)).json()) as { author: string; photo?: string }[]).find(
      (t) => t.author === author,
    )!
    expect(photo).toMatch(/^\/uploads\//)
    expect(changedFiles().sort()).toEqual(['content/testimonials.yaml', photo!.slice(1)].sort())
    for (let i = 0; i < 8; i++) {
      const home = await html(`/?visit=${i}`)
      expect(home).toContain(author)
      expect(home).toContain('alt="Jordan smiling under a gold balloon arch"')
    }
  })

  test('adds a question to the FAQ; the page and its FAQPage JSON-LD show it', async () => {
    await page.getByRole('tab', { name: 'FAQ' }).click()
    await page.getByRole('button', { name: 'Add question' }).click()
    const count = await page.locator('.admin-faq-row').count()
    await page.getByLabel(`Question ${count}`, { exact: true }).fill('Can I pick up my order?')
    await page.getByLabel(`Answer ${count}`, { exact: true }).fill('Yes: **curbside pick-up** at the studio, by appointment.')
    await page.locator('.admin-faq-preview').getByText('curbside pick-up').waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Changes saved', 'The FAQ page is updated.')
    expect(subjects()[0]).toBe('FAQ: Add question "Can I pick up my order?"')
    expect(changedFiles()).toEqual(['content/faq.yaml'])

    const source = await html('/faq')
    expect(source).toContain('<strong>curbside pick-up</strong>')
    const faq = jsonLd(source)['@graph'].find((n) => n['@type'] === 'FAQPage') as { mainEntity: { name: string }[] }
    expect(faq.mainEntity.map((q) => q.name)).toContain('Can I pick up my order?')
    await keepScreenshot(page, 'faq-tab-1366')

    const visitor = await openPage(browser, PHONE)
    await gotoReady(visitor.page, `${site.url}/`)
    await visitor.page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
    await visitor.page.getByRole('heading', { name: 'Can I pick up my order?' }).click()
    await visitor.page.getByText('curbside pick-up').waitFor()
    await keepScreenshot(visitor.page, 'faq-page-390', { fullPage: true })
    await visitor.context.close()
  })

  test('moves a question with the keyboard and deletes another: one commit, and /faq in the new order', async () => {
    const faqOrder = async () =>
      (jsonLd(await html('/faq'))['@graph'].find((n) => n['@type'] === 'FAQPage') as { mainEntity: { name: string }[] }).mainEntity.map(
        (q) => q.name,
      )
    const [first, second, third] = await faqOrder()
    await dismissToasts(page)
    await page.getByRole('tab', { name: 'FAQ' }).click()
    await keyboardMoveDown(page, page.getByRole('button', { name: `Reorder ${first}` }), first)
    await page.getByRole('button', { name: `Delete ${third}` }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Changes saved', 'The FAQ page is updated.')
    expect(subjects()[0]).toBe(`FAQ: Delete question "${third}", reorder questions`)
    expect(changedFiles()).toEqual(['content/faq.yaml'])
    const after = await faqOrder()
    expect(after.slice(0, 2)).toEqual([second, first])
    expect(after).not.toContain(third)
  })
})

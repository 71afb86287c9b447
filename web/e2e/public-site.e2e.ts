// The public pages as a visitor sees them: home, service cards, header, footer, menus, flags and not-found.
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, openPage } from './support/browser'
import { test } from './support/fixtures'
import type { Site } from './support/site'
import { adminCookie, api, putService, setFeatures } from './support/public-fixtures'
import type { Service } from '../../server/services/services.schema'
import type { Testimonial } from '../../server/testimonials/testimonials.schema'

let site: Site
let browser: Browser
let cookie: string

const SECOND_PICTURE_ALT = 'Blush and gold balloon bouquet on a white table'
const images = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ cropped: `/uploads/card-${i + 1}.jpg`, original: `/uploads/card-${i + 1}-large.jpg` }))

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  cookie = await adminCookie(site)
  await putService(site, cookie, {
    id: 'bouquets',
    title: 'Bouquets',
    description: 'Hand-tied balloon bouquets.',
    aboutText: 'Latex and foil bouquets, weighted for display.',
    pricingInfo: 'Petite Bouquet: $45\nGrand Bouquet: $150\nDelivery across Portland',
    // The second picture carries the owner's description; the others fall back to the service's name and place.
    images: images(3).map((image, i) => (i === 1 ? { ...image, alt: SECOND_PICTURE_ALT } : image)),
    visible: true,
  })
  await putService(site, cookie, { id: 'corporate-creations', title: 'Corporate', visible: true })
})

describe('home page', () => {
  test('shows the hero, the visible services in service order, Why Choose and the call to action', async () => {
    const settings = await api<{ hero: { title: string; secondaryLabel?: string }; brand: { name: string } }>(
      site,
      'GET',
      '/api/site-settings',
    )
    const services = await api<Service[]>(site, 'GET', '/api/services')
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    await page.getByRole('heading', { level: 1, name: settings.hero.title }).waitFor()
    expect(await page.title()).toContain(settings.brand.name)

    const primary = page.locator('.hero').getByRole('link', { name: 'Get a Quote' })
    expect(await primary.getAttribute('href')).toBe('/contact')
    if (settings.hero.secondaryLabel) {
      const outline = page.locator('.hero').getByRole('link', { name: settings.hero.secondaryLabel })
      expect(await outline.getAttribute('href')).toBe('/#services')
    }

    await page.getByRole('heading', { name: 'Our Services' }).waitFor()
    await page.locator('.service-card').first().waitFor()
    const titles = await page.locator('.service-card__title').allTextContents()
    expect(titles).toEqual(services.filter((s) => s.visible).map((s) => s.title))

    for (const feature of ['Premium Quality', 'Custom Designs', 'Delivery & Setup']) {
      await page.getByRole('heading', { name: feature }).waitFor()
    }
    expect(await page.getByRole('heading', { name: /^Why Choose/ }).count()).toBe(1)
    await page.getByRole('button', { name: 'Join our Mailing List' }).waitFor()
    await page.getByRole('heading', { name: 'Ready to make your event unforgettable?' }).waitFor()
    await context.close()
  })

  test('the outline hero button scrolls to the services grid', async () => {
    const settings = await api<{ hero: { secondaryLabel?: string } }>(site, 'GET', '/api/site-settings')
    if (!settings.hero.secondaryLabel) return
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    await page.locator('.hero').getByRole('link', { name: settings.hero.secondaryLabel }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/#services`)
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('services')!.getBoundingClientRect().top)), { timeout: 5000 })
      .toBeLessThan(120)
    await context.close()
  })

  test('shows at most three testimonials, centred when there are fewer', async () => {
    const all = await api<Testimonial[]>(site, 'GET', '/api/testimonials')
    while (all.length < 5) {
      all.push(
        await api<Testimonial>(
          site,
          'POST',
          '/api/testimonials',
          { quote: `Lovely work ${all.length}`, author: `Guest ${all.length}`, position: '', imageSrc: '' },
          cookie,
        ),
      )
    }
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    await page.getByRole('heading', { name: 'What Our Clients Say' }).waitFor()
    expect(await page.locator('.testimonial').count()).toBe(3)
    expect(await page.locator('.testimonials__grid--centred').count()).toBe(0)

    for (const t of all.slice(2)) await api(site, 'DELETE', `/api/testimonials/${t.id}`, undefined, cookie)
    await page.reload()
    await page.getByRole('heading', { name: 'What Our Clients Say' }).waitFor()
    expect(await page.locator('.testimonial').count()).toBe(2)
    expect(await page.locator('.testimonials__grid--centred').count()).toBe(1)
    await page.getByText(all[0].quote).waitFor()
    await context.close()
  })
})

describe('service cards', () => {
  test('open the lightbox at the clicked image, described as the owner wrote, and show About and Pricing on demand', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    const card = page.locator('#service-bouquets')
    await card.waitFor()

    await card.getByRole('button', { name: 'Next image' }).click()
    await card.locator(`img[alt="${SECOND_PICTURE_ALT}"]`).waitFor({ state: 'attached' })
    await card.getByRole('button', { name: `Enlarge ${SECOND_PICTURE_ALT}` }).click()
    const lightbox = page.locator('.yarl__root')
    await lightbox.waitFor()
    const current = lightbox.locator('.yarl__slide_current img')
    await expect.poll(() => current.getAttribute('src')).toBe('/uploads/card-2-large.jpg')
    expect(await current.getAttribute('alt')).toBe(SECOND_PICTURE_ALT)
    await page.keyboard.press('Escape')
    await lightbox.waitFor({ state: 'detached' })

    const pricing = card.getByRole('button', { name: 'Pricing' })
    expect(await pricing.getAttribute('aria-expanded')).toBe('false')
    await pricing.click()
    expect(await pricing.getAttribute('aria-expanded')).toBe('true')
    const items = card.locator('.pricing li')
    await expect.poll(() => items.count()).toBe(3)
    expect(await card.locator('.pricing__label').allTextContents()).toEqual(['Petite Bouquet', 'Grand Bouquet'])
    expect(await card.locator('.pricing__value').allTextContents()).toEqual(['$45', '$150'])
    expect(await items.nth(2).textContent()).toBe('Delivery across Portland')

    await card.getByRole('button', { name: 'About' }).click()
    await card.getByText('Latex and foil bouquets, weighted for display.').waitFor()

    await card.getByRole('link', { name: /Learn More/ }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/services/bouquets`)
    await page.getByRole('heading', { level: 1, name: 'Bouquets' }).waitFor()
    expect(await page.title()).toMatch(/^Bouquets \| /)
    await context.close()
  })

  test("a card's About that cannot be loaded says so, and loads when opened again", async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, site.url)
    const card = page.locator('#service-bouquets')
    await page.route('**/api/services/bouquets', (route) =>
      route.fulfill({ status: 500, body: '{"error":"down"}', contentType: 'application/json' }),
    )
    const about = card.getByRole('button', { name: 'About' })
    await about.click()
    const error = card.getByRole('alert')
    await error.waitFor()
    expect(await error.textContent()).toBe('There was a problem loading the service content. Please try again.')
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)')
    await page.unroute('**/api/services/bouquets')
    await about.click()
    await about.click()
    await card.getByText('Latex and foil bouquets, weighted for display.').waitFor()
    expect(await card.getByRole('alert').count()).toBe(0)
    await context.close()
  })
})

describe('header and footer', () => {
  test('lists services in the Services dropdown and shows Corporate only while that service is visible', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Corporate' }).waitFor()
    for (const name of ['Home', 'Delivery & Installation']) await nav.getByRole('link', { name }).waitFor()
    expect(await nav.getByRole('link', { name: 'About' }).count()).toBe(0)

    await nav.getByRole('button', { name: 'Services' }).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    const visible = (await api<Service[]>(site, 'GET', '/api/services')).map((s) => s.title)
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(visible)
    await menu.getByRole('menuitem', { name: 'Bouquets' }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/services/bouquets`)

    await page.getByRole('link', { name: 'Inquire' }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/contact`)

    const footer = page.locator('footer')
    await footer.getByRole('heading', { name: 'Quick Links' }).waitFor()
    await footer.getByRole('link', { name: 'Instagram' }).waitFor()
    await footer.getByRole('link', { name: 'Facebook' }).waitFor()
    expect(await footer.getByRole('navigation', { name: 'Services' }).getByRole('link').allTextContents()).toEqual(visible)

    await api(site, 'PUT', '/api/services/corporate-creations', { visible: false }, cookie)
    await gotoReady(page, site.url)
    await nav.getByRole('link', { name: 'Delivery & Installation' }).waitFor()
    await page.locator('.service-card').first().waitFor()
    expect(await nav.getByRole('link', { name: 'Corporate' }).count()).toBe(0)
    expect(await page.locator('#service-corporate-creations').count()).toBe(0)

    await gotoReady(page, `${site.url}/services/corporate-creations`)
    await page.getByRole('heading', { name: 'Oops! This page has floated away.' }).waitFor()
    expect(await page.title()).toMatch(/^Page Not Found \| /)
    await api(site, 'PUT', '/api/services/corporate-creations', { visible: true }, cookie)
    await context.close()
  })

  test('offers a mobile menu on a phone', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await gotoReady(page, site.url)
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.waitFor()
    await drawer.getByRole('link', { name: 'Bouquets' }).waitFor()
    // Corporate once, in the drawer's services list (no second top-level entry).
    await expect.poll(() => drawer.getByRole('link', { name: 'Corporate' }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await drawer.getByRole('link', { name: 'Delivery & Installation' }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/delivery-installation`)
    expect(await drawer.count()).toBe(0)
    await page.getByRole('heading', { level: 1, name: 'Delivery & Installation' }).waitFor()
    await context.close()
  })
})

describe('routes and flags', () => {
  test('shows the not-found page for unknown paths and unknown services, with a way home', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    const res = await gotoReady(page, `${site.url}/no-such-page`)
    expect(res?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Oops! This page has floated away.' }).waitFor()
    await gotoReady(page, `${site.url}/services/no-such-service`)
    await page.getByRole('heading', { name: 'Oops! This page has floated away.' }).waitFor()
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect.poll(() => page.url()).toBe(`${site.url}/`)
    await context.close()
  })

  test('shows About only when ABOUT_ENABLED is on, and scrolls to the top on navigation', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, `${site.url}/about`)
    await page.getByRole('heading', { name: 'Oops! This page has floated away.' }).waitFor()

    setFeatures(site, { aboutEnabled: true })
    await gotoReady(page, site.url)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await page.locator('.service-card').first().waitFor()
    await page.evaluate(() => window.scrollTo(0, 1500))
    await nav.getByRole('link', { name: 'About' }).click()
    await page.getByRole('heading', { name: 'Our Story' }).waitFor()
    for (const v of ['Quality', 'Creativity', 'Service']) await page.getByRole('heading', { name: v, exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Meet the Artist' }).waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    setFeatures(site, { aboutEnabled: false })
    await context.close()
  })

  test('hides service pages and Learn More when SERVICES_ENABLED is off', async () => {
    setFeatures(site, { servicesEnabled: false })
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, site.url)
    await page.locator('.service-card').first().waitFor()
    expect(await page.getByRole('link', { name: /Learn More/ }).count()).toBe(0)
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).count()).toBe(0)
    await gotoReady(page, `${site.url}/services/bouquets`)
    await page.getByRole('heading', { name: 'Oops! This page has floated away.' }).waitFor()
    setFeatures(site, { servicesEnabled: true })
    await context.close()
  })

  test('shows the contact and thank-you pages with their titles', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await gotoReady(page, `${site.url}/contact`)
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor()
    expect(await page.getByRole('link', { name: /^Email / }).getAttribute('href')).toMatch(/^mailto:/)
    expect(await page.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:/)
    await gotoReady(page, `${site.url}/thank-you`)
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor()
    expect(await page.title()).toMatch(/^Thank You \| /)
    await page.getByRole('link', { name: 'Return to Home' }).waitFor()
    await context.close()
  })
})

// axe-core over every public page, menu and dialog and every dashboard tab, dialog and editor, at 390 and 1366 px.
// One site, one browser, one page for the public side and one for the dashboard, each checked at both widths by
// resizing. States other browser tests already check with axe are left to them: the calendar's day details and the
// inbox with an inquiry open (admin-calendar.e2e.ts), the Insights dates form and the privacy note at 390 px
// (insights.e2e.ts).
import { describe, expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, PHONE, gotoReady, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { adminCookie, api, setFeatures } from './support/public-fixtures'
import { axeFindings, describeFindings, printCounts, type AxeFinding } from './support/axe'
import sharp from 'sharp'
import { makeJpeg } from './support/admin'
import type { Service } from '../../server/services/services.schema'

type Viewport = typeof PHONE
const WIDTHS: Viewport[] = [PHONE, DESKTOP]

let site: Site
let browser: Browser

test.beforeAll(async ({ site: s, browser: b }) => {
  site = s
  browser = b
  // The About page is checked too, so it is switched on for this site.
  setFeatures(site, { aboutEnabled: true })
})

/** Collects axe's findings state by state, so one run reports every failing state at once. */
class Audit {
  readonly states: string[] = []
  readonly findings: AxeFinding[] = []
  constructor(
    readonly page: Page,
    readonly label: string,
  ) {}

  /** Checks the page as it is at one width. */
  async at(viewport: Viewport, state: string): Promise<void> {
    if (this.page.viewportSize()?.width !== viewport.width) await this.page.setViewportSize(viewport)
    const name = `${this.label} ${viewport.width}px ${state}`
    this.states.push(name)
    this.findings.push(...(await axeFindings(this.page, name)))
  }

  /** Checks the page as it is at both widths (the current one first, so a page is resized once). */
  async both(state: string): Promise<void> {
    const current = this.page.viewportSize()?.width
    for (const viewport of [...WIDTHS].sort((a) => (a.width === current ? -1 : 1))) await this.at(viewport, state)
  }

  report(): void {
    printCounts(this.label, this.states, this.findings)
    expect(describeFindings(this.findings), 'axe violations').toBe('')
  }
}

async function publicPaths(): Promise<string[]> {
  const services = await api<Service[]>(site, 'GET', '/api/services')
  const paths = ['/', ...services.filter((s) => s.visible).map((s) => `/services/${s.id}`), '/about', '/contact', '/delivery-installation']
  // The FAQ page is public only while it has questions.
  if ((await fetch(`${site.url}/faq`)).ok) paths.push('/faq')
  return [...paths, '/thank-you', '/no-such-page']
}

describe('axe finds nothing', () => {
  test('on every public page, menu, dialog and form state, at 390 and 1366 px', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    const audit = new Audit(page, 'public')
    for (const path of await publicPaths()) {
      await gotoReady(page, `${site.url}${path}`)
      await audit.both(path)
    }
    // The privacy note at 390 px is insights.e2e.ts's.
    await gotoReady(page, `${site.url}/privacy`)
    await audit.at(DESKTOP, '/privacy')

    // A service form after Submit was pressed with nothing filled in: the error summary and every invalid field.
    await gotoReady(page, `${site.url}/services/bouquets`)
    // Submit is aria-disabled (focusable, pressable): pressed from the keyboard, as a keyboard user would.
    await page.getByRole('button', { name: 'Submit Inquiry' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('group', { name: /^Please fix \d+ answers/ }).waitFor()
    await audit.both('/services/bouquets after an empty Submit')

    await gotoReady(page, site.url)
    await page.setViewportSize(PHONE)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).waitFor()
    await audit.at(PHONE, '/ phone menu open')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' })

    await page.setViewportSize(DESKTOP)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click()
    await page.getByRole('menu').waitFor()
    await audit.at(DESKTOP, '/ services menu open')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })

    await page
      .getByRole('button', { name: /^Enlarge / })
      .first()
      .click()
    await page.locator('.yarl__root').waitFor()
    await audit.both('/ lightbox open')
    await page.keyboard.press('Escape')
    await page.locator('.yarl__root').waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Join our Mailing List' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Join our Mailing List' })
    await dialog.waitFor()
    await audit.both('/ mailing-list dialog open')
    await dialog.getByRole('button', { name: 'Subscribe' }).click()
    await dialog.getByRole('group', { name: /^Please fix \d+ answers/ }).waitFor()
    await audit.both('/ mailing-list dialog after an empty Subscribe')
    await context.close()
    audit.report()
  }, 300_000)

  test('on the login form and every dashboard tab, dialog and editor, at 390 and 1366 px', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    const audit = new Audit(page, 'dashboard')
    await gotoReady(page, `${site.url}/admin`)
    await page.getByLabel('Username').waitFor()
    await audit.both('login form')
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('alert').first().waitFor()
    await audit.both('login form after a wrong password')
    await loginAsOwner(page, site.url)
    // After logging in, focus is on the dashboard's heading (the form that had it is gone).
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('h1.admin-header__title'))).toBe(true)

    const tablist = page.getByRole('tablist', { name: 'Dashboard sections' })
    const tabs = tablist.getByRole('tab')
    const count = await tabs.count()

    // On a phone the tabs are one row held at the top (wrapped, the rows took a fifth of the screen; issue 28): it
    // scrolls sideways with a shade at the clipped edge, and the chosen tab is brought into the row's view.
    await page.setViewportSize(PHONE)
    expect(await tablist.evaluate((l) => l.scrollWidth > l.clientWidth + 40), 'the tabs scroll in one row at 390 px').toBe(true)
    const phoneShade = await edgeShades(page, tablist, '[role=tab]', 'x')
    expect(phoneShade.end - phoneShade.start, 'shade at the right edge at 390 px').toBeGreaterThan(12)
    expect(await isInside(tabs.first(), tablist), 'the chosen first tab on screen at 390 px').toBe(true)
    // Between phone and desktop they scroll in one row: a shade at the clipped edge says more are there, and the
    // keyboard reaches the last.
    await page.setViewportSize({ width: 700, height: 900 })
    expect(await tablist.evaluate((l) => l.scrollWidth > l.clientWidth + 40), 'the tabs overflow at 700 px').toBe(true)
    const shade = await edgeShades(page, tablist, '[role=tab]', 'x')
    expect(shade.end - shade.start, 'shade at the right edge while more tabs lie to the right').toBeGreaterThan(12)
    await tabs.first().focus()
    await page.keyboard.press('End')
    await expect.poll(() => tabs.last().evaluate((el) => el === document.activeElement)).toBe(true)
    await tabs.last().click()
    expect(await isInside(tabs.last(), tablist)).toBe(true)
    const shadeAtEnd = await edgeShades(page, tablist, '[role=tab]', 'x')
    expect(shadeAtEnd.start - shadeAtEnd.end, 'shade at the left edge once scrolled to the end').toBeGreaterThan(12)

    // Focus rings on the dark header, the tab bar and a panel, at both widths.
    await openTab(page, tabs.first())
    const ringProblems: string[] = []
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport)
      for (const r of await tabThrough(page, 40)) {
        if (r.style === 'none' || r.width < 2 || r.ratio < 3)
          ringProblems.push(`${viewport.width}px: focus ring of ${r.element}: ${r.style} ${r.width}px ${r.ratio.toFixed(2)}:1`)
      }
    }
    expect(ringProblems).toEqual([])

    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i)
      const label = (await tab.textContent()) ?? `tab ${i + 1}`
      await openTab(page, tab)
      // Each tab's panel is named and has headings of its own under the dashboard's h1.
      const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`)
      expect(await panel.getByRole('heading', { level: 2 }).count(), `headings in "${label}"`).toBeGreaterThan(0)
      await audit.both(`tab "${label}"`)
      // On a phone, a tab with a preview shows the editor or the preview: the preview is checked too.
      const preview = page.getByRole('tabpanel').getByRole('button', { name: 'Preview', exact: true })
      if (await preview.isVisible()) {
        await preview.click()
        await audit.at(PHONE, `tab "${label}" preview`)
        await page.getByRole('tabpanel').getByRole('button', { name: 'Edit', exact: true }).click()
      }
    }

    // The service editor and its dialogs.
    await openTab(page, page.getByRole('tab', { name: 'Service Management' }))
    await page.locator('.admin-service-row__select').first().click()
    await page.getByRole('button', { name: 'Save Changes' }).waitFor()
    await audit.both('service editor')
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles(await makeJpeg('/tmp/axe-crop.jpg', 800, 600))
    const crop = page.getByRole('dialog', { name: 'Crop Image' })
    await crop.waitFor()
    await audit.both('crop dialog')
    await crop.getByRole('button', { name: 'Cancel' }).click()
    await crop.waitFor({ state: 'detached' })
    await expectTrapAndReturn(
      page,
      page.getByRole('button', { name: 'Delete Service' }),
      page.getByRole('alertdialog', { name: 'Delete Service' }),
      () => audit.both('delete-service confirm dialog'),
    )
    await expectTrapAndReturn(
      page,
      page.getByRole('button', { name: 'Add Service' }),
      page.getByRole('dialog', { name: 'Add Service' }),
      () => audit.both('add-service dialog'),
    )

    // The stale-edit dialog: the service is changed elsewhere while the owner edits it.
    const titleField = page.getByLabel('Title', { exact: true })
    const shownTitle = await titleField.inputValue()
    const current = (await api<Service[]>(site, 'GET', '/api/services')).find((s) => s.title === shownTitle)!
    await titleField.fill(`${current.title} (edited here)`)
    await api(
      site,
      'PUT',
      `/api/services/${current.id}`,
      { pricingInfo: `${current.pricingInfo}\nChanged elsewhere: $1` },
      await adminCookie(site),
    )
    await page.getByRole('button', { name: 'Save Changes' }).click()
    const stale = page.getByRole('alertdialog', { name: 'Changed elsewhere' })
    await stale.waitFor()
    await audit.both('stale-edit dialog')
    await stale.getByRole('button', { name: 'Compare' }).click()
    await stale.getByRole('region', { name: 'Your values and the current version' }).waitFor()
    await audit.both('stale-edit compare view')
    await stale.getByRole('button', { name: 'Reload' }).click()
    await stale.waitFor({ state: 'detached' })

    // The testimonial editor and its confirm dialog.
    await openTab(page, page.getByRole('tab', { name: 'Testimonials Management' }))
    await page
      .getByRole('button', { name: /^Edit testimonial from / })
      .first()
      .click()
    await page.getByRole('form', { name: /^Edit testimonial from / }).waitFor()
    await audit.both('testimonial editor')
    await page
      .getByRole('form', { name: /^Edit testimonial from / })
      .getByRole('button', { name: 'Cancel' })
      .click()
    await expectTrapAndReturn(
      page,
      page.getByRole('button', { name: /^Delete testimonial from / }).first(),
      page.getByRole('alertdialog'),
      () => audit.both('delete-testimonial confirm dialog'),
    )

    // The FAQ editor with a new, empty question that cannot be saved, and the guard when leaving it unsaved.
    await openTab(page, page.getByRole('tab', { name: 'FAQ' }))
    await page.getByRole('button', { name: 'Add question' }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.locator('.admin-faq').getByRole('alert').first().waitFor()
    await audit.both('FAQ editor with an empty question')
    await page.getByRole('tab', { name: 'Site' }).click()
    const guard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await guard.waitFor()
    await audit.both('discard-changes confirm dialog')
    await guard.getByRole('button', { name: 'Discard changes' }).click()
    await guard.waitFor({ state: 'detached' })

    // Save results and status changes are read out: the save bar's status line and the notices are live regions.
    await openTab(page, page.getByRole('tab', { name: 'Delivery & Installation Page' }))
    const status = page.getByRole('tabpanel').getByRole('status')
    expect(await status.textContent()).toBe('All changes saved.')
    await page.getByLabel('Markdown content').fill('# Delivery\n\nWe deliver and set up across the metro area.')
    await expect.poll(() => status.textContent()).toBe('You have unsaved changes.')
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => status.textContent()).toBe('All changes saved.')
    await expect.poll(() => page.locator('[aria-live="polite"]').filter({ hasText: /saved/i }).count()).toBeGreaterThan(0)

    // The history tab's change details.
    await openTab(page, page.getByRole('tab', { name: 'History' }))
    const entry = page.locator('.history__entry').first()
    await entry.waitFor()
    await entry.click()
    await page.getByRole('region', { name: 'Change details' }).waitFor()
    await audit.both('history change details')
    await context.close()
    audit.report()
  }, 300_000)
})

/** True when the element's box lies wholly within the container's box. */
async function isInside(element: ReturnType<Page['getByRole']>, container: ReturnType<Page['getByRole']>): Promise<boolean> {
  // Both boxes in one go: the page may move between two reads (a status line appearing above).
  return element.evaluate(
    (el, box) => {
      const [a, b] = [el.getBoundingClientRect(), box!.getBoundingClientRect()]
      return a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5
    },
    await container.elementHandle(),
  )
}

/**
 * How much darker the scroller's two edges are than its middle (0-255 grey levels), as painted: its items are hidden
 * for the screenshot, so only the background (with any scroll shade) is measured. `axis` x: left and right edges.
 */
async function edgeShades(
  page: Page,
  scroller: ReturnType<Page['getByRole']>,
  items: string,
  axis: 'x' | 'y',
): Promise<{ start: number; end: number }> {
  const box = (await scroller.boundingBox())!
  await scroller.evaluate((el, sel) => el.querySelectorAll<HTMLElement>(sel).forEach((i) => (i.style.visibility = 'hidden')), items)
  const strip = 8
  const clip = (at: number) =>
    axis === 'x'
      ? { x: box.x + at, y: box.y + box.height / 4, width: strip, height: box.height / 2 }
      : { x: box.x + box.width / 4, y: box.y + at, width: box.width / 2, height: strip }
  const length = axis === 'x' ? box.width : box.height
  const grey = async (at: number) => {
    const { channels } = await sharp(await page.screenshot({ clip: clip(at) })).stats()
    return (channels[0].mean + channels[1].mean + channels[2].mean) / 3
  }
  const [start, middle, end] = [await grey(2), await grey(length / 2 - strip / 2), await grey(length - strip - 2)]
  await scroller.evaluate((el, sel) => el.querySelectorAll<HTMLElement>(sel).forEach((i) => (i.style.visibility = '')), items)
  return { start: middle - start, end: middle - end }
}

/**
 * Opens a dialog from the keyboard, checks that Tab keeps focus inside it and that Escape closes it and gives focus back
 * to the control that opened it; `whileOpen` runs with the dialog on screen.
 */
async function expectTrapAndReturn(
  page: Page,
  opener: ReturnType<Page['getByRole']>,
  dialog: ReturnType<Page['getByRole']>,
  whileOpen: () => Promise<void>,
): Promise<void> {
  await opener.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await whileOpen()
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus stays in the dialog').toBe(true)
  }
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true)
}

/** Opens a dashboard tab and waits until its panel shows what the owner works with (not "Loading..."). */
async function openTab(page: Page, tab: ReturnType<Page['getByRole']>): Promise<void> {
  await tab.click()
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true')
  await page.locator(`#${await tab.getAttribute('aria-controls')}`).waitFor()
  await page.waitForFunction(() => !document.querySelector('[role=tabpanel]:not([hidden]) .admin-loading'), undefined, { timeout: 15_000 })
}

interface RingCheck {
  element: string
  style: string
  width: number
  ratio: number
}

/**
 * Measured in the page from computed styles. `hero`: each hero text against its panel laid over any picture (every
 * grey from black to white, and the pure colours' extremes between); `borders`: each visible field's border against
 * what is behind the field; `ring`: the focus indicator of the element that has focus against what lies beside it
 * (over a picture: against every such grey; a two-band indicator passes when one band stands out at each).
 */
function measureInPage(kind: 'hero' | 'ring' | 'borders'): { element: string; ratio: number; style?: string; width?: number }[] {
  type Rgba = [number, number, number, number]
  const parse = (c: string): Rgba => {
    const n = (c.match(/rgba?\(([^)]*)\)/)?.[1].match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number)
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1]
  }
  const over = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1) as Rgba
  const lum = (c: Rgba) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2])
  }
  const ratio = (a: Rgba, b: Rgba) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p)
    return (x + 0.05) / (y + 0.05)
  }
  const ANY_PICTURE: Rgba[] = [
    ...Array.from({ length: 52 }, (_, i) => [i * 5, i * 5, i * 5, 1] as Rgba),
    [255, 255, 0, 1],
    [0, 0, 255, 1],
    [255, 0, 0, 1],
    [0, 255, 0, 1],
  ]
  /** The colours seen behind `target`, starting at `from`: the backgrounds down to the page, or to a picture under it. */
  const backdrops = (from: Element | null, target: Element): Rgba[] => {
    const box = target.getBoundingClientRect()
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2]
    const layers: Rgba[] = []
    let base: Rgba[] = [[255, 255, 255, 1]]
    for (let n = from; n; n = n.parentElement) {
      layers.push(parse(getComputedStyle(n).backgroundColor))
      const picture = [...n.querySelectorAll('img')].some((img) => {
        const b = img.getBoundingClientRect()
        return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom
      })
      if (picture) {
        base = ANY_PICTURE
        break
      }
    }
    return base.map((b) => layers.reduceRight((below, layer) => over(layer, below), b))
  }
  /** The worst, over what may be behind, of the best-contrasting tone. */
  const worst = (tones: Rgba[], behind: Rgba[]) => Math.min(...behind.map((b) => Math.max(...tones.map((t) => ratio(over(t, b), b)))))
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`

  if (kind === 'hero') {
    return [...document.querySelectorAll('.hero__panel *')]
      .filter((el) => [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim()))
      .map((el) => ({ element: name(el), ratio: worst([parse(getComputedStyle(el).color)], backdrops(el, el)) }))
  }
  if (kind === 'borders') {
    return [...document.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest('[aria-hidden=true]'))
      .map((el) => ({ element: name(el), ratio: worst([parse(getComputedStyle(el).borderTopColor)], backdrops(el.parentElement, el)) }))
  }
  const el = document.activeElement
  if (!el || el === document.body) return []
  const style = getComputedStyle(el)
  const after = getComputedStyle(el, '::after')
  if (style.outlineStyle !== 'none') {
    const inside = parseFloat(style.outlineOffset) < 0
    const tones = [parse(style.outlineColor)]
    return [
      {
        element: name(el),
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        ratio: worst(tones, backdrops(inside ? el : el.parentElement, el)),
      },
    ]
  }
  if (after.content !== 'none' && after.borderTopStyle !== 'none') {
    // Two bands drawn over the element: its ::after's border and, inside it, an inset shadow.
    const tones = [parse(after.borderTopColor), parse(after.boxShadow)]
    const bands = ratio(tones[0], tones[1])
    return [
      {
        element: name(el),
        style: `two bands ${bands.toFixed(1)}:1 apart`,
        width: parseFloat(after.borderTopWidth),
        ratio: Math.min(bands, worst(tones, backdrops(el, el))),
      },
    ]
  }
  return [{ element: name(el), style: 'none', width: 0, ratio: 1 }]
}

/** Tabs through the page (at most `max` stops) and measures every focus ring on the way. */
async function tabThrough(page: Page, max: number): Promise<RingCheck[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.evaluate(() => window.scrollTo(0, 0))
  const rings: RingCheck[] = []
  const seen = new Set<string>()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const [found] = (await page.evaluate(measureInPage, 'ring' as const)) as RingCheck[]
    if (!found || seen.has(found.element)) break
    seen.add(found.element)
    rings.push(found)
  }
  return rings
}

describe('beyond what axe sees', () => {
  test('skip link, every service in the menu with a cue when it scrolls, each phone-menu entry once, 44 px main controls on a phone', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await gotoReady(page, site.url)
    // The first Tab shows the skip link; following it puts focus in the main content.
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
    const skipBox = (await skip.boundingBox())!
    expect(skipBox.y).toBeGreaterThanOrEqual(0)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true)

    // The controls a visitor on a phone came for are at least 44 x 44 px.
    const big = async (locator: ReturnType<Page['getByRole']>, what: string) => {
      const box = (await locator.boundingBox())!
      expect([Math.round(box.width) >= 44, Math.round(box.height) >= 44], `${what}: ${box.width} x ${box.height}`).toEqual([true, true])
    }
    await big(page.getByRole('button', { name: 'Open menu' }), 'menu button')
    await big(page.locator('.hero__actions').getByRole('link').first(), 'hero call to action')
    await big(page.getByRole('main').getByRole('button', { name: 'Join our Mailing List' }), 'mailing-list button')
    // The mailing list can be joined from the footer of every page, not only at the bottom of the home page.
    await big(page.getByRole('contentinfo').getByRole('button', { name: 'Sign up for our newsletter' }), "footer's mailing-list button")

    // The phone menu lists each destination once.
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.getByRole('link').first().waitFor()
    const entries = await drawer
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => `${a.textContent?.trim()} ${new URL((a as HTMLAnchorElement).href).pathname}`))
    expect(entries.length).toBeGreaterThan(5)
    expect(
      entries.filter((e, i) => entries.indexOf(e) !== i),
      'entries listed twice',
    ).toEqual([])
    expect(new Set(entries.map((e) => e.split(' ').pop())).size, 'destinations').toBe(entries.length)
    await page.keyboard.press('Escape')

    await gotoReady(page, `${site.url}/services/bouquets`)
    await big(page.getByRole('button', { name: 'Submit Inquiry' }), 'Submit Inquiry')

    // On a short desktop window the services menu scrolls: a shade says more are below, and the keyboard reaches all.
    await page.setViewportSize({ width: 1366, height: 420 })
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await menu.waitFor()
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    // Opened from the keyboard (its code loaded on this first use), the menu focuses its first service.
    const focused = page.locator('[role=menuitem]:focus')
    await expect.poll(() => focused.count()).toBe(1)
    const services = (await api<Service[]>(site, 'GET', '/api/services')).filter((s) => s.visible).map((s) => s.title)
    expect(await focused.textContent()).toBe(services[0])
    expect(await menu.evaluate((m) => m.scrollHeight > m.clientHeight + 20), 'the menu scrolls at this height').toBe(true)
    const top = await edgeShades(page, menu, '[role=menuitem]', 'y')
    // (Hiding the items for the measurement took the focus away; it goes back to the first.)
    await menu.getByRole('menuitem').first().focus()
    expect(top.end - top.start, 'shade at the bottom while more services lie below').toBeGreaterThan(12)
    // Down arrow goes from item to item, each scrolled into view.
    // (The menu moves focus and scrolls a moment after the key: each step is awaited, not read at once.)
    for (const [i, service] of services.entries()) {
      if (i > 0) await page.keyboard.press('ArrowDown')
      await expect.poll(() => focused.textContent(), { message: `ArrowDown reaches ${service}` }).toBe(service)
      await expect.poll(() => isInside(focused, menu), { message: `${service} scrolled into view` }).toBe(true)
    }
    // The last item in view may leave the list's bottom padding below the edge (and a smooth scroll may still run):
    // measured at the very end, once the scroll position holds still.
    await menu.evaluate((m) => m.scrollTo({ top: m.scrollHeight, behavior: 'instant' }))
    await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))
    const bottom = await edgeShades(page, menu, '[role=menuitem]', 'y')
    expect(bottom.start - bottom.end, 'shade at the top once scrolled to the end').toBeGreaterThan(12)
    await context.close()
  }, 120_000)

  test('hero text keeps 4.5:1 over any picture, focus rings 3:1 beside whatever is behind them, field borders 3:1', async () => {
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    const problems: string[] = []
    let rings = 0
    for (const path of ['/', '/services/bouquets', '/contact', '/about', '/delivery-installation', '/faq', '/thank-you', '/no-such-page']) {
      await gotoReady(page, `${site.url}${path}`)
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport)
        const where = `${path} ${viewport.width}px`
        if (path === '/') {
          const hero = await page.evaluate(measureInPage, 'hero' as const)
          expect(hero.length, 'hero texts measured').toBeGreaterThanOrEqual(3)
          for (const h of hero) if (h.ratio < 4.5) problems.push(`${where}: hero text ${h.element} ${h.ratio.toFixed(2)}:1`)
        }
        for (const b of await page.evaluate(measureInPage, 'borders' as const))
          if (b.ratio < 3) problems.push(`${where}: field border ${b.element} ${b.ratio.toFixed(2)}:1`)
        for (const r of await tabThrough(page, 60)) {
          rings++
          if (r.style === 'none' || r.width < 2 || r.ratio < 3)
            problems.push(`${where}: focus ring of ${r.element}: ${r.style} ${r.width}px ${r.ratio.toFixed(2)}:1`)
        }
      }
    }
    expect(rings, 'focus stops measured').toBeGreaterThan(100)
    expect(problems).toEqual([])
    await context.close()
  }, 240_000)
})

// Service Management as the owner uses it: add, edit, visibility, reorder (mouse and keyboard), custom fields, delete.
import { describe, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PHONE, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import {
  dismissToasts,
  ensureServices,
  eventually,
  expectToast,
  keyboardMoveDown,
  mouseDrag,
  serviceRows,
  serviceTitles,
} from './support/admin'

interface ApiService {
  id: string
  title: string
  description: string
  visible: boolean
  maxBalloonColors: number | null
  showBalloonColorSelection: boolean
  customTextFields: { id: string; header: string }[]
  customDropdownFields: { id: string; header: string; options: string[] }[]
  fieldOrder: string[]
}

describe('admin service management', () => {
  let site: Site
  let browser: Browser
  let context: BrowserContext
  let page: Page

  const lastCommit = () => site.git('log', '-1', '--format=%s').trim()
  const publicServices = async () => (await (await fetch(`${site.url}/api/services`)).json()) as ApiService[]
  const order = async () => (await (await fetch(`${site.url}/api/service-order`)).json()) as string[]
  const adminService = async (id: string) => (await (await page.request.get(`${site.url}/api/services/${id}`)).json()) as ApiService
  const select = (title: string) => page.locator('.admin-service-row__select', { hasText: title }).first().click()
  const editorTitle = () => page.locator('.admin-editor__title')

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    ensureServices(site)
    ;({ context, page } = await openPage(browser))
    page.setDefaultTimeout(10_000)
    await loginAsOwner(page, site.url)
    await page.getByRole('button', { name: 'Save Changes' }).waitFor()
  })
  test.afterAll(async () => {
    await context?.close()
  })

  test('adds a service with a normalised id, after refusing missing fields', async () => {
    await page.getByRole('button', { name: 'Add Service' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Service' })
    await dialog.getByLabel('Service ID').fill('Baby Showers 2026')
    await dialog.getByRole('button', { name: 'Add Service' }).click()
    await expectToast(page, 'Missing required fields', 'Please fill in all required fields')
    expect(await dialog.isVisible()).toBe(true)

    await dialog.getByText('/services/baby-showers-2026').waitFor()
    await dialog.getByLabel('Title', { exact: true }).fill('Baby Showers')
    await dialog.getByLabel('Short description').fill('Soft pastel balloons for the parents-to-be.')
    await dialog.getByLabel('About text').fill('Arches, garlands and a hello-baby backdrop.')
    await dialog.getByLabel('Pricing information').fill('Starter: $150\nDeluxe: $400')
    await dialog.getByRole('button', { name: 'Add Service' }).click()
    await expectToast(page, 'Service added')
    await dialog.waitFor({ state: 'hidden' })
    // Without a picture the dashboard asks whether to keep it hidden; the specification's new service starts visible.
    const ask = page.getByRole('alertdialog', { name: 'No picture yet' })
    await ask.getByRole('button', { name: 'Show it anyway' }).click()
    await ask.waitFor({ state: 'hidden' })

    await expect.poll(() => editorTitle().textContent()).toBe('Baby Showers')
    await page.locator('.admin-editor__id code', { hasText: 'baby-showers-2026' }).waitFor()
    await page.getByText('No pictures yet').waitFor()
    expect(lastCommit()).toBe('Add service "Baby Showers"')
    const added = (await publicServices()).find((s) => s.id === 'baby-showers-2026')
    expect(added?.visible).toBe(true)
    expect((await serviceTitles(page)).at(-1)).toBe('Baby Showers')
  })

  test('enables Save Changes only for a real change, saves it, and the public page shows it', async () => {
    await dismissToasts(page)
    const save = page.getByRole('button', { name: 'Save Changes' })
    expect(await save.isDisabled()).toBe(true)
    await page.getByText('Separate items by new lines. Lines with a colon are treated as headers').waitFor()

    const title = page.getByLabel('Title', { exact: true })
    await title.fill('Baby Showers!')
    expect(await save.isEnabled()).toBe(true)
    await title.fill('Baby Showers')
    expect(await save.isDisabled()).toBe(true)

    await title.fill('')
    await page.getByText('Title is required').waitFor()
    expect(await save.isDisabled()).toBe(true)
    await title.fill('Baby Showers')

    await page.getByLabel('Short description').fill('Pastel balloon décor for baby showers across Portland.')
    await page.getByLabel('Pricing information').fill('Starter: $175\nDeluxe: $425')
    await save.click()
    await expectToast(page, 'Changes saved')
    await expect.poll(() => save.isDisabled()).toBe(true)
    expect(lastCommit()).toMatch(/^Update service "Baby Showers"/)

    const visitor = await context.newPage()
    await visitor.goto(`${site.url}/services/baby-showers-2026`)
    await visitor.getByText('Pastel balloon décor for baby showers across Portland.').first().waitFor()
    await visitor.close()
  })

  test('hides a service with its switch, and reverts the switch when saving fails', async () => {
    await dismissToasts(page)
    const toggle = page.getByRole('switch', { name: 'Show Baby Showers on the website' })
    await toggle.click()
    await expectToast(page, 'Changes saved')
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await expect.poll(async () => (await publicServices()).some((s) => s.id === 'baby-showers-2026')).toBe(false)
    expect(lastCommit()).toMatch(/"Baby Showers"/)

    await page.route('**/api/services/baby-showers-2026', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
        : route.continue(),
    )
    const before = lastCommit()
    // Baby Showers has no picture: showing it asks first.
    const showAnyway = page.getByRole('alertdialog', { name: 'No picture yet' }).getByRole('button', { name: 'Show it anyway' })
    await toggle.click()
    await showAnyway.click()
    await expectToast(page, 'Error updating visibility', 'Could not update visibility for Baby Showers. The change is reverted.')
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    expect(lastCommit()).toBe(before)
    await page.unroute('**/api/services/baby-showers-2026')

    await toggle.click()
    await showAnyway.click()
    await expectToast(page, 'Changes saved')
    await expect.poll(async () => (await publicServices()).some((s) => s.id === 'baby-showers-2026')).toBe(true)
  })

  test('reorders services by dragging with the mouse', async () => {
    await dismissToasts(page)
    const before = await serviceTitles(page)
    const handles = page.locator('.admin-drag-handle')
    await mouseDrag(page, handles.nth(0), handles.nth(1))
    await expectToast(page, 'Services reordered')
    const after = await serviceTitles(page)
    expect(after.slice(0, 2)).toEqual([before[1], before[0]])
    const ids = await order()
    const rowIds = await serviceRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-service-id')))
    expect(ids.slice(0, 2)).toEqual(rowIds.slice(0, 2))
    expect(lastCommit()).toBe('Reorder services')
  })

  test('reorders services on a phone by pressing a row for a moment and dragging it; a quick swipe does not', async () => {
    const phone = await openPage(browser, PHONE)
    try {
      const p = phone.page
      p.setDefaultTimeout(10_000)
      await loginAsOwner(p, site.url)
      const handles = p.locator('.admin-drag-handle')
      await handles.nth(1).waitFor()
      const cdp = await phone.context.newCDPSession(p)
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] })
      const centre = async (i: number) => {
        const box = (await handles.nth(i).boundingBox())!
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      }
      const before = await serviceTitles(p)
      // Each step waits for what the page shows, not for a time: on a busy machine Chrome may handle a queued touch
      // before a timer that is due, so a fixed pause does not say whether the 120 ms press has been noticed.
      const drag = async (hold: boolean) => {
        const from = await centre(0)
        const to = await centre(1)
        const moves = () => Array.from({ length: 12 }, (_, i) => touch('touchMove', from.x, from.y + ((to.y - from.y + 12) * (i + 1)) / 12))
        if (hold) {
          await touch('touchStart', from.x, from.y)
          await handles.nth(0).and(p.locator('[aria-pressed="true"]')).waitFor()
          await Promise.all(moves())
          await p.getByText(`${before[0]} was moved into position 2`).waitFor({ state: 'attached' })
        } else {
          // Sent together (a session's commands keep their order), so the first move comes well inside the 120 ms.
          await Promise.all([touch('touchStart', from.x, from.y), ...moves()])
        }
        await touch('touchEnd')
      }

      // Moving at once is a scroll, not a drag (the press must last 120 ms first).
      await drag(false)
      await p.waitForTimeout(300)
      expect(await serviceTitles(p)).toEqual(before)

      await drag(true)
      await expectToast(p, 'Services reordered')
      expect((await serviceTitles(p)).slice(0, 2)).toEqual([before[1], before[0]])
      expect(lastCommit()).toBe('Reorder services')
    } finally {
      await phone.context.close()
      // The desktop page of the other tests shows the order as it now is.
      await page.reload()
      await page.getByRole('button', { name: 'Save Changes' }).waitFor()
    }
  })

  test('a click or a small wobble on a row does not reorder, and a failed save reverts the order', async () => {
    await dismissToasts(page)
    const before = await serviceTitles(page)
    const handle = page.locator('.admin-drag-handle').nth(0)
    const box = (await handle.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 3)
    await page.mouse.up()
    expect(await serviceTitles(page)).toEqual(before)

    await page.route('**/api/service-order', (route) =>
      route.request().method() === 'PUT'
        ? new Promise((r) => setTimeout(r, 400)).then(() => route.fulfill({ status: 500, body: '{"error":"boom"}' }))
        : route.continue(),
    )
    const handles = page.locator('.admin-drag-handle')
    await mouseDrag(page, handles.nth(0), handles.nth(1))
    await page.getByText('Saving changes...').waitFor()
    await expectToast(page, 'Error saving order', 'There was a problem saving the new service order. Reverting changes.')
    await expect.poll(() => serviceTitles(page)).toEqual(before)
    await page.unroute('**/api/service-order')
  })

  test('reorders services with the keyboard', async () => {
    await dismissToasts(page)
    const before = await serviceTitles(page)
    await keyboardMoveDown(page, page.locator('.admin-drag-handle').nth(0), before[0])
    await expectToast(page, 'Services reordered')
    expect((await serviceTitles(page)).slice(0, 2)).toEqual([before[1], before[0]])
  })

  test('adds, validates and saves custom fields and colour settings', async () => {
    await dismissToasts(page)
    await select('Baby Showers')
    await expect.poll(() => editorTitle().textContent()).toBe('Baby Showers')
    const save = page.getByRole('button', { name: 'Save Changes' })

    await page.getByRole('button', { name: 'Add Text Field' }).click()
    const text = page.locator('.admin-custom-field').nth(0)
    await text.getByText('Title is required').waitFor()
    await text.getByText('Instructions are required').waitFor()
    expect(await save.isDisabled()).toBe(true)
    await text.getByLabel('Field title').fill('Theme')
    await text.getByLabel('Instructions').fill('Tell us the theme or colours you have in mind.')

    await page.getByRole('button', { name: 'Add Dropdown Field' }).click()
    const dropdown = page.locator('.admin-custom-field').nth(1)
    await dropdown.getByText('At least one option is required').waitFor()
    expect(await dropdown.getByRole('button', { name: 'Remove option 1' }).isDisabled()).toBe(true)
    await dropdown.getByLabel('Field title').fill('Baby is a')
    await dropdown.getByLabel('Instructions').fill('If you know!')
    await dropdown.getByLabel('Option 1', { exact: true }).fill('Girl')
    await dropdown.getByLabel('Option 1', { exact: true }).press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Option 2')
    await page.keyboard.type('Boy')
    await dropdown.getByRole('switch', { name: 'Optional' }).click()

    await page.getByRole('switch', { name: 'Show balloon color selection' }).click()
    const max = page.getByLabel('Maximum colors')
    await max.fill('0')
    await page.getByText('Maximum colors must be at least 1').waitFor()
    expect(await save.isDisabled()).toBe(true)
    await max.fill('5')
    await page.getByRole('switch', { name: 'Effects colors' }).click()

    await page.getByRole('button', { name: 'Move Baby is a up' }).click()
    expect(await save.isEnabled()).toBe(true)
    await save.click()
    await expectToast(page, 'Changes saved')

    const saved = await adminService('baby-showers-2026')
    expect(saved.customTextFields.map((f) => f.header)).toEqual(['Theme'])
    expect(saved.customTextFields[0].id).toMatch(/^custom_\d+$/)
    expect(saved.customDropdownFields[0]).toMatchObject({ header: 'Baby is a', options: ['Girl', 'Boy'], optional: true })
    expect(saved.customDropdownFields[0].id).toMatch(/^dropdown_\d+$/)
    expect(saved.fieldOrder).toEqual([saved.customDropdownFields[0].id, saved.customTextFields[0].id])
    expect(saved).toMatchObject({ showBalloonColorSelection: true, maxBalloonColors: 5, showEffectsColors: false })
    expect(lastCommit()).toMatch(/^Update service "Baby Showers"/)

    const visitor = await context.newPage()
    await visitor.goto(`${site.url}/services/baby-showers-2026`)
    await visitor.getByText('Baby is a', { exact: true }).waitFor()
    await visitor.close()
  })

  test('asks before leaving unsaved changes', async () => {
    await dismissToasts(page)
    await page.getByLabel('Title', { exact: true }).fill('Baby Showers (draft)')
    const other = (await serviceTitles(page)).find((t) => t !== 'Baby Showers')!
    await select(other)
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Keep editing' }).click()
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Baby Showers (draft)')

    await page.getByRole('tab', { name: 'Testimonials Management' }).click()
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Discard changes' }).click()
    await page.getByRole('button', { name: 'Add Testimonial' }).waitFor()
    await page.getByRole('tab', { name: 'Service Management' }).click()
    await page.getByRole('button', { name: 'Save Changes' }).waitFor()

    // The browser's Back button asks too: staying keeps the edit and the address.
    await page.getByLabel('Title', { exact: true }).fill('Baby Showers (draft)')
    await page.evaluate(() => history.back())
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Keep editing' }).click()
    expect(new URL(page.url()).pathname).toBe('/admin')
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Baby Showers (draft)')
    await page.getByRole('tab', { name: 'Testimonials Management' }).click()
    await confirm.getByRole('button', { name: 'Discard changes' }).click()
    await page.waitForURL(/\/admin\/testimonials$/)
    await page.getByRole('tab', { name: 'Service Management' }).click()
    await page.getByRole('button', { name: 'Save Changes' }).waitFor()
  })

  test('deletes a service after the confirmation', async () => {
    await dismissToasts(page)
    await select('Baby Showers')
    await expect.poll(() => editorTitle().textContent()).toBe('Baby Showers')
    await page.getByRole('button', { name: 'Delete Service' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('Are you sure you want to delete "Baby Showers"? This action cannot be undone.').waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Service deleted')
    await eventually(
      () => serviceTitles(page),
      (t) => !t.includes('Baby Showers'),
    )
    expect(await serviceTitles(page)).not.toContain('Baby Showers')
    expect(lastCommit()).toBe('Delete service "Baby Showers"')
    expect((await fetch(`${site.url}/services/baby-showers-2026`)).status).toBe(404)
  })
})

// Testimonials Management and the Delivery & Installation Page editor, with their failure paths.
import { describe, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'
import { dismissToasts, expectToast } from './support/admin'

interface ApiTestimonial {
  id: string
  quote: string
  author: string
  position: string
}

describe('admin testimonials and delivery page', () => {
  let site: Site
  let browser: Browser
  let context: BrowserContext
  let page: Page

  const lastCommit = () => site.git('log', '-1', '--format=%s').trim()
  const testimonials = async () => (await (await fetch(`${site.url}/api/testimonials`)).json()) as ApiTestimonial[]

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    ;({ context, page } = await openPage(browser))
    page.setDefaultTimeout(10_000)
    await loginAsOwner(page, site.url)
  })
  test.afterAll(async () => {
    await context?.close()
  })

  test('adds a testimonial, after refusing one without quote and customer', async () => {
    await page.getByRole('tab', { name: 'Testimonials Management' }).click()
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Add Testimonial' }) })
    await form.getByLabel('Quote').fill('Only a quote')
    await form.getByRole('button', { name: 'Add Testimonial' }).click()
    await expectToast(page, 'Missing fields', 'Quote and Customer are required.')

    await form.getByLabel('Quote').fill('The balloon arch made our gala feel magical.')
    await form.getByLabel('Customer').fill('Marisol Vega-Test')
    await form.getByLabel('Company/Role').fill('Gala chair, Rose Festival')
    await form.getByRole('button', { name: 'Add Testimonial' }).click()
    await expectToast(page, 'Testimonial added')
    expect(await form.getByLabel('Quote').inputValue()).toBe('')
    await page.getByText('The balloon arch made our gala feel magical.').waitFor()
    expect((await testimonials()).some((t) => t.author === 'Marisol Vega-Test')).toBe(true)
    expect(lastCommit()).toBe('Add testimonial from Marisol Vega-Test')
  })

  test('edits a testimonial inline, with Cancel and Save', async () => {
    await dismissToasts(page)
    await page.getByRole('button', { name: 'Edit testimonial from Marisol Vega-Test' }).click()
    const editor = page.getByRole('form', { name: 'Edit testimonial from Marisol Vega-Test' })
    await editor.getByLabel('Quote').fill('Changed my mind')
    await editor.getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('The balloon arch made our gala feel magical.').waitFor()

    await page.getByRole('button', { name: 'Edit testimonial from Marisol Vega-Test' }).click()
    await editor.getByLabel('Quote').fill('The balloon arch made our spring gala feel magical!')
    await editor.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Testimonial updated')
    await page.getByText('The balloon arch made our spring gala feel magical!').waitFor()
    expect((await testimonials()).find((t) => t.author === 'Marisol Vega-Test')?.quote).toBe(
      'The balloon arch made our spring gala feel magical!',
    )
    expect(lastCommit()).toBe('Update testimonial from Marisol Vega-Test')
  })

  test('reports failed testimonial calls with the spec wording', async () => {
    await dismissToasts(page)
    await page.route('**/api/testimonials**', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, body: '{}' }),
    )
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Add Testimonial' }) })
    await form.getByLabel('Quote').fill('Lovely')
    await form.getByLabel('Customer').fill('Sam')
    await form.getByRole('button', { name: 'Add Testimonial' }).click()
    await expectToast(page, 'Error', 'Failed to add testimonial.')

    await page.getByRole('button', { name: 'Edit testimonial from Marisol Vega-Test' }).click()
    await page.getByRole('form', { name: 'Edit testimonial from Marisol Vega-Test' }).getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Error', 'Failed to update testimonial.')
    await page.getByRole('form', { name: 'Edit testimonial from Marisol Vega-Test' }).getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('button', { name: 'Delete testimonial from Marisol Vega-Test' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Error', 'Failed to delete testimonial.')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    await page.unroute('**/api/testimonials**')
    await form.getByLabel('Quote').fill('')
    await form.getByLabel('Customer').fill('')
  })

  test('deletes a testimonial', async () => {
    await dismissToasts(page)
    await page.getByRole('button', { name: 'Delete testimonial from Marisol Vega-Test' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Testimonial deleted')
    await page.getByText('The balloon arch made our spring gala feel magical!').waitFor({ state: 'detached' })
    expect((await testimonials()).some((t) => t.author === 'Marisol Vega-Test')).toBe(false)
    expect(lastCommit()).toBe('Delete testimonial from Marisol Vega-Test')
  })

  test('edits the delivery page with a live preview and saves it', async () => {
    await dismissToasts(page)
    await page.getByRole('tab', { name: 'Delivery & Installation Page' }).click()
    const editor = page.getByLabel('Markdown content')
    const save = page.getByRole('button', { name: 'Save', exact: true })
    expect(await save.isDisabled()).toBe(true)
    const original = await editor.inputValue()

    await editor.fill(
      `${original}\n\n## Rain plans\n\nOutdoor installs get a **free** weather check.\n\n- Covered setups\n- Wind-safe weights\n`,
    )
    const preview = page.locator('.admin-delivery__preview')
    await preview.getByRole('heading', { name: 'Rain plans' }).waitFor()
    expect(await preview.locator('strong', { hasText: 'free' }).count()).toBe(1)
    await preview.getByRole('listitem').filter({ hasText: 'Wind-safe weights' }).waitFor()
    expect(await save.isEnabled()).toBe(true)

    await save.click()
    await expectToast(page, 'Changes saved')
    await expect.poll(() => save.isDisabled()).toBe(true)
    expect(lastCommit()).toBe('Update delivery & installation page')

    const visitor = await context.newPage()
    await visitor.goto(`${site.url}/delivery-installation`)
    await visitor.getByRole('heading', { name: 'Rain plans' }).waitFor()
    // The preview uses the public renderer: same markup for the same markdown.
    const publicHtml = await visitor.locator('.markdown-content').first().innerHTML()
    expect(await preview.locator('.markdown-content').innerHTML()).toBe(publicHtml)
    await visitor.close()
  })

  test('shows "Failed to save content." when saving fails', async () => {
    await page.route('**/api/delivery-installation-content', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    )
    const before = lastCommit()
    await page.getByLabel('Markdown content').fill('# Draft that will not save')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Failed to save content.').waitFor()
    expect(lastCommit()).toBe(before)
    await page.unroute('**/api/delivery-installation-content')
  })

  test('shows the load error when the delivery content cannot be loaded', async () => {
    await page.getByRole('button', { name: 'Discard changes' }).click()
    await page.route('**/api/delivery-installation-content', (route) => route.fulfill({ status: 500, body: '{}' }))
    await page.getByRole('tab', { name: 'Testimonials Management' }).click()
    await page.getByRole('tab', { name: 'Delivery & Installation Page' }).click()
    await page.getByText('Failed to load delivery & installation content.').waitFor()
    await page.unroute('**/api/delivery-installation-content')
  })
})

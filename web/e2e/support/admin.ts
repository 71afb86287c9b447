// Shared steps for the dashboard's browser tests (web/e2e/admin-*.e2e.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Locator, Page } from 'playwright-core'
import type { Site } from './site'

/** Seeds three plain services when the seed content has fewer, so list tests always have something to reorder. */
export function ensureServices(site: Site, count = 3): void {
  const dir = join(site.root, 'content/services')
  mkdirSync(dir, { recursive: true })
  const existing = readdirSync(dir).filter((f) => f.endsWith('.yaml'))
  if (existing.length >= count) return
  const paths: string[] = []
  for (let i = existing.length; i < count; i++) {
    const id = `e2e-fixture-${i + 1}`
    writeFileSync(
      join(dir, `${id}.yaml`),
      `id: ${id}\ntitle: Fixture ${i + 1}\ndescription: A fixture service.\naboutText: About it.\npricingInfo: "Small: $10"\nvisible: true\n`,
    )
    paths.push(`content/services/${id}.yaml`)
  }
  site.git('add', '--', ...paths)
  site.git('commit', '-q', '-m', 'Test fixture services')
}

/** A real JPEG (a soft gradient with a shape) written to a temp path, to upload through the crop dialog. */
export async function makeJpeg(path: string, width = 1200, height = 900): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6dde2"/><stop offset="1" stop-color="#c2476b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#c9a03d"/></svg>`
  writeFileSync(path, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer())
  return path
}

/** Waits for a notice with this title (and description) to be shown. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
  if (description) toast = toast.filter({ hasText: description })
  await toast.first().waitFor({ state: 'visible', timeout: 15_000 })
}

/** Closes every notice through its own close button, so the next expectToast cannot match an old one. */
export async function dismissToasts(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((b) => b.click()),
  )
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {})
}

export const serviceRows = (page: Page) => page.locator('.admin-service-row')

export async function serviceTitles(page: Page): Promise<string[]> {
  return page.locator('.admin-service-row__title').allTextContents()
}

/** A real mouse drag: press, move past the 5 px threshold in steps, then onto the target and release. */
export async function mouseDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  // To the middle of the screen, as a person would: at the bottom edge the sticky save bar covers it.
  await from.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('drag source or target is not visible')
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 }
  const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x + 2, start.y + 8, { steps: 4 })
  await page.mouse.move(end.x, end.y + (end.y > start.y ? 6 : -6), { steps: 12 })
  await page.waitForTimeout(150)
  await page.mouse.up()
}

/**
 * Moves a sortable item one place down from the keyboard: Space picks it up, ArrowDown moves it, Space drops it, each
 * step waiting for the handle to show it is held or for what a screen reader hears. dnd-kit starts listening for
 * arrow keys one timer turn after the pick-up, and Chrome runs a queued key press before a due timer, so the test lets
 * that timer turn pass before pressing ArrowDown (on a busy CI machine the key was otherwise lost).
 */
export async function keyboardMoveDown(page: Page, handle: Locator, name: string): Promise<void> {
  await handle.focus()
  await page.keyboard.press('Space')
  await handle.and(page.locator('[aria-pressed="true"]')).waitFor()
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
  await page.keyboard.press('ArrowDown')
  await page.getByText(`${name} was moved into position 2`).waitFor({ state: 'attached' })
  await page.keyboard.press('Space')
  await page.getByText(`${name} was dropped at position 2`).waitFor({ state: 'attached' })
}

/** Polls until the check passes (for git and API state that follows a notice). */
export async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}

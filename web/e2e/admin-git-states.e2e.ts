// The owner's side of a developer's git work, in a real browser: a broken file named and put back, a save refused
// mid-merge with the sentence that says why, and a developer's push taken in with "Get changes now".
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { describe, expect } from 'vitest'
import { expectToast } from './support/admin'
import { axeFindings, describeFindings } from './support/axe'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'

const DEV_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Dev',
  GIT_AUTHOR_EMAIL: 'dev@example.test',
  GIT_COMMITTER_NAME: 'Dev',
  GIT_COMMITTER_EMAIL: 'dev@example.test',
}

test.override('siteEnv', { scope: 'file' }, () => ({ GIT_REMOTE: 'origin', GIT_SYNC_SECONDS: 'off' }))

describe('the dashboard when a developer works with git', () => {
  let site: Site
  let browser: Browser
  let bare: string
  let laptop: string
  const dev = (...args: string[]) => execFileSync('git', ['-C', laptop, ...args], { env: DEV_ENV, encoding: 'utf8' })

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
    bare = mkdtempSync(join(tmpdir(), 'e2e-remote-'))
    laptop = mkdtempSync(join(tmpdir(), 'e2e-laptop-'))
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
    site.git('remote', 'add', 'origin', bare)
    site.git('push', '-q', 'origin', 'main')
    execFileSync('git', ['clone', '-q', bare, laptop], { env: DEV_ENV })
  })
  test.afterAll(async () => {
    for (const dir of [bare, laptop]) if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('a broken site.yaml is named under the header with its line, and put back in one click (phone and laptop, axe-clean)', async () => {
    const path = join(site.root, 'content/site.yaml')
    const good = readFileSync(path, 'utf8')
    writeFileSync(path, `${good}brand: [unclosed\n`)
    site.git('commit', '-qm', 'Developer: tweak the brand', '--', 'content/site.yaml')
    // Visitors still get every page.
    expect((await fetch(`${site.url}/`)).status).toBe(200)
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser, viewport, { bypassCSP: true })
      await loginAsOwner(page, site.url)
      const notice = page.getByRole('region', { name: 'A content file needs attention' })
      await notice.waitFor()
      expect(await notice.textContent()).toMatch(
        /Site settings \(content\/site\.yaml, line \d+\)The file is not valid YAML: .*Visitors see its last valid version/,
      )
      await keepScreenshot(page, `content-problem-${viewport.width}`)
      expect(describeFindings(await axeFindings(page, `content problem ${viewport.width}`))).toBe('')
      await context.close()
    }
    const { page, context } = await openPage(browser, PHONE)
    await loginAsOwner(page, site.url)
    await page.getByRole('button', { name: 'Put back the last valid version' }).click()
    await expectToast(page, 'Put back')
    await page.getByRole('region', { name: 'A content file needs attention' }).waitFor({ state: 'detached' })
    expect(readFileSync(path, 'utf8')).toBe(good)
    await context.close()
  })

  test('a save during an unfinished merge shows the sentence that says what to run', async ({ ownerPage: page }) => {
    await page.getByRole('tab', { name: 'Delivery & Installation Page' }).click()
    const text = page.getByLabel('Markdown content')
    await text.waitFor()
    // The developer starts a merge on the server that stops on a conflict (in another file: every save waits).
    site.git('checkout', '-q', '-b', 'side')
    writeFileSync(join(site.root, 'content/faq.yaml'), '[]\n')
    site.git('commit', '-qm', 'Side: no questions', '--', 'content/faq.yaml')
    site.git('checkout', '-q', 'main')
    writeFileSync(join(site.root, 'content/faq.yaml'), '- id: one\n  question: One?\n  answer: Yes.\n')
    site.git('commit', '-qm', 'Main: one question', '--', 'content/faq.yaml')
    expect(() => site.git('merge', '-q', 'side')).toThrow()
    await text.fill('# The owner types here')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to save content.' })
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      'Failed to save content. The content is in the middle of a merge (content/faq.yaml conflicts): finish it with git commit, or cancel it with git merge --abort',
    )
    site.git('merge', '--abort')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Changes saved')
  })

  test("a developer's push arrives with Get changes now, and History shows it", async () => {
    // The server pushes its own saves in the background: the laptop starts from what it pushed.
    const remoteMain = () => execFileSync('git', ['-C', bare, 'rev-parse', 'main'], { encoding: 'utf8' }).trim()
    await expect.poll(remoteMain, { timeout: 15_000 }).toBe(site.git('rev-parse', 'HEAD').trim())
    dev('pull', '-q', '--ff-only', 'origin', 'main')
    writeFileSync(join(laptop, 'content/faq.yaml'), '- id: parking\n  question: Where do we park?\n  answer: In the studio lot.\n')
    dev('add', 'content/faq.yaml')
    dev('commit', '-qm', 'Add a parking question')
    dev('push', '-q', 'origin', 'HEAD:main')
    const { page, context } = await openPage(browser, PHONE, { bypassCSP: true })
    await loginAsOwner(page, site.url)
    await page.getByRole('tab', { name: 'History' }).click()
    const status = page.getByTestId('sync-status')
    await status.waitFor()
    await page.getByRole('button', { name: 'Get changes now' }).click()
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Up to date: the same as origin\./)
    await expect.poll(() => page.locator('.history__entry').first().textContent()).toMatch(/Where do we park\?|FAQ|question/i)
    expect(describeFindings(await axeFindings(page, 'history sync phone'))).toBe('')
    const faq = (await (await fetch(`${site.url}/api/faq`)).json()) as { question: string }[]
    expect(faq.map((q) => q.question)).toContain('Where do we park?')
    await context.close()
  })
})

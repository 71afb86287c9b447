// The dashboard's backup line in a real browser: an old backup is flagged, a failed one says why, "Back up now" makes
// one, and the line then shows its time and size; on a phone and on a desktop.
import { mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, PHONE, keepScreenshot, openPage } from './support/browser'
import { test } from './support/fixtures'
import { loginAsOwner } from './support/owner'
import type { Site } from './support/site'

let backupDir: string
test.override('siteEnv', { scope: 'file' }, () => {
  backupDir = mkdtempSync(join(tmpdir(), 'balloon-backups-'))
  // The newest backup is three days old (the archive's name carries its time).
  const old = new Date(Date.now() - 3 * 24 * 3600_000).toISOString().replace(/[:.]/g, '-')
  writeFileSync(join(backupDir, `backup-${old}.tar.gz`), Buffer.alloc(2048))
  return { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: 'off' }
})

describe('backup status in the dashboard', () => {
  let site: Site
  let browser: Browser

  test.beforeAll(async ({ site: s, browser: b }) => {
    site = s
    browser = b
  })
  test.afterAll(async () => {
    rmSync(backupDir, { recursive: true, force: true })
  })

  test('warns about a backup more than two days old or failed, and Back up now replaces the warning with the new backup', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await loginAsOwner(page, site.url)
    const line = page.getByRole('status').filter({ hasText: /backup/i })
    await expect.poll(() => line.textContent()).toMatch(/^The last backup is more than two days old\. Last backup .+ \(2\.0 KB\)/)
    await keepScreenshot(page, 'backup-warning-390')
    // A backup that cannot be written (a file where the folder should be): the line says it failed, with the reason,
    // and still offers Back up now.
    renameSync(backupDir, `${backupDir}.aside`)
    writeFileSync(backupDir, 'not a folder')
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect.poll(() => line.textContent(), { timeout: 30_000 }).toMatch(/^The last backup failed: .*(EEXIST|ENOTDIR)/)
    rmSync(backupDir)
    renameSync(`${backupDir}.aside`, backupDir)
    await page.getByRole('button', { name: 'Back up now' }).click()
    // Bundling the seed's pictures takes a few seconds on a busy machine.
    await expect
      .poll(() => line.textContent(), { timeout: 30_000 })
      .toMatch(/^Last backup \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) P[SD]T \(\d+\.\d [KM]B\)$/)
    expect(await page.getByRole('button', { name: 'Back up now' }).count()).toBe(0)
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(2)
    await keepScreenshot(page, 'backup-ok-390')
    await context.close()

    const desktop = await openPage(browser, DESKTOP)
    await loginAsOwner(desktop.page, site.url)
    await expect
      .poll(() =>
        desktop.page
          .getByRole('status')
          .filter({ hasText: /backup/i })
          .textContent(),
      )
      .toMatch(/^Last backup /)
    await keepScreenshot(desktop.page, 'backup-ok-1366')
    await desktop.context.close()
  }, 120_000)
})

// Browser-test harness: the real built site on a temporary content root, driven by Debian's Chromium.
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { makeTempContentRoot, REPO_ROOT, type TempContentRoot } from '../../server/testing/temp-content'

export const ADMIN_USERNAME = 'owner'
export const ADMIN_PASSWORD = 'e2e-test-password-123'

export interface Site extends TempContentRoot {
  url: string
  port: number
  stop: () => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => res(port))
    })
    srv.on('error', rej)
  })
}

/**
 * Starts `server/index.ts` (serving dist/client, built by `npm run build`) on a fresh temp content repo. Its output is
 * kept in memory for error messages, or, with `logFile`, written to that file as a deployment's log would be (the
 * benchmarks: reading every request's line would cost the load generator as much as the answers).
 */
export async function startSite(env: Record<string, string> = {}, options: { port?: number; logFile?: string } = {}): Promise<Site> {
  const content = makeTempContentRoot()
  const port = options.port ?? (await freePort())
  let logFd: number | undefined
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/index.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_ROOT: content.root,
      DATA_DIR: content.dataDir,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Dozens of short-lived servers: images are made on demand instead of each warming up the whole seed.
      IMAGE_WARMUP: 'off',
      // Nor does each take a start-up backup (server/ops/ops.process.test.ts covers the daily backup).
      BACKUP_INTERVAL_HOURS: 'off',
      ...env,
    },
    stdio: options.logFile ? ['ignore', (logFd = openSync(options.logFile, 'w')), logFd] : ['ignore', 'pipe', 'pipe'],
  })
  if (logFd !== undefined) closeSync(logFd)
  let kept = ''
  child.stdout?.on('data', (d) => (kept += d))
  child.stderr?.on('data', (d) => (kept += d))
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') : kept)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    try {
      const res = await fetch(`${url}/api/services`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output()}`)
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    ...content,
    url,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      content.cleanup()
    },
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1366, height: 900 }

/** `bypassCSP` lets a test inject a checker (axe-core) into the site's strict Content-Security-Policy. */
export async function newPage(browser: Browser, viewport = DESKTOP, options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600, ...options })
  const page = await context.newPage()
  // Public pages start their JavaScript after the first paint; a test acts like a visitor of a ready page, so every
  // goto of an HTML page also waits for the app (a page whose app never starts simply times out of the wait).
  const goto = page.goto.bind(page)
  page.goto = (async (url: string, options?: Parameters<Page['goto']>[1]) => {
    const response = await goto(url, options)
    if (response?.headers()['content-type']?.includes('text/html')) await waitForApp(page, 15_000).catch(() => undefined)
    return response
  }) as Page['goto']
  return { context, page }
}

/**
 * With SCREENSHOT_DIR set, keeps a picture of the page as `<name>.png` there, to be opened and judged by eye (they are
 * not compared); without it, takes none.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), ...options })
}

/** Logs in through the dashboard's form as a person would. */
export async function loginAsOwner(page: Page, siteUrl: string): Promise<void> {
  await page.goto(`${siteUrl}/admin`)
  await page.getByLabel('Username').fill(ADMIN_USERNAME)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('tab', { name: 'Service Management' }).waitFor()
}

/** Waits until the app has hydrated the server-rendered page (it starts after the first paint). */
export async function waitForApp(page: Page, timeout?: number): Promise<void> {
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached', timeout })
}

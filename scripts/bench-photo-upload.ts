// Benchmark: a 4032 x 3024, ~4 MB phone photo added to a service in the dashboard of the built site (Chromium, 390 px),
// timed from pressing "Crop & Upload" to the saved state (the "Image uploaded" notice with the new picture in the
// grid, committed). Prints each run, the median and the bytes the page sent; BENCH_RUNS sets the number of runs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cameraPhoto, login, percentile, printTable, startBenchSite, verdict } from './bench-lib'
import { launchBrowser, loginAsOwner, newPage, PHONE } from '../web/e2e/harness'
import { putService } from '../web/e2e/public-fixtures'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const GOAL_MS = 3000
const SERVICE = { id: 'bench-upload', title: 'Bench Upload' }

async function main() {
  const site = await startBenchSite()
  const browser = await launchBrowser()
  const dir = mkdtempSync(join(tmpdir(), 'bench-photo-upload-'))
  try {
    const cookie = await login(site.url)
    await putService(site, cookie, { ...SERVICE, customTextFields: [], customDropdownFields: [], fieldOrder: [], visible: true })
    const photo = await cameraPhoto(0)
    const file = join(dir, 'IMG_4032.jpg')
    writeFileSync(file, photo)
    console.log(`Photo: ${(photo.length / 1024 / 1024).toFixed(2)} MB, 4032 x 3024 JPEG`)

    const times: number[] = []
    const sentPerRun: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const { page, context } = await newPage(browser, PHONE)
      page.setDefaultTimeout(60_000)
      // The files the page hands to fetch or XMLHttpRequest, however it sends them.
      let sent = 0
      await page.exposeFunction('benchSent', (bytes: number) => (sent += bytes))
      // A string, not a function: tsx would wrap named functions in a helper the page does not have.
      await page.addInitScript(`{
        const count = (body) => {
          if (!(body instanceof FormData)) return
          for (const value of body.values()) if (value instanceof Blob) window.benchSent(value.size)
        }
        const send = XMLHttpRequest.prototype.send
        XMLHttpRequest.prototype.send = function (body) {
          count(body)
          return send.call(this, body)
        }
        const fetchOriginal = window.fetch
        window.fetch = (input, init) => {
          count(init?.body)
          return fetchOriginal(input, init)
        }
      }`)
      await loginAsOwner(page, site.url)
      await page.locator('.admin-service-row__select', { hasText: SERVICE.title }).first().click()
      const tiles = page.locator('.admin-image-tile')
      await page.getByRole('heading', { name: 'Images' }).waitFor()
      const before = await tiles.count()
      await page.locator('input[type=file][aria-label="Choose an image to upload"]').setInputFiles(file)
      const dialog = page.getByRole('dialog', { name: 'Crop Image' })
      const button = dialog.getByRole('button', { name: 'Crop & Upload' })
      await button.waitFor()
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.admin-dialog--crop .admin-button--primary')?.disabled)
      const start = performance.now()
      await button.click()
      await page.locator('[data-sonner-toast]', { hasText: 'Image uploaded' }).first().waitFor()
      await page.waitForFunction((n) => document.querySelectorAll('.admin-image-tile').length === n, before + 1)
      const ms = performance.now() - start
      times.push(ms)
      sentPerRun.push(sent)
      console.log(`run ${run + 1}: ${(ms / 1000).toFixed(2)} s from "Crop & Upload" to saved, ${(sent / 1024 / 1024).toFixed(2)} MB sent`)
      await context.close()
    }
    const sorted = [...times].sort((a, b) => a - b)
    const s = (ms: number) => (ms / 1000).toFixed(2)
    const median = percentile(sorted, 50)
    console.log('')
    printTable(
      ['photo', 'runs', 'median (s)', 'min (s)', 'max (s)', 'sent per run (MB)', `goal <= ${GOAL_MS / 1000} s`],
      [['4032 x 3024 JPEG', RUNS, s(median), s(sorted[0]), s(sorted.at(-1)!), (sentPerRun[0] / 1024 / 1024).toFixed(2), verdict(median <= GOAL_MS)]],
    )
  } finally {
    await browser.close()
    await site.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})

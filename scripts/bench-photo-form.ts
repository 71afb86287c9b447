// Benchmark: the quote form on a phone (390 px) with three 4 MB photos over Chromium's "Fast 4G" throttling (CDP
// Network.emulateNetworkConditions, DevTools' preset: 9 Mbit/s down, 1.5 Mbit/s up, 165 ms), timed from Submit to
// the thank-you page. Two visitors: one who picks the photos last and presses Submit at once (the worst case: Submit
// waits for the whole upload), one who picks them first and then fills in the form as a person types.
import type { Page } from 'playwright-core'
import { CAMERA_PHOTO_BYTES, cameraPhoto, login, percentile, printTable, startBenchSite } from './bench-lib'
import { gotoReady, launchBrowser, openPage, PHONE } from '../web/e2e/support/browser'
import { putService } from '../web/e2e/support/public-fixtures'
import { studioToday } from '../server/lib/studio-time'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** Chrome DevTools' "Fast 4G" preset (front_end/core/sdk/NetworkManager.ts). */
const FAST_4G = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
}

function tomorrow(): string {
  const d = new Date(`${studioToday()}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

async function fillForm(page: Page, typingDelayMs: number) {
  const fields: [string, string][] = [
    ['First Name', 'Bench'],
    ['Last Name', 'Mark'],
    ['Email', 'bench@example.com'],
    ['Phone', '503-555-0100'],
    ['Address', '1 SE Main St'],
    ['City', 'Portland'],
    ['Zipcode', '97214'],
  ]
  for (const [label, value] of fields) {
    const input = page.getByLabel(new RegExp(`^${label}\\s*\\*?$`))
    if (typingDelayMs) await input.pressSequentially(value, { delay: typingDelayMs })
    else await input.fill(value)
  }
  await page.getByLabel(/^Event Date/).fill(tomorrow())
}

async function main() {
  // Each run is a visitor of its own (X-Forwarded-For from the browser, believed from loopback): the form's limit of
  // 5 inquiries per address per 10 minutes would otherwise refuse the sixth run.
  const site = await startBenchSite({ TRUST_PROXY: '1' })
  const browser = await launchBrowser()
  try {
    const cookie = await login(site.url)
    await putService(site, cookie, {
      id: 'bench-photos',
      title: 'Bench Photos',
      showBalloonColorSelection: false,
      customTextFields: [],
      customDropdownFields: [],
      customPhotoFields: [
        { id: 'photos_1', header: 'Inspiration photos', instructions: 'Pictures you love', optional: true, maxPhotos: 5 },
      ],
      fieldOrder: ['photos_1'],
      visible: true,
    })
    const photos = await Promise.all([0, 1, 2].map(cameraPhoto))
    const files = photos.map((buffer, i) => ({ name: `IMG_10${i}.jpg`, mimeType: 'image/jpeg', buffer }))
    console.log(`Photos: ${photos.map((p) => `${(p.length / 1024 / 1024).toFixed(2)} MB`).join(', ')} (4032 x 3024)`)

    const rows: (string | number)[][] = []
    for (const scenario of ['pick last, Submit at once', 'pick first, then type the form'] as const) {
      const submitToThanks: number[] = []
      const pickToThanks: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const { page, context } = await openPage(browser, PHONE)
        await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.77.${rows.length}.${run + 1}` })
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', FAST_4G)
        // What each upload carries, as the page hands it to XMLHttpRequest (after the browser made it smaller).
        await page.exposeFunction('recordPhotoBytes', (bytes: number) => sent.push(bytes))
        await page.addInitScript(() => {
          const send = XMLHttpRequest.prototype.send
          XMLHttpRequest.prototype.send = function (body) {
            const photo = body instanceof FormData ? body.get('photo') : null
            if (photo instanceof Blob) (window as unknown as { recordPhotoBytes: (n: number) => void }).recordPhotoBytes(photo.size)
            return send.call(this, body)
          }
        })
        await gotoReady(page, `${site.url}/services/bench-photos`)
        const input = page.locator('#inq-photos_1')
        let picked: number
        if (scenario === 'pick last, Submit at once') {
          await fillForm(page, 0)
          picked = performance.now()
          await input.setInputFiles(files)
        } else {
          picked = performance.now()
          await input.setInputFiles(files)
          await fillForm(page, 90)
        }
        await page.locator('.photo-field__item').nth(2).waitFor()
        const submitted = performance.now()
        await page.getByRole('button', { name: 'Submit Inquiry' }).click()
        await page
          .waitForURL(`${site.url}/thank-you`, { timeout: Number(process.env.BENCH_TIMEOUT_MS ?? 600_000) })
          .catch(async (err: unknown) => {
            const states = await page.locator('.photo-field__item').evaluateAll((els) => els.map((el) => el.textContent))
            const note = await page.locator('#inq-still-needed, .error-summary').allTextContents()
            throw new Error(`no thank-you page: photos ${JSON.stringify(states)}; form ${JSON.stringify(note)}`, { cause: err })
          })
        const done = performance.now()
        submitToThanks.push(done - submitted)
        pickToThanks.push(done - picked)
        console.log(
          `${scenario}, run ${run + 1}: Submit to thank-you ${((done - submitted) / 1000).toFixed(1)} s, photos picked to thank-you ${((done - picked) / 1000).toFixed(1)} s`,
        )
        await context.close()
      }
      submitToThanks.sort((a, b) => a - b)
      pickToThanks.sort((a, b) => a - b)
      const s = (ms: number) => (ms / 1000).toFixed(1)
      rows.push([scenario, RUNS, s(percentile(submitToThanks, 50)), s(submitToThanks.at(-1)!), s(percentile(pickToThanks, 50))])
    }
    const perPhoto = sent.length ? sent.reduce((a, b) => a + b, 0) / sent.length : 0
    console.log(
      `\nFast 4G (CDP Network.emulateNetworkConditions): ${(FAST_4G.uploadThroughput / 1024).toFixed(0)} KiB/s up, ${(FAST_4G.downloadThroughput / 1024).toFixed(0)} KiB/s down, ${FAST_4G.latency} ms`,
    )
    console.log(
      `Each photo as sent (made smaller in the browser): ${(perPhoto / 1024 / 1024).toFixed(2)} MB on average, against ${(CAMERA_PHOTO_BYTES / 1024 / 1024).toFixed(0)} MB picked\n`,
    )
    printTable(['visitor', 'runs', 'Submit to thank-you p50 (s)', 'max (s)', 'photos picked to thank-you p50 (s)'], rows)
  } finally {
    await browser.close()
    await site.stop()
  }
}

/** Bytes of each photo upload request, all runs. */
const sent: number[] = []

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})

// Benchmark (b): Lighthouse mobile (its default: Moto G Power, slow 4G, 4x CPU slowdown) for home and a service page,
// then its accessibility category on every public page (About switched on for it).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { printTable, startBenchSite, verdict } from './bench-lib'
import { setFeatures } from '../web/e2e/support/public-fixtures'
import { BROWSER_ARGS } from '../web/e2e/support/browser'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
/** When set, each run's full Lighthouse report (JSON) is written there, for reading the audits behind the figures. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR
let reportCount = 0

interface Figures {
  score: number
  lcp: number
  cls: number
  tbt: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** Fetches the page and every derived image it names, so first-time AVIF encoding is not measured as page speed. */
async function warm(url: string): Promise<void> {
  const html = await (await fetch(url)).text()
  const images = new Set([...html.matchAll(/\/img\/[^\s"',]+/g)].map((m) => m[0]))
  await Promise.all([...images].map((path) => fetch(new URL(path, url)).then((r) => r.arrayBuffer())))
}

/** One Lighthouse run of the given categories, run again (up to 3 times) when it reports a runtime error. */
async function run(url: string, port: number, category: 'performance' | 'accessibility', attempt = 1) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [category] })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) {
    // Headless Chromium now and then loses the trace (NO_NAVSTART); Lighthouse itself says to run again.
    if (attempt < 3) return run(url, port, category, attempt + 1)
    throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  }
  return lhr
}

async function audit(url: string, port: number): Promise<Figures> {
  const lhr = await run(url, port, 'performance')
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true })
    writeFileSync(join(REPORT_DIR, `${++reportCount}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr))
  }
  const audits = lhr.audits
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
    tbt: audits['total-blocking-time'].numericValue ?? NaN,
  }
}

/** Lighthouse's accessibility score for one page and the audits that failed (ids), for reading what to fix. */
async function accessibility(url: string, port: number): Promise<{ score: number; failed: string[] }> {
  const lhr = await run(url, port, 'accessibility')
  const refs = lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0)
  return {
    score: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    failed: refs.filter((r) => (lhr.audits[r.id].score ?? 1) < 1).map((r) => r.id),
  }
}

/** Every public page that answers 200 (the not-found page answers 404, which Lighthouse will not audit). */
async function publicPages(url: string): Promise<[string, string][]> {
  const services = (await (await fetch(`${url}/api/services`)).json()) as { id: string; visible: boolean }[]
  const paths = [
    '/',
    ...services.filter((s) => s.visible).map((s) => `/services/${s.id}`),
    '/about',
    '/contact',
    '/delivery-installation',
    '/faq',
    '/thank-you',
    '/privacy',
  ]
  const pages: [string, string][] = []
  for (const path of paths) if ((await fetch(`${url}${path}`)).ok) pages.push([path, `${url}${path}`])
  return pages
}

async function main() {
  const site = await startBenchSite()
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', ...BROWSER_ARGS, '--disable-dev-shm-usage'],
  })
  try {
    const services = (await (await fetch(`${site.url}/api/services`)).json()) as { id: string }[]
    const pages = [
      ['home', `${site.url}/`],
      [`service (${services[0].id})`, `${site.url}/services/${services[0].id}`],
    ] as const
    const rows: (string | number)[][] = []
    const summary: string[] = []
    for (const [name, url] of pages) {
      await warm(url)
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port))
      const m: Figures = {
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
      }
      rows.push([
        name,
        m.score,
        `${(m.lcp / 1000).toFixed(2)} s`,
        m.cls.toFixed(3),
        `${Math.round(m.tbt)} ms`,
        runs.map((r) => r.score).join('/'),
      ])
      summary.push(
        `${name}: performance ${m.score} (>= 98: ${verdict(m.score >= 98)}), LCP ${(m.lcp / 1000).toFixed(2)} s (<= 1.2 s: ${verdict(m.lcp <= 1200)}), CLS ${m.cls.toFixed(3)} (<= 0.01: ${verdict(m.cls <= 0.01)}), TBT ${Math.round(m.tbt)} ms`,
      )
    }
    console.log(`Lighthouse ${RUNS} runs per page, mobile preset, Debian Chromium (${CHROME}); medians\n`)
    printTable(['page', 'score', 'LCP', 'CLS', 'TBT', 'scores'], rows)
    console.log(`\n${summary.join('\n')}`)

    // Accessibility: one run per public page (the score does not depend on timing).
    setFeatures(site, { aboutEnabled: true })
    const a11yRows: (string | number)[][] = []
    let lowest = 100
    for (const [name, url] of await publicPages(site.url)) {
      await warm(url)
      const { score, failed } = await accessibility(url, chrome.port)
      lowest = Math.min(lowest, score)
      a11yRows.push([name, score, failed.join(', ') || '-'])
    }
    console.log('\nLighthouse accessibility, every public page (About on; the not-found page answers 404 and is checked by axe instead)\n')
    printTable(['page', 'accessibility', 'failed audits'], a11yRows)
    console.log(`\nLowest accessibility score: ${lowest} (target 100: ${verdict(lowest === 100)})`)
  } finally {
    chrome.kill()
    await site.stop()
  }
}

await main()

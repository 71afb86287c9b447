// Benchmark: the page-view collector. 100,000 beacons from 100 connections (each a new visitor, so the day's visitor
// cap is reached), while a visitor keeps loading the home and a service page; then what was counted and kept.
import autocannon from 'autocannon'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { studioToday } from '../server/lib/studio-time'
import { login, percentile, printTable, startBenchSite, verdict } from './bench-lib'

const BEACONS = Number(process.env.BENCH_BEACONS ?? 100_000)
const CONNECTIONS = 100
/** A page answer slower than this during the burst would feel stuck to a visitor. */
const RESPONSIVE_P99_MS = 500

/** Loads the pages one after another until stopped; the time of each answer. */
function pageProbe(url: string, paths: string[]) {
  const times: number[] = []
  let running = true
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now()
      const res = await fetch(`${url}${paths[i % paths.length]}`)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${res.status}`)
      times.push(performance.now() - started)
    }
  })()
  return {
    stop: async () => {
      running = false
      await done
      return times.sort((a, b) => a - b)
    },
  }
}

async function main() {
  const site = await startBenchSite()
  try {
    const [service] = (await (await fetch(`${site.url}/api/services`)).json()) as { id: string }[]
    const pages = ['/', `/services/${service.id}`]
    // Warm: the first render of each page is made and kept (server/render/page-renderer.ts).
    for (let i = 0; i < 10; i++) await (await fetch(`${site.url}${pages[i % 2]}`)).arrayBuffer()
    const quiet = pageProbe(site.url, pages)
    await new Promise((r) => setTimeout(r, 3000))
    const before = await quiet.stop()

    let visitor = 0
    const busy = pageProbe(site.url, pages)
    const result = await autocannon({
      url: site.url,
      connections: CONNECTIONS,
      amount: BEACONS,
      requests: [
        {
          method: 'POST',
          path: '/api/collect',
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin: site.url },
          body: JSON.stringify({
            path: `/services/${service.id}?utm_source=bench&utm_campaign=burst`,
            referrer: 'https://www.instagram.com/',
          }),
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              'user-agent': `Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1 v${visitor++}`,
            },
          }),
        },
      ],
    })
    const during = await busy.stop()
    await new Promise((r) => setTimeout(r, 1000)) // the next write of the day's counts

    const cookie = await login(site.url)
    const today = studioToday()
    const report = (await (
      await fetch(`${site.url}/api/admin/insights?from=${today}&to=${today}`, { headers: { Cookie: cookie } })
    ).json()) as {
      totals: { visitors: number; pageviews: number }
    }
    const dir = join(site.dataDir, 'insights', today.slice(0, 4))
    const bytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0)

    const ms = (n: number) => `${n.toFixed(1)} ms`
    console.log(
      `POST /api/collect, ${BEACONS.toLocaleString('en-US')} beacons over ${CONNECTIONS} connections (each a new visitor), production server on a temp content copy\n`,
    )
    printTable(
      ['collector', 'beacons', 'seconds', 'beacons/s', 'p50', 'p99', 'max', 'non-204', 'errors'],
      [
        [
          'POST /api/collect',
          result.requests.total,
          result.duration.toFixed(1),
          Math.round(result.requests.total / result.duration),
          ms(result.latency.p50),
          ms(result.latency.p99),
          ms(result.latency.max),
          result.non2xx,
          result.errors + result.timeouts,
        ],
      ],
    )
    console.log('')
    printTable(
      ['pages (/ and a service page)', 'answers', 'p50', 'p99', 'max'],
      [
        ['before the burst', before.length, ms(percentile(before, 50)), ms(percentile(before, 99)), ms(before[before.length - 1])],
        ['during the burst', during.length, ms(percentile(during, 50)), ms(percentile(during, 99)), ms(during[during.length - 1])],
      ],
    )
    console.log(
      `\nCounted today: ${report.totals.visitors.toLocaleString('en-US')} visitors, ${report.totals.pageviews.toLocaleString('en-US')} page views (at most 50,000 new visitors a day are counted); kept on disk: ${bytes.toLocaleString('en-US')} bytes`,
    )
    const responsive = percentile(during, 99) <= RESPONSIVE_P99_MS
    console.log(`Pages during the burst: p99 ${ms(percentile(during, 99))} (target <= ${RESPONSIVE_P99_MS} ms: ${verdict(responsive)})`)
    if (result.non2xx || result.errors || !responsive) process.exitCode = 1
  } finally {
    await site.stop()
  }
}

await main()

// Benchmark (c): req/s, p99 and server CPU per request of the public reads and pages, each beside a node:http server
// (own process, same run) that sends the same bytes with the same headers, and a bare hello-world for reference.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { request } from 'node:http'
import autocannon from 'autocannon'
import { benchPort, printTable, startBenchSite, verdict } from './bench-lib'

const DURATION = Number(process.env.BENCH_DURATION ?? 5)
/** Rounds per target, each the baseline then the site: one round's ratio moves with whatever else the cores do. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** What Chrome sends; the site answers gzip. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd'
/** The pages' throughput against a node:http server sending the same answer. */
const TARGET = 0.85

/**
 * The baselines: one node:http process. `/__hello` is the hello-world; every other path is answered with the status,
 * headers and body the site gave for it (handed over as JSON on stdin), written the cheapest way node:http allows.
 * Where the site sends one of several bodies (home: up to 24 renders with different testimonials), the baseline sends
 * the same ones, picked at random per request too.
 */
const BASELINE = `
const answers = new Map()
let input = ''
process.stdin.on('data', (d) => (input += d)).on('end', () => {
  for (const a of JSON.parse(input)) {
    const list = answers.get(a.path) ?? []
    list.push({ status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') })
    answers.set(a.path, list)
  }
  require('node:http').createServer((req, res) => {
    if (req.url === '/__hello') {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      return res.end('Hello, world!')
    }
    const list = answers.get(req.url)
    if (!list) {
      res.writeHead(404)
      return res.end()
    }
    const a = list.length === 1 ? list[0] : list[Math.floor(Math.random() * list.length)]
    res.writeHead(a.status, a.headers)
    res.end(a.body)
  }).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'))
})`

/** Answers of one target: the site's distinct bodies for it (by ETag). */
const SAMPLES = 200

interface Answer {
  path: string
  status: number
  /** Names and values in turn, as the site sent them (minus what node:http adds itself). */
  headers: string[]
  body: string
}

/** Headers node:http writes on its own for every answer (or per connection). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** The site's answer as it went over the wire (no decompression), headers in order. */
function fetchRaw(url: string, headers: Record<string, string>): Promise<Answer & { bytes: number }> {
  return new Promise((res, rej) => {
    const req = request(url, { headers }, (r) => {
      const chunks: Buffer[] = []
      r.on('data', (c: Buffer) => chunks.push(c))
      r.on('end', () => {
        const body = Buffer.concat(chunks)
        const flat: string[] = []
        for (let i = 0; i < r.rawHeaders.length; i += 2) {
          if (!CONNECTION_HEADERS.has(r.rawHeaders[i].toLowerCase())) flat.push(r.rawHeaders[i], r.rawHeaders[i + 1])
        }
        // A chunked answer gets its length, so the baseline need not chunk.
        if (!flat.some((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-length')) flat.push('Content-Length', String(body.length))
        res({ path: new URL(url).pathname, status: r.statusCode ?? 0, headers: flat, body: body.toString('base64'), bytes: body.length })
      })
      r.on('error', rej)
    })
    req.on('error', rej)
    req.end()
  })
}

async function startBaseline(port: number, answers: Answer[]): Promise<() => void> {
  const child = spawn(process.execPath, ['-e', BASELINE, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] })
  child.stdin?.end(JSON.stringify(answers))
  await new Promise<void>((res, rej) => {
    child.stdout?.once('data', () => res())
    child.once('exit', (code) => rej(new Error(`baseline server exited (${code})`)))
  })
  return () => child.kill('SIGTERM')
}

/** The process listening on a local TCP port, found through /proc (Linux); null elsewhere. */
function listenerPid(port: number): number | null {
  try {
    const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
    const sockets = new Set<string>()
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/)
        if (f[1]?.endsWith(hex) && f[3] === '0A') sockets.add(`socket:[${f[9]}]`)
      }
    }
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (readdirSync(`/proc/${pid}/fd`).some((fd) => sockets.has(readlinkSync(`/proc/${pid}/fd/${fd}`)))) return Number(pid)
      } catch {
        // another user's process, or gone
      }
    }
  } catch {
    // no /proc
  }
  return null
}

/** CPU time (user + system, all threads) of a process in ms; clock ticks are 10 ms on Linux. */
function cpuMs(pid: number | null): number {
  if (pid === null) return NaN
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

interface Measured {
  rps: number
  p50: number
  p99: number
  cpuUs: number
}

/**
 * autocannon appends every body to a string (to offer it to `verifyBody`, unused here): for a 6-12 KB gzip body that
 * was most of the load generator's work (decoding binary as UTF-8; about three times slower again when the bodies
 * differ between answers, as home's do), on the same two cores as the server, so the load generator set the pace of
 * site and baseline alike. Its clients here only count the bytes. BENCH_BODIES=strings keeps autocannon's own way.
 */
const KEEP_BODIES = process.env.BENCH_BODIES === 'strings'
const countBodiesOnly = (client: unknown) => {
  ;(client as { pipelinedRequests: { addBody: (data: unknown) => void } }).pipelinedRequests.addBody = () => {}
}

async function measure(url: string, headers: Record<string, string> = {}, warmUp = true): Promise<Measured> {
  const options = { url, connections: CONNECTIONS, headers, ...(KEEP_BODIES ? {} : { setupClient: countBodiesOnly }) }
  // A short warm-up first: JIT, the content cache and the first renders should not count.
  if (warmUp) await autocannon({ ...options, duration: 2 })
  const pid = listenerPid(Number(new URL(url).port))
  const cpuBefore = cpuMs(pid)
  const r = await autocannon({ ...options, duration: DURATION })
  if (r.errors || r.non2xx || r.timeouts) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts`)
  // What one answer costs the server: moves less than req/s when other jobs share the cores (contention still adds).
  const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / r.requests.total
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, cpuUs }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The round whose figures are the median of each: req/s, latency and CPU per answer. */
const medianOf = (rounds: Measured[]): Measured => ({
  rps: median(rounds.map((m) => m.rps)),
  p50: median(rounds.map((m) => m.p50)),
  p99: median(rounds.map((m) => m.p99)),
  cpuUs: median(rounds.map((m) => m.cpuUs)),
})

/**
 * Baseline and site in turn, ROUNDS times, so both see about the same load from other jobs; the ratio is the median
 * of the rounds' ratios.
 */
async function compare(siteUrl: string, baselineUrl: string, headers: Record<string, string>) {
  await measure(baselineUrl, headers)
  await measure(siteUrl, headers)
  const rounds: { site: Measured; same: Measured }[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const same = await measure(baselineUrl, headers, false)
    rounds.push({ same, site: await measure(siteUrl, headers, false) })
  }
  const ratios = rounds.map((r) => r.site.rps / r.same.rps)
  return { site: medianOf(rounds.map((r) => r.site)), same: medianOf(rounds.map((r) => r.same)), ratio: median(ratios), ratios }
}

async function main() {
  const site = await startBenchSite(JSON.parse(process.env.BENCH_SITE_ENV ?? '{}'))
  const baselinePort = await benchPort([site.port])
  const gzip = { 'Accept-Encoding': BROWSER_ENCODING }
  const services = (await (await fetch(`${site.url}/api/services`)).json()) as { id: string; visible: boolean }[]
  const service = services.find((s) => s.visible)!.id
  const targets = [
    { name: 'GET /api/services (gzip)', path: '/api/services' },
    { name: 'GET / server-rendered (gzip)', path: '/' },
    { name: `GET /services/${service} (gzip)`, path: `/services/${service}` },
    { name: 'GET /contact (gzip)', path: '/contact' },
  ]
  // Each target through the site first (its renders are kept after 24), then its distinct answers for the baseline.
  const variants: (Answer & { bytes: number })[][] = []
  for (const t of targets) {
    for (let i = 0; i < 30; i++) await fetchRaw(`${site.url}${t.path}`, gzip)
    const byEtag = new Map<string, Answer & { bytes: number }>()
    for (let i = 0; i < SAMPLES; i++) {
      const a = await fetchRaw(`${site.url}${t.path}`, gzip)
      if (a.status !== 200) throw new Error(`${t.path} answered ${a.status}`)
      byEtag.set(a.headers[a.headers.findIndex((h, j) => j % 2 === 0 && h.toLowerCase() === 'etag') + 1], a)
    }
    variants.push([...byEtag.values()])
  }
  const answers = variants.map((list) => list[0])
  const stopBaseline = await startBaseline(baselinePort, variants.flat())
  try {
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target, each round node:http then the site (after a 2 s warm-up of each); Accept-Encoding: ${BROWSER_ENCODING}`,
    )
    console.log(
      KEEP_BODIES
        ? 'bodies: turned into strings by autocannon (BENCH_BODIES=strings)'
        : 'bodies: counted, not kept (BENCH_BODIES=strings: as autocannon does by default)',
    )
    console.log(`baseline: node:http in its own process, sending each target's status, headers and body as the site sent them`)
    console.log(
      "figures: the median of the rounds (req/s, latency, server CPU per answer); the ratio is the median of the rounds' ratios\n",
    )
    const hello = await measure(`http://127.0.0.1:${baselinePort}/__hello`)
    const results: {
      name: string
      bytes: number
      headers: number
      bodies: number
      site: Measured
      same: Measured
      ratio: number
      ratios: number[]
    }[] = []
    for (const [i, t] of targets.entries()) {
      const compared = await compare(`${site.url}${t.path}`, `http://127.0.0.1:${baselinePort}${t.path}`, gzip)
      results.push({
        name: t.name,
        bytes: answers[i].bytes,
        headers: answers[i].headers.length / 2,
        bodies: variants[i].length,
        ...compared,
      })
    }
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`
    const cpu = (m: Measured) => (Number.isNaN(m.cpuUs) ? '-' : `${m.cpuUs.toFixed(1)} µs`)
    const rows: (string | number)[][] = [
      ['node:http hello-world', '-', Math.round(hello.rps), `${hello.p50} ms`, `${hello.p99} ms`, '100.0%', '-', cpu(hello)],
    ]
    for (const r of results) {
      rows.push([
        r.name,
        `${r.bodies > 1 ? `${r.bodies} x ` : ''}${r.bytes} B, ${r.headers} h`,
        Math.round(r.site.rps),
        `${r.site.p50} ms`,
        `${r.site.p99} ms`,
        pct(r.site.rps, hello.rps),
        `${(r.ratio * 100).toFixed(1)}%`,
        cpu(r.site),
      ])
      rows.push([
        '  node:http, same bytes and headers',
        '',
        Math.round(r.same.rps),
        `${r.same.p50} ms`,
        `${r.same.p99} ms`,
        pct(r.same.rps, hello.rps),
        '100.0%',
        cpu(r.same),
      ])
    }
    printTable(['target', 'answer', 'req/s', 'p50', 'p99', 'vs hello-world', 'vs same bytes', 'server CPU/req'], rows)
    console.log('')
    for (const r of results) {
      const each = r.ratios.map((x) => `${(x * 100).toFixed(0)}%`).join(' ')
      console.log(
        `${r.name}: ${Math.round(r.site.rps)} req/s, ${(r.ratio * 100).toFixed(1)}% of node:http with the same bytes (${Math.round(r.same.rps)}) (rounds: ${each}) (target >= ${TARGET * 100}%: ${verdict(r.ratio >= TARGET)})`,
      )
    }
  } finally {
    stopBaseline()
    await site.stop()
  }
}

await main()

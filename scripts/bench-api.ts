// Benchmark (c): req/s, p99 and server CPU per request of GET /api/services and GET / beside a bare node:http server.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import autocannon from 'autocannon'
import { benchPort, printTable, startBenchSite, verdict } from './bench-lib'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)

const HELLO = `require('node:http').createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'text/plain' }); res.end('Hello, world!') }).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'))`

/** The baseline: a hello-world on node:http in its own process, like the site. */
async function startHello(port: number): Promise<() => void> {
  const child = spawn(process.execPath, ['-e', HELLO, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((res, rej) => {
    child.stdout?.once('data', () => res())
    child.once('exit', (code) => rej(new Error(`hello-world server exited (${code})`)))
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

async function measure(url: string, headers: Record<string, string> = {}) {
  // A short warm-up first: JIT, the content cache and the first render should not count.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
  const pid = listenerPid(Number(new URL(url).port))
  const cpuBefore = cpuMs(pid)
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  if (r.errors || r.non2xx || r.timeouts) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts`)
  // What one answer costs the server: moves less than req/s when other jobs share the cores (contention still adds).
  const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / r.requests.total
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, cpuUs }
}

async function main() {
  const site = await startBenchSite()
  const helloPort = await benchPort([site.port])
  const stopHello = await startHello(helloPort)
  try {
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after a 2 s warm-up)\n`)
    const gzip = { 'Accept-Encoding': 'gzip' }
    const hello = await measure(`http://127.0.0.1:${helloPort}/`)
    const api = await measure(`${site.url}/api/services`)
    const apiGzip = await measure(`${site.url}/api/services`, gzip)
    const home = await measure(`${site.url}/`, gzip)
    const row = (name: string, m: typeof hello) => [
      name,
      Math.round(m.rps),
      `${m.p50} ms`,
      `${m.p99} ms`,
      `${((m.rps / hello.rps) * 100).toFixed(1)}%`,
      Number.isNaN(m.cpuUs) ? '-' : `${m.cpuUs.toFixed(1)} µs`,
    ]
    printTable(
      ['target', 'req/s', 'p50', 'p99', 'vs node:http', 'server CPU/req'],
      [
        row('node:http hello-world', hello),
        row('GET /api/services (no compression)', api),
        row('GET /api/services (gzip, as browsers ask)', apiGzip),
        row('GET / server-rendered (gzip)', home),
      ],
    )
    for (const [name, m] of [['uncompressed', api], ['gzip', apiGzip]] as const) {
      const ratio = m.rps / hello.rps
      console.log(`GET /api/services (${name}) throughput is ${(ratio * 100).toFixed(1)}% of node:http (target >= 50%: ${verdict(ratio >= 0.5)})`)
    }
  } finally {
    stopHello()
    await site.stop()
  }
}

await main()

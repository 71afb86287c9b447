// Benchmark (issue 31): the real server process with the product's password cost and 10,000 inquiries, measured from
// outside. (1) A flood of 100 parallel wrong logins from 100 addresses (behind a proxy on loopback): the server's
// resident memory sampled every 10 ms (and its high-water mark) and the answers. (2) The inbox: the first page's time
// and size, cold and again, searches, a status filter, the CSV export. (3) The flood again after the inbox's work, and
// whether the owner can still sign in. Run: npm run bench:flood (BENCH_INQUIRIES, BENCH_FLOOD change the sizes).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sampleInquiry } from '../server/inquiries/testing-inquiry'
import { startServerProcess } from '../server/testing/server-process'
import { makeTempContentRoot } from '../server/testing/temp-content'

const INQUIRIES = Number(process.env.BENCH_INQUIRIES ?? 10_000)
const FLOOD = Number(process.env.BENCH_FLOOD ?? 100)
const PASSWORD = 'bench-owner-password-1'

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** 10,000 inquiries as the store writes them (one JSON file each), spread over a year, a sixth of them moved on. */
function writeInquiries(dataDir: string): void {
  const dir = join(dataDir, 'inquiries')
  mkdirSync(dir, { recursive: true })
  const statuses = ['new', 'contacted', 'quoted', 'booked', 'completed', 'new']
  const start = Date.parse('2025-01-01T00:00:00Z')
  for (let i = 0; i < INQUIRIES; i++) {
    const at = new Date(start + i * 47 * 60_000)
    const id = `${at.toISOString().replace(/[:.]/g, '-')}-${(i & 0xffffff).toString(16).padStart(6, '0')}`
    const { serviceId: _unused, ...inquiry } = sampleInquiry({
      firstName: `Guest${i}`,
      lastName: `Family${i % 97}`,
      email: `guest${i}@example.com`,
    })
    const record = {
      id,
      receivedAt: at.toISOString(),
      status: statuses[i % statuses.length],
      notes: [{ at: at.toISOString(), text: 'Called back; wants a pastel arch and a quote by Friday.' }],
      history: [],
      inquiry: { ...inquiry, service: 'Balloon Garlands', serviceId: 'balloon-garlands' },
      mail: { state: 'not-configured', attempts: 0 },
    }
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(record, null, 2))
  }
}

async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now()
  const res = await fetch(url, init)
  const body = await res.arrayBuffer()
  return { ms: performance.now() - started, status: res.status, bytes: body.byteLength, headers: res.headers }
}

async function main() {
  const content = makeTempContentRoot({ seed: true })
  writeInquiries(content.dataDir)
  const server = await startServerProcess(content, {
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: '1',
    BACKUP_INTERVAL_HOURS: 'off',
  })
  const pid = server.child.pid!
  const origin = server.url
  try {
    // The CSRF check wants the configured origin, which the server made from PORT=0.
    const login = async (password: string, forwardedFor: string, cookie = '') =>
      fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: 'http://localhost:0',
          'X-Forwarded-For': forwardedFor,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: JSON.stringify({ username: 'owner', password }),
      })
    const owner = await login(PASSWORD, '203.0.113.1')
    if (owner.status !== 200) throw new Error(`owner login failed: ${owner.status} ${await owner.text()}`)
    const cookies = owner.headers.getSetCookie().map((c) => c.split(';')[0])
    const session = cookies.find((c) => c.startsWith('session='))!
    const device = cookies.find((c) => c.startsWith('device='))
    const idle = memory(pid)
    console.log(`Server pid ${pid}; ${INQUIRIES} inquiries; resting RSS ${idle.rss.toFixed(0)} MB (peak so far ${idle.peak.toFixed(0)} MB)`)

    /** A flood of wrong logins from made-up addresses (the proxy on loopback is trusted), memory sampled throughout. */
    const flood = async (label: string, firstOctet: number) => {
      const before = memory(pid)
      let sampledPeak = before.rss
      const sampler = setInterval(() => {
        try {
          sampledPeak = Math.max(sampledPeak, memory(pid).rss)
        } catch {
          // the process is gone
        }
      }, 10)
      const started = performance.now()
      const statuses = (
        await Promise.all(Array.from({ length: FLOOD }, (_, i) => login(`wrong-${i}`, `${firstOctet}.51.${i >> 8}.${i & 255}`)))
      ).map((r) => r.status)
      const floodMs = performance.now() - started
      clearInterval(sampler)
      const after = memory(pid)
      const count = (s: number) => statuses.filter((x) => x === s).length
      console.log(`Login flood ${label}: ${FLOOD} parallel wrong passwords from ${FLOOD} addresses in ${floodMs.toFixed(0)} ms`)
      console.log(`  answers: ${count(401)} x 401, ${count(429)} x 429, ${FLOOD - count(401) - count(429)} other`)
      console.log(
        `  RSS before ${before.rss.toFixed(0)} MB, sampled peak ${sampledPeak.toFixed(0)} MB, high-water mark ${after.peak.toFixed(0)} MB`,
      )
    }

    // (1) A flood on the resting server.
    await flood('on the resting server', 198)

    // (2) The inbox.
    const get = async (path: string) => ({ ...(await timed(`${origin}${path}`, { headers: { Cookie: session } })), rss: memory(pid).rss })
    const first = await get('/api/admin/inquiries?status=all')
    const again = await get('/api/admin/inquiries?status=all')
    const search = await get('/api/admin/inquiries?status=all&q=guest9999')
    const searchAgain = await get('/api/admin/inquiries?status=all&q=family42')
    const filtered = await get('/api/admin/inquiries?status=booked')
    const csv = await get('/api/admin/inquiries.csv?status=all')
    const afterInbox = memory(pid)
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`
    console.log('Inbox (first page = the first list answer the dashboard asks for):')
    const line = (label: string, r: typeof first) =>
      `  ${label.padEnd(19)}${r.ms.toFixed(0).padStart(6)} ms  ${mb(r.bytes).padStart(9)}  RSS ${r.rss.toFixed(0)} MB`
    console.log(
      `${line('first page, cold', first)}  status ${first.status}, total ${first.headers.get('x-total-count') ?? '(all in the answer)'}`,
    )
    console.log(line('first page, again', again))
    console.log(line('search q=guest9999', search))
    console.log(line('search q=family42', searchAgain))
    console.log(line('status=booked', filtered))
    console.log(line('CSV export', csv))
    console.log(`  RSS after the inbox ${afterInbox.rss.toFixed(0)} MB, peak ${afterInbox.peak.toFixed(0)} MB`)

    // (3) The flood again, after the inbox's work.
    await flood('after the inbox', 197)
    const fresh = await login(PASSWORD, '203.0.113.77')
    const known = device ? await login(PASSWORD, '203.0.113.77', device) : null
    console.log(
      `  owner afterwards: from a new address ${fresh.status}${known ? `, with the device cookie ${known.status}` : ' (no device cookie on this version)'}`,
    )
  } finally {
    await server.stop()
    content.cleanup()
  }
}

await main()

// `npm run bench:start`: time from process start to the first 200 on / and /healthz, and resident memory after start and
// after 10,000 mixed requests, for the production start the systemd unit runs (node dist/app/index.mjs, the bundled
// server); BENCH_TSX=1 measures the unbundled start through tsx instead.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { hashPassword } from '../server/auth/password'
import { makeTempContentRoot, REPO_ROOT } from '../server/testing/temp-content'
import { benchPort, percentile, printTable, requireBuild, verdict } from './bench-lib'

const ENTRY =
  process.env.BENCH_TSX === '1' ? ['--import', 'tsx', join(REPO_ROOT, 'server/index.ts')] : [join(REPO_ROOT, 'dist/app/index.mjs')]
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000)
const GOAL_START_MS = 1500
const GOAL_RSS_MB = 200
/** What visitors ask for: pages, the API reads behind them, a picture, the health check. */
const MIX = [
  '/',
  '/services/bouquets',
  '/delivery-installation',
  '/faq',
  '/api/services',
  '/api/testimonials',
  '/uploads/seed-hero.jpg',
  '/healthz',
]

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!
  return Number(line.split(/\s+/)[1]) / 1024
}

async function firstOk(url: string, started: number): Promise<number> {
  for (;;) {
    const ok = await fetch(url).then(
      (r) => (r.body?.cancel(), r.status === 200),
      () => false,
    )
    if (ok) return performance.now() - started
    if (performance.now() - started > 30_000) throw new Error(`${url} did not answer 200 within 30 s`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

interface Round {
  home: number
  health: number
  rssStart: number
  rssAfter: number
  rps: number
}

async function round(passwordHash: string): Promise<Round> {
  const content = makeTempContentRoot()
  const port = await benchPort()
  const base = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, ENTRY, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CONTENT_ROOT: content.root,
      DATA_DIR: content.dataDir,
      // As a deployed site starts after its first start: the stored hash, no scrypt run (about 128 MiB and 0.3 s).
      ADMIN_PASSWORD_HASH: passwordHash,
      // Background work that would compete with the first requests and is not part of answering them.
      IMAGE_WARMUP: 'off',
      BACKUP_INTERVAL_HOURS: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  try {
    // Both polled at once from the same instant: each figure is that path's own first 200.
    const [home, health] = await Promise.all([firstOk(`${base}/`, started), firstOk(`${base}/healthz`, started)])
    await new Promise((r) => setTimeout(r, 500))
    const rssStart = rssMb(child.pid!)
    const result = await autocannon({
      url: base,
      connections: 10,
      amount: REQUESTS,
      requests: MIX.map((path) => ({ method: 'GET', path })),
    })
    if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`)
    await new Promise((r) => setTimeout(r, 500))
    return { home, health, rssStart, rssAfter: rssMb(child.pid!), rps: result.requests.average }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    content.cleanup()
  }
}

requireBuild()
console.log(
  `node ${ENTRY.join(' ').replace(`${REPO_ROOT}/`, '')} on Node ${process.version}; ${ROUNDS} cold starts, each then ${REQUESTS.toLocaleString('en-US')} requests over ${MIX.length} paths (10 connections); load average ${loadavg()[0].toFixed(1)} on this machine\n`,
)
const passwordHash = await hashPassword('bench-start-password')
const rounds: Round[] = []
for (let i = 0; i < ROUNDS; i++) rounds.push(await round(passwordHash))
const median = (pick: (r: Round) => number) =>
  percentile(
    rounds.map(pick).sort((a, b) => a - b),
    50,
  )
printTable(
  ['round', 'first 200 on / (ms)', 'first 200 on /healthz (ms)', 'RSS after start (MB)', `RSS after ${REQUESTS} req (MB)`, 'req/s'],
  [
    ...rounds.map((r, i) => [
      `${i + 1}`,
      r.home.toFixed(0),
      r.health.toFixed(0),
      r.rssStart.toFixed(0),
      r.rssAfter.toFixed(0),
      r.rps.toFixed(0),
    ]),
    [
      'median',
      median((r) => r.home).toFixed(0),
      median((r) => r.health).toFixed(0),
      median((r) => r.rssStart).toFixed(0),
      median((r) => r.rssAfter).toFixed(0),
      median((r) => r.rps).toFixed(0),
    ],
  ],
)
const slowest = Math.max(
  median((r) => r.home),
  median((r) => r.health),
)
console.log(`\nstart to first answer <= ${GOAL_START_MS} ms: ${verdict(slowest <= GOAL_START_MS)}`)
console.log(`RSS after the requests <= ${GOAL_RSS_MB} MB: ${verdict(median((r) => r.rssAfter) <= GOAL_RSS_MB)}`)

// The real server process: JSON request logs without personal data, SIGTERM during a burst of saves and inquiries,
// cache headers on pages for a CDN, and the backup the server makes by itself.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { GARLANDS_SERVICE, sampleInquiry } from '../inquiries/testing-inquiry'
import { DayCountsSchema } from '../insights/insights.schema'
import { AGENTS } from '../insights/testing-agents'
import { studioToday } from '../lib/studio-time'
import { startServerProcess, type ServerProcess } from '../testing/server-process'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { fixtureFiles, makeJpeg } from '../testing/test-app'

const PASSWORD = 'ops-process-test-pw'
/** A server process starts in seconds, but much longer on a busy two-core machine. */
const PROCESS_TIMEOUT = 120_000
const running: { server: ServerProcess; content: TempContentRoot }[] = []
afterAll(async () => {
  for (const { server, content } of running.splice(0)) {
    await server.stop()
    content.cleanup()
  }
})

async function start(env: Record<string, string> = {}, prepare?: (content: TempContentRoot) => void) {
  const files = { ...fixtureFiles(await makeJpeg()), 'content/services/balloon-garlands.yaml': GARLANDS_SERVICE }
  const content = makeTempContentRoot({ seed: false, files })
  prepare?.(content)
  const server = await startServerProcess(content, {
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: '1',
    BACKUP_INTERVAL_HOURS: 'off',
    ...env,
  })
  running.push({ server, content })
  return { server, content, url: server.url }
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: 'owner', password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]
}

let client = 0
const inquiry = (url: string, extra: Record<string, unknown> = {}) =>
  fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url, 'X-Forwarded-For': `10.9.${++client >> 8}.${client & 255}` },
    body: JSON.stringify(sampleInquiry(extra)),
  })

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

async function until(ok: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('logs in production', () => {
  it(
    'a JSON line per refused or failed request with its id, errors with their stack under the same id, reads counted, no personal data',
    async () => {
      // The inquiries folder is a file: saving an inquiry fails on the server (500).
      const { server, url } = await start({}, (content) => writeFileSync(join(content.dataDir, 'inquiries'), 'not a folder'))
      const read = await fetch(`${url}/api/services?token=s3cret-token&email=owner@studio.example`)
      expect(read.status).toBe(200)
      const readId = read.headers.get('x-request-id')!
      expect(readId).toMatch(/^[0-9a-f-]{36}$/)

      const badLogin = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url, Cookie: 'balloon_session=cookie-value-123' },
        body: JSON.stringify({ username: 'owner', password: 'wrong-password-456' }),
      })
      expect(badLogin.status).toBe(401)

      const failing = await inquiry(url, {
        firstName: 'Zelda',
        lastName: 'Quartermain',
        email: 'zelda.q@visitor.example',
        phone: '503-555-0199',
        eventDetails: 'Secret surprise party',
      })
      expect(failing.status).toBe(500)
      const failingId = failing.headers.get('x-request-id')!
      await until(() => server.stdout().includes(`"requestId":"${failingId}"`) && server.stdout().includes('"status":500'))

      const lines = jsonLines(server.stdout())
      // A successful read has no line of its own: it is counted, and the counts are written at shutdown (below).
      expect(lines.some((l) => l.requestId === readId)).toBe(false)
      expect(lines.find((l) => (l.req as { path?: string } | undefined)?.path === '/api/login')).toMatchObject({
        level: 'warn',
        req: { method: 'POST' },
        res: { status: 401 },
      })

      const failureLines = lines.filter((l) => l.requestId === failingId)
      const errorLine = failureLines.find((l) => l.err)!
      expect(errorLine).toMatchObject({ level: 'error', msg: 'POST /api/contact failed' })
      expect((errorLine.err as { stack: string }).stack).toMatch(/\n\s+at /)
      expect(failureLines.find((l) => l.req)).toMatchObject({
        level: 'error',
        req: { method: 'POST', path: '/api/contact' },
        res: { status: 500 },
      })

      const everything = server.output()
      for (const secret of [
        's3cret-token',
        'owner@studio.example',
        'cookie-value-123',
        'wrong-password-456',
        'zelda',
        'Zelda',
        'Quartermain',
        '555-0199',
        'Secret surprise',
        'jane@example.com',
      ]) {
        expect(everything).not.toContain(secret)
      }
      expect(everything).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)

      // Without PUBLIC_CACHE_SECONDS pages and public reads are revalidated each time, as before.
      for (const path of ['/', '/api/services', '/api/services'])
        expect((await fetch(`${url}${path}`)).headers.get('cache-control')).toBe('no-cache')

      await server.stop()
      const counted = jsonLines(server.stdout()).find((l) => (l.req as { path?: string } | undefined)?.path === '/api/services')!
      expect(counted).toMatchObject({
        level: 'info',
        req: { method: 'GET' },
        res: { status: 200 },
        count: 3,
        msg: expect.stringMatching(/^GET \/api\/services 200 x3 in \d+ s$/),
      })
      expect(Date.parse(counted.time as string)).toBeGreaterThan(Date.now() - 60_000)
    },
    PROCESS_TIMEOUT,
  )
})

describe('PUBLIC_CACHE_SECONDS', () => {
  it(
    'lets a CDN keep public pages and reads (also from the fast path), and keeps the dashboard private',
    async () => {
      const { url } = await start({ PUBLIC_CACHE_SECONDS: '30' })
      const shared = 'public, s-maxage=30, stale-while-revalidate=300'
      for (const path of ['/', '/services/bouquets', '/api/services', '/api/services', '/api/testimonials', '/sitemap.xml']) {
        const res = await fetch(`${url}${path}`)
        expect(res.status, path).toBe(200)
        expect(res.headers.get('cache-control'), path).toBe(shared)
      }
      expect((await fetch(`${url}/admin`)).headers.get('cache-control')).toBe('private, no-cache')
      const cookie = await login(url)
      expect((await fetch(`${url}/api/services`, { headers: { Cookie: cookie } })).headers.get('cache-control')).toBe('no-store')
      expect((await fetch(`${url}/`, { headers: { Cookie: cookie } })).headers.get('cache-control')).toBe('private, no-cache')
      expect((await fetch(`${url}/no-such-page`)).headers.get('cache-control')).not.toMatch(/public/)
    },
    PROCESS_TIMEOUT,
  )
})

describe('the daily backup', () => {
  it(
    'is made at start-up when there is none and shows in the dashboard status',
    async () => {
      const { url, content } = await start({ BACKUP_INTERVAL_HOURS: '24' })
      const cookie = await login(url)
      let status: { last: { name: string; size: number } | null; warning: string | null } = { last: null, warning: null }
      await until(async () => {
        status = await (await fetch(`${url}/api/admin/backups`, { headers: { Cookie: cookie } })).json()
        return status.last !== null
      }, 20_000)
      expect(status.warning).toBeNull()
      expect(readdirSync(join(content.dataDir, '../backups'))).toEqual([status.last!.name])
      const health = await (await fetch(`${url}/healthz`)).json()
      expect(health.backup.ageSeconds).toBeLessThan(60)
    },
    PROCESS_TIMEOUT,
  )
})

describe('SIGTERM', () => {
  it(
    'during a burst of saves and inquiries keeps every acknowledged one and exits 0',
    async () => {
      const { server, content, url } = await start({ SHUTDOWN_TIMEOUT: '90' })
      const cookie = await login(url)
      let signalledAt = Infinity
      const savedIds: string[] = []
      const inquiryIds: string[] = []
      const ackedAfterSignal = { saves: 0, inquiries: 0 }
      const save = async (n: number) => {
        try {
          const res = await fetch(`${url}/api/testimonials`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
            body: JSON.stringify({ quote: `Burst quote ${n}`, author: `Burst ${n}` }),
          })
          if (res.status !== 201) return
          savedIds.push(((await res.json()) as { id: string }).id)
          if (Date.now() > signalledAt) ackedAfterSignal.saves++
        } catch {
          // Refused or cut off: not acknowledged, so nothing is promised.
        }
      }
      const send = async (n: number) => {
        try {
          const res = await inquiry(url, { firstName: `Burst${n}` })
          if (res.status !== 200) return
          inquiryIds.push(((await res.json()) as { id: string }).id)
          if (Date.now() > signalledAt) ackedAfterSignal.inquiries++
        } catch {
          // as above
        }
      }
      const burst = Array.from({ length: 12 }, (_, n) => [save(n), send(n), send(n + 12)]).flat()
      // Saves are committed one after another; the signal comes while most are still waiting their turn.
      await until(() => savedIds.length >= 2, 20_000)
      signalledAt = Date.now()
      server.child.kill('SIGTERM')
      await Promise.all(burst)
      expect(await server.exited).toBe(0)
      expect(server.output()).toMatch(/SIGTERM: finishing the requests in flight/)
      expect(server.output()).not.toMatch(/cut off/)

      // Every request was sent long before the signal (two saves had answered), so every one is answered, none cut off.
      expect(savedIds).toHaveLength(12)
      expect(inquiryIds).toHaveLength(24)
      expect(ackedAfterSignal.saves).toBeGreaterThan(0)
      const committed = (parse(content.git('show', 'HEAD:content/testimonials.yaml')) as { id: string }[]).map((t) => t.id)
      for (const id of savedIds) expect(committed).toContain(id)
      expect(content.git('status', '--porcelain', '--', 'content', 'uploads')).toBe('')
      expect(existsSync(join(content.root, '.git/index.lock'))).toBe(false)
      for (const id of inquiryIds) {
        const record = JSON.parse(readFileSync(join(content.dataDir, 'inquiries', `${id}.json`), 'utf8'))
        expect(record.id).toBe(id)
      }
    },
    2 * PROCESS_TIMEOUT,
  )

  it(
    'cuts off a request still open after SHUTDOWN_TIMEOUT, says so, and still exits 0',
    async () => {
      const { server, url } = await start({ SHUTDOWN_TIMEOUT: '1' })
      // An inquiry whose body never finishes arriving: in flight until the limit closes its connection.
      const { hostname, port } = new URL(url)
      const socket = connect(Number(port), hostname)
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
      socket.on('error', () => undefined)
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"firstName":`,
      )
      await until(async () => (await fetch(`${url}/healthz`)).status === 200) // the server is taking requests
      const signalledAt = Date.now()
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      const waited = Date.now() - signalledAt
      await closed
      expect(waited).toBeGreaterThanOrEqual(1_000)
      expect(waited).toBeLessThan(10_000)
      expect(server.output()).toMatch(/Requests still open after 1 s are cut off/)
    },
    PROCESS_TIMEOUT,
  )

  it(
    "writes out the page views still counted in memory: every acknowledged beacon is in the day's file",
    async () => {
      const { server, content, url } = await start()
      const beacon = (i: number) =>
        fetch(`${url}/api/collect`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', 'User-Agent': AGENTS.android, 'X-Forwarded-For': `10.7.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ path: '/', referrer: '' }),
        })
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => beacon(i)))
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 204))
      // Counts are written twice a second; the signal comes at once, so the last ones are still in memory.
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      const day = studioToday()
      const counts = DayCountsSchema.parse(
        JSON.parse(readFileSync(join(content.dataDir, 'insights', day.slice(0, 4), `${day}.json`), 'utf8')),
      )
      expect(counts.pageviews).toBe(40)
    },
    PROCESS_TIMEOUT,
  )
})

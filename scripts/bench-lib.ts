// Shared by the benchmarks: the built site started on a throwaway content repo (never this repo's content), percentiles.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { REPO_ROOT } from '../server/testing/temp-content'
import { ADMIN_PASSWORD, ADMIN_USERNAME, startSite, type Site } from '../web/e2e/support/site'

export const BENCH_ADMIN = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }

async function isFree(port: number): Promise<boolean> {
  return new Promise((res) => {
    const srv = createServer()
    srv.once('error', () => res(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => res(true)))
  })
}

/** Benchmarks run by hand, so they stay inside the 3850-3899 range kept for manual runs. */
export async function benchPort(skip: number[] = []): Promise<number> {
  for (let port = 3850; port < 3900; port++) if (!skip.includes(port) && (await isFree(port))) return port
  throw new Error('No free port in 3850-3899')
}

/** The built client: dist/client, or CLIENT_DIR as the server reads it (its renderer is ../server beside it). */
export const CLIENT_DIR = resolve(process.env.CLIENT_DIR ?? join(REPO_ROOT, 'dist/client'))

export function requireBuild(): void {
  if (!existsSync(join(CLIENT_DIR, 'index.html')) || !existsSync(join(CLIENT_DIR, '../server/entry-server.js'))) {
    throw new Error(`Build the site first: npm run build (no build found at ${CLIENT_DIR})`)
  }
}

/**
 * The built site in production mode on a copy of the seed content with its own git repository. Its log (a line per
 * request) goes to a file, as in a deployment, rather than through a pipe into this process, where reading it would
 * take the load generator's CPU.
 */
export async function startBenchSite(env: Record<string, string> = {}): Promise<Site> {
  requireBuild()
  const logDir = mkdtempSync(join(tmpdir(), 'bench-log-'))
  const site = await startSite(env, { port: await benchPort(), logFile: join(logDir, 'site.log') })
  return {
    ...site,
    stop: async () => {
      await site.stop()
      rmSync(logDir, { recursive: true, force: true })
    },
  }
}

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]
}

/** Prints a table with aligned columns. */
export function printTable(head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)))
  for (const [n, row] of cells.entries()) {
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

export const verdict = (met: boolean) => (met ? 'met' : 'NOT met')

export const CAMERA_PHOTO_BYTES = 4 * 1024 * 1024

/** A 12-megapixel (4032 x 3024) camera-like JPEG of about 4 MB: a gradient with grain, quality stepped until the size is near. */
export async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 4032
  const height = 3024
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120 + seed * 10, sigma: 28 } },
  })
    .blur(0.6)
    .raw()
    .toBuffer()
  let best: Buffer | null = null
  for (const quality of [70, 75, 80, 85, 90, 94]) {
    const jpeg = await sharp(grain, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer()
    if (!best || Math.abs(jpeg.length - CAMERA_PHOTO_BYTES) < Math.abs(best.length - CAMERA_PHOTO_BYTES)) best = jpeg
  }
  return best!
}

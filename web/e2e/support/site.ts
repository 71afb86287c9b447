// The real built site (server/index.ts serving dist/client, built by `npm run build`) on a fresh temporary content repo.
import { createServer } from 'node:net'
import { startServerProcess } from '../../../server/testing/server-process'
import { makeTempContentRoot, type TempContentRoot } from '../../../server/testing/temp-content'

export const ADMIN_USERNAME = 'owner'
export const ADMIN_PASSWORD = 'e2e-test-password-123'

export interface Site extends TempContentRoot {
  url: string
  port: number
  stop: () => Promise<void>
}

export interface SiteOptions {
  /** A port of the test's choosing (a passkey's origin names it); any free one otherwise. */
  port?: number
  /**
   * The server's output written to this file as a deployment's log would be (the benchmarks: reading every request's
   * line would cost the load generator as much as the answers); kept in memory for error messages otherwise.
   */
  logFile?: string
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => res(port))
    })
    srv.on('error', rej)
  })
}

/** Starts the site with the owner's login, on a port known before the start (PUBLIC_ORIGIN names it); `env` wins. */
export async function startSite(env: Record<string, string> = {}, options: SiteOptions = {}): Promise<Site> {
  const content = makeTempContentRoot()
  const port = options.port ?? (await freePort())
  const server = await startServerProcess(
    content,
    {
      PORT: String(port),
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Dozens of short-lived servers: images are made on demand instead of each warming up the whole seed.
      IMAGE_WARMUP: 'off',
      // Nor does each take a start-up backup (server/ops/ops.process.test.ts covers the daily backup).
      BACKUP_INTERVAL_HOURS: 'off',
      ...env,
    },
    { baseEnv: process.env, logFile: options.logFile },
  ).catch((err: unknown) => {
    content.cleanup()
    throw err
  })
  return {
    ...content,
    url: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await server.stop()
      content.cleanup()
    },
  }
}

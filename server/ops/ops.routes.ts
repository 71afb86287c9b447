// Routes for whoever runs the site: GET /healthz (public, no personal data) and the dashboard's backup status.
import { Hono } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { Config } from '../lib/config'
import type { BackupSchedule } from './backup-schedule'
import { checkHealth } from './health'

interface OpsDeps {
  config: Pick<Config, 'contentRoot' | 'dataDir'>
  mailOutbox: { depth: number }
  backups: BackupSchedule
  history: { warnings: () => Promise<string[]> }
}

export function createHealthRoutes({ config, mailOutbox, backups, history }: OpsDeps) {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    const health = await checkHealth({
      contentRoot: config.contentRoot,
      dataDir: config.dataDir,
      mailDepth: () => mailOutbox.depth,
      backup: () => backups.status(),
      contentWarnings: () => history.warnings(),
    })
    c.header('Cache-Control', 'no-store')
    return c.json(health, health.failing.length ? 503 : 200)
  })
}

export function createBackupRoutes({ backups }: OpsDeps) {
  return new Hono<AppEnv>()
    .get('/admin/backups', requireAdmin, async (c) => c.json(await backups.status()))
    .post('/admin/backups', requireAdmin, async (c) => {
      // The failure is in the status (and the log); the answer says it in words either way.
      await backups.runNow().catch(() => undefined)
      return c.json(await backups.status())
    })
}

// The content's schedules in one place: every "show from" / "show until" of the services, the FAQ questions and the
// seasonal hero (the public read cache turns over at each), and the admin's view of the server's clock.
import { Hono } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { clockMoved, clockNow } from '../lib/clock'
import type { ContentStore } from '../lib/content-store'
import { scheduleBoundaries, type ScheduleWindow } from '../lib/schedule'
import { listFaq } from '../faq/faq.store'
import { listServices } from '../services/services.store'
import { readSiteSettings } from '../site/site.store'

/** Every instant (ms, sorted) at which something the public site shows appears or leaves. */
export async function contentScheduleBoundaries(store: ContentStore): Promise<number[]> {
  const windows: ScheduleWindow[] = [...(await listServices(store)), ...(await listFaq(store).catch(() => []))]
  const seasonal = (await readSiteSettings(store).catch(() => null))?.hero.seasonal
  if (seasonal) windows.push(seasonal)
  return scheduleBoundaries(windows)
}

/** `GET /api/admin/clock`: the server's now (the dashboard's schedule badges read it), and whether FAKE_NOW moved it. */
export function createClockRoutes() {
  return new Hono<AppEnv>().get('/admin/clock', requireAdmin, (c) => c.json({ now: new Date(clockNow()).toISOString(), moved: clockMoved() }))
}

// The content's schedules in one place: every "show from" / "show until" of the services, the FAQ questions and the
// seasonal hero (the public read cache turns over at each), and the admin's view of the server's clock.
import { Hono } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import { z } from 'zod'
import { clockMoved, clockNow, moveClockTo } from '../lib/clock'
import type { ContentDeps } from '../lib/content-deps'
import type { ContentStore } from '../lib/content-store'
import { forbidden } from '../lib/errors'
import { jsonBody } from '../lib/http'
import { scheduleBoundaries, scheduleInstant, type ScheduleWindow } from '../lib/schedule'
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

const MoveClockSchema = z.object({
  now: z
    .string({ error: 'now must be a date and time' })
    .refine((v) => !Number.isNaN(scheduleInstant(v)), 'now must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00-08:00'),
})

const clockAnswer = () => ({ now: new Date(clockNow()).toISOString(), moved: clockMoved() })

/**
 * `GET /api/admin/clock`: the server's now (the dashboard's schedule badges read it), and whether it is moved.
 * `PUT /api/admin/clock {now}`: moves it, only on a preview server (started with FAKE_NOW, never in production), so
 * the owner or a test can see the site at another moment; 403 elsewhere.
 */
export function createClockRoutes({ config }: Pick<ContentDeps, 'config'>) {
  return new Hono<AppEnv>()
    .get('/admin/clock', requireAdmin, (c) => c.json(clockAnswer()))
    .put('/admin/clock', requireAdmin, async (c) => {
      if (config.fakeNow === undefined) throw forbidden('The clock can be moved only on a preview server (started with FAKE_NOW)')
      const { now } = await jsonBody(c, MoveClockSchema)
      moveClockTo(scheduleInstant(now))
      return c.json(clockAnswer())
    })
}

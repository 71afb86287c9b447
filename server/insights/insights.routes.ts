// POST /api/collect (the public pages' beacon: 204, counted or not) and the admin's GET /api/admin/insights(.csv).
import { Hono, type Context } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { csvResponse } from '../lib/csv'
import { badRequest, unsupportedMediaType } from '../lib/errors'
import { limitBody } from '../lib/http'
import { studioToday } from '../lib/studio-time'
import { listServices } from '../services/services.store'
import { BEACON_BODY_LIMIT, BEACON_TYPE, BEACON_TYPE_ERROR, createBeaconIntake } from './beacon-intake'
import type { InsightsCollector } from './collector'
import { insightsCsv } from './insights-csv'
import { addDays, buildReport, datesBetween, dayCount } from './insights-report'
import { InsightsRangeSchema, type InsightsReport } from './insights.schema'
import { visitOf } from './visit'

/** Longest range one report reads (a bit over two years of daily files). */
const MAX_RANGE_DAYS = 800

type InsightsDeps = Pick<ContentDeps, 'config' | 'store'> & { insights: InsightsCollector }

export function createInsightsRoutes({ config, store, insights }: InsightsDeps) {
  const beacons = createBeaconIntake({ config, store, insights })

  const report = async (c: Context): Promise<InsightsReport> => {
    const range = rangeOf(c)
    const span = dayCount(range.from, range.to)
    const previous = { from: addDays(range.from, -span), to: addDays(range.from, -1) }
    const read = (from: string, to: string) => Promise.all(datesBetween(from, to).map((d) => insights.day(d)))
    const [days, before, services] = await Promise.all([read(range.from, range.to), read(previous.from, previous.to), listServices(store)])
    return buildReport(range, days, { ...previous, days: before }, new Map(services.map((s) => [s.id, s.title])))
  }

  return new Hono<AppEnv>()
    .post('/collect', limitBody(BEACON_BODY_LIMIT, 'A page view is at most 4 KiB'), async (c) => {
      // sendBeacon sends a string as text/plain; other clients may say application/json. Either way the body is JSON.
      if (!BEACON_TYPE.test(c.req.header('content-type') ?? '')) throw unsupportedMediaType(BEACON_TYPE_ERROR)
      const view = beacons.parse(await c.req.text())
      await beacons.count(view, visitOf(c, config.trustProxy), new URL(c.req.url).hostname)
      return c.body(null, 204)
    })
    .get('/admin/insights', requireAdmin, async (c) => c.json(await report(c)))
    .get('/admin/insights.csv', requireAdmin, async (c) => {
      const r = await report(c)
      return csvResponse(insightsCsv(r), `insights-${r.from}-to`, r.to)
    })
}

/** ?from=&to= (YYYY-MM-DD, studio days); without them the last 30 days up to today. */
function rangeOf(c: Context): { from: string; to: string } {
  const parsed = InsightsRangeSchema.safeParse({ from: c.req.query('from') || undefined, to: c.req.query('to') || undefined })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw badRequest(`${String(issue.path[0])} ${issue.message}`)
  }
  const to = parsed.data.to ?? studioToday()
  const from = parsed.data.from ?? addDays(to, -29)
  if (from > to) throw badRequest('from must not be after to')
  if (dayCount(from, to) > MAX_RANGE_DAYS) throw badRequest(`The range may span at most ${MAX_RANGE_DAYS} days`)
  return { from, to }
}

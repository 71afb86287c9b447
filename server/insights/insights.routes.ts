// POST /api/collect (the public pages' beacon: 204, counted or not) and the admin's GET /api/admin/insights(.csv).
import { Hono, type Context } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { csvResponse } from '../lib/csv'
import { badRequest, unsupportedMediaType } from '../lib/errors'
import { limitBody } from '../lib/http'
import { studioToday } from '../lib/studio-time'
import { listServices } from '../services/services.store'
import type { InsightsCollector } from './collector'
import { insightsCsv } from './insights-csv'
import { addDays, buildReport, datesBetween, dayCount } from './insights-report'
import { InsightsRangeSchema, PageViewSchema, type InsightsReport } from './insights.schema'
import { trafficSource } from './traffic-source'
import { visitOf } from './visit'

/** A beacon is a path and a referrer: 4 KiB is plenty. */
const BEACON_BODY_LIMIT = 4 * 1024
/** Longest range one report reads (a bit over two years of daily files). */
const MAX_RANGE_DAYS = 800
const FIXED_PAGES = new Set(['/', '/about', '/contact', '/delivery-installation', '/thank-you', '/privacy'])
const SERVICE_PAGE = /^\/services\/([a-z0-9][a-z0-9-]*)$/

type InsightsDeps = Pick<ContentDeps, 'config' | 'store'> & { insights: InsightsCollector }

export function createInsightsRoutes({ config, store, insights }: InsightsDeps) {
  const siteHost = new URL(config.publicOrigin).hostname
  // Service pages are checked against the content, read at most once a second however many beacons arrive.
  let serviceIds: { at: number; ids: Promise<Set<string>> } | null = null
  const visibleServiceIds = () => {
    if (!serviceIds || Date.now() - serviceIds.at > 1000) {
      const ids = listServices(store).then((list) => new Set(list.filter((s) => s.visible).map((s) => s.id)), () => new Set<string>())
      serviceIds = { at: Date.now(), ids }
    }
    return serviceIds.ids
  }
  /** The page a path names, or null for anything that is not one of the site's pages. */
  const pageOf = async (pathname: string) => {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
    if (FIXED_PAGES.has(path)) return { path, serviceId: null }
    const service = SERVICE_PAGE.exec(path)?.[1]
    return service && (await visibleServiceIds()).has(service) ? { path, serviceId: service } : null
  }

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
      const view = await beaconBody(c)
      const url = new URL(view.path, config.publicOrigin)
      const page = await pageOf(url.pathname)
      if (page) {
        const source = trafficSource(url.searchParams, view.referrer, [siteHost, new URL(c.req.url).hostname])
        insights.pageView(visitOf(c, config.trustProxy), { ...page, source })
      }
      return c.body(null, 204)
    })
    .get('/admin/insights', requireAdmin, async (c) => c.json(await report(c)))
    .get('/admin/insights.csv', requireAdmin, async (c) => {
      const r = await report(c)
      return csvResponse(insightsCsv(r), `insights-${r.from}-to`, r.to)
    })
}

/** sendBeacon sends a string as text/plain; other clients may say application/json. Either way the body is JSON. */
async function beaconBody(c: Context) {
  const type = c.req.header('content-type') ?? ''
  if (!/^(text\/plain|application\/json)\s*(;|$)/i.test(type)) throw unsupportedMediaType('Send the page view as JSON (text/plain or application/json)')
  let data: unknown
  try {
    data = JSON.parse(await c.req.text())
  } catch {
    throw badRequest('The page view is not valid JSON')
  }
  const parsed = PageViewSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw badRequest(issue.path.length ? issue.message : 'The page view must be a JSON object {path, referrer}')
  }
  return parsed.data
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

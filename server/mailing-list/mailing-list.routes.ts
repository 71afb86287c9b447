// GET /api/flodesk-segments and POST /api/subscribe (Flodesk with a key, local files without), and the subscribers export.
import { Hono } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest, firstZodMessage, httpError } from '../lib/errors'
import { csvResponse, toCsv } from '../lib/csv'
import { formatStudioTime, studioToday } from '../lib/studio-time'
import { filledHoneypot, formBody, publicFormGuard } from '../lib/public-form'
import { FlodeskClient, FlodeskError } from './flodesk.client'
import { SegmentListSchema, SubscriptionSchema, type Segment } from './mailing-list.schema'
import type { SubscriberStore } from './subscribers.store'
import type { InsightsCollector } from '../insights/collector'
import { visitOf } from '../insights/visit'

const SEGMENTS_FILE = 'content/mailing-list-segments.yaml'
const SUBSCRIBE_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 }
const SUBSCRIBE_FAILED = 'Subscription failed. Please try again.'
const UNKNOWN_INTEREST = 'Please choose from the listed interests.'

/** What a visitor may read of a Flodesk failure; the details go to the log. */
function visitorError(err: FlodeskError) {
  console.error(`Flodesk ${err.operation} failed (${err.status || 'network'}): ${err.message}`)
  if (err.status === 404 && err.operation === 'add subscriber to segments') return httpError(400, UNKNOWN_INTEREST)
  if (err.status === 400 || err.status === 422) {
    return httpError(400, /email/i.test(err.message) ? 'Please enter a valid email address' : SUBSCRIBE_FAILED)
  }
  // A wrong key (401/403), throttling, an outage or no network: not the visitor's doing.
  return httpError(502, SUBSCRIBE_FAILED)
}

interface MailingListRouteDeps extends Pick<ContentDeps, 'config' | 'store'> {
  insights: InsightsCollector
  subscribers: SubscriberStore
}

export function createMailingListRoutes({ config, store, insights, subscribers }: MailingListRouteDeps) {
  const flodesk = config.flodeskApiKey
    ? new FlodeskClient({
        apiKey: config.flodeskApiKey,
        baseUrl: config.flodeskApiUrl,
        userAgent: `BalloonStudioSite/1.0 (${config.publicOrigin})`,
      })
    : null
  const localSegments = () => store.readYaml(SEGMENTS_FILE, SegmentListSchema)

  return new Hono<AppEnv>()
    .get('/flodesk-segments', async (c) => {
      if (!flodesk) return c.json(await localSegments())
      try {
        return c.json(await flodesk.listSegments())
      } catch (err) {
        if (!(err instanceof FlodeskError)) throw err
        console.error(`Flodesk list segments failed (${err.status || 'network'}): ${err.message}`)
        throw httpError(502, 'Could not load interests.')
      }
    })
    .post('/subscribe', publicFormGuard(SUBSCRIBE_LIMIT.limit, SUBSCRIBE_LIMIT.windowMs, config.trustProxy), async (c) => {
      const body = await formBody(c)
      if (filledHoneypot(body)) return c.json({ ok: true as const })
      const parsed = SubscriptionSchema.safeParse(body)
      if (!parsed.success) throw badRequest(firstZodMessage(parsed.error))
      const { email, firstName, lastName, segment_ids } = parsed.data
      const segmentIds = [...new Set(segment_ids)]
      if (flodesk) {
        try {
          await flodesk.subscribe({ email, firstName, lastName, segmentIds })
        } catch (err) {
          throw err instanceof FlodeskError ? visitorError(err) : err
        }
      } else {
        const known = new Set((await localSegments()).map((s) => s.id))
        if (segmentIds.some((id) => !known.has(id))) throw badRequest(UNKNOWN_INTEREST)
        await subscribers.upsert({ email, firstName, lastName, segmentIds })
      }
      insights.conversion(visitOf(c, config.trustProxy), 'signups')
      return c.json({ ok: true as const })
    })
    .get('/admin/subscribers.csv', requireAdmin, async (c) => {
      const names = new Map((await localSegments().catch((): Segment[] => [])).map((s) => [s.id, s.name]))
      const rows = (await subscribers.list()).map((s) => [
        s.email,
        s.firstName,
        s.lastName,
        s.segmentIds.map((id) => names.get(id) ?? id).join('; '),
        formatStudioTime(s.subscribedAt),
        formatStudioTime(s.updatedAt),
      ])
      const header = ['Email', 'First name', 'Last name', 'Interests', 'Subscribed (Pacific)', 'Updated (Pacific)']
      c.header('Cache-Control', 'no-store')
      return csvResponse(toCsv(header, rows), 'subscribers', studioToday())
    })
}

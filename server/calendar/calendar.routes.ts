// The event calendar: month view and blocked dates (admin), public availability (dates only), the secret .ics feed.
import { Hono } from 'hono'
import type { Context } from 'hono'
import { requireAdmin, type AppEnv } from '../auth/auth.middleware'
import type { ContentDeps } from '../lib/content-deps'
import { badRequest, notFound } from '../lib/errors'
import { jsonBody } from '../lib/http'
import type { InquiryStore } from '../inquiries/inquiries.store'
import { CALENDAR_STATUSES, type InquiryRecord } from '../inquiries/inquiry-record.schema'
import { isCalendarDate } from '../lib/studio-time'
import { readSiteSettings } from '../site/site.store'
import { calendarWarnings } from './calendar-warnings'
import { bookedEventsCalendar } from './calendar-feed'
import { BlockBodySchema, DateParamSchema, type CalendarEvent, type CalendarFeed, type CalendarMonth } from './calendar.schema'
import type { CalendarStore } from './calendar.store'

/** Longest range one call may ask for (a year and a bit: a month view, or a year ahead on the public form). */
const MAX_RANGE_DAYS = 400
const DAY_MS = 24 * 60 * 60 * 1000

/** `?from=&to=` as YYYY-MM-DD, from <= to, at most MAX_RANGE_DAYS apart. */
function dateRange(c: Context): { from: string; to: string } {
  const range = { from: c.req.query('from') ?? '', to: c.req.query('to') ?? '' }
  for (const key of ['from', 'to'] as const) {
    const parsed = DateParamSchema.safeParse(range[key])
    if (!parsed.success) throw badRequest(`${key} must be a date (YYYY-MM-DD)`)
  }
  const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS
  if (days < 0) throw badRequest('from must not be after to')
  if (days > MAX_RANGE_DAYS) throw badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time`)
  return range
}

function eventOf(r: InquiryRecord): CalendarEvent {
  const q = r.inquiry
  return { date: q.eventDate, inquiryId: r.id, name: `${q.firstName} ${q.lastName}`, service: q.service, status: r.status }
}

export function createCalendarRoutes(deps: ContentDeps & { calendar: CalendarStore; inquiries: InquiryStore }) {
  const { config, calendar, inquiries } = deps
  /** Open, quoted and booked inquiries with a readable event date: by date, bookings first, then by name. */
  const events = async () =>
    (await inquiries.list('all'))
      .filter((r) => CALENDAR_STATUSES.includes(r.status) && isCalendarDate(r.inquiry.eventDate))
      .map(eventOf)
      .sort(
        (a, b) =>
          a.date.localeCompare(b.date) || Number(b.status === 'booked') - Number(a.status === 'booked') || a.name.localeCompare(b.name),
      )
  const feedUrl = (token: string) => `${config.publicOrigin}/api/calendar/${token}.ics`
  const feedAnswer = async (): Promise<CalendarFeed> => {
    const secret = await calendar.readFeed()
    return secret ? { url: feedUrl(secret.token), createdAt: secret.createdAt } : { url: null }
  }
  const inRange = (date: string, { from, to }: { from: string; to: string }) => date >= from && date <= to

  return new Hono<AppEnv>()
    .get('/availability', async (c) => {
      const range = dateRange(c)
      const unavailable = (await calendar.listBlocked()).map((b) => b.date).filter((d) => inRange(d, range))
      c.header('Cache-Control', 'no-store')
      return c.json({ unavailable })
    })
    .get('/calendar/:file', async (c) => {
      const match = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(c.req.param('file'))
      if (!match || !(await calendar.feedTokenMatches(match[1]))) throw notFound('No such calendar')
      const booked = (await inquiries.list('booked')).filter((r) => isCalendarDate(r.inquiry.eventDate))
      const site = await readSiteSettings(deps.store).catch(() => null)
      return new Response(bookedEventsCalendar(site?.brand.name ?? 'Studio', booked, config.publicOrigin), {
        headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
      })
    })
    .get('/admin/calendar', requireAdmin, async (c) => {
      const range = dateRange(c)
      const [all, blocked] = await Promise.all([events(), calendar.listBlocked()])
      const month: CalendarMonth = {
        ...range,
        events: all.filter((e) => inRange(e.date, range)),
        blocked: blocked.filter((b) => inRange(b.date, range)),
        warnings: calendarWarnings(all, blocked).filter((w) => inRange(w.date, range)),
      }
      return c.json(month)
    })
    .get('/admin/calendar/warnings', requireAdmin, async (c) => c.json(calendarWarnings(await events(), await calendar.listBlocked())))
    .put('/admin/calendar/blocked/:date', requireAdmin, async (c) => {
      const date = DateParamSchema.safeParse(c.req.param('date'))
      if (!date.success) throw badRequest('Date must be a date (YYYY-MM-DD)')
      const { note } = await jsonBody(c, BlockBodySchema)
      return c.json(await calendar.block(date.data, note))
    })
    .delete('/admin/calendar/blocked/:date', requireAdmin, async (c) => {
      const date = DateParamSchema.safeParse(c.req.param('date'))
      if (!date.success) throw badRequest('Date must be a date (YYYY-MM-DD)')
      return c.json(await calendar.unblock(date.data))
    })
    .get('/admin/calendar/feed', requireAdmin, async (c) => c.json(await feedAnswer()))
    .post('/admin/calendar/feed', requireAdmin, async (c) => {
      await calendar.issueFeed()
      return c.json(await feedAnswer())
    })
    .delete('/admin/calendar/feed', requireAdmin, async (c) => {
      await calendar.revokeFeed()
      return c.json(await feedAnswer())
    })
}

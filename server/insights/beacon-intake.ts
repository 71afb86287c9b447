// What POST /api/collect does with a beacon, shared by the Hono route and the server's shortcut in front of it:
// read its JSON, keep it only if it names one of the site's pages, and count it.
import type { ContentDeps } from '../lib/content-deps'
import { badRequest } from '../lib/errors'
import { clockNow } from '../lib/clock'
import { isPublicService } from '../services/services.schema'
import { listServices } from '../services/services.store'
import type { InsightsCollector, Visit } from './collector'
import { PageViewSchema, type PageView } from './insights.schema'
import { trafficSource } from './traffic-source'

/** A beacon is a path and a referrer: 4 KiB is plenty. */
export const BEACON_BODY_LIMIT = 4 * 1024
export const BEACON_TYPE = /^(text\/plain|application\/json)\s*(;|$)/i
export const BEACON_TYPE_ERROR = 'Send the page view as JSON (text/plain or application/json)'
const FIXED_PAGES = new Set(['/', '/about', '/contact', '/delivery-installation', '/thank-you', '/privacy', '/faq'])
const SERVICE_PAGE = /^\/services\/([a-z0-9][a-z0-9-]*)$/

export type BeaconIntake = ReturnType<typeof createBeaconIntake>

export function createBeaconIntake({ config, store, insights }: Pick<ContentDeps, 'config' | 'store'> & { insights: InsightsCollector }) {
  const siteHost = new URL(config.publicOrigin).hostname
  // Service pages are checked against the content, read at most once a second however many beacons arrive.
  let serviceIds: { at: number; ids: Promise<Set<string>> } | null = null
  const visibleServiceIds = () => {
    if (!serviceIds || Date.now() - serviceIds.at > 1000) {
      const ids = listServices(store).then(
        (list) => new Set(list.filter((s) => isPublicService(s, clockNow())).map((s) => s.id)),
        () => new Set<string>(),
      )
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

  return {
    /** The beacon's body as a page view; 400 naming the field when it is not one. */
    parse(text: string): PageView {
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch {
        throw badRequest('The page view is not valid JSON')
      }
      const parsed = PageViewSchema.safeParse(data)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw badRequest(issue.path.length ? issue.message : 'The page view must be a JSON object {path, referrer}')
      }
      return parsed.data
    },

    /** Counts the view when it names a page (the collector then applies its own rules: bots, opt-outs, the admin). */
    async count(view: PageView, visit: Visit, requestHost: string): Promise<void> {
      const url = new URL(view.path, config.publicOrigin)
      const page = await pageOf(url.pathname)
      if (page) insights.pageView(visit, { ...page, source: trafficSource(url.searchParams, view.referrer, [siteHost, requestHost]) })
    },
  }
}

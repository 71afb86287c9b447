// Counts page views and conversions in memory and writes the day's counts to disk twice a second. Who is who is known
// only within the day, through the daily-salted visitor id; what reaches the disk is counts.
import { SerialQueue } from '../lib/durable-file'
import { studioToday } from '../lib/studio-time'
import { DailySalt } from './daily-salt'
import { addConversion, addCount, emptyDay, KEY_CAPS, serviceCounts } from './day-counts'
import type { DayCounts } from './insights.schema'
import { InsightsStore } from './insights.store'
import type { TrafficSource } from './traffic-source'
import { deviceClass, isBot } from './user-agent'

/** What the collector may learn of a request: used for the visitor id and the rules, never stored. */
export interface Visit {
  address: string
  userAgent: string | undefined
  /** DNT: 1 or Sec-GPC: 1. */
  optedOut: boolean
  /** The admin's own session. */
  admin: boolean
}

export interface PageViewInput {
  /** The page's path, already checked to be one of the site's pages. */
  path: string
  /** The service whose page it is. */
  serviceId: string | null
  source: TrafficSource
}

/** A visitor's day, in memory only: what their later views and a conversion are attributed to. */
interface VisitorDay {
  source: string
  campaign: string | null
  landingPage: string
  views: number
  services: Set<string>
}

/** Per day: visitors kept in memory (a flood of made-up visitors stops counting here) and views counted per visitor. */
export const MAX_VISITORS_PER_DAY = 50_000
export const MAX_VIEWS_PER_VISITOR = 300
/**
 * Per address and day: one machine that makes up a new user agent for every beacon counts as at most this many
 * visitors and views (a household or an office behind one address fits well inside).
 */
export const MAX_VISITORS_PER_ADDRESS = 20
export const MAX_VIEWS_PER_ADDRESS = 1000

/** What one address has added today, kept under a daily-salted hash of the address, in memory only. */
interface AddressDay {
  visitors: number
  views: number
}

/** Twice a second, so a kill loses at most the last second even when a write takes a few hundred milliseconds. */
export const FLUSH_EVERY_MS = 500

export interface CollectorOptions {
  dataDir: string
  flushEveryMs?: number
  now?: () => Date
  salt?: DailySalt
}

export class InsightsCollector {
  private today: DayCounts
  private visitors = new Map<string, VisitorDay>()
  private addresses = new Map<string, AddressDay>()
  /** Days changed since their last write: normally today, and yesterday just after midnight. */
  private dirty = new Map<string, DayCounts>()
  private readonly writes = new SerialQueue()
  /** A tick while the last write is still under way (a slow disk) waits for the next tick instead of queueing. */
  private writing = false
  private readonly timer: NodeJS.Timeout

  private constructor(
    private readonly store: InsightsStore,
    today: DayCounts,
    private readonly now: () => Date,
    private readonly salt: DailySalt,
    flushEveryMs: number,
  ) {
    this.today = today
    this.timer = setInterval(() => {
      if (this.writing || this.dirty.size === 0) return
      this.writing = true
      void this.flush().finally(() => (this.writing = false))
    }, flushEveryMs)
    this.timer.unref()
  }

  /** Picks up today's counts from disk (after a restart) and starts writing the changes twice a second. */
  static async start({
    dataDir,
    flushEveryMs = FLUSH_EVERY_MS,
    now = () => new Date(),
    salt = new DailySalt(),
  }: CollectorOptions): Promise<InsightsCollector> {
    const store = InsightsStore.for(dataDir)
    const date = studioToday(now())
    const today = (await store.readDay(date)) ?? emptyDay(date)
    return new InsightsCollector(store, today, now, salt, flushEveryMs)
  }

  /** Counts one page view; false when the visit is not counted (bot, opted out, admin, over a cap). */
  pageView(visit: Visit, view: PageViewInput): boolean {
    const id = this.visitorId(visit)
    if (!id) return false
    const day = this.today
    const address = this.addressDay(visit.address)
    if (!address || address.views >= MAX_VIEWS_PER_ADDRESS) return false
    let visitor = this.visitors.get(id)
    if (!visitor) {
      if (this.visitors.size >= MAX_VISITORS_PER_DAY || address.visitors >= MAX_VISITORS_PER_ADDRESS) return false
      visitor = { source: view.source.source, campaign: view.source.campaign, landingPage: view.path, views: 0, services: new Set() }
      this.visitors.set(id, visitor)
      address.visitors++
      day.visitors++
      addCount(day.sources, visitor.source, KEY_CAPS.sources)
      if (view.source.campaign) addCount(day.campaigns, view.source.campaign, KEY_CAPS.campaigns)
      if (view.source.medium) addCount(day.mediums, view.source.medium, KEY_CAPS.mediums)
      addCount(day.devices, deviceClass(visit.userAgent!), 3)
    }
    if (visitor.views >= MAX_VIEWS_PER_VISITOR) return false
    visitor.views++
    address.views++
    day.pageviews++
    addCount(day.pages, view.path, KEY_CAPS.pages)
    if (view.serviceId) {
      const service = serviceCounts(day, view.serviceId)
      service.views++
      if (!visitor.services.has(view.serviceId)) {
        visitor.services.add(view.serviceId)
        service.visitors++
      }
    }
    this.dirty.set(day.date, day)
    return true
  }

  /**
   * Counts an inquiry or a mailing-list sign-up under the source, campaign and first page of the visitor's day (an
   * unknown visitor, e.g. one whose beacon a blocker stopped, counts under '(unknown)'); inquiries also per service.
   */
  conversion(visit: Visit, kind: 'inquiries' | 'signups', serviceId?: string): boolean {
    const id = this.visitorId(visit)
    if (!id) return false
    const day = this.today
    const visitor = this.visitors.get(id)
    const { conversions } = day
    conversions.total[kind]++
    addConversion(conversions.bySource, visitor?.source ?? '(unknown)', KEY_CAPS.sources, kind)
    if (visitor?.campaign) addConversion(conversions.byCampaign, visitor.campaign, KEY_CAPS.campaigns, kind)
    addConversion(conversions.byLandingPage, visitor?.landingPage ?? '(unknown)', KEY_CAPS.landingPages, kind)
    if (kind === 'inquiries' && serviceId) serviceCounts(day, serviceId).inquiries++
    this.dirty.set(day.date, day)
    return true
  }

  /** A day's counts: today's from memory, others from disk (null when none were kept). */
  async day(date: string): Promise<DayCounts | null> {
    this.rollOver()
    if (date === this.today.date) return this.today
    return this.dirty.get(date) ?? (await this.store.readDay(date))
  }

  /** Writes the days changed since the last write, after any write under way; a failed one is tried again next time. */
  flush(): Promise<void> {
    return this.writes.run(async () => {
      const days = [...this.dirty.values()]
      this.dirty.clear()
      for (const day of days) {
        try {
          await this.store.writeDay(structuredClone(day))
        } catch (err) {
          if (!this.dirty.has(day.date)) this.dirty.set(day.date, day)
          console.error(`Insights: could not write the counts of ${day.date}:`, err)
        }
      }
    })
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }

  /** null when the visit is not to be counted. */
  private visitorId(visit: Visit): string | null {
    if (visit.admin || visit.optedOut || isBot(visit.userAgent)) return null
    this.rollOver()
    return this.salt.visitorId(this.today.date, visit.address, visit.userAgent!)
  }

  /** The address's allowance for today; null when the day already holds as many addresses as it may. */
  private addressDay(address: string): AddressDay | null {
    const key = this.salt.visitorId(this.today.date, `address:${address}`, '')
    let found = this.addresses.get(key)
    if (!found) {
      if (this.addresses.size >= MAX_VISITORS_PER_DAY) return null
      this.addresses.set(key, (found = { visitors: 0, views: 0 }))
    }
    return found
  }

  /** At the studio's midnight: yesterday is written once more, its visitors forgotten, and a new day begins. */
  private rollOver(): void {
    const date = studioToday(this.now())
    if (date === this.today.date) return
    this.dirty.set(this.today.date, this.today)
    this.today = emptyDay(date)
    this.visitors = new Map()
    this.addresses = new Map()
  }
}

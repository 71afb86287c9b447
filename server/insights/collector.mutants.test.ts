// The collector's edges: counts reach the disk by themselves (first and later ones), a failed write is tried again and
// the owner told which day, stop() writes what is left, the day's cap of visitors at exactly its size, and what the
// collector tells its caller (counted or not) and what it counts an inquiry or a sign-up without a service toward.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DailySalt } from './daily-salt'
import { InsightsCollector, MAX_VIEWS_PER_VISITOR, MAX_VISITORS_PER_ADDRESS, MAX_VISITORS_PER_DAY, type Visit } from './collector'
import { DIRECT } from './traffic-source'
import { AGENTS } from './testing-agents'

const DATE = '2026-11-23'
const direct = { source: DIRECT, medium: null, campaign: null }
const home = { path: '/', serviceId: null, source: direct }
const visitor = (n: number, userAgent: string = AGENTS.iphone): Visit => ({
  address: `198.51.100.${n}`,
  userAgent,
  optedOut: false,
  admin: false,
})

let dataDir: string
let collector: InsightsCollector | undefined
const start = (flushEveryMs: number, salt?: DailySalt) =>
  InsightsCollector.start({ dataDir, now: () => new Date('2026-11-23T18:00:00Z'), flushEveryMs, salt }).then((c) => (collector = c))

/** The day's ids without the HMAC (50,000 visitors in well under a second): distinct visitors still get distinct ids. */
class PlainSalt extends DailySalt {
  override visitorId(day: string, address: string, userAgent: string) {
    return `${day}|${address}|${userAgent}`
  }
}
const file = () => join(dataDir, 'insights', '2026', `${DATE}.json`)
const stored = () => (existsSync(file()) ? JSON.parse(readFileSync(file(), 'utf8')) : null)

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'insights-mutants-'))
})
afterEach(async () => {
  await collector?.stop()
  collector = undefined
  vi.restoreAllMocks()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('writing the counts', () => {
  it('writes a view to disk by itself within a tick, and a later view after that write too', async () => {
    const c = await start(10)
    c.pageView(visitor(1), home)
    await vi.waitFor(() => expect(stored()?.pageviews).toBe(1), { timeout: 2000, interval: 5 })
    c.pageView(visitor(1), home)
    await vi.waitFor(() => expect(stored()?.pageviews).toBe(2), { timeout: 2000, interval: 5 })
  })

  it('keeps a day whose write failed and writes it once the disk takes it, telling the owner which day failed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const c = await start(60_000)
    mkdirSync(join(dataDir, 'insights'), { recursive: true })
    writeFileSync(join(dataDir, 'insights', '2026'), 'not a folder')
    c.pageView(visitor(1), home)
    await c.flush()
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(DATE), expect.anything())
    rmSync(join(dataDir, 'insights', '2026'))
    await c.flush()
    expect(stored()).toMatchObject({ date: DATE, visitors: 1, pageviews: 1 })
  })

  it('stop() writes the views counted since the last write', async () => {
    const c = await start(60_000)
    c.pageView(visitor(1), home)
    c.pageView(visitor(2), home)
    await c.stop()
    collector = undefined
    expect(stored()).toMatchObject({ visitors: 2, pageviews: 2 })
  })
})

describe('the day’s cap of visitors', () => {
  it(`counts exactly ${MAX_VISITORS_PER_DAY} visitors in a day and not one more`, async () => {
    const c = await start(60_000, new PlainSalt())
    let counted = 0
    const addresses = MAX_VISITORS_PER_DAY / MAX_VISITORS_PER_ADDRESS + 1
    for (let a = 0; a < addresses; a++) {
      const address = `10.${a >> 8}.${a & 255}.1`
      for (let u = 0; u < MAX_VISITORS_PER_ADDRESS; u++)
        if (c.pageView({ address, userAgent: `${AGENTS.windows} Build/${u}`, optedOut: false, admin: false }, home)) counted++
    }
    expect(counted).toBe(MAX_VISITORS_PER_DAY)
    expect((await c.day(DATE))!.visitors).toBe(MAX_VISITORS_PER_DAY)
  })
})

describe('what the collector tells its caller and counts', () => {
  it('says a view past the visitor’s allowance is not counted, and a conversion is', async () => {
    const c = await start(60_000)
    for (let i = 0; i < MAX_VIEWS_PER_VISITOR; i++) expect(c.pageView(visitor(1), home)).toBe(true)
    expect(c.pageView(visitor(1), home)).toBe(false)
    expect(c.conversion(visitor(1), 'signups')).toBe(true)
    expect(c.conversion(visitor(1), 'inquiries', 'arches')).toBe(true)
    expect((await c.day(DATE))!).toMatchObject({ pageviews: MAX_VIEWS_PER_VISITOR, conversions: { total: { inquiries: 1, signups: 1 } } })
  })

  it('counts a sign-up, and an inquiry that names no service, toward no service', async () => {
    const c = await start(60_000)
    c.pageView(visitor(1), { path: '/services/arches', serviceId: 'arches', source: direct })
    c.conversion(visitor(1), 'signups')
    c.conversion(visitor(1), 'inquiries')
    const day = (await c.day(DATE))!
    expect(day.services).toEqual({ arches: { views: 1, visitors: 1, inquiries: 0 } })
    expect(day.conversions.total).toEqual({ inquiries: 1, signups: 1 })
  })
})

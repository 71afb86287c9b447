import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InsightsCollector, MAX_VIEWS_PER_ADDRESS, MAX_VIEWS_PER_VISITOR, MAX_VISITORS_PER_ADDRESS, type Visit } from './collector'
import { DailySalt } from './daily-salt'
import { KEY_CAPS, OTHER } from './day-counts'
import { DIRECT, type TrafficSource } from './traffic-source'
import { AGENTS } from './testing-agents'

const direct: TrafficSource = { source: DIRECT, medium: null, campaign: null }
const visitor = (n: number, userAgent = AGENTS.iphone): Visit => ({ address: `198.51.100.${n}`, userAgent, optedOut: false, admin: false })
const view = (path: string, source = direct, serviceId: string | null = null) => ({ path, serviceId, source })

describe('insights collector', () => {
  let dataDir: string
  let clock: Date
  let collector: InsightsCollector
  const start = () => InsightsCollector.start({ dataDir, now: () => clock, flushEveryMs: 60_000 })
  const stored = (date: string) => JSON.parse(readFileSync(join(dataDir, 'insights', date.slice(0, 4), `${date}.json`), 'utf8'))

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'insights-'))
    clock = new Date('2026-11-23T18:00:00Z') // 10 AM in Portland
    collector = await start()
  })
  afterEach(async () => {
    await collector.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("counts visitors once a day, page views each time, and a visitor by their first page's source and device", async () => {
    const instagram = { source: 'instagram.com', medium: 'social', campaign: 'spring' }
    collector.pageView(visitor(1), view('/', instagram))
    collector.pageView(visitor(1), view('/services/arches', direct, 'arches'))
    collector.pageView(visitor(1), view('/services/arches', direct, 'arches'))
    collector.pageView(visitor(2, AGENTS.windows), view('/services/arches', direct, 'arches'))
    const day = (await collector.day('2026-11-23'))!
    expect(day).toMatchObject({
      visitors: 2,
      pageviews: 4,
      pages: { '/': 1, '/services/arches': 3 },
      sources: { 'instagram.com': 1, [DIRECT]: 1 },
      campaigns: { spring: 1 },
      mediums: { social: 1 },
      devices: { phone: 1, desktop: 1 },
      services: { arches: { views: 3, visitors: 2, inquiries: 0 } },
    })
  })

  it('counts no bot, no visitor who asks not to be tracked, and not the admin', async () => {
    expect(collector.pageView({ ...visitor(1), userAgent: AGENTS.googlebot }, view('/'))).toBe(false)
    expect(collector.pageView({ ...visitor(2), optedOut: true }, view('/'))).toBe(false)
    expect(collector.pageView({ ...visitor(3), admin: true }, view('/'))).toBe(false)
    expect(collector.conversion({ ...visitor(2), optedOut: true }, 'inquiries', 'arches')).toBe(false)
    expect((await collector.day('2026-11-23'))!).toMatchObject({
      visitors: 0,
      pageviews: 0,
      conversions: { total: { inquiries: 0, signups: 0 } },
    })
  })

  it('credits an inquiry to the source, campaign and first page of the visitor who sent it, and to the service', async () => {
    collector.pageView(visitor(1), view('/services/arches', { source: 'fair', medium: 'print', campaign: 'bridal-fair' }, 'arches'))
    collector.conversion(visitor(1), 'inquiries', 'arches')
    collector.conversion(visitor(9), 'signups')
    const day = (await collector.day('2026-11-23'))!
    expect(day.conversions).toEqual({
      total: { inquiries: 1, signups: 1 },
      bySource: { fair: { inquiries: 1, signups: 0 }, '(unknown)': { inquiries: 0, signups: 1 } },
      byCampaign: { 'bridal-fair': { inquiries: 1, signups: 0 } },
      byLandingPage: { '/services/arches': { inquiries: 1, signups: 0 }, '(unknown)': { inquiries: 0, signups: 1 } },
    })
    expect(day.services.arches.inquiries).toBe(1)
  })

  it('adds up the inquiries of two visitors from one source, campaign and first page, and a sign-up beside them', async () => {
    const fair = { source: 'fair', medium: 'print', campaign: 'bridal-fair' }
    collector.pageView(visitor(1), view('/services/arches', fair, 'arches'))
    collector.pageView(visitor(2), view('/services/arches', fair, 'arches'))
    collector.conversion(visitor(1), 'inquiries', 'arches')
    collector.conversion(visitor(2), 'inquiries', 'arches')
    collector.conversion(visitor(2), 'signups')
    const day = (await collector.day('2026-11-23'))!
    expect(day.conversions).toEqual({
      total: { inquiries: 2, signups: 1 },
      bySource: { fair: { inquiries: 2, signups: 1 } },
      byCampaign: { 'bridal-fair': { inquiries: 2, signups: 1 } },
      byLandingPage: { '/services/arches': { inquiries: 2, signups: 1 } },
    })
    expect(day.services.arches.inquiries).toBe(2)
  })

  it('caps the distinct keys of a day and the views one visitor can add', async () => {
    for (let i = 0; i < KEY_CAPS.pages + 50; i++)
      collector.pageView(visitor(i % 200), view(`/p${i}`, { source: `site${i}.example`, medium: null, campaign: null }))
    for (let i = 0; i < MAX_VIEWS_PER_VISITOR + 20; i++) collector.pageView(visitor(250), view('/p0'))
    const day = (await collector.day('2026-11-23'))!
    expect(Object.keys(day.pages)).toHaveLength(KEY_CAPS.pages + 1)
    expect(day.pages[OTHER]).toBe(50)
    expect(Object.keys(day.sources).length).toBeLessThanOrEqual(KEY_CAPS.sources + 1)
    expect(day.pages['/p0']).toBe(1 + MAX_VIEWS_PER_VISITOR)
  })

  it('one machine making up a new user agent per beacon counts as at most its allowance of visitors and views', async () => {
    const made = (i: number): Visit => ({
      address: '203.0.113.66',
      userAgent: `${AGENTS.windows} Build/${i}`,
      optedOut: false,
      admin: false,
    })
    let counted = 0
    for (let i = 0; i < 5000; i++) if (collector.pageView(made(i), view('/'))) counted++
    for (let i = 0; i < MAX_VISITORS_PER_ADDRESS; i++) {
      for (let j = 0; j < 100; j++) if (collector.pageView(made(i), view('/'))) counted++
    }
    const day = (await collector.day('2026-11-23'))!
    expect(day.visitors).toBe(MAX_VISITORS_PER_ADDRESS)
    expect(day.pageviews).toBe(MAX_VIEWS_PER_ADDRESS)
    expect(counted).toBe(MAX_VIEWS_PER_ADDRESS)
    // Another address is not held by it.
    expect(collector.pageView(visitor(7), view('/'))).toBe(true)
    // The next day the address has its allowance again.
    clock = new Date('2026-11-24T18:00:00Z')
    expect(collector.pageView(made(1), view('/'))).toBe(true)
  })

  it("writes counts only, and picks today's counts up again after a restart", async () => {
    collector.pageView(visitor(1), view('/'))
    await collector.flush()
    const text = readFileSync(join(dataDir, 'insights', '2026', '2026-11-23.json'), 'utf8')
    expect(text).not.toContain('198.51.100')
    expect(text).not.toContain('iPhone')
    await collector.stop()
    collector = await start()
    collector.pageView(visitor(2), view('/'))
    expect((await collector.day('2026-11-23'))!.visitors).toBe(2)
  })

  it("writes neither a day's salt nor a visitor id to disk, through a flush, a restart and the next day", async () => {
    const salts: Buffer[] = []
    const ids: string[] = []
    class WatchedSalt extends DailySalt {
      constructor() {
        super((size) => (salts.push(randomBytes(size)), salts.at(-1)!))
      }
      override visitorId(day: string, address: string, userAgent: string) {
        ids.push(super.visitorId(day, address, userAgent))
        return ids.at(-1)!
      }
    }
    const watched = () => InsightsCollector.start({ dataDir, now: () => clock, flushEveryMs: 60_000, salt: new WatchedSalt() })
    await collector.stop()
    collector = await watched()
    collector.pageView(visitor(1), view('/services/arches', direct, 'arches'))
    collector.conversion(visitor(1), 'inquiries', 'arches')
    await collector.flush()
    await collector.stop()
    collector = await watched()
    collector.pageView(visitor(2), view('/'))
    clock = new Date('2026-11-24T18:00:00Z')
    collector.pageView(visitor(2), view('/'))
    await collector.stop()
    expect(salts.length).toBeGreaterThanOrEqual(3)

    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    expect(files.length).toBeGreaterThan(0)
    const secrets = [...new Set([...salts.flatMap((b) => [b.toString('hex'), b.toString('base64'), b.toString('base64url')]), ...ids])]
    for (const entry of files) {
      const bytes = readFileSync(join(entry.parentPath, entry.name))
      for (const salt of salts) expect(bytes.includes(salt), entry.name).toBe(false)
      const text = bytes.toString('utf8')
      for (const secret of secrets) expect(text.includes(secret), `${entry.name} holds ${secret}`).toBe(false)
    }
  })

  it("starts a new day at the studio's midnight and writes the old one out", async () => {
    collector.pageView(visitor(1), view('/'))
    clock = new Date('2026-11-24T08:30:00Z') // 0:30 AM in Portland
    collector.pageView(visitor(1), view('/'))
    await collector.flush()
    expect(stored('2026-11-23')).toMatchObject({ visitors: 1, pageviews: 1 })
    expect(stored('2026-11-24')).toMatchObject({ visitors: 1, pageviews: 1 })
    expect(readdirSync(join(dataDir, 'insights', '2026')).sort()).toEqual(['2026-11-23.json', '2026-11-24.json'])
  })
})

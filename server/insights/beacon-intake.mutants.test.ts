// Which service pages a beacon may count, as the owner sees it in the day's counts: the site's services are read at
// most once a second (a service published counts from the first read more than a second after the last, not at
// exactly one second), and when they cannot be read a service page's beacon is answered 204 and not counted.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GARLANDS_SERVICE } from '../inquiries/testing-inquiry'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from '../testing/test-app'
import { AGENTS } from './testing-agents'

const T0 = new Date('2026-07-04T18:00:00Z')
const TODAY = '2026-07-04'
let t: TestApp
let visitor = 0

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 })
  t = await createTestApp({ files: fixtureFiles(await makeJpeg()), env: { TRUST_PROXY: '1' } })
})
afterEach(async () => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  await t.cleanup()
})

const beacon = async (path: string) => {
  const res = await t.call('POST', '/api/collect', {
    body: JSON.stringify({ path, referrer: '' }),
    headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': `203.0.113.${++visitor}`, 'User-Agent': AGENTS.iphone },
  })
  return res.status
}
const views = async (id: string) => (await t.deps.insights.day(TODAY))!.services[id]?.views ?? 0
const at = (ms: number) => vi.setSystemTime(T0.getTime() + ms)

describe("the site's services, read at most once a second", () => {
  it('counts a service published after the last read from the first beacon more than a second later', async () => {
    expect(await beacon('/services/bouquets')).toBe(204)
    expect(await views('bouquets')).toBe(1)
    writeFileSync(join(t.root, 'content/services/balloon-garlands.yaml'), GARLANDS_SERVICE)
    for (const ms of [500, 1000]) {
      at(ms)
      expect(await beacon('/services/balloon-garlands')).toBe(204)
      expect(await views('balloon-garlands'), `${ms} ms after the read`).toBe(0)
    }
    at(1001)
    expect(await beacon('/services/balloon-garlands')).toBe(204)
    at(1500)
    expect(await beacon('/services/balloon-garlands')).toBe(204)
    expect(await views('balloon-garlands')).toBe(2)
  })

  it('answers a service page 204 uncounted while the services cannot be read, and counts the fixed pages', async () => {
    const list = vi.spyOn(t.deps.store, 'list').mockRejectedValue(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }))
    expect(await beacon('/services/bouquets')).toBe(204)
    expect(await beacon('/faq')).toBe(204)
    expect(list).toHaveBeenCalled()
    const day = (await t.deps.insights.day(TODAY))!
    expect([day.pageviews, day.pages, day.services]).toEqual([1, { '/faq': 1 }, {}])
    list.mockRestore()
    at(1001)
    expect(await beacon('/services/bouquets')).toBe(204)
    expect(await views('bouquets')).toBe(1)
  })
})

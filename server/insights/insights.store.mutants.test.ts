// Reading a day of counts back: a day never kept is none and nothing is logged; a damaged file is none and the owner is
// told which file; a day file that cannot be read at all is an error, not an empty day the next write would replace.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InsightsCollector } from './collector'
import { emptyDay } from './day-counts'
import { InsightsStore } from './insights.store'

let dataDir: string
let store: InsightsStore
const DATE = '2026-11-23'
const dayFile = (date = DATE) => join(dataDir, 'insights', date.slice(0, 4), `${date}.json`)

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'insights-store-'))
  store = InsightsStore.for(dataDir)
  mkdirSync(join(dataDir, 'insights', '2026'), { recursive: true })
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('reading a day back', () => {
  it('reads a day written before, and a day never kept as none without a word in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await store.writeDay({ ...emptyDay(DATE), visitors: 3, pageviews: 7 })
    expect(await store.readDay(DATE)).toMatchObject({ date: DATE, visitors: 3, pageviews: 7 })
    expect(await store.readDay('2026-11-22')).toBeNull()
    expect(await store.readDay('2019-01-01')).toBeNull()
    expect(errors).not.toHaveBeenCalled()
  })

  it('reads a damaged day file (not JSON, or JSON that is not a day) as none and tells the owner which file', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    writeFileSync(dayFile(), '{"date": "2026-11-23", "visitors": ')
    writeFileSync(dayFile('2026-11-24'), JSON.stringify({ ...emptyDay('2026-11-24'), visitors: 'many' }))
    expect(await store.readDay(DATE)).toBeNull()
    expect(await store.readDay('2026-11-24')).toBeNull()
    expect(errors).toHaveBeenCalledTimes(2)
    expect(errors.mock.calls[0][0]).toContain(dayFile())
    expect(errors.mock.calls[1][0]).toContain(dayFile('2026-11-24'))
  })

  it('does not take a day file it cannot read for an empty day: the collector will not start over it', async () => {
    mkdirSync(dayFile())
    await expect(store.readDay(DATE)).rejects.toMatchObject({ code: 'EISDIR' })
    await expect(InsightsCollector.start({ dataDir, now: () => new Date('2026-11-23T18:00:00Z') })).rejects.toMatchObject({
      code: 'EISDIR',
    })
  })
})

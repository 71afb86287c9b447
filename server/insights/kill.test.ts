// The real server killed (SIGKILL) in the middle of a stream of beacons: every page view it acknowledged more than a
// second before the kill is on disk afterwards, and the day's file is whole.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { studioToday } from '../lib/studio-time'
import { startServerProcess } from '../testing/server-process'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { fixtureFiles, makeJpeg } from '../testing/test-app'
import { DayCountsSchema } from './insights.schema'
import { AGENTS } from './testing-agents'

let content: TempContentRoot | undefined
afterEach(() => content?.cleanup())

it('a kill during a stream of beacons loses at most the last second of page views', async () => {
  content = makeTempContentRoot({ files: fixtureFiles(await makeJpeg()) })
  const { url, child, exited } = await startServerProcess(content, { ADMIN_PASSWORD: 'kill-test-password', TRUST_PROXY: '1' })

  // Eight senders, each a stream of new visitors, until the kill; each acknowledged view is noted with its time.
  // They start once the server is warm and has written its first counts (a cold start compiles on first use).
  const file = join(content.dataDir, 'insights', studioToday().slice(0, 4), `${studioToday()}.json`)
  const acknowledged: number[] = []
  let n = 0
  let killedAt = Infinity
  let warm = false
  const sender = async () => {
    while (Date.now() < killedAt) {
      const i = n++
      try {
        const res = await fetch(`${url}/api/collect`, {
          method: 'POST',
          headers: {
            'Content-Type': 'text/plain',
            'User-Agent': AGENTS.android,
            'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ path: '/', referrer: '' }),
        })
        if (res.status === 204 && warm) acknowledged.push(Date.now())
      } catch {
        return // the server is gone
      }
    }
  }
  const senders = Array.from({ length: 8 }, sender)
  while (!existsSync(file)) await new Promise((r) => setTimeout(r, 20))
  const before = DayCountsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).pageviews
  warm = true
  await new Promise((r) => setTimeout(r, 3000))
  child.kill('SIGKILL')
  killedAt = Date.now()
  await Promise.all(senders)
  await exited

  const day = DayCountsSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  const safe = acknowledged.filter((t) => t < killedAt - 1000).length
  expect(safe).toBeGreaterThan(20)
  expect(day.pageviews - before).toBeGreaterThanOrEqual(safe)
  expect(day.pageviews).toBeLessThanOrEqual(n)
  expect(day.visitors).toBe(day.pageviews)
}, 60_000)

// The server's own backups: when the first one is due, and what the status says.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { archiveName } from './backup'
import { BackupSchedule } from './backup-schedule'

const HOUR = 3600_000
let content: TempContentRoot
let schedule: BackupSchedule | undefined
afterEach(async () => {
  await schedule?.stop()
  content?.cleanup()
})

function setUp(newestAgoMs: number | null, intervalHours = 24) {
  content = makeTempContentRoot({ seed: false, files: { 'content/site.yaml': 'brand: {}\n' } })
  const backupDir = mkdtempSync(join(tmpdir(), 'balloon-schedule-'))
  const done = content.cleanup
  content.cleanup = () => {
    done()
    rmSync(backupDir, { recursive: true, force: true })
  }
  mkdirSync(backupDir, { recursive: true })
  if (newestAgoMs !== null) writeFileSync(join(backupDir, archiveName(new Date(Date.now() - newestAgoMs))), 'x')
  schedule = new BackupSchedule(
    { dataDir: content.dataDir, contentRoot: content.root, backupDir, backupKeep: 5, backupIntervalHours: intervalHours },
    { log: () => undefined },
  )
  return { backupDir, schedule }
}

const archives = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tar.gz'))
const waitFor = async (ok: () => boolean) => {
  const deadline = Date.now() + 10_000
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('BackupSchedule', () => {
  it('takes one at start when the newest archive is older than the interval', async () => {
    const { backupDir, schedule } = setUp(25 * HOUR)
    await schedule.start()
    await waitFor(() => archives(backupDir).length === 2)
  })

  it('waits when the newest archive is younger than the interval', async () => {
    const { backupDir, schedule } = setUp(1 * HOUR)
    await schedule.start()
    await new Promise((r) => setTimeout(r, 500))
    expect(archives(backupDir)).toHaveLength(1)
    expect((await schedule.status()).warning).toBeNull()
  })

  it('takes none by itself when the interval is off', async () => {
    const { backupDir, schedule } = setUp(null, 0)
    await schedule.start()
    await new Promise((r) => setTimeout(r, 500))
    expect(archives(backupDir)).toHaveLength(0)
    expect(await schedule.status()).toMatchObject({ scheduled: false, last: null, warning: 'No backup has been made yet.' })
  })

  it('warns once the newest backup is more than two days old', async () => {
    const { schedule } = setUp(49 * HOUR, 0)
    expect((await schedule.status()).warning).toBe('The last backup is more than two days old.')
  })
})

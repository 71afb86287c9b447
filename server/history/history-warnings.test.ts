// What monitoring (/healthz) is told of the content repository's sync: a conflict with the files both sides changed,
// and a sync failing for longer than ten minutes (not a hiccup of less).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContentRepo } from '../lib/git'
import { makeTempContentRoot, type TempContentRoot } from '../testing/temp-content'
import { ContentHistory } from './content-history'
import type { SyncStatus } from './history.types'

let t: TempContentRoot
let history: ContentHistory
beforeEach(() => {
  t = makeTempContentRoot({ seed: false, files: { 'content/faq.yaml': '[]\n' } })
  const repo = new ContentRepo(t.root, { name: 'Studio Admin', email: 'admin@example.test' })
  history = new ContentHistory({ root: t.root, repo, remote: 'origin', branch: 'main' })
})
afterEach(() => {
  vi.restoreAllMocks()
  t.cleanup()
})

const SYNCED: SyncStatus = { remote: 'origin', branch: 'main', state: 'in-sync', ahead: 0, behind: 0 }
const MINUTE = 60_000

describe('the sync in the health warnings', () => {
  it('a conflict names the remote branch and the files both sides changed', async () => {
    vi.spyOn(history.sync, 'status').mockResolvedValue({
      ...SYNCED,
      state: 'conflict',
      conflictFiles: ['content/faq.yaml', 'content/site.yaml'],
    })
    expect(await history.warnings()).toEqual(['sync conflict with origin/main: content/faq.yaml, content/site.yaml'])
  })

  it('a sync failing for over ten minutes is a warning, in whole minutes; at ten minutes or less, none', async () => {
    vi.spyOn(history.sync, 'status').mockResolvedValue(SYNCED)
    const failing = vi.spyOn(history.sync, 'failingFor')
    failing.mockReturnValue(null)
    expect(await history.warnings()).toEqual([])
    failing.mockReturnValue(10 * MINUTE)
    expect(await history.warnings()).toEqual([])
    failing.mockReturnValue(10 * MINUTE + 1)
    expect(await history.warnings()).toEqual(['sync with origin failing for 10 minutes'])
    failing.mockReturnValue(42.6 * MINUTE)
    expect(await history.warnings()).toEqual(['sync with origin failing for 43 minutes'])
  })
})

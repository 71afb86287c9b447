// What /healthz tells a monitor, from the files git keeps (loose and packed refs, a detached HEAD) and the data folder:
// each failing part named with an error code and no path, the backup's age, the problems that only degrade.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BackupStatus } from './backup-schedule'
import { checkHealth, type HealthSources } from './health'

const HASH = 'a'.repeat(40)
let base: string
afterEach(() => rmSync(base, { recursive: true, force: true }))

/** A content root with content/ and a .git holding HEAD and the given files; a data folder beside it. */
function site(git: Record<string, string>, { content = true } = {}) {
  base = mkdtempSync(join(tmpdir(), 'healthz-'))
  const root = join(base, 'site')
  mkdirSync(join(root, '.git', 'refs', 'heads'), { recursive: true })
  if (content) mkdirSync(join(root, 'content'))
  for (const [path, text] of Object.entries(git)) writeFileSync(join(root, '.git', path), text)
  const dataDir = join(base, 'data')
  mkdirSync(dataDir)
  return { root, dataDir }
}
const noBackup = async (): Promise<BackupStatus> => ({ last: null, lastError: null, warning: null }) as unknown as BackupStatus
const health = (root: string, dataDir: string, more: Partial<HealthSources> = {}) =>
  checkHealth({ contentRoot: root, dataDir, mailDepth: () => 0, backup: noBackup, ...more })

describe('the content repository', () => {
  it('a branch with a loose ref: ok, with the commit cut to 12 characters', async () => {
    const { root, dataDir } = site({ HEAD: 'ref: refs/heads/main\n', 'refs/heads/main': `${HASH}\n` })
    const h = await health(root, dataDir)
    expect(h).toMatchObject({ status: 'ok', failing: [], problems: [], content: { ok: true, head: 'aaaaaaaaaaaa' }, data: { ok: true } })
  })

  it('a branch only in packed-refs, next to a branch whose name ends the same', async () => {
    const packed = `# pack-refs with: peeled fully-peeled sorted\n${'b'.repeat(40)} refs/heads/xmain\n${HASH} refs/heads/main\n`
    const { root, dataDir } = site({ HEAD: 'ref: refs/heads/main\n', 'packed-refs': packed })
    expect((await health(root, dataDir)).content).toEqual({ ok: true, head: 'aaaaaaaaaaaa' })
  })

  it('a detached HEAD is its own commit', async () => {
    const { root, dataDir } = site({ HEAD: `${'c'.repeat(64)}\n` })
    expect((await health(root, dataDir)).content).toEqual({ ok: true, head: 'cccccccccccc' })
  })

  it('a branch with no commit yet fails by its code', async () => {
    const { root, dataDir } = site({ HEAD: 'ref: refs/heads/main\n' })
    const h = await health(root, dataDir)
    expect(h).toMatchObject({
      status: 'failing',
      failing: ['content'],
      content: { ok: false, error: 'content repository not readable (ENOHEAD)' },
    })
  })

  it('a HEAD one character short of a commit, or in capitals, fails as having no commit', async () => {
    for (const git of <Record<string, string>[]>[
      { HEAD: `${'d'.repeat(39)}\n` },
      { HEAD: `x${HASH}\n` },
      { HEAD: `${HASH}x\n` },
      { HEAD: 'ref: refs/heads/main\n', 'refs/heads/main': `${'A'.repeat(40)}\n` },
    ]) {
      const { root, dataDir } = site(git)
      const h = await health(root, dataDir)
      expect(h.status, JSON.stringify(git)).toBe('failing')
      expect(h.failing).toEqual(['content'])
      expect(h.content.ok).toBe(false)
      expect(h.content.error).toBe('content repository has no commit')
      rmSync(base, { recursive: true, force: true })
    }
    base = mkdtempSync(join(tmpdir(), 'healthz-'))
  })

  it('a ref leading out of .git is refused by its code; no content folder by its code, never a path', async () => {
    let { root, dataDir } = site({ HEAD: 'ref: refs/../../../etc/passwd\n' })
    expect((await health(root, dataDir)).content).toEqual({ ok: false, error: 'content repository not readable (EBADREF)' })
    rmSync(base, { recursive: true, force: true })
    ;({ root, dataDir } = site({ HEAD: 'ref: refs/heads/main\n', 'refs/heads/main': `${HASH}\n` }, { content: false }))
    const h = await health(root, dataDir)
    expect(h.content).toEqual({ ok: false, error: 'content repository not readable (ENOENT)' })
    expect(JSON.stringify(h)).not.toContain(base)
  })
})

describe('the data folder, the backup, the problems', () => {
  it('a data folder that cannot be written fails as data, by its code', async () => {
    const { root } = site({ HEAD: `${HASH}\n` })
    const h = await health(root, join(base, 'missing'))
    expect(h).toMatchObject({ status: 'failing', failing: ['data'], data: { ok: false, error: 'data directory not writable (ENOENT)' } })
  })

  it('both failing are both named, content first', async () => {
    const { root } = site({ HEAD: 'ref: refs/heads/main\n' })
    expect((await health(root, join(base, 'missing'))).failing).toEqual(['content', 'data'])
  })

  it('problems degrade without failing; when they cannot be read, that is the problem; mail waiting is counted', async () => {
    const { root, dataDir } = site({ HEAD: `${HASH}\n` })
    const h = await health(root, dataDir, { contentWarnings: async () => ['content repository: detached HEAD'], mailDepth: () => 3 })
    expect(h).toMatchObject({ status: 'degraded', failing: [], problems: ['content repository: detached HEAD'], mail: { pending: 3 } })
    const unreadable = await health(root, dataDir, { contentWarnings: () => Promise.reject(new Error('git broke')) })
    expect(unreadable).toMatchObject({ status: 'degraded', problems: ['content repository state could not be read'] })
  })

  it("the backup's age in whole seconds at the monitor's now, and whether the last one failed", async () => {
    const { root, dataDir } = site({ HEAD: `${HASH}\n` })
    const backup = async () =>
      ({ last: { at: '2026-11-27T10:00:00.000Z' }, lastError: 'disk full', warning: 'No backup for 2 days' }) as unknown as BackupStatus
    const h = await health(root, dataDir, { backup, now: () => new Date('2026-11-27T10:01:30.600Z') })
    expect(h.backup).toEqual({ ageSeconds: 91, failed: true, warning: 'No backup for 2 days' })
    expect((await health(root, dataDir)).backup).toEqual({ ageSeconds: null, failed: false, warning: null })
  })
})

// /healthz, the dashboard's backup status and the CDN cache headers, on the real app with a temporary content repo.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

const apps: TestApp[] = []
async function app(env: Record<string, string> = {}) {
  const t = await createTestApp({ env })
  apps.push(t)
  return t
}
afterEach(async () => {
  for (const a of apps.splice(0)) await a.cleanup()
})

/**
 * Makes a directory read-only for this process. root ignores file modes, so as root the directory is bind-mounted
 * read-only over itself (as a read-only disk would be); `undo` puts it back.
 */
function makeReadOnly(dir: string): () => void {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o500)
    return () => chmodSync(dir, 0o700)
  }
  execFileSync('mount', ['--bind', dir, dir])
  execFileSync('mount', ['-o', 'remount,ro,bind', dir])
  return () => execFileSync('umount', [dir])
}

describe('GET /healthz', () => {
  it('answers 200 with the content HEAD, a writable data directory, the mail queue and the backup age, and nothing personal', async () => {
    const t = await app()
    const res = await t.call('GET', '/healthz')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.json()
    expect(body).toMatchObject({
      status: 'ok',
      failing: [],
      content: { ok: true, head: t.git('rev-parse', 'HEAD').trim().slice(0, 12) },
      data: { ok: true },
      mail: { pending: 0 },
      backup: { ageSeconds: null, failed: false, warning: 'No backup has been made yet.' },
    })
    const text = JSON.stringify(body)
    expect(text).not.toContain(t.dataDir)
    expect(text).not.toContain(t.root)
    expect(text).not.toMatch(/@/)
    // The probe file is gone again.
    expect(readdirSync(t.dataDir).filter((n) => n.startsWith('.healthz'))).toEqual([])
  })

  it('answers 503 naming the data directory when it is read-only, and 200 again once it is writable', async () => {
    const t = await app()
    const undo = makeReadOnly(t.dataDir)
    try {
      const res = await t.call('GET', '/healthz')
      expect(res.status).toBe(503)
      const body = await res.json()
      expect(body.status).toBe('failing')
      expect(body.failing).toEqual(['data'])
      expect(body.data.error).toMatch(/^data directory not writable \((EROFS|EACCES)\)$/)
      expect(body.content.ok).toBe(true)
    } finally {
      undo()
    }
    expect((await t.call('GET', '/healthz')).status).toBe(200)
  })

  it('answers 503 naming the content repository when HEAD points at no commit', async () => {
    const t = await app()
    writeFileSync(join(t.root, '.git/HEAD'), 'ref: refs/heads/no-such-branch\n')
    const res = await t.call('GET', '/healthz')
    expect(res.status).toBe(503)
    const body = await res.json()
    expect(body.failing).toEqual(['content'])
    expect(body.content.error).toMatch(/^content repository not readable/)
  })

  it('reports the age of the last backup', async () => {
    const t = await app()
    await t.deps.backups.runNow()
    const body = await (await t.call('GET', '/healthz')).json()
    expect(body.backup.ageSeconds).toBeGreaterThanOrEqual(0)
    expect(body.backup.ageSeconds).toBeLessThan(60)
    expect(body.backup.warning).toBeNull()
  })
})

describe('backup status for the dashboard', () => {
  it('needs the admin session', async () => {
    const t = await app()
    expect((await t.call('GET', '/api/admin/backups')).status).toBe(401)
    expect((await t.call('POST', '/api/admin/backups')).status).toBe(401)
    expect(existsSync(join(t.dataDir, '../backups'))).toBe(false)
  })

  it('shows no backup, then the one taken with "Back up now" with its time and size', async () => {
    const t = await app()
    const cookie = await t.login()
    const before = await (await t.call('GET', '/api/admin/backups', { cookie })).json()
    expect(before).toMatchObject({ last: null, warning: 'No backup has been made yet.', scheduled: true, intervalHours: 24, keep: 14 })
    const res = await t.call('POST', '/api/admin/backups', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const after = await res.json()
    expect(after.warning).toBeNull()
    expect(after.last.name).toMatch(/^backup-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/)
    expect(after.last.size).toBeGreaterThan(100)
    expect(Date.now() - Date.parse(after.last.at)).toBeLessThan(60_000)
    expect(readdirSync(join(t.dataDir, '../backups'))).toEqual([after.last.name])
  })

  it('says the last backup failed, with the reason, when it could not be written', async () => {
    const t = await app()
    const backupDir = join(t.dataDir, '../backups')
    writeFileSync(backupDir, 'a file where the backup folder should be')
    const cookie = await t.login()
    const status = await (await t.call('POST', '/api/admin/backups', { cookie })).json()
    expect(status.last).toBeNull()
    expect(status.lastError.message).toMatch(/EEXIST|ENOTDIR/)
    expect(status.warning).toMatch(/^The last backup failed: /)
    expect((await (await t.call('GET', '/healthz')).json()).backup.failed).toBe(true)
  })
})

describe('cache headers for a CDN', () => {
  it('without PUBLIC_CACHE_SECONDS, public reads are revalidated each time as before', async () => {
    const t = await app()
    expect((await t.call('GET', '/api/services')).headers.get('cache-control')).toBe('no-cache')
    expect((await t.call('GET', '/api/site-settings')).headers.get('cache-control')).toBe('no-cache')
  })

  it('with PUBLIC_CACHE_SECONDS, public reads may be kept by a CDN; admin and personal answers stay private', async () => {
    const t = await app({ PUBLIC_CACHE_SECONDS: '60' })
    const shared = 'public, s-maxage=60, stale-while-revalidate=600'
    expect((await t.call('GET', '/api/services')).headers.get('cache-control')).toBe(shared)
    expect((await t.call('GET', '/api/testimonials')).headers.get('cache-control')).toBe(shared)
    // A second read (from the read cache) carries the same header.
    expect((await t.call('GET', '/api/services')).headers.get('cache-control')).toBe(shared)
    const cookie = await t.login()
    expect((await t.call('GET', '/api/services', { cookie })).headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', '/api/admin/inquiries', { cookie })).headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', '/api/check-auth', { cookie })).headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', '/api/services/no-such-service')).headers.get('cache-control')).toBe('no-store')
    expect((await t.call('GET', '/healthz')).headers.get('cache-control')).toBe('no-store')
    // The private calendar feed (booked events, customers' phone numbers) is never stored by any cache.
    const feed = (await (await t.call('POST', '/api/admin/calendar/feed', { cookie })).json()) as { url: string }
    const feedRes = await t.call('GET', new URL(feed.url).pathname)
    expect(feedRes.status).toBe(200)
    expect(feedRes.headers.get('cache-control')).toBe('no-store')
    const post = await t.call('POST', '/api/subscribe', { json: { email: 'x@example.com', name: 'X' } })
    expect(post.headers.get('cache-control')).not.toMatch(/public/)
  })

  it('refuses a PUBLIC_CACHE_SECONDS that is not a whole number of seconds', async () => {
    await expect(app({ PUBLIC_CACHE_SECONDS: 'soon' })).rejects.toThrow(/PUBLIC_CACHE_SECONDS must be a whole number of seconds/)
  })
})

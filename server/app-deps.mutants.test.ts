// The wiring made in app-deps.ts, seen from outside: the data folders kept out of the content repository, saves
// refused off the branch the server started on (or GIT_BRANCH), mid-merge and over a developer's uncommitted edit,
// an upload committed with the save that uses it and its resized copies made after, and FAKE_NOW moving the clock.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { clockMoved, clockNow, moveClockTo, resetClock } from './lib/clock'
import { createTestApp, fixtureFiles, makeJpeg, type TestApp } from './testing/test-app'

let t: TestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the settings as loose JSON
type Settings = Record<string, any>

/** Saves the site settings with `change` made, as the dashboard does. */
async function saveSettings(app: TestApp, cookie: string, change: (s: Settings) => void = (s) => (s.brand.tagline = 'New tagline')) {
  const { version, ...settings } = (await (await app.call('GET', '/api/site-settings', { cookie })).json()) as Settings
  change(settings)
  return app.call('PUT', '/api/site-settings', { json: { ...settings, baseVersion: version }, cookie })
}

async function refusal(res: Response): Promise<[number, string]> {
  return [res.status, ((await res.json()) as { error: string }).error]
}

describe('the data folders inside the content work tree', () => {
  it("are added to git's own ignore list when the app is made", async () => {
    t = await createTestApp({ env: (root) => ({ DATA_DIR: join(root, 'private/data'), BACKUP_DIR: join(root, 'private/backups') }) })
    const exclude = readFileSync(join(t.root, '.git/info/exclude'), 'utf8').split('\n')
    expect(exclude).toContain('/private/data/')
    expect(exclude).toContain('/private/backups/')
  })
})

describe('where saves may go', () => {
  it('on the branch checked out when the server started; after a checkout of another branch each save is refused', async () => {
    t = await createTestApp()
    const cookie = await t.login()
    expect((await saveSettings(t, cookie)).status).toBe(200)
    t.git('checkout', '-q', '-b', 'experiment')
    expect(await refusal(await saveSettings(t, cookie, (s) => (s.brand.tagline = 'Off the branch')))).toEqual([
      409,
      'The content is on branch experiment, not main: go back with git checkout main',
    ])
    expect(t.subjects()).toEqual(['Update site settings: brand', 'Seed content'])
  })

  it('GIT_BRANCH names the branch over the one checked out', async () => {
    t = await createTestApp({ env: { GIT_BRANCH: 'release' } })
    const cookie = await t.login()
    expect(await refusal(await saveSettings(t, cookie))).toEqual([
      409,
      'The content is on branch main, not release: go back with git checkout release',
    ])
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it('not in the middle of a merge', async () => {
    t = await createTestApp()
    const cookie = await t.login()
    writeFileSync(join(t.root, '.git/MERGE_HEAD'), `${t.git('rev-parse', 'HEAD').trim()}\n`)
    const [status, error] = await refusal(await saveSettings(t, cookie))
    expect(status).toBe(409)
    expect(error).toMatch(/^The content is in the middle of a merge/)
    expect(t.subjects()).toEqual(['Seed content'])
  })

  it("not over a developer's uncommitted edit of the same file, which stays as it was", async () => {
    t = await createTestApp()
    const cookie = await t.login()
    const file = join(t.root, 'content/site.yaml')
    const edited = `${readFileSync(file, 'utf8')}# a developer's note\n`
    writeFileSync(file, edited)
    expect(await refusal(await saveSettings(t, cookie))).toEqual([
      409,
      'This item has uncommitted changes on the server; a developer must commit or discard them first.',
    ])
    expect(readFileSync(file, 'utf8')).toBe(edited)
    expect(t.subjects()).toEqual(['Seed content'])
  })
})

describe('a save with GIT_REMOTE', () => {
  it('is pushed after its commit, without waiting for the periodic sync', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'app-deps-remote-'))
    try {
      execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
      t = await createTestApp({ env: { GIT_REMOTE: 'origin', GIT_SYNC_SECONDS: 'off' } })
      t.git('remote', 'add', 'origin', bare)
      const cookie = await t.login()
      expect((await saveSettings(t, cookie)).status).toBe(200)
      await t.deps.history.sync.idle()
      expect(execFileSync('git', ['-C', bare, 'log', '--format=%s', 'main'], { encoding: 'utf8' }).trim()).toBe(
        'Update site settings: brand\nSeed content',
      )
    } finally {
      rmSync(bare, { recursive: true, force: true })
    }
  })
})

describe('an upload', () => {
  it('is committed with the save that uses it, and its resized copies are made after that commit', async () => {
    t = await createTestApp()
    const cookie = await t.login()
    const data = new FormData()
    data.append('image', new File([(await makeJpeg(1200, 900)) as Uint8Array<ArrayBuffer>], 'hero.jpg', { type: 'image/jpeg' }))
    const uploaded = await t.call('POST', '/api/upload', { body: data, cookie })
    expect(uploaded.status).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    const name = url.slice('/uploads/'.length)
    const copies = () => (existsSync(join(t!.dataDir, 'image-cache')) ? readdirSync(join(t!.dataDir, 'image-cache')).length : 0)
    await t.deps.images.idle()
    expect(copies()).toBe(0)

    expect((await saveSettings(t, cookie, (s) => (s.hero.image = url))).status).toBe(200)
    expect(t.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(['content/site.yaml', `uploads/${name}`])
    await t.deps.images.idle()
    expect(copies()).toBeGreaterThan(0)
  })
})

describe('the public read cache', () => {
  afterEach(() => resetClock())

  it('turns over when a scheduled seasonal hero starts, with no save in between', async () => {
    const files = fixtureFiles(await makeJpeg())
    files['content/site.yaml'] = `${files['content/site.yaml']}  seasonal:
    title: Winter balloons
    image: /uploads/hero-image.jpg
    showFrom: '2031-12-01T00:00:00-08:00'
`
    t = await createTestApp({ files, env: { FAKE_NOW: '2031-11-30T23:00:00-08:00' } })
    const heroTitle = async () => ((await (await t!.call('GET', '/api/site-settings')).json()) as Settings).hero.title
    expect(await heroTitle()).toBe('Balloons for every party')
    expect(await heroTitle()).toBe('Balloons for every party')
    moveClockTo(Date.parse('2031-12-01T00:00:01-08:00'))
    expect(await heroTitle()).toBe('Winter balloons')
  })
})

describe('the public read cache keeps', () => {
  it('the image versions the pages read, besides every content kind’s reads', async () => {
    t = await createTestApp()
    expect(t.deps.readCache.isContentRead('/api/image-versions')).toBe(true)
    expect(t.deps.readCache.isContentRead('/api/site-settings')).toBe(true)
    expect(t.deps.readCache.isContentRead('/api/admin/history')).toBe(false)
  })
})

describe('FAKE_NOW', () => {
  afterEach(() => resetClock())

  it('sets the clock the schedules are judged by', async () => {
    t = await createTestApp({ env: { FAKE_NOW: '2031-06-01T12:00:00Z' } })
    expect(Math.abs(clockNow() - Date.parse('2031-06-01T12:00:00Z'))).toBeLessThan(60_000)
  })

  it('without it the clock is left alone', async () => {
    t = await createTestApp()
    expect(clockMoved()).toBe(false)
  })
})

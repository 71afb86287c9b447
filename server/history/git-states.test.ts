// The site and the owner's saves in each state a developer's git work leaves the content repository in: mid-merge,
// detached, another branch, a broken file committed, private data beside the content, a developer's revert.
import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBackup } from '../ops/backup'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let cookie: string
afterEach(async () => {
  vi.restoreAllMocks()
  await t?.cleanup()
})

const save = (title: string) => t.call('PUT', '/api/services/bouquets', { json: { title }, cookie })
const healthz = async () => {
  const res = await t.call('GET', '/healthz')
  return { status: res.status, body: (await res.json()) as { status: string; problems: string[] } }
}
const titles = async () => {
  const res = await t.call('GET', '/api/admin/history', { cookie })
  return ((await res.json()) as { entries: { title: string; summary: string }[] }).entries
}

describe('a save in each git state', () => {
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  it('mid-merge with a conflict: 409 naming the state, the file and the commands; nothing written; the page keeps serving', async () => {
    t.git('checkout', '-q', '-b', 'laptop')
    writeFileSync(
      join(t.root, 'content/services/bouquets.yaml'),
      readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8').replace('title: Bouquets', 'title: Laptop Bouquets'),
    )
    t.git('commit', '-qm', 'Laptop title', '--', 'content/services/bouquets.yaml')
    t.git('checkout', '-q', 'main')
    writeFileSync(
      join(t.root, 'content/services/bouquets.yaml'),
      readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8').replace('title: Bouquets', 'title: Server Bouquets'),
    )
    t.git('commit', '-qm', 'Server title', '--', 'content/services/bouquets.yaml')
    expect(() => t.git('merge', '-q', 'laptop')).toThrow()
    const head = t.git('rev-parse', 'HEAD').trim()
    const res = await save('Owner Bouquets')
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error:
        'The content is in the middle of a merge (content/services/bouquets.yaml conflicts): finish it with git commit, or cancel it with git merge --abort',
    })
    expect(t.git('rev-parse', 'HEAD').trim()).toBe(head)
    expect(readFileSync(join(t.root, 'content/services/bouquets.yaml'), 'utf8')).toContain('<<<<<<<')
    // Visitors get the last valid version of the conflicted service, and it stays on the home page's list.
    const page = await t.call('GET', '/api/services/bouquets')
    expect(page.status).toBe(200)
    expect((await page.json()).title).toBe('Server Bouquets')
    expect((await (await t.call('GET', '/api/services')).json()).map((s: { id: string }) => s.id)).toContain('bouquets')
    expect(await healthz()).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'degraded',
        problems: ['content repository: a merge in progress', 'content/services/bouquets.yaml: not valid content'],
      }),
    })
    t.git('merge', '--abort')
    expect((await save('Owner Bouquets')).status).toBe(200)
    expect((await healthz()).body.status).toBe('ok')
  })

  it('a detached HEAD: 409 saying how to go back; no commit lands off the branch', async () => {
    t.git('checkout', '-q', '--detach', 'HEAD')
    const res = await save('Owner Bouquets')
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatch(
      /^The content is not on a branch \(an older version is checked out at [0-9a-f]{7}\): go back with git checkout main$/,
    )
    expect(t.subjects()).toEqual(['Seed content'])
    expect((await healthz()).body).toMatchObject({ status: 'degraded', problems: ['content repository: detached HEAD'] })
    t.git('checkout', '-q', 'main')
    expect((await save('Owner Bouquets')).status).toBe(200)
    expect(t.git('log', '-1', '--format=%s', 'main').trim()).toMatch(/Bouquets/)
  })

  it('another branch checked out: 409 naming both branches', async () => {
    t.git('checkout', '-q', '-b', 'experiment')
    const res = await save('Owner Bouquets')
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe('The content is on branch experiment, not main: go back with git checkout main')
    expect(t.git('rev-parse', 'experiment').trim()).toBe(t.git('rev-parse', 'main').trim())
  })

  it('a rebase, cherry-pick or revert in progress names its own commands', async () => {
    const gitDir = join(t.root, '.git')
    for (const [marker, words] of [
      ['CHERRY_PICK_HEAD', 'a cherry-pick: finish it with git cherry-pick --continue, or cancel it with git cherry-pick --abort'],
      ['REVERT_HEAD', 'a revert: finish it with git revert --continue, or cancel it with git revert --abort'],
    ]) {
      writeFileSync(join(gitDir, marker), `${t.git('rev-parse', 'HEAD').trim()}\n`)
      const res = await save('Owner Bouquets')
      expect(res.status).toBe(409)
      expect((await res.json()).error).toBe(`The content is in the middle of ${words}`)
      rmSync(join(gitDir, marker))
    }
    execFileSync('mkdir', [join(gitDir, 'rebase-merge')])
    expect((await (await save('Owner Bouquets')).json()).error).toBe(
      'The content is in the middle of a rebase: finish it with git rebase --continue, or cancel it with git rebase --abort',
    )
  })
})

describe('a broken file committed by a developer', () => {
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  it('site.yaml with a YAML error: settings keep their last valid version, the problem is listed and put back in one commit', async () => {
    writeFileSync(join(t.root, 'content/site.yaml'), 'brand:\n  name: [Broken\n')
    t.git('commit', '-qm', 'Tweak the brand', '--', 'content/site.yaml')
    const settings = await t.call('GET', '/api/site-settings')
    expect(settings.status).toBe(200)
    expect((await settings.json()).brand.name).toBe('Test Balloon Studio')
    const listed = await (await t.call('GET', '/api/admin/content-problems', { cookie })).json()
    expect(listed).toEqual({
      problems: [
        {
          file: 'content/site.yaml',
          line: expect.any(Number),
          message: expect.stringMatching(/^The file is not valid YAML: /),
          lastValidCommit: t.git('rev-parse', 'HEAD~1').trim(),
        },
      ],
    })
    expect((await t.call('GET', '/api/admin/content-problems')).status).toBe(401)
    expect((await titles())[0].title).toMatch(/^Broke Site settings \(line \d+: The file is not valid YAML: /)
    const fix = await t.call('POST', '/api/admin/content-problems/restore', { json: { file: 'content/site.yaml' }, cookie })
    expect(fix.status).toBe(200)
    expect(t.subjects()).toHaveLength(3)
    expect(readFileSync(join(t.root, 'content/site.yaml'), 'utf8')).toContain('name: Test Balloon Studio')
    expect(await (await t.call('GET', '/api/admin/content-problems', { cookie })).json()).toEqual({ problems: [] })
    expect((await t.call('POST', '/api/admin/content-problems/restore', { json: { file: 'content/site.yaml' }, cookie })).status).toBe(404)
  })

  it('a service failing its schema (visible: maybe) stays listed, is named as the problem, and History says the commit broke it', async () => {
    const path = join(t.root, 'content/services/bouquets.yaml')
    writeFileSync(path, readFileSync(path, 'utf8').replace('visible: true', 'visible: maybe'))
    t.git('commit', '-qm', 'Hide sculptures maybe', '--', 'content/services/bouquets.yaml')
    expect((await t.call('GET', '/api/services/bouquets')).status).toBe(200)
    const admin = await (await t.call('GET', '/api/services', { cookie })).json()
    expect(admin.map((s: { id: string }) => s.id)).toContain('bouquets')
    expect((await (await t.call('GET', '/api/admin/content-problems', { cookie })).json()).problems).toMatchObject([
      { file: 'content/services/bouquets.yaml', field: 'visible' },
    ])
    expect((await titles())[0].title).toMatch(/^Broke Service "bouquets" \(field "visible": /)
  })
})

describe("a developer's git work in History", () => {
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await t.login()
  })

  it('a git revert is told as an undo of the change it reverts', async () => {
    expect((await save('Balloon Bouquets')).status).toBe(200)
    t.git('revert', '--no-edit', 'HEAD')
    const [revert, change] = await titles()
    expect(change.title).toMatch(/Bouquets/)
    expect(revert.title).toBe(`Undid “${change.title}”`)
  })
})

describe('a merge taken in from the remote', () => {
  it("adds no entry of its own: each developer commit appears once, beside the owner's", async () => {
    t = await createTestApp()
    cookie = await t.login()
    t.git('checkout', '-q', '-b', 'laptop')
    writeFileSync(join(t.root, 'content/faq.yaml'), '- id: q1\n  question: Do you deliver?\n  answer: Yes.\n')
    t.git('add', 'content/faq.yaml')
    t.git('commit', '-qm', 'Laptop: add a question')
    writeFileSync(join(t.root, 'content/delivery-installation.md'), '# Delivery\n\nWe deliver across the metro area.\n')
    t.git('commit', '-qm', 'Laptop: delivery wording', '--', 'content/delivery-installation.md')
    t.git('checkout', '-q', 'main')
    expect((await save('Balloon Bouquets')).status).toBe(200)
    t.git('merge', '-q', '--no-ff', '-m', 'Take in changes from origin/main', 'laptop')
    const entries = await titles()
    expect(entries.map((e) => e.summary).sort()).toEqual(
      ['Laptop: add a question', 'Laptop: delivery wording', expect.stringMatching(/Bouquets/), 'Seed content'].sort(),
    )
    expect(entries.filter((e) => /delivery wording/.test(e.summary))).toHaveLength(1)
  })
})

describe('private data beside the content', () => {
  it('with the default folders inside the content repository, git sees no session, inquiry or backup to stage', async () => {
    t = await createTestApp({ env: (root) => ({ DATA_DIR: join(root, 'data'), BACKUP_DIR: join(root, 'backups') }) })
    cookie = await t.login()
    await t.call('POST', '/api/inquiries', { json: { name: 'x' } })
    await createBackup({ dataDir: t.config.dataDir, contentRoot: t.root, backupDir: t.config.backupDir, keep: 3 })
    writeFileSync(join(t.root, 'content/faq.yaml'), '[]\n')
    // Every file a developer's `git add -A` would take in: the changed and the untracked ones git does not ignore.
    const stageable = t.git('status', '--porcelain', '--untracked-files=all').trim().split('\n')
    expect(stageable.map((line) => line.slice(3))).toEqual(['content/faq.yaml'])
    expect(readFileSync(join(t.root, '.git/info/exclude'), 'utf8')).toContain('/data/\n/backups/\n')
  })
})

describe('the push webhook', () => {
  const secret = 'webhook-secret-0123456789'
  let bare: string
  beforeEach(async () => {
    bare = mkdtempSync(join(tmpdir(), 'balloon-remote-'))
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
    t = await createTestApp({ env: { GIT_REMOTE: 'origin', GIT_WEBHOOK_SECRET: secret, GIT_SYNC_SECONDS: 'off' } })
    t.git('remote', 'add', 'origin', bare)
  })
  afterEach(() => rmSync(bare, { recursive: true, force: true }))

  const hook = (body: string, headers: Record<string, string>) =>
    t.call('POST', '/api/git/webhook', { body, headers: { 'Content-Type': 'application/json', ...headers } })
  const sign = (body: string, key = secret) => createHmac('sha256', key).update(body).digest('hex')

  it("GitHub's signature, Gitea's and GitLab's token each start a sync; the push arrives", async () => {
    const body = '{"ref":"refs/heads/main"}'
    expect((await hook(body, { 'X-Hub-Signature-256': `sha256=${sign(body)}` })).status).toBe(202)
    await t.deps.history.sync.idle()
    expect(execFileSync('git', ['-C', bare, 'rev-parse', 'main'], { encoding: 'utf8' }).trim()).toBe(t.git('rev-parse', 'HEAD').trim())
    expect((await hook(body, { 'X-Gitea-Signature': sign(body) })).status).toBe(202)
    expect((await hook(body, { 'X-Gitlab-Token': secret })).status).toBe(202)
    await t.deps.history.sync.idle()
  })

  it('a wrong, missing or other-body signature answers 401 and starts nothing', async () => {
    const body = '{"ref":"refs/heads/main"}'
    const attempts: Record<string, string>[] = [
      { 'X-Hub-Signature-256': `sha256=${sign(body, 'another-secret-0123456789')}` },
      { 'X-Hub-Signature-256': `sha256=${sign(`${body} `)}` },
      { 'X-Gitea-Signature': sign(body).slice(0, 63) },
      { 'X-Gitlab-Token': `${secret}x` },
      {},
    ]
    for (const headers of attempts) {
      const res = await hook(body, headers)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'The webhook signature or token does not match GIT_WEBHOOK_SECRET' })
    }
    expect(execFileSync('git', ['-C', bare, 'for-each-ref'], { encoding: 'utf8' })).toBe('')
  })
})

// Hand edits not yet committed: what the operator reads at start-up (exact lines), the off-branch snapshot (its name,
// author, message, and that the real index, branch and files stay as they were), when a snapshot is reused, and
// that such an edit blocks only changes to its own item (restore and undo included).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeTempContentRoot } from '../testing/temp-content'
import { useTestApp, type TestApp } from '../testing/test-app'
import { ContentHistory } from './content-history'

const ctx = useTestApp({ login: true })
let t: TestApp
let cookie: string
beforeEach(() => ({ t, cookie } = ctx))
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const UNCOMMITTED = 'This item has uncommitted changes on the server; a developer must commit or discard them first.'
const head = () => t.git('rev-parse', 'HEAD').trim()
const write = (path: string, text: string) => writeFileSync(join(t.root, path), text)
const read = (path: string) => readFileSync(join(t.root, path), 'utf8')
const send = (path: string, json: unknown) => t.call('POST', path, { json, cookie })
const snapshots = () => t.git('for-each-ref', '--format=%(refname)', 'refs/uncommitted/').trim().split('\n').filter(Boolean)

function starter(root = t.root) {
  const logs: string[] = []
  const history = new ContentHistory({ root, repo: t.deps.repo, log: (m) => logs.push(m) })
  return { history, logs }
}

/** Start-up at a fixed time (the snapshot is named by it). */
async function startAt(history: ContentHistory, iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(iso))
  try {
    return await history.startup()
  } finally {
    vi.useRealTimers()
  }
}

describe('start-up with uncommitted edits', () => {
  it('the copy holds exactly the files found: a deleted one as gone, nothing from outside content/ and uploads/', async () => {
    const victim = t
      .git('ls-files', 'content')
      .split('\n')
      .find((path) => path.endsWith('.yaml'))!
    rmSync(join(t.root, victim))
    write('private-notes.txt', 'not content')
    const { history } = starter()
    const started = await startAt(history, '2026-11-23T09:00:00.000Z')
    expect(started.uncommitted).toEqual([{ path: victim, state: 'deleted' }])
    const tree = t.git('ls-tree', '-r', '--name-only', started.snapshotRef!).split('\n')
    expect(tree).not.toContain(victim)
    expect(tree).not.toContain('private-notes.txt')
    expect(tree.length).toBe(t.git('ls-tree', '-r', '--name-only', 'HEAD').split('\n').length - 1)
  })

  it('tells the operator what was found and where the copy is; the snapshot leaves index, branch and files alone', async () => {
    write('content/delivery-installation.md', '# Staged by hand\n')
    t.git('add', 'content/delivery-installation.md')
    write('content/testimonials.yaml', '[]\n')
    write('uploads/new-photo.jpg', 'x')
    const branchHead = head()
    const { history, logs } = starter()
    const started = await startAt(history, '2026-11-22T18:04:05.678Z')
    const ref = 'refs/uncommitted/20261122-180405'
    expect(started).toEqual({
      uncommitted: [
        { path: 'content/delivery-installation.md', state: 'modified' },
        { path: 'content/testimonials.yaml', state: 'modified' },
        { path: 'uploads/new-photo.jpg', state: 'untracked' },
      ],
      snapshotRef: ref,
    })
    expect(logs).toEqual([
      [
        `Uncommitted changes found under content/ or uploads/ in ${t.root}:`,
        '  modified   content/delivery-installation.md',
        '  modified   content/testimonials.yaml',
        '  untracked  uploads/new-photo.jpg',
        'The site serves them as they are. They were NOT committed and NOT discarded.',
        'Saves from the dashboard that would overwrite them are refused until a developer commits them',
        '(git add <file> && git commit) or discards them (git restore <file>).',
        `A copy is kept at ${ref} (git show ${ref} --stat).`,
      ].join('\n'),
    ])
    expect(t.git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%P|%B', ref).trim()).toBe(
      [
        `Site server <site-server@localhost>|Site server <site-server@localhost>|${branchHead}|Uncommitted edits found at start-up (snapshot, not on any branch)`,
        '',
        'modified: content/delivery-installation.md',
        'modified: content/testimonials.yaml',
        'untracked: uploads/new-photo.jpg',
      ].join('\n'),
    )
    expect(t.git('show', `${ref}:uploads/new-photo.jpg`)).toBe('x')
    // The developer's staged edit is still staged, the others still unstaged; nothing committed; no temp index left.
    expect(head()).toBe(branchHead)
    expect(t.git('status', '--porcelain').split('\n').filter(Boolean)).toEqual([
      'M  content/delivery-installation.md',
      ' M content/testimonials.yaml',
      '?? uploads/new-photo.jpg',
    ])
    expect(readdirSync(join(t.root, '.git')).filter((n) => n.startsWith('history-snapshot-index'))).toEqual([])
  })

  it('reuses the newest snapshot while the edits are the same, and makes a new one when they change', async () => {
    const { history } = starter()
    write('content/testimonials.yaml', '[]\n')
    expect((await startAt(history, '2026-11-22T18:00:00Z')).snapshotRef).toBe('refs/uncommitted/20261122-180000')
    write('content/testimonials.yaml', '- quote: Changed\n  author: Dev\n')
    expect((await startAt(history, '2026-11-22T19:00:00Z')).snapshotRef).toBe('refs/uncommitted/20261122-190000')
    // Back to the first edits: the newest snapshot differs, so a third is made (the older, equal one is not taken).
    write('content/testimonials.yaml', '[]\n')
    expect((await startAt(history, '2026-11-22T20:00:00Z')).snapshotRef).toBe('refs/uncommitted/20261122-200000')
    expect((await startAt(history, '2026-11-22T21:00:00Z')).snapshotRef).toBe('refs/uncommitted/20261122-200000')
    expect(snapshots()).toEqual([
      'refs/uncommitted/20261122-180000',
      'refs/uncommitted/20261122-190000',
      'refs/uncommitted/20261122-200000',
    ])
  })

  it('a clean start says nothing and keeps no snapshot', async () => {
    const { history, logs } = starter()
    expect(await history.startup()).toEqual({ uncommitted: [], snapshotRef: null })
    expect(logs).toEqual([])
    expect(snapshots()).toEqual([])
  })

  it('a snapshot that cannot be kept is logged, and the edits are still reported', async () => {
    // A file where the snapshot refs' folder would be: git cannot create the ref.
    writeFileSync(join(t.root, '.git/refs/uncommitted'), 'not a folder\n')
    write('content/testimonials.yaml', '[]\n')
    const { history, logs } = starter()
    const started = await history.startup()
    expect(started.snapshotRef).toBeNull()
    expect(started.uncommitted).toEqual([{ path: 'content/testimonials.yaml', state: 'modified' }])
    expect(logs).toHaveLength(2)
    expect(logs[0]).toMatch(/^Could not snapshot the uncommitted edits: .*refs\/uncommitted/)
    expect(logs[1]).toMatch(
      /They were NOT committed and NOT discarded\.\n.*\n\(git add <file> && git commit\) or discards them \(git restore <file>\)\.$/,
    )
  })

  it('a repository without any commit yet: the files are reported, no snapshot, no error', async () => {
    const fresh = makeTempContentRoot({ seed: false })
    try {
      execFileSync('git', ['update-ref', '-d', 'HEAD'], { cwd: fresh.root })
      mkdirSync(join(fresh.root, 'content'), { recursive: true })
      writeFileSync(join(fresh.root, 'content/site.yaml'), 'brand: {}\n')
      const { history, logs } = starter(fresh.root)
      const started = await history.startup()
      expect(started).toEqual({ uncommitted: [{ path: 'content/site.yaml', state: 'untracked' }], snapshotRef: null })
      expect(logs).toHaveLength(1)
      expect(logs[0]).not.toMatch(/Could not snapshot|A copy is kept/)
    } finally {
      fresh.cleanup()
    }
  })

  it('without a log function the report goes to the server log (console.warn)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    write('content/testimonials.yaml', '[]\n')
    await new ContentHistory({ root: t.root, repo: t.deps.repo }).startup()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0][0])).toMatch(/^Uncommitted changes found under content\/ or uploads\//)
  })
})

describe('an uncommitted edit blocks only its own item', () => {
  it('restoring another item works; undoing a change to the edited file is refused and the edit kept', async () => {
    expect((await t.call('PUT', '/api/services/bouquets', { json: { pricingInfo: 'Small: $65\nLarge: $140' }, cookie })).status).toBe(200)
    const priced = head()
    expect((await t.call('PUT', '/api/services/mosaics', { json: { title: 'Balloon Mosaics' }, cookie })).status).toBe(200)
    // A hand edit to Bouquets' title line: the undo below touches its pricing only.
    const edited = read('content/services/bouquets.yaml').replace('title: Bouquets', 'title: Bouquets by hand')
    write('content/services/bouquets.yaml', edited)
    const undo = await send('/api/admin/history/undo', { commit: priced })
    expect(undo.status).toBe(409)
    expect((await undo.json()).error).toBe(UNCOMMITTED)
    expect(read('content/services/bouquets.yaml')).toBe(edited)
    const restored = await send('/api/admin/history/restore', { hash: priced, item: 'services/mosaics' })
    expect(restored.status).toBe(200)
    expect(read('content/services/mosaics.yaml')).toMatch(/^title: Mosaics$/m)
    expect(read('content/services/bouquets.yaml')).toBe(edited)
  })

  it('undoing a change already undone says there is nothing to undo and commits nothing', async () => {
    expect((await t.call('PUT', '/api/services/bouquets', { json: { pricingInfo: 'Small: $65' }, cookie })).status).toBe(200)
    const priced = head()
    expect((await send('/api/admin/history/undo', { commit: priced })).status).toBe(200)
    const after = head()
    const again = await send('/api/admin/history/undo', { commit: priced })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({
      hash: null,
      summary: 'Nothing to undo: the content is already as it was before this change.',
      title: 'Nothing to undo: the content is already as it was before this change.',
      items: [],
      restoredImages: [],
    })
    expect(head()).toBe(after)
    expect(existsSync(join(t.root, 'content/services/bouquets.yaml'))).toBe(true)
  })
})

describe('stopping', () => {
  it('after stop() nothing is pushed any more; before it, start-up pushes to the remote', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'balloon-remote-'))
    try {
      execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare])
      t.git('remote', 'add', 'origin', bare)
      const branches = () => execFileSync('git', ['-C', bare, 'for-each-ref', '--format=%(refname)'], { encoding: 'utf8' }).trim()
      const stopped = new ContentHistory({ root: t.root, repo: t.deps.repo, remote: 'origin', branch: 'main', log: () => undefined })
      stopped.stop()
      await stopped.startup()
      await stopped.sync.idle()
      expect(branches()).toBe('')
      const running = new ContentHistory({ root: t.root, repo: t.deps.repo, remote: 'origin', branch: 'main', log: () => undefined })
      await running.startup()
      await running.sync.idle()
      running.stop()
      expect(branches()).toBe('refs/heads/main')
    } finally {
      rmSync(bare, { recursive: true, force: true })
    }
  })
})

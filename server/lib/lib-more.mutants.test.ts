// The start-up helpers' sentences and their effect on the content repository, word for word: the content root's
// refusals, the settings file, git's own ignore list, the sentence for each git state, the last valid version.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempContentRoot } from '../testing/temp-content'
import { checkBuild, stampPath, writeBuildStamp } from './build-stamp'
import { requireContentRepository } from './content-root'
import { applyEnvFile } from './env-file'
import { excludeFromContent, excludePattern } from './git-exclude'
import { readRepoState, stateProblem, unsafeStateMessage, type RepoState } from './git-state'
import { conflictMarkerLine, lastValidVersion } from './last-valid'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balloon-lib-more-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function repo(files: Record<string, string> = { 'content/site.yaml': 'brand: {}\n' }) {
  const content = makeTempContentRoot({ seed: false, files })
  cleanups.push(() => content.cleanup())
  return content
}

const HOW = 'Make one with `npm run content:init -- <dir>` (add --empty for a bare starter) and set CONTENT_ROOT to <dir>'

describe('the content root at start-up', () => {
  it('refuses a missing path, a file and a folder outside git, each with the command that makes one', async () => {
    const dir = tempDir()
    await expect(requireContentRepository(join(dir, 'none'))).rejects.toThrow(`CONTENT_ROOT=${join(dir, 'none')} does not exist. ${HOW}.`)
    writeFileSync(join(dir, 'file'), '')
    await expect(requireContentRepository(join(dir, 'file'))).rejects.toThrow(`CONTENT_ROOT=${join(dir, 'file')} is not a folder. ${HOW}.`)
    mkdirSync(join(dir, 'plain'))
    await expect(requireContentRepository(join(dir, 'plain'))).rejects.toThrow(
      `CONTENT_ROOT=${join(dir, 'plain')} is not a git repository: every change the owner makes is a commit there. ${HOW}, ` +
        'or run `git init -b main` in it and commit its content/ and uploads/ folders.',
    )
    // Inside a repository's .git folder git answers "false": not a work tree.
    const r = repo()
    await expect(requireContentRepository(join(r.root, '.git'))).rejects.toThrow(/is not a git repository/)
    await expect(requireContentRepository(r.root)).resolves.toBeUndefined()
    await expect(requireContentRepository(join(r.root, 'content'))).resolves.toBeUndefined()
  })
})

describe('the settings file', () => {
  it('adds its settings without overriding the environment, and says why it cannot be read', () => {
    const dir = tempDir()
    const file = join(dir, 'site.env')
    writeFileSync(file, '# comment\nDATA_DIR=/from/file\nBACKUP_DIR=/from/file/backups\nEMPTY=\n')
    const env: Record<string, string | undefined> = { ENV_FILE: ` ${file} `, DATA_DIR: '/from/env', EMPTY: undefined }
    expect(applyEnvFile(env)).toBe(file)
    expect(env).toEqual({ ENV_FILE: ` ${file} `, DATA_DIR: '/from/env', BACKUP_DIR: '/from/file/backups', EMPTY: '' })
    expect(applyEnvFile({ ENV_FILE: '  ' })).toBeUndefined()
    expect(applyEnvFile({})).toBeUndefined()
    expect(() => applyEnvFile({ ENV_FILE: join(dir, 'none.env') })).toThrow(
      `ENV_FILE=${join(dir, 'none.env')} could not be read (no such file); copy deploy/site.env.example there, or unset ENV_FILE`,
    )
    expect(() => applyEnvFile({ ENV_FILE: dir })).toThrow(
      `ENV_FILE=${dir} could not be read (EISDIR); copy deploy/site.env.example there, or unset ENV_FILE`,
    )
  })
})

describe("git's own ignore list", () => {
  it('anchors folders inside the work tree, and leaves out the root itself and folders outside it', () => {
    expect(excludePattern('/srv/site', '/srv/site/data')).toBe('/data/')
    expect(excludePattern('/srv/site', '/srv/site/private/data')).toBe('/private/data/')
    expect(excludePattern('/srv/site', '/srv/site')).toBeNull()
    expect(excludePattern('/srv/site', '/srv/data')).toBeNull()
    expect(excludePattern('/srv/site', '/srv/site-data')).toBeNull()
    // A folder inside whose name starts with two dots is inside: its sessions must stay out of a developer's commit.
    expect(excludePattern('/srv/site', '/srv/site/..data')).toBe('/..data/')
    expect(excludePattern('/srv/site', '/srv/site/../data')).toBeNull()
  })

  it('adds each missing folder once, after a line of its own, and nothing for folders outside', async () => {
    const r = repo()
    const file = join(r.root, '.git', 'info', 'exclude')
    rmSync(join(r.root, '.git', 'info'), { recursive: true, force: true })
    expect(await excludeFromContent(r.root, [join(r.root, '..', 'data')])).toEqual([])
    expect(await excludeFromContent(r.root, [join(r.root, 'data'), join(r.root, 'backups'), join(r.root, 'data')])).toEqual([
      '/data/',
      '/backups/',
    ])
    const note = '# Private data of the site server (sessions, inquiries, backups): never committed'
    expect(readFileSync(file, 'utf8')).toBe(`${note}\n/data/\n/backups/\n`)
    expect(await excludeFromContent(r.root, [join(r.root, 'data')])).toEqual([])
    // A file without a last newline gets one before the note.
    writeFileSync(file, '*.swp')
    expect(await excludeFromContent(r.root, [join(r.root, 'data')])).toEqual(['/data/'])
    expect(readFileSync(file, 'utf8')).toBe(`*.swp\n${note}\n/data/\n`)
    // A pattern with spaces around it counts as present.
    writeFileSync(file, '  /data/  \n')
    expect(await excludeFromContent(r.root, [join(r.root, 'data')])).toEqual([])
    // git then ignores the folder.
    writeFileSync(file, '')
    expect(await excludeFromContent(r.root, [join(r.root, 'data')])).toEqual(['/data/'])
    expect(readFileSync(file, 'utf8')).toBe(`${note}\n/data/\n`)
    mkdirSync(join(r.root, 'data'))
    writeFileSync(join(r.root, 'data', 'x.json'), '{}')
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: r.root, encoding: 'utf8' })).toBe('')
  })
})

describe('the state a developer left the content repository in', () => {
  const state = (s: Partial<RepoState>): RepoState => ({ branch: 'main', head: null, operation: null, conflicts: [], ...s })

  it('reads the branch, a detached HEAD and a merge with its conflicts', async () => {
    const r = repo({ 'content/faq.md': 'one\n' })
    expect(await readRepoState(r.root)).toEqual({ branch: 'main', head: null, operation: null, conflicts: [] })
    const head = r.git('rev-parse', 'HEAD').trim()
    r.git('checkout', '-q', '--detach', 'HEAD')
    expect(await readRepoState(r.root)).toEqual({ branch: null, head: head.slice(0, 7), operation: null, conflicts: [] })
    r.git('checkout', '-q', '-b', 'other')
    expect((await readRepoState(r.root)).branch).toBe('other')
    writeFileSync(join(r.root, 'content/faq.md'), 'theirs\n')
    r.git('commit', '-qm', 'theirs', '--', 'content/faq.md')
    r.git('checkout', '-q', 'main')
    writeFileSync(join(r.root, 'content/faq.md'), 'ours\n')
    r.git('commit', '-qm', 'ours', '--', 'content/faq.md')
    try {
      r.git('merge', '-q', 'other')
    } catch {
      // conflict expected
    }
    expect(await readRepoState(r.root)).toEqual({ branch: 'main', head: null, operation: 'merge', conflicts: ['content/faq.md'] })
  })

  it('tells a rebase, git am, a cherry-pick and a revert apart by their marker files', async () => {
    const r = repo()
    const gitDir = join(r.root, '.git')
    const expectOp = async (op: RepoState['operation']) => expect((await readRepoState(r.root)).operation).toBe(op)
    mkdirSync(join(gitDir, 'rebase-merge'))
    await expectOp('rebase')
    rmSync(join(gitDir, 'rebase-merge'), { recursive: true })
    mkdirSync(join(gitDir, 'rebase-apply'))
    await expectOp('rebase')
    writeFileSync(join(gitDir, 'rebase-apply', 'applying'), '')
    await expectOp('am')
    rmSync(join(gitDir, 'rebase-apply'), { recursive: true })
    const head = r.git('rev-parse', 'HEAD').trim()
    writeFileSync(join(gitDir, 'CHERRY_PICK_HEAD'), `${head}\n`)
    await expectOp('cherry-pick')
    rmSync(join(gitDir, 'CHERRY_PICK_HEAD'))
    writeFileSync(join(gitDir, 'REVERT_HEAD'), `${head}\n`)
    await expectOp('revert')
    rmSync(join(gitDir, 'REVERT_HEAD'))
    await expectOp(null)
  })

  it('says how to end each state, in one sentence', () => {
    expect(unsafeStateMessage(state({}), 'main')).toBeNull()
    expect(unsafeStateMessage(state({ branch: 'live' }), null)).toBeNull()
    expect(unsafeStateMessage(state({ operation: 'merge' }), 'main')).toBe(
      'The content is in the middle of a merge: finish it with git commit, or cancel it with git merge --abort',
    )
    expect(unsafeStateMessage(state({ operation: 'rebase', conflicts: ['content/faq.md'] }), 'main')).toBe(
      'The content is in the middle of a rebase (content/faq.md conflicts): finish it with git rebase --continue, or cancel it with git rebase --abort',
    )
    expect(unsafeStateMessage(state({ operation: 'cherry-pick', conflicts: ['a', 'b', 'c'] }), 'main')).toBe(
      'The content is in the middle of a cherry-pick (a, b, c conflict): finish it with git cherry-pick --continue, or cancel it with git cherry-pick --abort',
    )
    expect(unsafeStateMessage(state({ operation: 'revert', conflicts: ['a', 'b', 'c', 'd', 'e'] }), 'main')).toBe(
      'The content is in the middle of a revert (a, b, c and 2 more conflict): finish it with git revert --continue, or cancel it with git revert --abort',
    )
    expect(unsafeStateMessage(state({ operation: 'am' }), 'main')).toBe(
      'The content is in the middle of applying patches (git am): finish it with git am --continue, or cancel it with git am --abort',
    )
    expect(unsafeStateMessage(state({ conflicts: ['a', 'b', 'c', 'd'] }), 'main')).toBe(
      'The content has unresolved conflicts in a, b, c and 1 more: resolve them and git add them, or put them back with git checkout HEAD -- <file>',
    )
    expect(unsafeStateMessage(state({ branch: null, head: 'abc1234' }), 'live')).toBe(
      'The content is not on a branch (an older version is checked out at abc1234): go back with git checkout live',
    )
    expect(unsafeStateMessage(state({ branch: null }), null)).toBe(
      'The content is not on a branch (an older version is checked out): go back with git checkout main',
    )
    expect(unsafeStateMessage(state({ branch: 'other' }), 'main')).toBe(
      'The content is on branch other, not main: go back with git checkout main',
    )
  })

  it('names the problem for monitoring in a few words', () => {
    expect(stateProblem(state({}), 'main')).toBeNull()
    expect(stateProblem(state({ branch: 'x' }), null)).toBeNull()
    expect(stateProblem(state({ operation: 'am', conflicts: ['a'] }), 'main')).toBe('applying patches (git am) in progress')
    expect(stateProblem(state({ conflicts: ['a'], branch: null }), 'main')).toBe('unresolved conflicts')
    expect(stateProblem(state({ branch: null }), 'main')).toBe('detached HEAD')
    expect(stateProblem(state({ branch: 'x' }), 'main')).toBe('on branch x, not main')
  })
})

describe('the last valid version of a content file', () => {
  it('walks back from HEAD to the newest version the reader accepts, with its commit', async () => {
    const r = repo({ 'content/faq.md': 'good 1\n' })
    const first = r.git('rev-parse', 'HEAD').trim()
    writeFileSync(join(r.root, 'content/faq.md'), 'broken\n')
    r.git('commit', '-qm', 'broken', '--', 'content/faq.md')
    const accept = (text: string) => (text.startsWith('good') ? text.trim() : undefined)
    expect(await lastValidVersion(r.root, 'content/faq.md', accept)).toEqual({ commit: first, value: 'good 1' })
    writeFileSync(join(r.root, 'content/faq.md'), 'good 2\n')
    r.git('commit', '-qm', 'fixed', '--', 'content/faq.md')
    const fixed = r.git('rev-parse', 'HEAD').trim()
    // The staged text is not looked at.
    writeFileSync(join(r.root, 'content/faq.md'), 'good 3\n')
    r.git('add', 'content/faq.md')
    expect(await lastValidVersion(r.root, 'content/faq.md', accept)).toEqual({ commit: fixed, value: 'good 2' })
    expect(await lastValidVersion(r.root, 'content/faq.md', () => undefined)).toBeNull()
    expect(await lastValidVersion(r.root, 'content/none.md', accept)).toBeNull()
    expect(await lastValidVersion(join(r.root, '..', 'nowhere'), 'content/faq.md', accept)).toBeNull()
    // A value that is falsy but not undefined is a valid version.
    expect(await lastValidVersion(r.root, 'content/faq.md', () => 0)).toEqual({ commit: fixed, value: 0 })
  })

  it('looks back at most 30 of the file’s own commits', async () => {
    const r = repo({ 'content/faq.md': 'good\n' })
    for (let i = 0; i < 30; i++) {
      writeFileSync(join(r.root, 'content/faq.md'), `broken ${i}\n`)
      r.git('commit', '-qm', `broken ${i}`, '--', 'content/faq.md')
    }
    const accept = (text: string) => (text === 'good\n' ? text : undefined)
    expect(await lastValidVersion(r.root, 'content/faq.md', accept)).toBeNull()
    r.git('reset', '-q', '--hard', 'HEAD~1')
    expect(await lastValidVersion(r.root, 'content/faq.md', accept)).not.toBeNull()
  })

  it('finds a conflict by its opening and closing markers at the start of a line', () => {
    expect(conflictMarkerLine('a\nb\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> other\n')).toBe(3)
    expect(conflictMarkerLine('<<<<<<<\r\nours\r\n>>>>>>>\r\n')).toBe(1)
    expect(conflictMarkerLine('a\n<<<<<<< HEAD\nours\n')).toBeNull()
    expect(conflictMarkerLine('>>>>>>> other\na\n<<<<<<< HEAD\n')).toBeNull()
    expect(conflictMarkerLine('x <<<<<<< HEAD\n>>>>>>> other\n')).toBeNull()
    expect(conflictMarkerLine('<<<<<<<< HEAD\n>>>>>>> other\n')).toBeNull()
    expect(conflictMarkerLine('<<<<<<<HEAD\n>>>>>>> other\n')).toBeNull()
    expect(conflictMarkerLine('<<<<<<< HEAD\n>>>>>>>x\n')).toBeNull()
    expect(conflictMarkerLine('=======\n')).toBeNull()
  })
})

describe('the build stamp, sentence by sentence', () => {
  function project() {
    const root = tempDir()
    const clientDir = join(root, 'dist/client')
    mkdirSync(join(root, 'web', 'node_modules'), { recursive: true })
    mkdirSync(clientDir, { recursive: true })
    mkdirSync(join(root, 'dist/server'))
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html>')
    writeFileSync(join(root, 'dist/server/entry-server.js'), '')
    const sources = ['a', 'b', 'c', 'd', 'e'].map((n) => join(root, 'web', `${n}.ts`))
    for (const f of sources) writeFileSync(f, 'export const x = 1\n')
    writeFileSync(join(root, 'web', 'node_modules', 'dep.js'), '')
    return { root, clientDir, sources }
  }

  it('stamps only the project’s own files, and names up to three changed ones', () => {
    const p = project()
    const outside = join(tempDir(), 'outside.ts')
    writeFileSync(outside, '')
    for (const part of ['client', 'server'] as const)
      writeBuildStamp(
        p.clientDir,
        part,
        [...p.sources, outside, join(p.root, 'web', 'node_modules', 'dep.js'), join(p.root, 'web'), join(p.root, 'gone.ts')],
        p.root,
      )
    const stamp = JSON.parse(readFileSync(stampPath(p.clientDir, 'client'), 'utf8')) as { builtAt: number; files: Record<string, string> }
    expect(Object.keys(stamp.files)).toEqual(['web/a.ts', 'web/b.ts', 'web/c.ts', 'web/d.ts', 'web/e.ts'])
    expect(stamp.files['web/a.ts']).toMatch(/^[0-9a-f]{64}$/)
    expect(stampPath(p.clientDir, 'server')).toBe(join(p.root, 'dist', 'build-stamp.server.json'))
    expect(checkBuild(p.clientDir, p.root)).toEqual({ state: 'ok', message: 'The web app build matches its sources.' })
    const later = new Date(Date.now() + 60_000)
    for (const f of p.sources.slice(0, 3)) {
      writeFileSync(f, 'changed\n')
      utimesSync(f, later, later)
    }
    expect(checkBuild(p.clientDir, p.root, ['client']).message).toBe(
      'The web app in dist/client is older than its sources (web/a.ts, web/b.ts, web/c.ts changed since the build): run `npm run build` and restart.',
    )
    rmSync(p.sources[4])
    expect(checkBuild(p.clientDir, p.root).message).toBe(
      'The web app in dist/client is older than its sources (web/a.ts, web/b.ts, web/c.ts and 1 more changed since the build): run `npm run build` and restart.',
    )
    // Outside the project the folder is named in full.
    const elsewhere = tempDir()
    expect(checkBuild(p.clientDir, elsewhere).message).toMatch(
      new RegExp(`^The web app in ${p.clientDir} is older than its sources \\(web/a\\.ts`),
    )
  })

  it('a missing renderer or page, and a missing stamp, each say what to run', () => {
    const p = project()
    expect(checkBuild(p.clientDir, p.root)).toEqual({
      state: 'stale',
      message: 'The web app in dist/client has no build stamp (built by an older version): run `npm run build` and restart.',
    })
    writeBuildStamp(p.clientDir, 'client', p.sources, p.root)
    expect(checkBuild(p.clientDir, p.root).state).toBe('stale')
    expect(checkBuild(p.clientDir, p.root, ['client']).state).toBe('ok')
    rmSync(join(p.root, 'dist/server/entry-server.js'))
    expect(checkBuild(p.clientDir, p.root)).toEqual({
      state: 'missing',
      message:
        'The web app is not built (dist/client/index.html or its server renderer is missing): run `npm run build`, then start again.',
    })
  })
})

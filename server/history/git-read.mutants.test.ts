// History's read-only git on one fixture repository: which names are taken as commits (near misses refused), files at
// a commit one by one and in one batch, and the words of a failed git command.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeHistoryFixture, JPEG, type HistoryFixture } from './history.fixture'
import { blobAt, blobsAt, filesAt, git, gitExit, GitCommandError, hasHead, resolveCommit, textAt } from './git-read'

let f: HistoryFixture
let first: string
let second: string
beforeAll(() => {
  f = makeHistoryFixture()
  first = f.head()
  f.write('content/testimonials.yaml', '[]\n')
  f.write('content/café.md', 'Bonjour\n')
  f.write('uploads/two lines.jpg', Buffer.concat([JPEG, Buffer.from('\n\n'), JPEG]))
  second = f.commit('Second', [], ['content', 'uploads'])
})
afterAll(() => f.cleanup())

describe('resolveCommit', () => {
  it('takes a full or short hash, HEAD, a parent and an ancestor', async () => {
    expect(await resolveCommit(f.root, second)).toBe(second)
    expect(await resolveCommit(f.root, second.slice(0, 4))).toBe(second)
    expect(await resolveCommit(f.root, second.slice(0, 7).toUpperCase())).toBe(second)
    expect(await resolveCommit(f.root, 'HEAD')).toBe(second)
    expect(await resolveCommit(f.root, 'HEAD^')).toBe(first)
    expect(await resolveCommit(f.root, 'HEAD^1')).toBe(first)
    expect(await resolveCommit(f.root, `${second}~1`)).toBe(first)
    expect(await resolveCommit(f.root, 'HEAD~2')).toBe(f.git('rev-parse', 'HEAD~2').trim())
  })

  it('refuses anything else, near misses included, without asking git to guess', async () => {
    for (const rev of [
      second.slice(0, 3),
      `${second}a`.padEnd(65, 'a'),
      'HEAD^3',
      'HEAD~12345',
      'HEAD~',
      'head',
      'main',
      `${second} `,
      ` ${second}`,
      `${second}\n`,
      `--all`,
      `${second.slice(0, 7)}..HEAD`,
      `${second}:content/site.yaml`,
      'HEAD@{1}',
      'g123456',
    ]) {
      expect(await resolveCommit(f.root, rev), rev).toBeNull()
    }
    expect(await resolveCommit(f.root, 'HEAD~9')).toBeNull()
    expect(await resolveCommit(f.root, '0123456789abcdef')).toBeNull()
    // A tree's hash is not a commit.
    expect(await resolveCommit(f.root, f.git('rev-parse', 'HEAD^{tree}').trim())).toBeNull()
  })

  it('a repository without commits has no HEAD', async () => {
    expect(await hasHead(f.root)).toBe(true)
    const empty = mkdtempSync(join(tmpdir(), 'git-read-'))
    try {
      f.git('init', '-q', empty)
      expect(await hasHead(empty)).toBe(false)
      expect(await resolveCommit(empty, 'HEAD')).toBeNull()
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})

describe('files at a commit', () => {
  it('one file: its bytes, text, or null when the commit does not have it', async () => {
    expect(await blobAt(f.root, second, 'content/testimonials.yaml')).toEqual(Buffer.from('[]\n'))
    expect(await textAt(f.root, second, 'content/café.md')).toBe('Bonjour\n')
    expect(await textAt(f.root, first, 'content/café.md')).toBeNull()
    expect(await blobAt(f.root, first, 'content/café.md')).toBeNull()
  })

  it('many files in one batch, in the order asked: missing ones, trees and newline names as null', async () => {
    const pic = Buffer.concat([JPEG, Buffer.from('\n\n'), JPEG])
    const blobs = await blobsAt(f.root, [
      `${second}:uploads/two lines.jpg`,
      `${first}:content/café.md`,
      `${second}:content`,
      `${second}:content/café.md`,
      `${second}:content/x\n${second}:content/café.md`,
      `${first}:content/testimonials.yaml`,
      `${second}:content/testimonials.yaml`,
    ])
    expect(blobs.map((b) => b?.toString('latin1') ?? null)).toEqual([
      pic.toString('latin1'),
      null,
      null,
      'Bonjour\n',
      null,
      f.git('show', `${first}:content/testimonials.yaml`),
      '[]\n',
    ])
    expect(await blobsAt(f.root, [])).toEqual([])
  })

  it('lists the files under some folders, names unquoted', async () => {
    expect(await filesAt(f.root, second, ['content'])).toContain('content/café.md')
    expect(await filesAt(f.root, first, ['uploads'])).toEqual(['uploads/bq-1-original.jpg', 'uploads/bq-1.jpg', 'uploads/hero.jpg'])
    expect(await git(f.root, ['ls-tree', '-r', '--name-only', second, '--', 'content/café.md'])).toBe('content/café.md\n')
  })
})

describe('a git command that fails', () => {
  it("says which command and git's own words, or its exit code when git said nothing", async () => {
    const err = await git(f.root, ['cat-file', 'blob', `${first}:nope`]).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GitCommandError)
    expect(err).toMatchObject({ name: 'GitCommandError', code: 128, args: ['cat-file', 'blob', `${first}:nope`] })
    expect((err as Error).message).toMatch(new RegExp(`^git cat-file blob ${first}:nope failed: fatal: path 'nope' does not exist`))
    expect(new GitCommandError(['diff', '--quiet'], '  \n', 1).message).toBe('git diff --quiet failed: exit 1')
    expect(new GitCommandError(['x'], ' boom \n', 2).message).toBe('git x failed: boom')
  })

  it('gitExit answers with the exit code and output instead of failing', async () => {
    f.write('content/testimonials.yaml', '- changed\n')
    try {
      const changed = await gitExit(f.root, ['diff', '--exit-code', '--stat'])
      expect(changed.code).toBe(1)
      expect(changed.stdout).toContain('content/testimonials.yaml')
    } finally {
      f.git('checkout', '--', 'content/testimonials.yaml')
    }
    expect(await gitExit(f.root, ['diff', '--exit-code'])).toEqual({ code: 0, stdout: '', stderr: '' })
    const bad = await gitExit(f.root, ['cat-file', 'blob', 'HEAD:nope'])
    expect(bad.code).toBe(128)
    expect(bad.stderr).toContain('does not exist')
  })
})

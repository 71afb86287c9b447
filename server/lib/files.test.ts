// The path guard that keeps every file access inside its root (content root, uploads, data directory).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileExists, removeFile, removeLeftoverTempFiles, resolveInside, writeFileAtomic } from './files'

const ROOT = resolve('/srv/site')

describe('resolveInside', () => {
  it('resolves repo-relative paths under the root', () => {
    expect(resolveInside(ROOT, 'content/site.yaml')).toBe(join(ROOT, 'content/site.yaml'))
    expect(resolveInside(ROOT, 'uploads/a-b.jpg')).toBe(join(ROOT, 'uploads/a-b.jpg'))
  })

  it.each([
    ['a parent step', '../etc/passwd'],
    ['a parent step in the middle', 'content/../../etc/passwd'],
    ['a sibling whose name starts like the root', '../site-evil/x.yaml'],
    ['an absolute path', '/etc/passwd'],
    ['an absolute path inside the root', join(ROOT, 'content/site.yaml')],
    ['a backslash parent step', 'content\\..\\..\\x'],
  ])('refuses %s', (_what, path) => {
    expect(() => resolveInside(ROOT, path)).toThrow(/outside the content root/)
  })
})

describe('file primitives', () => {
  it('a write that cannot land leaves no temp file behind; removing is idempotent; only files exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'))
    try {
      mkdirSync(join(dir, 'taken'))
      await expect(writeFileAtomic(join(dir, 'taken'), 'x')).rejects.toThrow()
      expect(readdirSync(dir)).toEqual(['taken'])
      await writeFileAtomic(join(dir, 'a.yaml'), 'a: 1\n')
      expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe('a: 1\n')
      expect(await fileExists(join(dir, 'a.yaml'))).toBe(true)
      expect(await fileExists(join(dir, 'taken'))).toBe(false)
      await removeFile(join(dir, 'a.yaml'))
      await removeFile(join(dir, 'a.yaml'))
      expect(await fileExists(join(dir, 'a.yaml'))).toBe(false)
      writeFileSync(join(dir, 'b'), '')
      expect(readdirSync(dir).sort()).toEqual(['b', 'taken'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('start-up clean-up of temp files passes over a folder that does not exist (a site with no uploads yet)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'))
    try {
      writeFileSync(join(dir, '.a.yaml.0a1b2c.tmp-write'), 'half')
      expect(await removeLeftoverTempFiles([join(dir, 'uploads'), dir])).toEqual([join(dir, '.a.yaml.0a1b2c.tmp-write')])
      expect(readdirSync(dir)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

// The path guard that keeps every file access inside its root (content root, uploads, data directory).
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveInside } from './files'

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

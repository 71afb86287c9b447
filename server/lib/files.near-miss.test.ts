// Paths inside the content root that only look like a way out, and ways out that only look like names.
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveInside } from './files'

const ROOT = resolve('/srv/site')

describe('resolveInside near misses', () => {
  it.each(['foo..', 'content/..x/site.yaml', 'content/a..b.yaml', 'content/./site.yaml', 'content/.../x'])(
    '%j is a name inside the root',
    (path) => {
      expect(resolveInside(ROOT, path)).toBe(join(ROOT, path))
    },
  )

  // No content or upload name starts with dots (ids and upload names start with a letter or digit), so a first name
  // that starts with `..` is refused along with the ways out rather than told apart from them.
  it.each(['...', '..foo', '.../x'])('%j, a first name starting with two dots, is refused too', (path) => {
    expect(() => resolveInside(ROOT, path)).toThrow(/outside the content root/)
  })

  it.each(['..', 'content/..', 'content/../..', '..\\etc\\passwd', 'content\\..\\..\\x', 'content/../../site-evil/x'])(
    '%j leads out and is refused',
    (path) => {
      expect(() => resolveInside(ROOT, path)).toThrow(`Refusing path outside the content root: ${path}`)
    },
  )
})

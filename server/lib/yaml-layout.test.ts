import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { REPO_ROOT } from '../testing/temp-content'
import { stringifyKeepingLayout } from './yaml-layout'

const service = `id: jumbos
title: Jumbos
description: >-
  Oversized balloons with tassel tails, confetti or lettering.
visible: true
# pictures, cover first
images:
  - cropped: /uploads/a.jpg
    original: /uploads/a-o.jpg
  - cropped: /uploads/b.jpg
    original: /uploads/b-o.jpg
aboutText: |
  One paragraph.

  Another paragraph.
`

describe('writing YAML over an existing file', () => {
  it('changes only the line of the field that changed, keeping order, styles and comments', () => {
    const value = YAML.parse(service)
    const out = stringifyKeepingLayout({ ...value, visible: false }, service)
    expect(out).toBe(service.replace('visible: true', 'visible: false'))
  })

  it('keeps block style for multi-line text and parses back to the new value', () => {
    const value = { ...YAML.parse(service), aboutText: 'New first.\n\nNew second.\n' }
    const out = stringifyKeepingLayout(value, service)
    expect(out).toContain('aboutText: |\n  New first.\n\n  New second.\n')
    expect(YAML.parse(out)).toEqual(value)
  })

  it('reordered list items keep their layout; removed keys go, new keys are appended', () => {
    const value = YAML.parse(service)
    const { description: _dropped, ...rest } = { ...value, images: [...value.images].reverse(), inquiryFormTitle: 'Book' }
    const out = stringifyKeepingLayout(rest, service)
    expect(YAML.parse(out)).toEqual(rest)
    expect(out).not.toContain('description')
    expect(out.indexOf('/uploads/b.jpg')).toBeLessThan(out.indexOf('/uploads/a.jpg'))
    expect(out.trimEnd().endsWith('inquiryFormTitle: Book')).toBe(true)
    expect(out).toContain('# pictures, cover first')
  })

  it('writes a new file plainly and replaces an unparseable one', () => {
    expect(stringifyKeepingLayout(['a', 'b'], null)).toBe('- a\n- b\n')
    expect(YAML.parse(stringifyKeepingLayout({ a: 1 }, 'a: [unclosed'))).toEqual({ a: 1 })
  })

  it('the seed content is already in written form, so the first dashboard edit is a small diff', () => {
    const dir = join(REPO_ROOT, 'content')
    const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, 'services')).map((f) => join(dir, 'services', f))]
    for (const file of files.filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(file, 'utf8')
      expect(stringifyKeepingLayout(YAML.parse(text), text), file).toBe(text)
    }
  })
})
